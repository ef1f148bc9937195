import Foundation
import TaskwireCore

/// Taskwarrior's instants (`20261124T153000Z`, UTC) as taskwire's calendar days and
/// timestamps, in the configured time zone: a day is its local midnight, as `task add
/// due:friday` stores it, and an instant is the local day it falls on.
public struct ExchangeDates: Sendable {
  let calendar: Calendar

  public init(timeZone: TimeZone) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    self.calendar = calendar
  }

  /// `20261124T153000Z` (and, from other tools, `2026-11-24T15:30:00Z`).
  public static func instant(taskwarrior text: String) -> Date? {
    if let instant = DayClock.instant(of: text) { return instant }
    let bytes = Array(text.utf8)
    guard bytes.count == 16, bytes[8] == UInt8(ascii: "T"), bytes[15] == UInt8(ascii: "Z") else { return nil }
    let digits = bytes[0..<8] + bytes[9..<15]
    guard digits.allSatisfy({ (48...57).contains($0) }) else { return nil }
    let string = String(decoding: bytes, as: UTF8.self)
    func part(_ from: Int, _ length: Int) -> String {
      let start = string.index(string.startIndex, offsetBy: from)
      return String(string[start..<string.index(start, offsetBy: length)])
    }
    let iso = "\(part(0, 4))-\(part(4, 2))-\(part(6, 2))T\(part(9, 2)):\(part(11, 2)):\(part(13, 2))Z"
    return DayClock.instant(of: iso)
  }

  /// The calendar day an instant falls on, locally.
  public func day(of instant: Date) -> CalendarDate? {
    let parts = calendar.dateComponents([.year, .month, .day], from: instant)
    guard let year = parts.year, let month = parts.month, let day = parts.day else { return nil }
    return CalendarDate(year: year, month: month, day: day)
  }

  /// The instant a day starts, locally (the next existing time when a daylight-saving change
  /// skips midnight).
  public func start(of day: CalendarDate) -> Date {
    calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day))
      ?? Date(timeIntervalSince1970: Double(day.dayNumber) * 86_400)
  }

  /// Taskwarrior's form of an instant.
  public static func taskwarrior(_ instant: Date) -> String {
    let iso = DayClock.timestamp(instant)  // 2026-11-24T15:30:00Z
    return iso.filter { $0 != "-" && $0 != ":" }
  }

  /// Taskwarrior's form of a protocol timestamp.
  public static func taskwarrior(timestamp: String) -> String? {
    DayClock.instant(of: timestamp).map(taskwarrior)
  }
}
