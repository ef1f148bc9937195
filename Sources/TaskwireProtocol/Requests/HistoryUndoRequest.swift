/// Takes back the newest step not yet undone, from any client or process on the store.
/// Result: `{ "undone": HistoryStep }`.
public enum HistoryUndoRequest: RequestType {
  public static let method = "history/undo"
  public typealias Params = NoParams
  public typealias Response = HistoryStepResponse
}

/// Re-applies the step undone last. Result: `{ "redone": HistoryStep }`.
public enum HistoryRedoRequest: RequestType {
  public static let method = "history/redo"
  public typealias Params = NoParams
  public typealias Response = HistoryStepResponse
}
