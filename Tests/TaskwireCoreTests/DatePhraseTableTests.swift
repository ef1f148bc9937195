import TaskwireCore
import Testing

/// Date phrases in English and German, read the same whatever the locale, around month and
/// year ends and a leap day: `today | phrase | date`.
@Suite struct DatePhraseTableTests {
  static let table = """
    2026-12-30 | today | 2026-12-30
    2026-12-30 | tomorrow | 2026-12-31
    2026-12-30 | heute | 2026-12-30
    2026-12-30 | morgen | 2026-12-31
    2026-12-30 | übermorgen | 2027-01-01
    2026-12-30 | gestern | 2026-12-29
    2026-12-30 | in 3 days | 2027-01-02
    2026-12-30 | in 3 tagen | 2027-01-02
    2026-12-30 | in 2 wochen | 2027-01-13
    2026-12-30 | in 2w | 2027-01-13
    2026-12-30 | in 1 month | 2027-01-30
    2026-12-30 | in einem monat | 2027-01-30
    2026-12-30 | in a year | 2027-12-30
    2026-12-30 | eom | 2026-12-31
    2026-12-30 | monatsende | 2026-12-31
    2026-12-30 | jahresende | 2026-12-31
    2026-12-30 | end of year | 2026-12-31
    2026-12-30 | ende der woche | 2027-01-03
    2026-12-30 | end of week | 2027-01-03
    2026-12-30 | next week | 2027-01-04
    2026-12-30 | nächste woche | 2027-01-04
    2026-12-30 | next month | 2027-01-01
    2026-12-30 | fri | 2027-01-01
    2026-12-30 | freitag | 2027-01-01
    2026-12-30 | next fri | 2027-01-08
    2026-12-30 | nächsten freitag | 2027-01-08
    2026-12-30 | montag | 2027-01-04
    2026-12-30 | so | 2027-01-03
    2026-12-30 | weekend | 2027-01-02
    2026-12-30 | wochenende | 2027-01-02
    2026-12-30 | next weekend | 2027-01-09
    2026-12-30 | dec 24 | 2027-12-24
    2026-12-30 | 24. dez | 2027-12-24
    2026-12-30 | 24.12. | 2027-12-24
    2026-12-30 | 24 dez | 2027-12-24
    2026-12-30 | 24. dezember | 2027-12-24
    2026-12-30 | jan 1st | 2027-01-01
    2026-12-30 | 1. jan | 2027-01-01
    2026-12-30 | 1.1. | 2027-01-01
    2026-01-31 | today | 2026-01-31
    2026-01-31 | tomorrow | 2026-02-01
    2026-01-31 | heute | 2026-01-31
    2026-01-31 | morgen | 2026-02-01
    2026-01-31 | übermorgen | 2026-02-02
    2026-01-31 | gestern | 2026-01-30
    2026-01-31 | in 3 days | 2026-02-03
    2026-01-31 | in 3 tagen | 2026-02-03
    2026-01-31 | in 2 wochen | 2026-02-14
    2026-01-31 | in 2w | 2026-02-14
    2026-01-31 | in 1 month | 2026-02-28
    2026-01-31 | in einem monat | 2026-02-28
    2026-01-31 | in a year | 2027-01-31
    2026-01-31 | eom | 2026-01-31
    2026-01-31 | monatsende | 2026-01-31
    2026-01-31 | jahresende | 2026-12-31
    2026-01-31 | end of year | 2026-12-31
    2026-01-31 | ende der woche | 2026-02-01
    2026-01-31 | end of week | 2026-02-01
    2026-01-31 | next week | 2026-02-02
    2026-01-31 | nächste woche | 2026-02-02
    2026-01-31 | next month | 2026-02-01
    2026-01-31 | fri | 2026-02-06
    2026-01-31 | freitag | 2026-02-06
    2026-01-31 | next fri | 2026-02-06
    2026-01-31 | nächsten freitag | 2026-02-06
    2026-01-31 | montag | 2026-02-02
    2026-01-31 | so | 2026-02-01
    2026-01-31 | weekend | 2026-01-31
    2026-01-31 | wochenende | 2026-01-31
    2026-01-31 | next weekend | 2026-02-07
    2026-01-31 | dec 24 | 2026-12-24
    2026-01-31 | 24. dez | 2026-12-24
    2026-01-31 | 24.12. | 2026-12-24
    2026-01-31 | 24 dez | 2026-12-24
    2026-01-31 | 24. dezember | 2026-12-24
    2026-01-31 | jan 1st | 2027-01-01
    2026-01-31 | 1. jan | 2027-01-01
    2026-01-31 | 1.1. | 2027-01-01
    2028-02-28 | today | 2028-02-28
    2028-02-28 | tomorrow | 2028-02-29
    2028-02-28 | heute | 2028-02-28
    2028-02-28 | morgen | 2028-02-29
    2028-02-28 | übermorgen | 2028-03-01
    2028-02-28 | gestern | 2028-02-27
    2028-02-28 | in 3 days | 2028-03-02
    2028-02-28 | in 3 tagen | 2028-03-02
    2028-02-28 | in 2 wochen | 2028-03-13
    2028-02-28 | in 2w | 2028-03-13
    2028-02-28 | in 1 month | 2028-03-28
    2028-02-28 | in einem monat | 2028-03-28
    2028-02-28 | in a year | 2029-02-28
    2028-02-28 | eom | 2028-02-29
    2028-02-28 | monatsende | 2028-02-29
    2028-02-28 | jahresende | 2028-12-31
    2028-02-28 | end of year | 2028-12-31
    2028-02-28 | ende der woche | 2028-03-05
    2028-02-28 | end of week | 2028-03-05
    2028-02-28 | next week | 2028-03-06
    2028-02-28 | nächste woche | 2028-03-06
    2028-02-28 | next month | 2028-03-01
    2028-02-28 | fri | 2028-03-03
    2028-02-28 | freitag | 2028-03-03
    2028-02-28 | next fri | 2028-03-10
    2028-02-28 | nächsten freitag | 2028-03-10
    2028-02-28 | montag | 2028-03-06
    2028-02-28 | so | 2028-03-05
    2028-02-28 | weekend | 2028-03-04
    2028-02-28 | wochenende | 2028-03-04
    2028-02-28 | next weekend | 2028-03-11
    2028-02-28 | dec 24 | 2028-12-24
    2028-02-28 | 24. dez | 2028-12-24
    2028-02-28 | 24.12. | 2028-12-24
    2028-02-28 | 24 dez | 2028-12-24
    2028-02-28 | 24. dezember | 2028-12-24
    2028-02-28 | jan 1st | 2029-01-01
    2028-02-28 | 1. jan | 2029-01-01
    2028-02-28 | 1.1. | 2029-01-01
    2026-02-12 | today | 2026-02-12
    2026-02-12 | tomorrow | 2026-02-13
    2026-02-12 | heute | 2026-02-12
    2026-02-12 | morgen | 2026-02-13
    2026-02-12 | übermorgen | 2026-02-14
    2026-02-12 | gestern | 2026-02-11
    2026-02-12 | in 3 days | 2026-02-15
    2026-02-12 | in 3 tagen | 2026-02-15
    2026-02-12 | in 2 wochen | 2026-02-26
    2026-02-12 | in 2w | 2026-02-26
    2026-02-12 | in 1 month | 2026-03-12
    2026-02-12 | in einem monat | 2026-03-12
    2026-02-12 | in a year | 2027-02-12
    2026-02-12 | eom | 2026-02-28
    2026-02-12 | monatsende | 2026-02-28
    2026-02-12 | jahresende | 2026-12-31
    2026-02-12 | end of year | 2026-12-31
    2026-02-12 | ende der woche | 2026-02-15
    2026-02-12 | end of week | 2026-02-15
    2026-02-12 | next week | 2026-02-16
    2026-02-12 | nächste woche | 2026-02-16
    2026-02-12 | next month | 2026-03-01
    2026-02-12 | fri | 2026-02-13
    2026-02-12 | freitag | 2026-02-13
    2026-02-12 | next fri | 2026-02-20
    2026-02-12 | nächsten freitag | 2026-02-20
    2026-02-12 | montag | 2026-02-16
    2026-02-12 | so | 2026-02-15
    2026-02-12 | weekend | 2026-02-14
    2026-02-12 | wochenende | 2026-02-14
    2026-02-12 | next weekend | 2026-02-21
    2026-02-12 | dec 24 | 2026-12-24
    2026-02-12 | 24. dez | 2026-12-24
    2026-02-12 | 24.12. | 2026-12-24
    2026-02-12 | 24 dez | 2026-12-24
    2026-02-12 | 24. dezember | 2026-12-24
    2026-02-12 | jan 1st | 2027-01-01
    2026-02-12 | 1. jan | 2027-01-01
    2026-02-12 | 1.1. | 2027-01-01
    2026-02-12 | 24.12.2027 | 2027-12-24
    2026-02-12 | 29. feb 2028 | 2028-02-29
    2026-02-12 | 1. märz | 2026-03-01
    2026-02-12 | 3. mai | 2026-05-03
    """

  struct Row: CustomTestStringConvertible, Sendable {
    var today: CalendarDate
    var phrase: String
    var date: CalendarDate
    var testDescription: String { "\(phrase) on \(today)" }
  }

  static let rows: [Row] = table.split(separator: "\n").map { line in
    let parts = line.split(separator: "|").map {
      String($0.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
    return Row(today: CalendarDate(iso: parts[0])!, phrase: parts[1], date: CalendarDate(iso: parts[2])!)
  }

  @Test func atLeastEightyPhrases() { #expect(Self.rows.count >= 80) }

  @Test(arguments: rows) func phrase(_ row: Row) {
    #expect(DatePhrase.resolve(row.phrase, today: row.today) == row.date)
  }
}
