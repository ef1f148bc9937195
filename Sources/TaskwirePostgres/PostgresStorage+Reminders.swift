import TaskwireStore

/// The reminders' table, as in the SQLite store. A write ends with the store's `NOTIFY`, so
/// that every other server hears a firing, a snooze or a dismissal at once.
extension PostgresStorage: ReminderStore {
  public func liveReminderStates() throws -> [ReminderState] {
    try connection.query("SELECT task_uuid, at, state, until, fired_at FROM reminder_states WHERE state <> 'dismissed'")
      .rows(Self.reminderState)
  }

  public func reminderState(task: String, at: String) throws -> ReminderState? {
    try connection.query(
      "SELECT task_uuid, at, state, until, fired_at FROM reminder_states WHERE task_uuid = $1 AND at = $2",
      [.text(task), .text(at)]
    ).rows(Self.reminderState).first
  }

  private static func reminderState(_ row: PostgresResult) -> ReminderState {
    ReminderState(
      task: row.text(0) ?? "", at: row.text(1) ?? "",
      phase: ReminderState.Phase(rawValue: row.text(2) ?? "") ?? .dismissed, until: row.text(3),
      firedAt: row.text(4) ?? "")
  }

  func claimReminder(task: String, at: String, due: String, firedAt: String, snoozedUntil: String?) throws -> Bool {
    wroteInTransaction = true
    let result: PostgresResult
    if let snoozedUntil {
      result = try connection.query(
        """
        UPDATE reminder_states SET state = 'showing', fired_at = $1
        WHERE task_uuid = $2 AND at = $3 AND state = 'snoozed' AND until = $4 RETURNING 1
        """, [.text(firedAt), .text(task), .text(at), .text(snoozedUntil)])
    } else {
      result = try connection.query(
        """
        INSERT INTO reminder_states (task_uuid, at, state, until, fired_at) VALUES ($1, $2, 'showing', $3, $4)
        ON CONFLICT DO NOTHING RETURNING 1
        """, [.text(task), .text(at), .text(due), .text(firedAt)])
    }
    return result.count == 1
  }

  func setReminderState(task: String, at: String, phase: ReminderState.Phase, until: String?, at now: String) throws {
    wroteInTransaction = true
    try connection.query(
      """
      INSERT INTO reminder_states (task_uuid, at, state, until, fired_at) VALUES ($1, $2, $3, $4, $5)
      ON CONFLICT (task_uuid, at) DO UPDATE SET state = EXCLUDED.state, until = EXCLUDED.until
      """, [.text(task), .text(at), .text(phase.rawValue), until.map(RowValue.text) ?? .null, .text(now)])
  }
}
