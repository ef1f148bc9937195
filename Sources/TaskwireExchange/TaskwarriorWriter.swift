import Foundation
import JSON
import TaskwireCore
import TaskwireProtocol

/// A task as `task import` reads it. What Taskwarrior has no field for (duration, type,
/// urgency, a repeat it cannot express) goes into `taskwire_*` attributes, which Taskwarrior
/// keeps as orphaned user-defined attributes, so that importing the file back into taskwire
/// restores the task whole.
struct TaskwarriorWriter {
  let dates: ExchangeDates
  /// Taskwarrior's named date `someday` is 9999-12-30: a wait that far (any day of year 9999, in
  /// whatever zone it is read) hides a task until a person picks a day.
  static let someday = CalendarDate(iso: "9999-01-01")!

  func record(_ task: TaskRecord, uuid: String, project: String? = nil) -> JSONValue {
    var object: JSONObject = [
      "uuid": .string(uuid), "description": .string(task.title),
      "status": .string(task.completed ? "completed" : "pending"),
      "entry": .string(ExchangeDates.taskwarrior(timestamp: task.createdAt) ?? ""),
      "modified": .string(ExchangeDates.taskwarrior(timestamp: task.updatedAt) ?? ""),
    ]
    if task.completed, let end = task.completedAt.flatMap(ExchangeDates.taskwarrior(timestamp:)) {
      object["end"] = .string(end)
    }
    if !task.tags.isEmpty { object["tags"] = .array(task.tags.map(JSONValue.string)) }
    if let project { object["project"] = .string(project) }
    if task.priority >= 2 { object["priority"] = .string(task.priority == 3 ? "H" : "M") }
    // Taskwarrior repeats from the due date: a repeating task scheduled on its due date (as an
    // import from Taskwarrior makes it) goes back without a scheduled date of its own.
    if let scheduled = task.scheduledDate, !(task.recurrence.repeats && scheduled == task.dueDate) {
      object["scheduled"] = .string(
        task.scheduledTime.map { ExchangeDates.taskwarrior(dates.instant(of: scheduled, at: $0)) } ?? day(scheduled))
    }
    if task.someday, !task.completed { object["wait"] = .string("99991230T000000Z") }
    if let due = task.dueDate {
      object["due"] = .string(
        task.dueTime.map { ExchangeDates.taskwarrior(dates.instant(of: due, at: $0)) } ?? day(due))
    }
    if let notes = task.notes {
      // One annotation a line, each a second apart: Taskwarrior keys annotations by their time.
      let start = DayClock.instant(of: task.updatedAt) ?? Date(timeIntervalSince1970: 0)
      let lines = notes.split(separator: "\n", omittingEmptySubsequences: true)
      object["annotations"] = .array(
        lines.enumerated().map { offset, line in
          [
            "entry": .string(ExchangeDates.taskwarrior(start.addingTimeInterval(Double(offset)))),
            "description": .string(String(line)),
          ]
        })
    }
    if task.recurrence.repeats {
      object["taskwire_recurrence"] = .string(JSONWriter.string(task.recurrence.json))
      // Taskwarrior needs a due date to repeat (and crashes importing a repeat without one).
      if task.dueDate != nil, !task.completed,
        let recur = TaskwarriorRecurrence.write(task.recurrence, scheduled: task.scheduledDate)
      {
        object["recur"] = .string(recur)
      }
    }
    if task.durationMinutes != 15 { object["taskwire_duration"] = .string(String(task.durationMinutes)) }
    if task.type != .maintenance { object["taskwire_type"] = .string(task.type.rawValue) }
    if task.urgent { object["taskwire_urgent"] = .string("1") }
    return .object(object)
  }

  /// A day as Taskwarrior stores `due:2026-11-27`: its local midnight, in UTC.
  private func day(_ date: CalendarDate) -> String {
    ExchangeDates.taskwarrior(dates.start(of: date))
  }

  /// A uuid for a task that did not come from Taskwarrior: the same for the same task in every
  /// export (derived from its id and creation time), so that importing an export again, here
  /// or in Taskwarrior, updates instead of duplicating. Version 4 and variant bits set, as
  /// Taskwarrior's own.
  static func derivedUUID(of task: TaskRecord) -> String {
    let name = "taskwire:\(task.id):\(task.createdAt)"
    var high = FNV1a.hash(name)
    var low = FNV1a.hash(name, seed: 0x8422_2325_cbf2_9ce4)
    high = (high & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_4000
    low = (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
    let hex = String(format: "%016llx%016llx", high, low)
    let characters = Array(hex)
    func part(_ range: Range<Int>) -> String { String(characters[range]) }
    return "\(part(0..<8))-\(part(8..<12))-\(part(12..<16))-\(part(16..<20))-\(part(20..<32))"
  }
}
