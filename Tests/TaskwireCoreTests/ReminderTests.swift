import Foundation
import TaskwireCore
import Testing

/// Reminders' wall times (issue 30): the instant of a wall time on the days a daylight-saving
/// change skips or doubles an hour, in Europe/Berlin and America/New_York; a reminder before the
/// task's time; what a patch accepts; a repeat's next occurrence; snooze phrases; quick add.
@Suite struct ReminderTests {
  static func instant(_ wall: String, _ zone: String) -> String {
    DayClock.timestamp(WallMoment(iso: wall)!.instant(in: TimeZone(identifier: zone)!))
  }

  @Test(arguments: [
    // Berlin: 2026-03-29 02:00 → 03:00; 2026-10-25 03:00 → 02:00.
    ("2026-03-28T09:00", "Europe/Berlin", "2026-03-28T08:00:00Z"),
    ("2026-03-29T01:59", "Europe/Berlin", "2026-03-29T00:59:00Z"),
    ("2026-03-29T02:30", "Europe/Berlin", "2026-03-29T01:30:00Z"),  // skipped: 03:30 CEST
    ("2026-03-29T03:00", "Europe/Berlin", "2026-03-29T01:00:00Z"),
    ("2026-03-29T09:00", "Europe/Berlin", "2026-03-29T07:00:00Z"),
    ("2026-10-25T02:30", "Europe/Berlin", "2026-10-25T00:30:00Z"),  // twice: the first (CEST)
    ("2026-10-25T03:00", "Europe/Berlin", "2026-10-25T02:00:00Z"),
    ("2026-10-25T09:00", "Europe/Berlin", "2026-10-25T08:00:00Z"),
    // New York: 2026-03-08 02:00 → 03:00; 2026-11-01 02:00 → 01:00.
    ("2026-03-08T02:30", "America/New_York", "2026-03-08T07:30:00Z"),  // skipped: 03:30 EDT
    ("2026-03-08T09:00", "America/New_York", "2026-03-08T13:00:00Z"),
    ("2026-11-01T01:30", "America/New_York", "2026-11-01T05:30:00Z"),  // twice: the first (EDT)
    ("2026-11-01T09:00", "America/New_York", "2026-11-01T14:00:00Z"),
    ("2026-10-31T09:00", "America/New_York", "2026-10-31T13:00:00Z"),
  ])
  func aWallTimeIsOneInstant(wall: String, zone: String, expected: String) {
    #expect(Self.instant(wall, zone) == expected)
  }

  @Test func timestampsAreWrittenAsTheyAreRead() {
    for seconds in [0.0, 59.9, 1_774_000_000, -62_135_596_800, 253_402_300_799, -1, 86_399, 951_782_400] {
      let text = DayClock.timestamp(Date(timeIntervalSince1970: seconds))
      #expect(text.utf8.count == 20, "\(text)")
      #expect(DayClock.instant(of: text)?.timeIntervalSince1970 == seconds.rounded(.down), "\(text)")
    }
    #expect(DayClock.timestamp(Date(timeIntervalSince1970: 1_774_000_000)) == "2026-03-20T09:46:40Z")
  }

  @Test func wallTimesReadWriteAndCountBack() throws {
    let moment = try #require(WallMoment(iso: "2026-03-01T00:20"))
    #expect(moment.minus(minutes: 30).description == "2026-02-28T23:50")
    #expect(moment.minus(minutes: 0) == moment)
    for bad in ["2026-03-01 00:20", "2026-03-01T24:00", "2026-02-30T09:00", "2026-03-01T9:00", ""] {
      #expect(WallMoment(iso: bad) == nil, "\(bad)")
    }
    let zone = try #require(TimeZone(identifier: "Europe/Berlin"))
    #expect(WallMoment(instant: moment.instant(in: zone), in: zone) == moment)
    #expect(Reminder.list(storedText: "2026-03-01T00:20 -30 junk -99999") == [.at(moment), .before(minutes: 30)])
    #expect(Reminder.storedText([.at(moment), .before(minutes: 30)]) == "2026-03-01T00:20 -30")
    #expect(Reminder.storedText([]) == nil)
  }

  static func task(date: String? = "2026-03-29", time: String? = "09:30") -> TaskRecord {
    TaskRecord(
      id: 1, title: "Call Anna", scheduledDate: date.flatMap(CalendarDate.init(iso:)),
      createdAt: "2026-03-28T08:00:00Z", updatedAt: "2026-03-28T08:00:00Z", rank: 0,
      scheduledTime: time.flatMap(WallTime.init(iso:)))
  }

