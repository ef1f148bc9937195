import Foundation
import JSON
import TaskwireCore
import Testing

@testable import TaskwireExchange

/// Taskwarrior's export, record by record, as a person coming from Taskwarrior expects to find
/// their tasks (Berlin time: Taskwarrior stores `due:friday` as Friday's local midnight in UTC).
@Suite struct TaskwarriorReaderTests {
  let reader = TaskwarriorReader(
    dates: ExchangeDates(timeZone: TimeZone(identifier: "Europe/Berlin")!),
    now: "2026-11-24T09:00:00Z",
    today: CalendarDate(iso: "2026-11-24")!)

  func read(_ text: String) throws -> ImportBatch {
    try reader.read(try #require(JSONParser.parse(text).arrayValue))
  }

  @Test func everyMappedField() throws {
    let batch = try read(
      """
      [{"uuid":"a1","description":"  Zahnarzt anrufen 🦷 ","status":"pending","entry":"20261120T100000Z",
        "modified":"20261121T120000Z","scheduled":"20261122T230000Z","due":"20261126T230000Z","priority":"H",
        "tags":["health","phone","health"],"project":"Home","urgency":9.1,"id":3,
        "annotations":[{"entry":"20261121T100001Z","description":"second"},{"entry":"20261121T100000Z","description":"first"}]},
       {"uuid":"b2","description":"Done thing","status":"completed","entry":"20261101T080000Z","end":"20261102T080000Z","priority":"L"}]
      """)
    #expect(batch.tasks.count == 2)
    let task = batch.tasks[0].task
    #expect(batch.tasks[0].key == "a1")
    #expect(task.title == "Zahnarzt anrufen 🦷")
    #expect(task.scheduledDate == CalendarDate(iso: "2026-11-23"))  // past: overdue in Today
    #expect(task.dueDate == CalendarDate(iso: "2026-11-27"))
    #expect(task.priority == 3)
    #expect(task.tags == ["health", "phone"])
    #expect(batch.tasks[0].project == "Home", "the project is the task's project, not a tag")
    #expect(task.notes == "first\nsecond")
    #expect(task.createdAt == "2026-11-20T10:00:00Z" && task.updatedAt == "2026-11-21T12:00:00Z")
    #expect(!task.completed)
    let done = batch.tasks[1].task
    #expect(done.completed && done.completedAt == "2026-11-02T08:00:00Z" && done.priority == 1)
    #expect(batch.report.unmapped.isEmpty)
    #expect(batch.report.read == 2)
  }

  /// A scheduled instant that is not local midnight keeps its time of day (Berlin time), and
  /// goes back to Taskwarrior as the same instant; a day's midnight has no time. On the days the
  /// clocks change, a wall time stays the wall time (one the change skips falls after the gap).
  @Test func aScheduledTimeOfDayGoesBothWays() throws {
    let batch = try read(
      """
      [{"uuid":"t1","description":"Dentist","status":"pending","entry":"20261120T100000Z","scheduled":"20261127T143000Z"},
       {"uuid":"t2","description":"Plain","status":"pending","entry":"20261120T100000Z","scheduled":"20261126T230000Z"},
       {"uuid":"t3","description":"Summer","status":"pending","entry":"20261120T100000Z","scheduled":"20270701T070500Z"}]
      """)
    let tasks = batch.tasks.map(\.task)
    #expect(tasks[0].scheduledDate == CalendarDate(iso: "2026-11-27") && tasks[0].scheduledTime?.description == "15:30")
    #expect(tasks[1].scheduledDate == CalendarDate(iso: "2026-11-27") && tasks[1].scheduledTime == nil)
    #expect(tasks[2].scheduledTime?.description == "09:05", "summer time: UTC+2")
    let writer = TaskwarriorWriter(dates: reader.dates)
    #expect(writer.record(tasks[0], uuid: "t1")["scheduled"] == "20261127T143000Z")
    #expect(writer.record(tasks[1], uuid: "t2")["scheduled"] == "20261126T230000Z")
    #expect(writer.record(tasks[2], uuid: "t3")["scheduled"] == "20270701T070500Z")
    let dates = reader.dates
    let spring = CalendarDate(iso: "2026-03-29")!
    let autumn = CalendarDate(iso: "2026-10-25")!
    func utc(_ day: CalendarDate, _ time: String) -> String {
      ExchangeDates.taskwarrior(dates.instant(of: day, at: WallTime(iso: time)!))
    }
    #expect(utc(spring, "01:30") == "20260329T003000Z" && utc(spring, "03:30") == "20260329T013000Z")
    #expect(utc(spring, "02:30") == "20260329T013000Z", "skipped: after the gap, 03:30")
    #expect(utc(autumn, "02:30") == "20261025T003000Z", "twice: the first, still summer time")
    #expect(utc(autumn, "09:00") == "20261025T080000Z")
  }

  /// A waiting task (2.6's status, or 3.x's pending with a later `wait`) is kept, on the day it
  /// waits for when it has no scheduled date.
  @Test func waitingTasksKeepTheirDate() throws {
    let batch = try read(
      """
      [{"uuid":"w1","description":"Renew passport","status":"waiting","wait":"20261214T230000Z"},
       {"uuid":"w2","description":"Later","status":"pending","wait":"20261201T230000Z","scheduled":"20261130T230000Z"}]
      """)
    #expect(
      batch.tasks.map(\.task.scheduledDate) == [
        CalendarDate(iso: "2026-12-15"), CalendarDate(iso: "2026-12-01"),
      ])
    #expect(
      batch.report.unmapped["wait: dropped (the task has a scheduled date)"]?.examples == ["Later"])
  }

  /// `wait:someday` (9999-12-30, in any zone) is Someday; with a scheduled date it is dropped.
  @Test func waitSomedayIsSomeday() throws {
    let batch = try read(
      """
      [{"uuid":"s1","description":"Learn the cello","status":"waiting","wait":"99991230T000000Z"},
       {"uuid":"s2","description":"Dated","status":"pending","wait":"99991229T230000Z","scheduled":"20261130T230000Z"}]
      """)
    #expect(batch.tasks.map(\.task.someday) == [true, false])
    #expect(batch.tasks.map(\.task.scheduledDate) == [nil, CalendarDate(iso: "2026-12-01")])
    #expect(batch.report.unmapped["wait: dropped (the task has a scheduled date)"]?.examples == ["Dated"])
  }

  @Test func deletedAndUnknownAreReportedNotDropped() throws {
    let batch = try read(
      """
      [{"uuid":"a","description":"Gone","status":"deleted"},
       {"uuid":"b","description":"Blocked","status":"pending","depends":"c","until":"20261201T000000Z","priority":"X"}]
      """)
    #expect(batch.tasks.map(\.task.title) == ["Blocked"])
    #expect(batch.report.skipped["deleted in Taskwarrior"] == .init(count: 1, examples: ["Gone"]))
    #expect(batch.report.unmapped["depends: dropped"]?.count == 1)
    #expect(batch.report.unmapped["until: dropped"]?.examples == ["Blocked: 20261201T000000Z"])
    #expect(batch.report.unmapped["priority \"X\": taken as low"]?.count == 1)
  }

  /// A recurring task is imported once, as its template's repeat, dated like the next pending
  /// occurrence; the occurrences are counted as skipped.
  @Test func recurringTemplateOnce() throws {
    let batch = try read(
      """
      [{"uuid":"t","description":"Water plants","status":"recurring","recur":"weekly","due":"20261116T230000Z","mask":"--+"},
       {"uuid":"c1","description":"Water plants","status":"completed","parent":"t","imask":0,"due":"20261116T230000Z"},
       {"uuid":"c3","description":"Water plants","status":"pending","parent":"t","imask":2,"due":"20261130T230000Z"},
       {"uuid":"c2","description":"Water plants","status":"pending","parent":"t","imask":1,"due":"20261123T230000Z"}]
      """)
    #expect(batch.tasks.count == 1)
    let task = batch.tasks[0].task
    #expect(batch.tasks[0].key == "t")
    #expect(task.recurrence.pattern == .weekly)
    #expect(
      task.scheduledDate == CalendarDate(iso: "2026-11-24")
        && task.dueDate == CalendarDate(iso: "2026-11-24"))
    #expect(
      batch.report.skipped["occurrence of a recurring task (imported once, as its repeat)"]?.count
        == 3)
  }

  /// A filtered export may leave the template out: the series is still imported once, from
  /// its next pending occurrence, and the other occurrences are reported as skipped.
  @Test func childrenWithoutTheirTemplateOnce() throws {
    let batch = try read(
      """
      [{"uuid":"c3","description":"Water plants","status":"pending","parent":"t","recur":"weekly","imask":2,"due":"20261130T230000Z"},
       {"uuid":"c2","description":"Water plants","status":"pending","parent":"t","recur":"weekly","imask":1,"due":"20261123T230000Z"},
       {"uuid":"c1","description":"Water plants","status":"completed","parent":"t","recur":"weekly","imask":0,"due":"20261116T230000Z"},
       {"uuid":"x","description":"Other","status":"pending"}]
      """)
    #expect(batch.tasks.map(\.key) == ["c2", "x"])
    #expect(batch.tasks[0].task.recurrence.pattern == .weekly)
    #expect(batch.tasks[0].task.dueDate == CalendarDate(iso: "2026-11-24"))
    #expect(
      batch.report.skipped[
        "another occurrence of a recurring task whose template is not in the file (imported once)"]?
        .count == 2)
  }

  @Test(arguments: [
    ("daily", "daily", 1), ("3d", "daily", 3), ("weekly", "weekly", 1), ("2w", "biweekly", 1),
    ("fortnight", "biweekly", 1), ("3w", "weekly", 3), ("monthly", "monthly", 1),
    ("2mo", "monthly", 2),
    ("quarterly", "monthly", 3), ("yearly", "monthly", 12), ("P1M", "monthly", 1),
    ("P10D", "daily", 10),
  ])
  func recurValues(_ text: String, _ pattern: String, _ interval: Int) throws {
    let recurrence = try #require(TaskwarriorRecurrence.read(text))
    #expect(recurrence.pattern.rawValue == pattern && recurrence.interval == interval)
  }

  @Test func weekdaysAndUnreadableRepeats() throws {
    #expect(TaskwarriorRecurrence.read("weekdays")?.weekdays == [1, 2, 3, 4, 5])
    #expect(TaskwarriorRecurrence.read("2h") == nil)
    #expect(TaskwarriorRecurrence.read("5m") == nil)  // five minutes, not months
    #expect(TaskwarriorRecurrence.read("999999999999999999y") == nil, "too long a repeat, not an overflow")
    #expect(TaskwarriorRecurrence.read("366d") == nil)
    #expect(TaskwarriorRecurrence.read("30y")?.interval == 360)
    let batch = try read(
      #"[{"uuid":"x","description":"Hourly","status":"pending","recur":"2h","due":"20261130T230000Z"}]"#
    )
    #expect(batch.tasks[0].task.recurrence == .none)
    #expect(batch.report.unmapped["recur \"2h\": dropped"]?.count == 1)
  }

  /// A wrong type in one record fails the whole file, naming the record and the field.
  @Test(arguments: [
    (
      #"[{"uuid":"a","description":"ok"},{"uuid":"b","description":"x","tags":"a"},{"description":3}]"#,
      2, "description must be a string, not a number"
    ),
    (
      #"[{"uuid":"a","description":"ok","due":"tomorrow"}]"#, 0,
      "due is not a Taskwarrior date (like 20261124T153000Z): tomorrow"
    ),
    (#"[{"uuid":"a","description":"   "}]"#, 0, "has no description"),
    (#"[{"uuid":"a","description":"x","tags":[1]}]"#, 0, "tags must hold strings, not a number"),
    (#"[1]"#, 0, "is a number, not a task object"),
  ])
  func malformedRecords(_ text: String, _ record: Int, _ message: String) throws {
    #expect(throws: ImportError(record: record, message)) { try read(text) }
  }

  /// Tags given as one string (old exports) are split; a taskwire export's own fields restore
  /// what Taskwarrior has no place for.
  @Test func ownFieldsAndOldTags() throws {
    let batch = try read(
      #"[{"uuid":"a","description":"Deep","tags":"a,b","taskwire_duration":"90","taskwire_type":"deepWork","taskwire_urgent":"1","taskwire_recurrence":"{\"pattern\":\"weekly\",\"weekdays\":[1,4]}","scheduled":"20261124T230000Z"}]"#
    )
    let task = batch.tasks[0].task
    #expect(
      task.tags == ["a", "b"] && task.durationMinutes == 90 && task.type == .deepWork && task.urgent
    )
    #expect(task.recurrence.weekdays == [1, 4])
    #expect(batch.report.unmapped.isEmpty)
  }
}
