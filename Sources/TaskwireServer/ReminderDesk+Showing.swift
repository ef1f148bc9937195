import Foundation
import JSON
import JSONRPC
import TaskwireCore
import TaskwireProtocol
import TaskwireStore

/// What a reminders client is sent (`reminder`, `reminder/list`), and a dismissal or snooze
/// asked for by it.
extension ReminderDesk {
  func show(_ key: Key, id: Int64, dueAt: Date, alert: Bool) {
    guard let task = replica.index.tasks[id], shown[key] == nil else { return }
    // Missed: delivered more than a minute after it fell due (no server with such a client ran).
    let missed = replica.clock.now.timeIntervalSince(dueAt) > 60
    shown[key] = (id, missed)
    outbox.append(
      JSONRPC.Notification.outgoing(
        method: ReminderNotification.method, params: notification(key, task, missed: missed, alert: alert)))
  }

  func notification(_ key: Key, _ task: TaskRecord, missed: Bool, alert: Bool) -> OutgoingJSON {
    return ReminderNotification(
      task: task, at: key.at, title: missed ? words.reminder.missed : words.reminder.title, when: when(key.at),
      missed: missed, alert: alert, words: words.reminder
    ).params
  }

  /// "Today 9:00 AM", "Tomorrow 9:00 AM", "Fri, Nov 27 9:00 AM".
  func when(_ at: WallMoment) -> String {
    let today = replica.today
    let day =
      at.day == today
      ? words.today
      : at.day == today.adding(days: 1)
        ? words.tomorrow
        : at.day == today.adding(days: -1) ? words.yesterday : words.title(of: at.day, referenceYear: today.year)
    return day + " " + words.display.time(at.time.hour, at.time.minute)
  }

  /// The notifications of every reminder showing now, oldest first (`reminder/list`).
  func showingNow() -> [OutgoingJSON] {
    shown.sorted { ($0.key.at, $0.value.id) < ($1.key.at, $1.value.id) }.compactMap { key, value in
      replica.index.tasks[value.id].map { notification(key, $0, missed: value.missed, alert: false) }
    }
  }

  // MARK: Acting on one

  /// The key of task `id`'s reminder at `at`, checked: the task is open and has it.
  func key(_ reference: ReminderReference) throws -> (Key, TaskRecord) {
    guard let task = replica.index.tasks[reference.id] else { throw DomainError.taskNotFound(reference.id) }
    guard task.reminders.contains(where: { $0.moment(for: task) == reference.at }) else {
      throw RPCError.invalidParams("at", "task \(reference.id) has no reminder at \(reference.at)")
    }
    return (Key(task: Self.uuid(of: task), at: reference.at), task)
  }

  /// Dismisses or snoozes a reminder for every process; this session's client stops showing it
  /// with the reply (the others with `reminder/cleared`).
  func settle(_ key: Key, id: Int64, phase: ReminderState.Phase, until: Date? = nil) throws {
    let untilText = until.map(DayClock.timestamp)
    try replica.storage.write { txn in
      try txn.setReminderState(
        task: key.task, at: key.at.description, phase: phase, until: untilText, at: replica.timestamp)
    }
    settled.insert(key)
    shown[key] = nil
    if let until, let untilText { snoozed[key] = (until, untilText) } else { snoozed[key] = nil }
    nextDueCache = nil
  }
}
