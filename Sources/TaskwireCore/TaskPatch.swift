/// What a create or an update asks for. A nil member is left as it is (on create: its default);
/// for a field that may be empty, `.some(nil)` clears it. Dates are given as the text the user
/// typed (a date or a phrase) and resolved against today.
public struct TaskPatch: Sendable {
  public var title: String?
  public var notes: String??
  public var tags: [String]?
  public var priority: Int?
  public var urgent: Bool?
  public var durationMinutes: Int?
  public var type: String?
  public var scheduledDate: String??
  public var dueDate: String??
  /// The time of day on the scheduled date, "HH:MM" (quick add's "at 3pm" gives "15:00");
  /// `.some(nil)` clears it. A task without a scheduled date has none.
  public var scheduledTime: String??
  /// The deadline's time of day, "HH:MM"; `.some(nil)` clears it. Only with a due date.
  public var dueTime: String??
  public var recurrence: Recurrence?
  /// What the item is (`task`, `project`, `heading`, `area`): given on create only.
  public var kind: String?
  /// Its project, heading or area; `.some(nil)`: none. Checked against the index by the planner.
  public var parent: Int64??
  /// Quick add's `>Garden` (`>Garden/Spring`): the project (and heading) by name, found by the
  /// planner among the open projects; a `parent` given beside it wins.
  public var projectName: String?
  /// On (or off) Someday: on clears the scheduled date; a scheduled date takes it off.
  public var someday: Bool?
  /// Into (or out of) This Evening: into it plans the task for today (another day refused).
  public var evening: Bool?
  /// The task's reminders, all of them (an empty list: none).
  public var reminders: [Reminder]?
  /// Quick add's "remind 9am": reminders at these times on the task's scheduled date (none:
  /// today), added to those it has.
  public var reminderTimes: [WallTime] = []

  public init() {}

  public static let maxDurationMinutes = 10_080

  /// The task with the patch applied, every field normalised and checked as the protocol
  /// documents; nothing is applied when any field is refused.
  public func applied(to original: TaskRecord, today: CalendarDate) throws(DomainError)
    -> TaskRecord
  {
    var task = original
    if let title {
      let trimmed = title.trimmingWhitespace
      guard !trimmed.isEmpty else { throw .invalidField("title", "must not be empty") }
      task.title = trimmed
    }
    if let notes {
      task.notes = notes.flatMap { $0.trimmingWhitespace.isEmpty ? nil : $0 }
    }
    if let tags {
      var seen = Set<String>()
      task.tags = tags.map(\.trimmingWhitespace).filter { !$0.isEmpty && seen.insert($0).inserted }
    }
    if let priority {
      guard (1...3).contains(priority) else {
        throw .invalidField("priority", "must be 1 (low), 2 (medium) or 3 (high)")
      }
      task.priority = priority
    }
    if let urgent { task.urgent = urgent }
    if let durationMinutes {
      guard (1...Self.maxDurationMinutes).contains(durationMinutes) else {
        throw .invalidField("durationMinutes", "must be from 1 to \(Self.maxDurationMinutes)")
      }
      task.durationMinutes = durationMinutes
    }
    if let kind {
      guard let parsed = ItemKind(rawValue: kind) else {
        throw .invalidField("kind", "must be one of task, project, heading, area")
      }
      task.kind = parsed
    }
    if let parent { task.parentID = parent }
    if let type {
      guard let parsed = TaskType(rawValue: type) else {
        let names = TaskType.allCases.map(\.rawValue).joined(separator: ", ")
        throw .invalidField("type", "must be one of \(names)")
      }
      task.type = parsed
    }
    if let scheduledDate {
      let resolved = try scheduledDate.map { text throws(DomainError) in
        try Self.resolve(text, field: "scheduledDate", today: today)
      }
      // An overdue date may be sent back unchanged (a client saving the whole task); a new
      // date in the past is refused.
      if let resolved, resolved < today, resolved != original.scheduledDate {
        throw .dateInPast(resolved, today: today)
      }
      task.scheduledDate = resolved
    }
    if let dueDate {
      task.dueDate = try dueDate.map { text throws(DomainError) in
        try Self.resolve(text, field: "dueDate", today: today)
      }
    }
    if let scheduledTime {
      task.scheduledTime = try scheduledTime.map { text throws(DomainError) in
        guard let time = WallTime(iso: text) else {
          throw .invalidField("scheduledTime", "must be a time of day as HH:MM (00:00 to 23:59)")
        }
        return time
      }
    }
    if let dueTime {
      task.dueTime = try dueTime.map { text throws(DomainError) in
        guard let time = WallTime(iso: text) else {
          throw .invalidField("dueTime", "must be a time of day as HH:MM (00:00 to 23:59)")
        }
        return time
      }
    }
    if task.dueDate == nil {
      if let time = dueTime ?? nil { throw .invalidField("dueTime", "needs a dueDate: \(time) on which day?") }
      task.dueTime = nil
    }
    if let someday {
      guard !someday || task.kind == .task || task.kind == .project else {
        throw .invalidField("someday", "only a task or a project goes on Someday")
      }
      guard !someday || (scheduledDate ?? nil) == nil else {
        throw .invalidField("someday", "cannot go with a scheduledDate: a task with a date is not on Someday")
      }
      task.someday = someday
      if someday { task.scheduledDate = nil }
    } else if (scheduledDate ?? nil) != nil {
      task.someday = false
    }
    if let evening {
      if evening {
        guard (scheduledDate ?? nil) == nil || task.scheduledDate == today else {
          throw .invalidField("evening", "is today's: it cannot go with another scheduledDate")
        }
        guard task.kind == .task, !task.someday else {
          throw .invalidField("evening", "only a task not on Someday goes into This Evening")
        }
        task.scheduledDate = today
      }
      task.evening = evening
    }
    // A time belongs to a date: one given without a date (none in the patch, none on the task)
    // is refused; a date taken away takes its time with it.
    if task.scheduledDate == nil {
      if let time = scheduledTime ?? nil {
        throw .invalidField("scheduledTime", "needs a scheduledDate: \(time) on which day?")
      }
      task.scheduledTime = nil
    }
    try applyReminders(to: &task, today: today)
    if var recurrence {
      // A monthly repeat without its day keeps the day it starts on (the 31st stays the 31st,
      // or the month's last day), instead of drifting to the 28th after February.
      if recurrence.pattern == .monthly, recurrence.monthDay == nil, !recurrence.afterCompletion {
        recurrence.monthDay = (task.scheduledDate ?? today).day
      }
      task.recurrence = recurrence
    }
    return task
  }

