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

  /// Reads a protocol timestamp (`2026-02-12T08:00:00Z`) without a date formatter.
  public static func instant(of timestamp: String) -> Date? {
    let bytes = Array(timestamp.utf8)
    guard bytes.count == 20, bytes[10] == UInt8(ascii: "T"), bytes[19] == UInt8(ascii: "Z"),
      let date = CalendarDate(iso: String(decoding: bytes[0..<10], as: UTF8.self))
    else { return nil }
    func number(_ range: Range<Int>) -> Int? { Int(String(decoding: bytes[range], as: UTF8.self)) }
    guard let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19) else { return nil }
    let seconds = date.dayNumber * 86_400 + hour * 3600 + minute * 60 + second
    return Date(timeIntervalSince1970: TimeInterval(seconds))
  }

  private static let utc: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
  }()

  public static func timestamp(_ instant: Date) -> String {
    let p = utc.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
    func pad(_ value: Int?, _ width: Int = 2) -> String {
      let text = String(value ?? 0)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return
      "\(pad(p.year, 4))-\(pad(p.month))-\(pad(p.day))T\(pad(p.hour)):\(pad(p.minute)):\(pad(p.second))Z"
  }
}
