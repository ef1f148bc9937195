import Foundation
import TaskwireCore
import Testing

@Suite struct RecurrenceTests {
  func date(_ text: String) -> CalendarDate { CalendarDate(iso: text)! }

  func next(_ recurrence: Recurrence, from base: String, doneOn today: String) -> String? {
    recurrence.next(after: date(base), completedOn: date(today))?.description
  }

  func rule(_ pattern: String, weekdays: [Int]? = nil, monthDay: Int? = nil, interval: Int? = nil, after: Bool? = nil)
    throws -> Recurrence
  {
    try Recurrence.make(
      pattern: pattern, weekdays: weekdays, monthDay: monthDay, interval: interval, afterCompletion: after)
  }

  @Test func daily() throws {
    let daily = try rule("daily")
    #expect(next(daily, from: "2026-02-12", doneOn: "2026-02-12") == "2026-02-13")
    #expect(next(daily, from: "2026-02-01", doneOn: "2026-02-12") == "2026-02-13", "overdue comes back tomorrow")
    #expect(next(daily, from: "2026-02-20", doneOn: "2026-02-12") == "2026-02-21", "done early: the day after its date")
    #expect(next(daily, from: "2026-12-31", doneOn: "2026-12-31") == "2027-01-01")
    #expect(
      next(try rule("daily", interval: 3), from: "2026-02-01", doneOn: "2026-02-12") == "2026-02-13",
      "on the 3-day grid")
  }

  @Test func weeklyAndBiweekly() throws {
    // 2026-02-12 is a Thursday.
    let monThu = try rule("weekly", weekdays: [1, 4])
    #expect(next(monThu, from: "2026-02-12", doneOn: "2026-02-12") == "2026-02-16")
    #expect(
      next(monThu, from: "2026-02-09", doneOn: "2026-02-12") == "2026-02-16", "overdue since Monday, done Thursday")
    #expect(
      next(try rule("weekly"), from: "2026-02-12", doneOn: "2026-02-12") == "2026-02-19", "no weekday: the date's own")
    #expect(next(try rule("biweekly"), from: "2026-02-12", doneOn: "2026-02-12") == "2026-02-26")
    #expect(
      next(try rule("biweekly", weekdays: [1, 4]), from: "2026-02-09", doneOn: "2026-02-09") == "2026-02-12",
      "same week")
    #expect(next(try rule("biweekly", weekdays: [1, 4]), from: "2026-02-12", doneOn: "2026-02-12") == "2026-02-23")
    #expect(
      next(try rule("weekly", weekdays: [7]), from: "2026-12-27", doneOn: "2026-12-27") == "2027-01-03",
      "across the year")
  }

  @Test func monthlyAcrossMonthEndsAndLeapYears() throws {
    let last = try rule("monthly", monthDay: 32)
    #expect(next(last, from: "2026-01-31", doneOn: "2026-01-31") == "2026-02-28")
    #expect(next(last, from: "2026-02-27", doneOn: "2026-02-12") == "2026-02-28")
    #expect(next(last, from: "2028-01-31", doneOn: "2028-01-31") == "2028-02-29", "leap year")
    let thirtieth = try rule("monthly", monthDay: 30)
    #expect(next(thirtieth, from: "2026-01-30", doneOn: "2026-01-30") == "2026-02-28", "falls back to the last day")
    #expect(next(thirtieth, from: "2026-02-28", doneOn: "2026-02-28") == "2026-03-30", "and back to the 30th")
    let thirtyFirst = try rule("monthly", monthDay: 31)
    #expect(next(thirtyFirst, from: "2024-01-31", doneOn: "2024-01-31") == "2024-02-29")
    #expect(
      next(try rule("monthly"), from: "2026-02-12", doneOn: "2026-02-12") == "2026-03-12", "no day: the date's own")
    #expect(
      next(try rule("monthly", monthDay: 15, interval: 3), from: "2026-01-15", doneOn: "2026-01-15") == "2026-04-15")
    #expect(
      next(try rule("monthly", monthDay: 1), from: "2025-06-01", doneOn: "2026-02-12") == "2026-03-01", "long overdue")
  }

  @Test func afterCompletion() throws {
    #expect(next(try rule("daily", interval: 3, after: true), from: "2026-01-01", doneOn: "2026-02-12") == "2026-02-15")
    #expect(
      next(try rule("weekly", interval: 2, after: true), from: "2026-01-01", doneOn: "2026-02-12") == "2026-02-26")
    #expect(next(try rule("monthly", after: true), from: "2026-01-31", doneOn: "2026-01-31") == "2026-02-28")
    #expect(throws: DomainError.self) { try rule("weekly", weekdays: [1], after: true) }
    #expect(throws: DomainError.self) { try rule("none", interval: 2) }
    #expect(throws: DomainError.self) { try rule("daily", interval: 0) }
  }

  /// Calendar dates do not care about daylight saving: the day of an instant is read in the
  /// zone, including on the nights the clocks change.
  @Test func daysAcrossDaylightSavingChanges() {
    let berlin = DayClock(timeZone: TimeZone(identifier: "Europe/Berlin")!)
    let formatter = ISO8601DateFormatter()
    // Spring forward on 2026-03-29 at 02:00 (01:00 UTC); fall back on 2026-10-25 at 03:00 (01:00 UTC).
    #expect(berlin.day(of: formatter.date(from: "2026-03-28T22:59:00Z")!).description == "2026-03-28")
    #expect(berlin.day(of: formatter.date(from: "2026-03-28T23:00:00Z")!).description == "2026-03-29")
    #expect(berlin.day(of: formatter.date(from: "2026-03-29T21:59:00Z")!).description == "2026-03-29")
    #expect(berlin.day(of: formatter.date(from: "2026-03-29T22:00:00Z")!).description == "2026-03-30")
    #expect(berlin.day(of: formatter.date(from: "2026-10-25T22:59:00Z")!).description == "2026-10-25")
    #expect(berlin.day(of: formatter.date(from: "2026-10-25T23:00:00Z")!).description == "2026-10-26")
    let nightOwl = DayClock(timeZone: berlin.timeZone, dayStartHour: 4)
    // 03:30 local on the spring-forward night is still the 28th for someone whose day starts at 4.
    #expect(nightOwl.day(of: formatter.date(from: "2026-03-29T01:30:00Z")!).description == "2026-03-28")
  }
}
