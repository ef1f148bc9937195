import Foundation
import JSON
import TaskwireCore

/// Reads `task export` (Taskwarrior 2.6 and 3.x): an array of tasks. See Protocol/README.md,
/// *Import and export*, for the mapping. A record that does not fit (a wrong type, a bad
/// date) makes the whole file fail with its position; what taskwire has no place for is
/// counted in the report.
public struct TaskwarriorReader {
  let dates: ExchangeDates
  /// createdAt/updatedAt for a record without `entry`/`modified`.
  let now: String
  let today: CalendarDate

  public init(dates: ExchangeDates, now: String, today: CalendarDate) {
    self.dates = dates
    self.now = now
    self.today = today
  }

  /// Fields read here, or derived by Taskwarrior and safely left behind.
  static let known: Set<String> = [
    "uuid", "status", "description", "tags", "priority", "scheduled", "due", "entry", "modified",
    "end", "annotations", "recur", "wait", "project", "id", "urgency", "mask", "imask", "parent",
    "rtype", "taskwire_duration", "taskwire_type", "taskwire_urgent", "taskwire_recurrence",
  ]

  public func read(_ records: [JSONValue]) throws(ImportError) -> ImportBatch {
    var batch = ImportBatch(format: .taskwarrior)
    let objects = try records.enumerated().map { index, value throws(ImportError) in
      guard let object = value.objectValue else {
        throw ImportError(record: index, "is \(value.typeName), not a task object")
      }
      return TaskwarriorRecord(object: object, index: index)
    }
    // A recurring task is a template (status "recurring") and one pending child per occurrence:
    // the template is imported once, dated like its next pending occurrence.
    var templates = Set<String>()
    for record in objects {
      if try record.string("status") == "recurring", let uuid = try record.string("uuid") {
        templates.insert(uuid)
      }
    }
    let nextOccurrence = try Self.nextPending(objects) { templates.contains($0) }
    // Children whose template the file leaves out (a filtered export): the series is imported
    // once, from its next pending occurrence, not once per child.
    let orphanSeries = try Self.nextPending(objects) { !templates.contains($0) }.mapValues { $0.record }
    for record in objects {
      batch.report.read += 1
      let status = try record.string("status") ?? "pending"
      let title = try record.string("description") ?? ""
      if status == "deleted" {
        batch.report.skip("deleted in Taskwarrior", example: title)
        continue
      }
      if let parent = try record.string("parent"), templates.contains(parent) {
        batch.report.skip(
          "occurrence of a recurring task (imported once, as its repeat)", example: title)
        continue
      }
      if let parent = try record.string("parent"), let series = orphanSeries[parent],
        try record.string("uuid") != series.string("uuid")
      {
        batch.report.skip(
          "another occurrence of a recurring task whose template is not in the file (imported once)",
          example: title)
        continue
      }
      guard ["pending", "waiting", "completed", "recurring"].contains(status) else {
        batch.report.skip("status \"\(status)\"", example: title)
        continue
      }
      let occurrence = try record.string("uuid").flatMap { nextOccurrence[$0]?.record }
      batch.tasks.append(
        try task(from: record, status: status, occurrence: occurrence, report: &batch.report))
    }
    return batch
  }

  /// Each parent's earliest pending (or waiting) child, by scheduled date or else due date,
  /// among the children whose parent `includes`.
  static func nextPending(_ objects: [TaskwarriorRecord], parent includes: (String) -> Bool) throws(ImportError)
    -> [String: (record: TaskwarriorRecord, date: Date?)]
  {
    var next: [String: (record: TaskwarriorRecord, date: Date?)] = [:]
    for record in objects {
      guard let parent = try record.string("parent"), includes(parent),
        ["pending", "waiting"].contains(try record.string("status") ?? "pending")
      else { continue }
      var date = try record.date("scheduled")
      if date == nil { date = try record.date("due") }
      if let known = next[parent], let knownDate = known.date, date.map({ $0 >= knownDate }) ?? true { continue }
      next[parent] = (record, date)
    }
    return next
  }

