/// Every method of the protocol, for the contract test that checks each one's parameter
/// reading against Protocol/openrpc.json.
public enum AllRequests {
  public static let types: [any RequestType.Type] = [
    InitializeRequest.self, ShutdownRequest.self, DiscoverRequest.self, SetClockRequest.self,
    TaskCreateRequest.self, TaskGetRequest.self, TaskUpdateRequest.self, TaskDeleteRequest.self,
    TaskCompleteRequest.self, TaskMoveRequest.self, TaskScheduleRequest.self, TaskScheduleOptionsRequest.self,
    TaskBatchRequest.self, TaskChecklistRequest.self, TaskConvertRequest.self,
    TaskParseRequest.self, LocaleSetRequest.self,
    ViewListRequest.self, ViewSubscribeRequest.self, ViewUnsubscribeRequest.self, TagsListRequest.self,
    CatalogueGetRequest.self,
    HistoryUndoRequest.self, HistoryRedoRequest.self, HistoryListRequest.self, StoreImportRequest.self,
    StoreExportRequest.self, ReminderDismissRequest.self, ReminderSnoozeRequest.self, ReminderListRequest.self,
    LinkSetRequest.self, LinkRemoveRequest.self, LinkListRequest.self, SyncStatusRequest.self,
    ConflictListRequest.self, ConflictRestoreRequest.self, ConflictDismissRequest.self,
  ]
}
