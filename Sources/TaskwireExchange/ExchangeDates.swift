import Foundation
import TaskwireCore

/// Taskwarrior's instants (`20261124T153000Z`, UTC) as taskwire's calendar days and
/// timestamps, in the configured time zone: a day is its local midnight, as `task add
/// due:friday` stores it, and an instant is the local day it falls on.
public struct ExchangeDates: Sendable {
  let timeZone: TimeZone

  public init(timeZone: TimeZone) {
    self.timeZone = timeZone
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

  /// The calendar day an instant falls on, locally. Counted in the proleptic Gregorian
  /// calendar, as `CalendarDate` is: Foundation's Gregorian calendar turns Julian before
  /// October 1582, which moved `0001-01-01` two days through an export and back.
  public func day(of instant: Date) -> CalendarDate? {
    let local = instant.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: instant))
    let number = (local / 86_400).rounded(.down)
    guard number.isFinite, CalendarDate.dayNumbers.contains(Int(number)) else { return nil }
    return CalendarDate(dayNumber: Int(number))
  }

  /// The instant a day starts, locally (the next existing time when a daylight-saving change
  /// skips midnight; the first when midnight comes twice): of local midnight read with the
  /// offset in force before the day and the one after, the earlier that falls on the day.
  public func start(of day: CalendarDate) -> Date {
    let midnight = Double(day.dayNumber) * 86_400
    let offsets = [midnight - 50_400, midnight + 50_400].map {
      Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: $0)))
    }
    let starts = offsets.map { Date(timeIntervalSince1970: midnight - $0) }
    return starts.filter { self.day(of: $0) == day }.min() ?? starts[0]
  }

  /// The wall-clock time of day an instant falls at, locally, to the minute; nil at local
  /// midnight (a day without a time, as `task add scheduled:friday` stores it).
  public func time(of instant: Date) -> WallTime? {
    let local = instant.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: instant))
    let seconds = local - (local / 86_400).rounded(.down) * 86_400
    guard seconds.isFinite, seconds >= 60 else { return nil }
    return WallTime(minutes: Int(seconds / 60))
  }

  /// The instant of a wall-clock time on a day, locally: read with the offset in force just
  /// before it and then with the one at that instant. A time a daylight-saving change skips
  /// (02:30 on a spring-forward day) falls after the gap by its length (03:30); one that comes
  /// twice is its first.
  public func instant(of day: CalendarDate, at time: WallTime) -> Date {
    // (The one rule, the reminders' too: `WallMoment.instant(in:)`.)
    WallMoment(day: day, time: time).instant(in: timeZone)
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
