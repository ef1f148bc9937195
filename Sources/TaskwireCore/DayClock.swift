import Foundation

/// Turns instants into the user's calendar days, in the configured time zone and with the
/// configured hour at which a day starts (a night owl's 4:00 keeps 1 a.m. on "yesterday").
public struct DayClock: Sendable {
  public let timeZone: TimeZone
  public let dayStartHour: Int
  /// Made once: building a calendar costs more than the question asked of it.
  private let calendar: Calendar

  public init(timeZone: TimeZone, dayStartHour: Int = 0) {
    self.timeZone = timeZone
    self.dayStartHour = dayStartHour
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    self.calendar = calendar
  }

  /// The calendar day that `instant` belongs to: the local date, or the day before when the
  /// local hour is before the day's start (counted in wall-clock hours, so that a night with a
  /// daylight-saving change moves nothing).
  public func day(of instant: Date) -> CalendarDate {
    let parts = calendar.dateComponents([.year, .month, .day, .hour], from: instant)
    let year = min(max(parts.year ?? 1970, 1), 9999)
    let date = CalendarDate(year: year, month: parts.month ?? 1, day: parts.day ?? 1) ?? CalendarDate(dayNumber: 0)
    return (parts.hour ?? 0) < dayStartHour ? date.adding(days: -1) : date
  }

  /// The instant the day after `instant`'s starts (its start hour, local time; the next
  /// existing time when a daylight-saving change skips it).
  /// When `day` starts (its day-start hour, in the zone).
  public func start(of day: CalendarDate) -> Date {
    let parts = DateComponents(year: day.year, month: day.month, day: day.day, hour: dayStartHour)
    return calendar.date(from: parts) ?? Date.distantPast
  }

  public func nextDayStart(after instant: Date) -> Date {
    let next = day(of: instant).adding(days: 1)
    let parts = DateComponents(year: next.year, month: next.month, day: next.day, hour: dayStartHour)
    return calendar.date(from: parts) ?? instant.addingTimeInterval(3600)
  }

  /// Whether an instant falls on a day the store can hold (years 1…9999 in this zone).
  public func canHold(_ instant: Date) -> Bool {
    let year = calendar.component(.year, from: instant)
    return (2...9998).contains(year)
  }

  /// Reads a protocol timestamp (`2026-02-12T08:00:00Z`) without a date formatter, in the
  /// proleptic Gregorian calendar (year 0 included: the UTC instant of a day early on
  /// 0001-01-01 in a zone east of Greenwich).
  public static func instant(of timestamp: String) -> Date? {
    let bytes = Array(timestamp.utf8)
    guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
      bytes[19] == UInt8(ascii: "Z")
    else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      guard bytes[range].allSatisfy({ (48...57).contains($0) }) else { return nil }
      return bytes[range].reduce(0) { $0 * 10 + Int($1 - 48) }
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      (1...12).contains(month), (1...CalendarDate.daysIn(month: month, year: year)).contains(day),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19)
    else { return nil }
    let days = CalendarDate.dayNumber(year: year, month: month, day: day)
    return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3600 + minute * 60 + second))
  }

  /// The instant as a protocol timestamp, in the proleptic Gregorian calendar (Foundation's
  /// turns Julian before October 1582, and `instant(of:)` reads it back).
  public static func timestamp(_ instant: Date) -> String {
    let interval = instant.timeIntervalSince1970
    let seconds = interval.isFinite ? Int(max(-1e12, min(1e12, interval)).rounded(.down)) : 0
    let days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
    let (year, month, day) = CalendarDate.civil(dayNumber: days)
    let rest = seconds - days * 86_400
    guard (0...9999).contains(year) else {
      func pad(_ value: Int, _ width: Int = 2) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
      }
      return "\(pad(year, 4))-\(pad(month))-\(pad(day))T\(pad(rest / 3600)):\(pad(rest / 60 % 60)):\(pad(rest % 60))Z"
    }
    // Written digit by digit into 20 bytes (every change writes one: interpolating six padded
    // numbers cost more than the rest of a move's planning).
    return String(unsafeUninitializedCapacity: 20) { buffer in
      func put(_ value: Int, _ width: Int, at offset: Int) {
        var value = value
        for position in stride(from: offset + width - 1, through: offset, by: -1) {
          buffer[position] = UInt8(48 + value % 10)
          value /= 10
        }
      }
      put(year, 4, at: 0)
      buffer[4] = UInt8(ascii: "-")
      put(month, 2, at: 5)
      buffer[7] = UInt8(ascii: "-")
      put(day, 2, at: 8)
      buffer[10] = UInt8(ascii: "T")
      put(rest / 3600, 2, at: 11)
      buffer[13] = UInt8(ascii: ":")
      put(rest / 60 % 60, 2, at: 14)
      buffer[16] = UInt8(ascii: ":")
      put(rest % 60, 2, at: 17)
      buffer[19] = UInt8(ascii: "Z")
      return 20
    }
  }
}