  /// The reminders given, checked: at most `Reminder.maxCount`, each once, one before the
  /// task's time only on a task with a time (after the date and time of this patch).
  private func applyReminders(to task: inout TaskRecord, today: CalendarDate) throws(DomainError) {
    guard reminders != nil || !reminderTimes.isEmpty else { return }
    var list = reminders ?? task.reminders
    for time in reminderTimes {
      let day = task.scheduledDate ?? today
      list.append(.at(WallMoment(day: day, time: time)))
    }
    var seen = Set<Reminder>()
    list = list.filter { seen.insert($0).inserted }
    guard list.count <= Reminder.maxCount else {
      throw .invalidField("reminders", "at most \(Reminder.maxCount) reminders on one task")
    }
    for case .before(let minutes) in list {
      guard task.scheduledTime != nil else {
        throw .invalidField("reminders", "\(minutes) minutes before what? The task has no scheduledTime")
      }
    }
    task.reminders = list
  }

  public static func resolve(_ text: String, field: String, today: CalendarDate) throws(DomainError)
    -> CalendarDate
  {
    guard let date = DatePhrase.resolve(text, today: today) else {
      throw .invalidField(field, DatePhrase.problem(with: text))
    }
    return date
  }
}

extension String {
  var trimmingWhitespace: String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
    let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
    return String(scalars[first...last])
  }
}

extension TaskPatch {
  /// This patch with `other`'s members where `other` has them: explicit fields given beside a
  /// quick-add text win over what the text says.
  public func overridden(by other: TaskPatch) -> TaskPatch {
    var patch = self
    if let title = other.title { patch.title = title }
    if let notes = other.notes { patch.notes = notes }
    if let tags = other.tags { patch.tags = tags }
    if let priority = other.priority { patch.priority = priority }
    if let urgent = other.urgent { patch.urgent = urgent }
    if let durationMinutes = other.durationMinutes { patch.durationMinutes = durationMinutes }
    if let type = other.type { patch.type = type }
    if let scheduledDate = other.scheduledDate { patch.scheduledDate = scheduledDate }
    if let dueDate = other.dueDate { patch.dueDate = dueDate }
    if let scheduledTime = other.scheduledTime { patch.scheduledTime = scheduledTime }
    if let dueTime = other.dueTime { patch.dueTime = dueTime }
    if let recurrence = other.recurrence { patch.recurrence = recurrence }
    if let kind = other.kind { patch.kind = kind }
    if let parent = other.parent {
      patch.parent = parent
      patch.projectName = nil
    }
    if let projectName = other.projectName { patch.projectName = projectName }
    if let someday = other.someday { patch.someday = someday }
    if let evening = other.evening { patch.evening = evening }
    if let reminders = other.reminders { patch.reminders = reminders }
    patch.reminderTimes += other.reminderTimes
    return patch
  }
}