  @Test func aReminderBeforeTheTaskFollowsItsTime() throws {
    let today = try #require(CalendarDate(iso: "2026-03-28"))
    var patch = TaskPatch()
    patch.reminders = [.before(minutes: 30), .at(WallMoment(iso: "2026-03-28T18:00")!), .before(minutes: 30)]
    var task = try patch.applied(to: Self.task(), today: today)
    #expect(task.reminders.count == 2, "the same reminder twice is one")
    #expect(
      task.reminders.compactMap { $0.moment(for: task)?.description } == ["2026-03-29T09:00", "2026-03-28T18:00"])
    // Another time moves it; no time takes it away; no date takes the time and it.
    task.scheduledTime = WallTime(iso: "08:15")
    #expect(task.reminders.first?.moment(for: task)?.description == "2026-03-29T07:45")
    var noTime = task
    noTime.scheduledTime = nil
    #expect(noTime.reminders == [.at(WallMoment(iso: "2026-03-28T18:00")!)])
    var noDate = task
    noDate.scheduledDate = nil
    #expect(noDate.scheduledTime == nil && noDate.reminders.count == 1)
    // Refused: one before a task without a time; more than ten.
    var before = TaskPatch()
    before.reminders = [.before(minutes: 5)]
    #expect(throws: DomainError.self) { try before.applied(to: Self.task(time: nil), today: today) }
    var many = TaskPatch()
    many.reminders = (0..<11).map { .before(minutes: $0) }
    #expect(throws: DomainError.self) { try many.applied(to: Self.task(), today: today) }
  }

  @Test func aRepeatCarriesItsRemindersToTheNextOccurrence() throws {
    let today = try #require(CalendarDate(iso: "2026-03-28"))
    var task = Self.task(date: "2026-03-28")
    task.recurrence = try Recurrence.make(pattern: "daily", weekdays: nil, monthDay: nil)
    task.reminders = [.at(WallMoment(iso: "2026-03-28T08:00")!), .before(minutes: 10)]
    let index = TaskIndex(today: today, tasks: [task])
    let planner = TaskPlanner(index: index, now: "2026-03-28T08:00:00Z", words: .english, deterministicUUIDs: true)
    let set = try planner.complete(task, completed: true, nextID: 2)
    let next = try #require(set.changes.last?.after)
    #expect(next.id == 2 && next.scheduledDate?.description == "2026-03-29")
    #expect(next.reminders == [.at(WallMoment(iso: "2026-03-29T08:00")!), .before(minutes: 10)])
  }

  @Test(arguments: [
    ("10m", SnoozePhrase.Until.minutes(10)), ("1h", .minutes(60)), ("90 min", .minutes(90)),
    ("2 hours", .minutes(120)), ("20 Minuten", .minutes(20)), ("1 Stunde", .minutes(60)), ("1h30", .minutes(90)),
    ("evening", .wall(WallMoment(iso: "2026-03-28T18:00")!)),
    ("heute Abend", .wall(WallMoment(iso: "2026-03-28T18:00")!)),
    ("tomorrow", .wall(WallMoment(iso: "2026-03-29T09:00")!)),
    ("morgen früh", .wall(WallMoment(iso: "2026-03-29T09:00")!)),
    ("fri 9am", .wall(WallMoment(iso: "2026-04-03T09:00")!)), ("16:00", .wall(WallMoment(iso: "2026-03-28T16:00")!)),
    ("8:00", .wall(WallMoment(iso: "2026-03-29T08:00")!)),
    ("morgen 9 Uhr", .wall(WallMoment(iso: "2026-03-29T09:00")!)),
    ("mon", .wall(WallMoment(iso: "2026-03-30T09:00")!)),
  ])
  func snoozePhrases(text: String, expected: SnoozePhrase.Until) throws {
    let now = try #require(WallMoment(iso: "2026-03-28T10:05"))
    #expect(SnoozePhrase.until(text, now: now, today: now.day) == expected)
  }

  @Test func notSnoozes() throws {
    let now = try #require(WallMoment(iso: "2026-03-28T10:05"))
    for text in ["soon", "", "0m", "call mom", "99999h", "fri call"] {
      #expect(SnoozePhrase.until(text, now: now, today: now.day) == nil, "\(text)")
    }
  }

  @Test func quickAddSetsReminders() throws {
    let today = try #require(CalendarDate(iso: "2026-03-28"))
    for (text, title, times) in [
      ("Call Anna tomorrow 3pm remind 2:30pm", "Call Anna", ["14:30"]),
      ("Zahnarzt morgen um 15 Uhr erinnern 9 Uhr", "Zahnarzt", ["09:00"]),
      ("Pay rent remind me at 9am", "Pay rent", ["09:00"]),
      ("Steuer erinnern um 8", "Steuer", ["08:00"]),
      ("remind the team", "remind the team", []),
    ] {
      let parsed = QuickAdd.parse(text, today: today)
      #expect(parsed.title == title, "\(text)")
      #expect(parsed.patch.reminderTimes.map(\.description) == times, "\(text)")
    }
    let task = try QuickAdd.parse("Call Anna tomorrow 3pm remind 2:30pm", today: today).patch
      .applied(to: Self.task(date: nil, time: nil), today: today)
    #expect(task.reminders == [.at(WallMoment(iso: "2026-03-29T14:30")!)])
  }
}
