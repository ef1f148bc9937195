import JSON
import TaskwireCore

/// `reminder`: a reminder that is due, sent to a client that declared `reminders` in
/// `initialize` (Protocol/README.md, "Reminders"). Every such client of every process on the
/// store is sent it; `alert` is true in the one process that fired it (the one that should
/// raise a system notification or a sound), false elsewhere.
public struct ReminderNotification: Sendable {
  public static let method = "reminder"
  public static let clearedMethod = "reminder/cleared"

  public var task: TaskRecord
  public var at: WallMoment
  /// The reminder's heading ("Reminder", "Missed reminder") and when it was for ("Today 9:00 AM").
  public var title: String
  public var when: String
  /// Delivered more than a minute after its time (no server with such a client ran then).
  public var missed: Bool
  public var alert: Bool
  public var words: ReminderWords

  public init(
    task: TaskRecord, at: WallMoment, title: String, when: String, missed: Bool, alert: Bool, words: ReminderWords
  ) {
    self.task = task
    self.at = at
    self.title = title
    self.when = when
    self.missed = missed
    self.alert = alert
    self.words = words
  }

  /// The actions a client offers, in order: each with the request it makes.
  var actions: JSONValue {
    func snooze(_ phrase: String, _ title: String) -> JSONValue {
      ["action": "snooze", "for": .string(phrase), "title": .string(title)]
    }
    return [
      ["action": "complete", "title": .string(words.complete)],
      snooze("10m", words.tenMinutes), snooze("1h", words.oneHour), snooze("evening", words.thisEvening),
      snooze("tomorrow", words.tomorrowMorning),
      ["action": "dismiss", "title": .string(words.dismiss)],
    ]
  }

  public var params: OutgoingJSON {
    .object([
      ("id", .value(.int64(task.id))), ("at", .value(.string(at.description))),
      ("title", .value(.string(title))), ("text", .value(.string(task.title))), ("when", .value(.string(when))),
      ("missed", .value(.bool(missed))), ("alert", .value(.bool(alert))), ("actions", .value(actions)),
      ("task", .raw(task.rawJSON)),
    ])
  }

  /// Why a reminder stopped showing (`reminder/cleared`'s `reason`).
  public enum Reason: String, Sendable {
    case dismissed, snoozed, completed, deleted, changed
  }

  public static func cleared(id: Int64, at: WallMoment, reason: Reason) -> OutgoingJSON {
    .object([
      ("id", .value(.int64(id))), ("at", .value(.string(at.description))), ("reason", .value(.string(reason.rawValue))),
    ])
  }
}
