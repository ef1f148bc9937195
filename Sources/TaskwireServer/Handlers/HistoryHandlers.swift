import TaskwireProtocol
import TaskwireStore

/// Undo and redo over the history kept in the store, so that any process on the store can take
/// back the newest step, like Taskwarrior's `task undo`.
extension Server {
  static func registerHistory(_ methods: inout Dispatcher) {
    methods.on(HistoryUndoRequest.self, .change) { server, _ in try server.replay(.undo) }
    methods.on(HistoryRedoRequest.self, .change) { server, _ in try server.replay(.redo) }
    methods.on(HistoryListRequest.self, .read) { server, limit in
      HistoryListRequest.Response(
        steps: try server.replica.steps(limit: limit).map(\.entry), canUndo: try server.replica.canUndo(),
        canRedo: try server.replica.canRedo())
    }
  }

  func replay(_ change: Replica.Change) throws -> HistoryStepResponse {
    let committed = try replica.commit(change)
    guard case .undo = change else { return HistoryStepResponse(step: committed.step!.entry, undo: false) }
    return HistoryStepResponse(step: committed.step!.entry, undo: true)
  }
}

extension HistoryStep {
  var entry: HistoryEntry { HistoryEntry(id: id, label: label, client: client, at: at, undone: undone) }
}
