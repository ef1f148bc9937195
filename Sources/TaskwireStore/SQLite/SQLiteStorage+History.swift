import TaskwireCore

/// The undo history: one `history_steps` row a step, its changes in `ops` as one JSON text
/// (`TaskRowCoding.historyOpsText`: each task's whole row before and after). One row, not a row
/// a change in a second table: a change writes one page of history, not two.
///
/// `undone`: 0 done, 1 undone, 2 dropped (an undone step that a new step took the place of, as
/// redo can no longer reach it). Dropped rather than deleted so that a step id is never given
/// twice without AUTOINCREMENT's counter, whose row is one more page written by every change.
extension SQLiteStorage {
  @discardableResult
  func appendStep(label: String, client: String, at: String, changes: [TaskChange]) throws -> Int64 {
    // Most actions follow no undo: the redo side is usually empty, and then not touched. (It is
    // the newest steps: everything after the newest done one.)
    // (Known without a query when this connection's last commit added a step and no other
    // connection committed since.)
    let redoSideEmpty = newestStepDoneAt != nil && newestStepDoneAt == versionInTransaction
    if try !redoSideEmpty && hasStep(undone: true) {
      let done = try scalar("SELECT COALESCE((\(Self.newestDone)), 0)")
      try db.statement("UPDATE history_steps SET undone = 2 WHERE id > ?").run([.integer(done)])
    }
    try db.statement(constant: "INSERT INTO history_steps (label, client, at, ops) VALUES (?, ?, ?, ?)")
      .run([.text(label), .text(client), .text(at), .text(TaskRowCoding.historyOpsText(changes))])
    let step = db.lastInsertRowID
    stepInTransaction = step
    headsInTransaction = nil
    for change in changes { loggedByStep.insert(change.taskID) }
    let oldest = step - StorageLimits.historyLimit
    if oldest > 0, step % StorageLimits.historyTrim == 0 {
      try db.statement("DELETE FROM history_steps WHERE id <= ?").run([.integer(oldest)])
    }
    return step
  }

  func markStep(_ id: Int64, undone: Bool) throws {
    markedStepInTransaction = true
    try db.statement("UPDATE history_steps SET undone = ? WHERE id = ?")
      .run([.integer(undone ? 1 : 0), .integer(id)])
  }

  // The undone steps are always the newest (an undo marks the newest done step, a redo the
  // oldest undone one, a new step drops them all): each query walks back from the newest step
  // over them, with no index on `undone` (one page less written by every change).

  /// The id of the newest step that is not undone (a subquery).
  static let newestDone = "SELECT id FROM history_steps WHERE undone = 0 ORDER BY id DESC LIMIT 1"

  public func latestUndoable() throws -> HistoryStep? {
    try step(where: "undone = 0 ORDER BY id DESC")
  }

  public func latestRedoable() throws -> HistoryStep? {
    try step(where: "id > COALESCE((\(Self.newestDone)), 0) AND undone = 1 ORDER BY id ASC")
  }

  private func step(where clause: String) throws -> HistoryStep? {
    guard var step = try steps(where: "\(clause) LIMIT 1").first else { return nil }
    let ops = try db.statement(constant: "SELECT ops FROM history_steps WHERE id = ?").bind([.integer(step.id)])
    defer { ops.finish() }
    if try ops.step() { step.changes = TaskRowCoding.changes(fromHistoryOpsText: ops.text(0)) }
    return step
  }

  public func hasStep(undone: Bool) throws -> Bool {
    // An undone step exists when the newest step is undone; a done one, when any is (the
    // oldest is, but for a history undone whole: a walk over at most `historyLimit` steps).
    undone
      ? try scalar(constant: "SELECT COALESCE((SELECT undone FROM history_steps ORDER BY id DESC LIMIT 1), 0)") == 1
      : try scalar("SELECT EXISTS (SELECT 1 FROM history_steps WHERE undone = 0)") == 1
  }

  public func steps(limit: Int) throws -> [HistoryStep] {
    try steps(where: "undone != 2 ORDER BY id DESC LIMIT \(max(0, limit))")
  }

  private func steps(where clause: String) throws -> [HistoryStep] {
    let statement = try db.statement(
      "SELECT id, label, client, at, undone FROM history_steps WHERE \(clause)")
    var steps: [HistoryStep] = []
    while try statement.step() {
      steps.append(
        HistoryStep(
          id: statement.int(0), label: statement.text(1) ?? "", client: statement.text(2) ?? "",
          at: statement.text(3) ?? "", undone: statement.int(4) != 0, changes: []))
    }
    return steps
  }
}
