import Foundation
import TaskwireCore
import Testing

@Suite struct CalendarDateTests {
  @Test func dayNumbersRoundTrip() {
    for number in stride(from: CalendarDate.dayNumbers.lowerBound, through: CalendarDate.dayNumbers.upperBound, by: 997)
    {
      #expect(CalendarDate(dayNumber: number).dayNumber == number)
    }
    // Arithmetic past the representable years stops at their edges instead of trapping.
    #expect(CalendarDate(iso: "9999-12-31")!.adding(days: 1).description == "9999-12-31")
    #expect(CalendarDate(iso: "9999-12-15")!.adding(months: 1).description == "9999-12-15")
    #expect(CalendarDate(iso: "0001-01-01")!.adding(days: -1).description == "0001-01-01")
    #expect(CalendarDate(iso: "1970-01-01")?.dayNumber == 0)
    #expect(CalendarDate(iso: "2026-02-12")?.isoWeekday == 4)
    #expect(CalendarDate(iso: "2024-02-29") != nil)
    #expect(CalendarDate(iso: "2026-02-29") == nil)
    #expect(CalendarDate(iso: "2026-2-1") == nil)
    #expect(CalendarDate(iso: "2026-01-31")!.adding(months: 1).description == "2026-02-28")
    #expect(CalendarDate(iso: "2024-01-31")!.adding(months: 1).description == "2024-02-29")
  }

  @Test func dayStartHourKeepsLateNightsOnTheDayBefore() {
    let clock = DayClock(timeZone: TimeZone(identifier: "Europe/Berlin")!, dayStartHour: 4)
    // 02:30 Berlin on Feb 13 is still Feb 12 for a night owl.
    let instant = ISO8601DateFormatter().date(from: "2026-02-13T01:30:00Z")!
    #expect(clock.day(of: instant).description == "2026-02-12")
    #expect(DayClock(timeZone: clock.timeZone).day(of: instant).description == "2026-02-13")
    // Wall-clock hours on daylight-saving days: 04:30 local is the new day, 03:30 is not.
    let formatter = ISO8601DateFormatter()
    #expect(clock.day(of: formatter.date(from: "2026-03-29T02:30:00Z")!).description == "2026-03-29")
    #expect(clock.day(of: formatter.date(from: "2026-10-25T02:30:00Z")!).description == "2026-10-24")
  }
}

@Suite struct DatePhraseTests {
  let thursday = CalendarDate(iso: "2026-02-12")!

  @Test(arguments: [
    ("today", "2026-02-12"), ("Tomorrow", "2026-02-13"), ("tmr", "2026-02-13"),
    ("thu", "2026-02-19"), ("fri", "2026-02-13"), ("friday", "2026-02-13"), ("this fri", "2026-02-13"),
    ("next fri", "2026-02-20"), ("next monday", "2026-02-16"), ("sun", "2026-02-15"),
    ("in 3 days", "2026-02-15"), ("in a week", "2026-02-19"), ("in 2 months", "2026-04-12"),
    ("+2w", "2026-02-26"), ("+10", "2026-02-22"), ("+1m", "2026-03-12"),
    ("dec 24", "2026-12-24"), ("24 Dec", "2026-12-24"), ("December 24, 2027", "2027-12-24"),
    ("jan 5", "2027-01-05"), ("feb 12", "2026-02-12"), ("eom", "2026-02-28"),
    ("end of month", "2026-02-28"), ("eow", "2026-02-15"), ("next week", "2026-02-16"),
    ("next month", "2026-03-01"), ("2026-07-01", "2026-07-01"), ("  in   3  days ", "2026-02-15"),
  ])
  func phrases(_ phrase: String, _ expected: String) {
    #expect(DatePhrase.resolve(phrase, today: thursday)?.description == expected, "\(phrase)")
  }

  @Test(arguments: ["", "someday", "in days", "+", "+2x", "feb 30", "13/02", "next", "in -3 days", "2026-02-30"])
  func unreadable(_ phrase: String) {
    #expect(DatePhrase.resolve(phrase, today: thursday) == nil, "\(phrase)")
  }
}

@Suite struct DropIndexTests {
  func list(_ ranks: [Int64]) -> OrderedList {
    var list = OrderedList()
    for (offset, rank) in ranks.enumerated() { list.insert(.init(rank: rank, id: Int64(offset + 1))) }
    return list
  }

  @Test func placesBetweenNeighboursWithoutTouchingThem() {
    let placement = DropIndex.place(in: list([0, 100, 200]).without(nil), at: 1)
    #expect(placement.rank == 50)
    #expect(placement.reassigned.isEmpty)
    #expect(DropIndex.place(in: list([0, 100]).without(nil), at: 2).rank == 100 + DropIndex.gap)
    #expect(DropIndex.place(in: list([0, 100]).without(nil), at: 0).rank == -DropIndex.gap)
  }

  @Test func rebalancesOnlyAWindowWhenThereIsNoRoom() {
    let ranks: [Int64] =
      (0..<1000).map { Int64($0) * 1000 } + [999_001, 999_002] + (0..<1000).map { 2_000_000 + Int64($0) * 1000 }
    let sorted = list(ranks.sorted())
    let placement = DropIndex.place(in: sorted.without(nil), at: 1001)
    #expect(!placement.reassigned.isEmpty)
    #expect(placement.reassigned.count < 10, "a local rebalance, not the whole list")
    // The result keeps the order with the new task at index 1001.
    var entries = sorted.entries
    for (id, rank) in placement.reassigned {
      let index = entries.firstIndex { $0.id == id }!
      entries[index].rank = rank
    }
    entries.insert(.init(rank: placement.rank, id: 9999), at: 1001)
    #expect(zip(entries, entries.dropFirst()).allSatisfy { $0.rank < $1.rank })
  }

  @Test func equalRanksAreSpreadApart() {
    let same = list([5, 5, 5, 5])
    let placement = DropIndex.place(in: same.without(nil), at: 2)
    var entries = same.entries
    for (id, rank) in placement.reassigned {
      entries[entries.firstIndex { $0.id == id }!].rank = rank
    }
    entries.insert(.init(rank: placement.rank, id: 99), at: 2)
    #expect(entries.map(\.id) == [1, 2, 99, 3, 4])
    #expect(zip(entries, entries.dropFirst()).allSatisfy { $0.rank < $1.rank })
  }
}
