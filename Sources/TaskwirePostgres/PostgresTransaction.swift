import TaskwireCore
import TaskwireStore

/// The write transaction `PostgresStorage.write` hands to its body: the only way to the writing
/// calls from outside the storage (they are internal to it).
struct PostgresTransaction: StorageTransaction {
  unowned let storage: PostgresStorage

  func nextTaskID() throws -> Int64 { try storage.nextTaskID() }
  func writeRows(_ changes: [TaskChange]) throws { try storage.writeRows(changes) }
  func setLinks(source: String, _ links: [ExternalLink]) throws { try storage.setLinks(source: source, links) }
  func removeExternalIDs(source: String, keys: [String]) throws -> Int {
    try storage.removeExternalIDs(source: source, keys: keys)
  }
  @discardableResult
  func appendStep(label: String, client: String, at: String, changes: [TaskChange]) throws -> Int64 {
    try storage.appendStep(label: label, client: client, at: at, changes: changes)
  }
  func markStep(_ id: Int64, undone: Bool) throws { try storage.markStep(id, undone: undone) }
  func setRolledOverTo(_ day: CalendarDate) throws { try storage.setRolledOverTo(day) }
}

extension PostgresTransaction: ReminderTransaction {
  func claimReminder(task: String, at: String, due: String, firedAt: String, snoozedUntil: String?) throws -> Bool {
    try storage.claimReminder(task: task, at: at, due: due, firedAt: firedAt, snoozedUntil: snoozedUntil)
  }
  func setReminderState(task: String, at: String, phase: ReminderState.Phase, until: String?, at now: String) throws {
    try storage.setReminderState(task: task, at: at, phase: phase, until: until, at: now)
  }
}
