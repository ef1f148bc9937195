import TaskwireCore

/// The undo history: `history_steps` rows, each with its ops in `history_ops` carrying a task's
/// whole row before and after, as JSON text (`TaskRowCoding.historyText`).
extension SQLiteStorage {
  @discardableResult
  func appendStep(label: String, client: String, at: String, changes: [TaskChange]) throws -> Int64 {
    // Most actions follow no undo: the redo side is usually empty, and then not touched.
    if try hasStep(undone: true) {
      try db.statement("DELETE FROM history_ops WHERE step_id IN (SELECT id FROM history_steps WHERE undone = 1)").run()
      try db.statement("DELETE FROM history_steps WHERE undone = 1").run()
    }
    try db.statement("INSERT INTO history_steps (label, client, at) VALUES (?, ?, ?)")
      .run([.text(label), .text(client), .text(at)])
    let step = db.lastInsertRowID
    for (position, change) in changes.enumerated() {
      try db.statement(
        "INSERT INTO history_ops (step_id, position, task_id, before, after) VALUES (?, ?, ?, ?, ?)"
      ).run([
        .integer(step), .integer(Int64(position)), .integer(change.taskID),
        TaskRowCoding.historyText(change.before), TaskRowCoding.historyText(change.after),
      ])
    }
    let oldest = step - StorageLimits.historyLimit
    if oldest > 0, step % StorageLimits.historyTrim == 0 {
      try db.statement("DELETE FROM history_ops WHERE step_id <= ?").run([.integer(oldest)])
      try db.statement("DELETE FROM history_steps WHERE id <= ?").run([.integer(oldest)])
    }
    return step
  }

  func markStep(_ id: Int64, undone: Bool) throws {
    try db.statement("UPDATE history_steps SET undone = ? WHERE id = ?")
      .run([.integer(undone ? 1 : 0), .integer(id)])
  }

  public func latestUndoable() throws -> HistoryStep? {
    try step(where: "undone = 0 ORDER BY id DESC")
  }

  public func latestRedoable() throws -> HistoryStep? {
    try step(where: "undone = 1 ORDER BY id ASC")
  }

  private func step(where clause: String) throws -> HistoryStep? {
    guard var step = try steps(where: "\(clause) LIMIT 1").first else { return nil }
    let ops = try db.statement(
      "SELECT before, after FROM history_ops WHERE step_id = ? ORDER BY position"
    ).bind([.integer(step.id)])
    while try ops.step() {
      step.changes.append(
        TaskChange(
          before: TaskRowCoding.task(fromHistoryText: ops.text(0)),
          after: TaskRowCoding.task(fromHistoryText: ops.text(1))))
    }
    return step
  }

  public func hasStep(undone: Bool) throws -> Bool {
    try scalar("SELECT EXISTS (SELECT 1 FROM history_steps WHERE undone = ?)", [.integer(undone ? 1 : 0)]) == 1
  }

  public func steps(limit: Int) throws -> [HistoryStep] {
    try steps(where: "1 ORDER BY id DESC LIMIT \(max(0, limit))")
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
