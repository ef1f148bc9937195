/// The reminders' table (`Schema.reminderStates`).
extension SQLiteStorage: ReminderStore {
  public func liveReminderStates() throws -> [ReminderState] {
    let statement = try db.statement(
      constant: "SELECT task_uuid, at, state, until, fired_at FROM reminder_states WHERE state != 'dismissed'")
    var states: [ReminderState] = []
    while try statement.step() { states.append(Self.reminderState(statement)) }
    return states
  }

  public func reminderState(task: String, at: String) throws -> ReminderState? {
    let statement = try db.statement(
      constant: "SELECT task_uuid, at, state, until, fired_at FROM reminder_states WHERE task_uuid = ? AND at = ?"
    ).bind([.text(task), .text(at)])
    defer { statement.finish() }
    return try statement.step() ? Self.reminderState(statement) : nil
  }

  private static func reminderState(_ row: SQLiteStatement) -> ReminderState {
    ReminderState(
      task: row.text(0) ?? "", at: row.text(1) ?? "",
      phase: ReminderState.Phase(rawValue: row.text(2) ?? "") ?? .dismissed, until: row.text(3),
      firedAt: row.text(4) ?? "")
  }

  func claimReminder(task: String, at: String, due: String, firedAt: String, snoozedUntil: String?) throws -> Bool {
    if let snoozedUntil {
      try db.statement(
        constant: """
          UPDATE reminder_states SET state = 'showing', fired_at = ?
          WHERE task_uuid = ? AND at = ? AND state = 'snoozed' AND until = ?
          """
      ).run([.text(firedAt), .text(task), .text(at), .text(snoozedUntil)])
    } else {
      try db.statement(
        constant: """
          INSERT INTO reminder_states (task_uuid, at, state, until, fired_at) VALUES (?, ?, 'showing', ?, ?)
          ON CONFLICT DO NOTHING
          """
      ).run([.text(task), .text(at), .text(due), .text(firedAt)])
    }
    return db.changedRows == 1
  }

  func setReminderState(task: String, at: String, phase: ReminderState.Phase, until: String?, at now: String) throws {
    try db.statement(
      constant: """
        INSERT INTO reminder_states (task_uuid, at, state, until, fired_at) VALUES (?, ?, ?, ?, ?)
        ON CONFLICT (task_uuid, at) DO UPDATE SET state = excluded.state, until = excluded.until
        """
    ).run([.text(task), .text(at), .text(phase.rawValue), until.map(RowValue.text) ?? .null, .text(now)])
  }
}
