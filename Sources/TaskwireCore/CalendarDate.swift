/// A day on the calendar (`YYYY-MM-DD`), with no time and no time zone. Scheduled and due dates
/// are calendar dates: comparing them is comparing days, never instants.
public struct CalendarDate: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Year, month and day in one word (`year << 9 | month << 5 | day`), which orders as the
  /// dates do: a task holds two dates, and 100k tasks are held in memory.
  private let packed: UInt32

  public var year: Int { Int(packed >> 9) }
  public var month: Int { Int(packed >> 5 & 0xF) }
  public var day: Int { Int(packed & 0x1F) }

  public init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month),
      (1...CalendarDate.daysIn(month: month, year: year)).contains(day)
    else { return nil }
    self.init(checkedYear: year, month: month, day: day)
  }

  /// The date as one word, never 0 (no month is 0): a record holds an optional date as its word.
  var word: UInt32 { packed }

  /// The date of a `word`; nil for 0.
  init?(word: UInt32) {
    guard word != 0 else { return nil }
    packed = word
  }

  private init(checkedYear year: Int, month: Int, day: Int) {
    packed = UInt32(year) << 9 | UInt32(month) << 5 | UInt32(day)
  }

  /// Reads exactly `YYYY-MM-DD`.
  public init?(iso text: String) {
    // Read in place (no array of the bytes): every task's dates are read at every start.
    let parts = text.utf8.withContiguousStorageIfAvailable { Self.parts(of: $0) } ?? Self.parts(of: Array(text.utf8))
    guard let (year, month, day) = parts else { return nil }
    self.init(year: year, month: month, day: day)
  }

  /// Year, month and day of exactly `YYYY-MM-DD`.
  private static func parts(of bytes: some RandomAccessCollection<UInt8>) -> (Int, Int, Int)? {
    guard bytes.count == 10 else { return nil }
    var values = (0, 0, 0)
    for (offset, byte) in bytes.enumerated() {
      switch offset {
      case 4, 7:
        guard byte == UInt8(ascii: "-") else { return nil }
      default:
        guard byte >= 48 && byte <= 57 else { return nil }
        let digit = Int(byte - 48)
        if offset < 4 {
          values.0 = values.0 * 10 + digit
        } else if offset < 7 {
          values.1 = values.1 * 10 + digit
        } else {
          values.2 = values.2 * 10 + digit
        }
      }
    }
    return values
  }

  /// Days since 1970-01-01 (Howard Hinnant's `days_from_civil`).
  public var dayNumber: Int { Self.dayNumber(year: year, month: month, day: day) }

  /// The same for any proleptic Gregorian date, year 0 and earlier included (an instant's UTC
  /// day may fall before 0001-01-01 in a zone east of Greenwich).
  public static func dayNumber(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let shiftedMonth = month > 2 ? month - 3 : month + 9
    let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The first and last representable days: 0001-01-01 and 9999-12-31.
  public static let dayNumbers = -719_162...2_932_896

  /// The date of a day number (`civil_from_days`), clamped to years 1…9999 so that arithmetic
  /// near the edges can never produce a date that cannot be written or read back.
  public init(dayNumber unclamped: Int) {
    let dayNumber = min(max(unclamped, Self.dayNumbers.lowerBound), Self.dayNumbers.upperBound)
    let (year, month, day) = Self.civil(dayNumber: dayNumber)
    self.init(checkedYear: year, month: month, day: day)
  }

  /// Year, month and day of a day number in the proleptic Gregorian calendar, unclamped
  /// (`civil_from_days`).
  public static func civil(dayNumber: Int) -> (year: Int, month: Int, day: Int) {
    let z = dayNumber + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  public func adding(days: Int) -> CalendarDate { CalendarDate(dayNumber: dayNumber + days) }

  /// The same day `months` later, clamped to the end of shorter months (Jan 31 + 1 = Feb 28).
  public func adding(months: Int) -> CalendarDate {
    let total = min(max(year * 12 + (month - 1) + months, 12), 9999 * 12 + 11)
    let newYear = total / 12
    let newMonth = total % 12 + 1
    let newDay = min(day, CalendarDate.daysIn(month: newMonth, year: newYear))
    return CalendarDate(year: newYear, month: newMonth, day: newDay)!
  }

  /// ISO weekday: 1 = Monday … 7 = Sunday.
  public var isoWeekday: Int {
    // 1970-01-01 was a Thursday (4).
    let value = (dayNumber + 3) % 7
    return (value < 0 ? value + 7 : value) + 1
  }

  public var lastDayOfMonth: CalendarDate {
    CalendarDate(year: year, month: month, day: CalendarDate.daysIn(month: month, year: year))!
  }

  public static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  public static func isLeap(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  /// `YYYY-MM-DD`, written digit by digit (every task's dates go through here in a list).
  public var description: String {
    let (year, month, day) = (self.year, self.month, self.day)
    let digits: [UInt8] = [
      UInt8(48 + year / 1000), UInt8(48 + year / 100 % 10), UInt8(48 + year / 10 % 10), UInt8(48 + year % 10), 45,
      UInt8(48 + month / 10), UInt8(48 + month % 10), 45, UInt8(48 + day / 10), UInt8(48 + day % 10),
    ]
    return String(decoding: digits, as: UTF8.self)
  }

  public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool { lhs.packed < rhs.packed }

  public static let monthAbbreviations = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// "Feb 13", with the year added when it is not `referenceYear` ("Jan 4, 2027").
  public func shortTitle(referenceYear: Int) -> String {
    let base = "\(CalendarDate.monthAbbreviations[month - 1]) \(day)"
    return year == referenceYear ? base : "\(base), \(year)"
  }
}