  private func task(
    from record: TaskwarriorRecord, status: String, occurrence: TaskwarriorRecord?,
    report: inout ImportReport
  )
    throws(ImportError) -> ImportedTask
  {
    let title = (try record.string("description") ?? "").trimmingCharacters(
      in: .whitespacesAndNewlines)
    guard !title.isEmpty else { throw record.error("has no description") }
    let entry = try record.date("entry").map(DayClock.timestamp) ?? now
    var task = TaskRecord(
      id: 0, title: title, createdAt: entry,
      updatedAt: try record.date("modified").map(DayClock.timestamp) ?? entry,
      rank: Int64(record.index), matrixRank: Int64(record.index))
    let tags = try record.strings("tags") ?? []
    let project = try record.string("project").map { $0.trimmingCharacters(in: .whitespaces) }
    var seen = Set<String>()
    task.tags = tags.map { $0.trimmingCharacters(in: .whitespaces) }.filter {
      !$0.isEmpty && seen.insert($0).inserted
    }
    switch try record.string("priority") {
    case nil, "": break
    case "H": task.priority = 3
    case "M": task.priority = 2
    case "L": task.priority = 1
    case let other?: report.unmapped("priority \"\(other)\": taken as low", example: title)
    }
    let dated = status == "recurring" ? occurrence ?? record : record
    let scheduled = try dated.date("scheduled")
    task.scheduledDate = scheduled.flatMap(dates.day)
    // A scheduled instant that is not local midnight carries its time of day.
    task.scheduledTime = task.scheduledDate == nil ? nil : scheduled.flatMap { dates.time(of: $0) }
    let due = try dated.date("due")
    task.dueDate = due.flatMap(dates.day)
    // And so does a due instant (`due:2026-11-27T17:00`): the deadline's time.
    task.dueTime = task.dueDate == nil ? nil : due.flatMap { dates.time(of: $0) }
    if let wait = try record.date("wait").flatMap(dates.day), wait >= TaskwarriorWriter.someday, !task.completed {
      // `wait:someday` (Taskwarrior's 9999-12-30): put aside until a person picks a day, which
      // is taskwire's Someday (a scheduled date is kept: it takes a task off Someday).
      if task.scheduledDate == nil {
        task.someday = true
      } else {
        report.unmapped("wait: dropped (the task has a scheduled date)", example: title)
      }
    } else if let wait = try record.date("wait").flatMap(dates.day), wait > today {
      if task.scheduledDate == nil {
        task.scheduledDate = wait
      } else {
        report.unmapped("wait: dropped (the task has a scheduled date)", example: title)
      }
    }
    if status == "completed" {
      task.completed = true
      task.completedAt = try record.date("end").map(DayClock.timestamp) ?? task.updatedAt
    }
    let notes = try record.annotations()
    task.notes = notes.isEmpty ? nil : notes.joined(separator: "\n")
    try readRecurrence(record, into: &task, report: &report)
    try readOwnFields(record, into: &task, report: &report)
    for key in record.object.keys where !Self.known.contains(key) {
      report.unmapped("\(key): dropped", example: "\(title): \(record.summary(key))")
    }
    let key = try record.string("uuid")
    // Taskwarrior's uuid is the task's own here too: the same item in both, and in CalDAV.
    task.uuid = key.flatMap(ItemUUID.init) ?? .none
    var imported = ImportedTask(key: key, task: task, record: record.index)
    imported.project = project.flatMap { $0.isEmpty ? nil : $0 }
    return imported
  }

  /// `recur`, or the exact repeat a taskwire export wrote beside it. Taskwarrior counts a
  /// repeat from the due date: a repeating task without a scheduled date is scheduled on it.
  private func readRecurrence(
    _ record: TaskwarriorRecord, into task: inout TaskRecord, report: inout ImportReport
  )
    throws(ImportError)
  {
    var recurrence: Recurrence? = nil
    if let exact = try record.string("taskwire_recurrence") {
      guard let parsed = TaskwarriorRecurrence.exact(exact) else {
        throw record.error("taskwire_recurrence is not a repeat: \(exact)")
      }
      recurrence = parsed
    } else if let recur = try record.string("recur"), !recur.isEmpty {
      recurrence = TaskwarriorRecurrence.read(recur)
      if recurrence == nil { report.unmapped("recur \"\(recur)\": dropped", example: task.title) }
    }
    guard var recurrence, recurrence.repeats else { return }
    if task.scheduledDate == nil { task.scheduledDate = task.dueDate ?? today }
    if recurrence.pattern == .monthly, recurrence.monthDay == nil, !recurrence.afterCompletion {
      recurrence.monthDay = task.scheduledDate?.day
    }
    task.recurrence = recurrence
  }

  /// What a taskwire export to Taskwarrior carries in fields of its own (Taskwarrior keeps
  /// them as orphaned user-defined attributes), so that a round trip loses nothing.
  private func readOwnFields(
    _ record: TaskwarriorRecord, into task: inout TaskRecord, report: inout ImportReport
  )
    throws(ImportError)
  {
    if let duration = try record.string("taskwire_duration") {
      guard let minutes = Int(duration), (1...TaskPatch.maxDurationMinutes).contains(minutes) else {
        throw record.error(
          "taskwire_duration is not a number of minutes from 1 to \(TaskPatch.maxDurationMinutes): \(duration)"
        )
      }
      task.durationMinutes = minutes
    }
    if let type = try record.string("taskwire_type") {
      guard let parsed = TaskType(rawValue: type) else {
        throw record.error("taskwire_type is not a task type: \(type)")
      }
      task.type = parsed
    }
    if let urgent = try record.string("taskwire_urgent") {
      task.urgent = urgent == "1" || urgent == "true"
    }
  }
}
