import JSON
import TaskwireCore
import TaskwireProtocol
import TaskwireStore

/// Undo and redo over the history kept in the store, so that any process on the same file can
/// take back the newest step, like Taskwarrior's `task undo`.
extension Server {
  func undo(_ params: JSONValue?) throws -> JSONValue {
    try HistoryUndoRequest.params(params)
    let step = try replayHistory(undo: true)
    return .object(["undone": stepJSON(step)])
  }

  func redo(_ params: JSONValue?) throws -> JSONValue {
    try HistoryRedoRequest.params(params)
    let step = try replayHistory(undo: false)
    return .object(["redone": stepJSON(step)])
  }

  /// Applies a step's inverse (undo) or the step again (redo) in one transaction, after
  /// checking that every task it touches is still exactly as the step left it.
  private func replayHistory(undo: Bool) throws -> HistoryStep {
    var applied: [TaskChange] = []
    var latest: Int64 = 0
    let step = try store.write {
      try catchUp()
      guard let step = try undo ? store.latestUndoable() : store.latestRedoable() else {
        throw undo ? DomainError.nothingToUndo : DomainError.nothingToRedo
      }
      applied = undo ? ChangeSet(label: step.label, changes: step.changes).inverse : step.changes
      for change in applied {
        // Ranks may have moved since without anyone's step (a new day puts arrivals at
        // Today's end): everything else must be as the step left it.
        let current = try index.tasks[change.taskID] ?? store.task(id: change.taskID)
        let unchanged = current.flatMap { now in change.before.map { now.looksLike($0) } } ?? (current == nil && change.before == nil)
        guard unchanged else {
          throw DomainError.historyConflict(
            "task \(change.taskID) changed since '\(step.label)'; nothing was \(undo ? "undone" : "redone")")
        }
      }
      try store.replay(step, undo: undo)
      latest = try store.latestChange()
      return step
    }
    seenChange = latest
    commitsSinceCheckpoint += 1
    markDirty(applied)
    index.apply(applied)
    return step
  }

  func history(_ params: JSONValue?) throws -> JSONValue {
    let limit = try HistoryListRequest.params(params)
    let steps = try store.steps(limit: limit)
    return .object([
      "steps": .array(
        steps.map { step in
          var json = stepJSON(step)
          if case .object(var object) = json {
            object["undone"] = .bool(step.undone)
            json = .object(object)
          }
          return json
        }),
      "canUndo": .bool(try store.hasStep(undone: false)),
      "canRedo": .bool(try store.hasStep(undone: true)),
    ])
  }

  func stepJSON(_ step: HistoryStep) -> JSONValue {
    .object([
      "id": .int64(step.id), "label": .string(step.label), "client": .string(step.client),
      "at": .string(step.at),
    ])
  }
}
