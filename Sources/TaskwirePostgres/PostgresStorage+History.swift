import TaskwireCore
import TaskwireStore

/// The undo history, as in the SQLite store; step ids come from a counter in `meta`.
extension PostgresStorage {
  @discardableResult
  func appendStep(label: String, client: String, at: String, changes: [TaskChange]) throws -> Int64 {
    wroteInTransaction = true
    func values(_ change: TaskChange) -> [RowValue] {
      [.integer(change.taskID), TaskRowCoding.historyText(change.before), TaskRowCoding.historyText(change.after)]
    }
    // One round trip: the undone steps dropped (a new step ends the redo), the step's id taken
    // from the counter, the step and its first op written. (The statement's parts read one
    // snapshot: the new step, not undone, is none of those dropped.)
    let firstOp =
      changes.first == nil
      ? ""
      : """
      , op AS (INSERT INTO history_ops (step_id, position, task_id, before, after)
        SELECT id, 0, $4, $5, $6 FROM taken)
      """
    let taken = try connection.query(
      """
      WITH dropped AS (DELETE FROM history_steps WHERE undone = 1 RETURNING id),
      dropped_ops AS (DELETE FROM history_ops WHERE step_id IN (SELECT id FROM dropped)),
      taken AS (UPDATE meta SET value = (value::bigint + 1)::text WHERE key = 'last_step_id'
        RETURNING value::bigint AS id),
      step AS (INSERT INTO history_steps (id, label, client, at) SELECT id, $1, $2, $3 FROM taken)\(firstOp)
      SELECT id FROM taken
      """, [.text(label), .text(client), .text(at)] + (changes.first.map(values) ?? []))
    let step: Int64
    if taken.count > 0, let id = taken.text(0).flatMap({ Int64($0) }) {
      step = id
    } else {
      // (A store without the counter's row: the step written as before.)
      step = (Int64(try meta("last_step_id") ?? "0") ?? 0) + 1
      try setMeta("last_step_id", String(step))
      try connection.query(
        "INSERT INTO history_steps (id, label, client, at) VALUES ($1, $2, $3, $4)",
        [.integer(step), .text(label), .text(client), .text(at)])
      if let first = changes.first {
        try connection.query(
          "INSERT INTO history_ops (step_id, position, task_id, before, after) VALUES ($1, 0, $2, $3, $4)",
          [.integer(step)] + values(first))
      }
    }
    for (position, change) in changes.enumerated().dropFirst() {
      try connection.query(
        "INSERT INTO history_ops (step_id, position, task_id, before, after) VALUES ($1, $2, $3, $4, $5)",
        [
          .integer(step), .integer(Int64(position)), .integer(change.taskID),
          TaskRowCoding.historyText(change.before), TaskRowCoding.historyText(change.after),
        ])
    }
    let oldest = step - StorageLimits.historyLimit
    if oldest > 0, step % StorageLimits.historyTrim == 0 {
      try connection.query("DELETE FROM history_ops WHERE step_id <= $1", [.integer(oldest)])
      try connection.query("DELETE FROM history_steps WHERE id <= $1", [.integer(oldest)])
    }
    return step
  }

  func markStep(_ id: Int64, undone: Bool) throws {
    wroteInTransaction = true
    try connection.query(
      "UPDATE history_steps SET undone = $1 WHERE id = $2", [.integer(undone ? 1 : 0), .integer(id)])
  }

  public func latestUndoable() throws -> HistoryStep? { try step(where: "undone = 0 ORDER BY id DESC") }

  public func latestRedoable() throws -> HistoryStep? { try step(where: "undone = 1 ORDER BY id ASC") }

  private func step(where clause: String) throws -> HistoryStep? {
    try reading {
      guard var step = try steps(where: "\(clause) LIMIT 1").first else { return nil }
      let ops = try connection.query(
        "SELECT before, after FROM history_ops WHERE step_id = $1 ORDER BY position", [.integer(step.id)])
      step.changes = ops.rows { row in
        TaskChange(
          before: TaskRowCoding.task(fromHistoryText: row.text(0)),
          after: TaskRowCoding.task(fromHistoryText: row.text(1)))
      }
      return step
    }
  }

  public func hasStep(undone: Bool) throws -> Bool {
    try reading {
      try connection.query("SELECT EXISTS (SELECT 1 FROM history_steps WHERE undone = $1)", [.integer(undone ? 1 : 0)])
        .text(0) == "t"
    }
  }

  public func steps(limit: Int) throws -> [HistoryStep] {
    try reading { try steps(where: "true ORDER BY id DESC LIMIT \(max(0, limit))") }
  }

  private func steps(where clause: String) throws -> [HistoryStep] {
    try connection.query("SELECT id, label, client, at, undone FROM history_steps WHERE \(clause)").rows { row in
      HistoryStep(
        id: row.int(0), label: row.text(1) ?? "", client: row.text(2) ?? "", at: row.text(3) ?? "",
        undone: row.int(4) != 0, changes: [])
    }
  }
}
