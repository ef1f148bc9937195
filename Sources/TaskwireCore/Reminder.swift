import Foundation

/// A date and a wall-clock time in the store's time zone ("2026-11-27T09:00"): when a reminder
/// is due, as a person set it. It stays the same wall time across a daylight-saving change and
/// a new time zone of the store; only `instant(in:)` reads it against a zone.
public struct WallMoment: Hashable, Comparable, Sendable, CustomStringConvertible {
  public let day: CalendarDate
  public let time: WallTime

  public init(day: CalendarDate, time: WallTime) {
    self.day = day
    self.time = time
  }

  /// Reads exactly `YYYY-MM-DDTHH:MM`.
  public init?(iso text: String) {
    guard text.utf8.count == 16, let t = text.firstIndex(of: "T"), text.distance(from: text.startIndex, to: t) == 10,
      let day = CalendarDate(iso: String(text[..<t])), let time = WallTime(iso: String(text[text.index(after: t)...]))
    else { return nil }
    self.init(day: day, time: time)
  }

  /// `minutes` earlier on the wall clock (the day before when it crosses midnight).
  public func minus(minutes: Int) -> WallMoment {
    let total = day.dayNumber * 1440 + time.minutes - minutes
    let dayNumber = Int((Double(total) / 1440).rounded(.down))
    return WallMoment(day: CalendarDate(dayNumber: dayNumber), time: WallTime(minutes: total - dayNumber * 1440)!)
  }

  public var description: String { "\(day)T\(time)" }

  public static func < (a: WallMoment, b: WallMoment) -> Bool { (a.day, a.time) < (b.day, b.time) }

  /// The instant this wall time is in `zone`: read with the offset in force a day before and
  /// then with the one at that instant. A time a daylight-saving change skips (02:30 on a
  /// spring-forward day) falls after the gap by its length (03:30); one that comes twice (02:30
  /// on a fall-back day) is its first.
  public func instant(in zone: TimeZone) -> Date {
    let local = Double(day.dayNumber) * 86_400 + Double(time.minutes) * 60
    let before = Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: local - 86_400)))
    let guess = Date(timeIntervalSince1970: local - before)
    let instant = Date(timeIntervalSince1970: local - Double(zone.secondsFromGMT(for: guess)))
    // In a gap the second reading lands before it (01:30 for 02:30): the first is after it.
    let reads = instant.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: instant)) == local
    return reads ? instant : guess
  }

  /// The wall time an instant shows in `zone`, to the minute (seconds dropped).
  public init(instant: Date, in zone: TimeZone) {
    let local = instant.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: instant))
    let minutes = Int((local / 60).rounded(.down))
    let dayNumber = Int((Double(minutes) / 1440).rounded(.down))
    self.init(day: CalendarDate(dayNumber: dayNumber), time: WallTime(minutes: minutes - dayNumber * 1440)!)
  }
}

/// A reminder on a task (issue 30; Protocol/README.md, "Reminders"): at a wall-clock date and
/// time, or a number of minutes before the task's own time (its scheduled date and time; a task
/// without a time has no such reminder). On the wire `{"at": "2026-11-27T09:00"}` or
/// `{"before": 30}`; in the store one word each ("2026-11-27T09:00", "-30").
public enum Reminder: Hashable, Sendable {
  case at(WallMoment)
  case before(minutes: Int)

  /// At most this many on one task, and at most a week before its time.
  public static let maxCount = 10
  public static let maxMinutesBefore = 10_080

  /// When it is due for `task`: nil for a relative one on a task without a time.
  public func moment(for task: TaskRecord) -> WallMoment? {
    switch self {
    case .at(let moment): return moment
    case .before(let minutes):
      guard let day = task.scheduledDate, let time = task.scheduledTime else { return nil }
      return WallMoment(day: day, time: time).minus(minutes: minutes)
    }
  }

  /// The store's word for it.
  public var storedWord: String {
    switch self {
    case .at(let moment): return moment.description
    case .before(let minutes): return "-\(minutes)"
    }
  }

  public init?(storedWord word: Substring) {
    if word.first == "-" {
      guard let minutes = Int(word.dropFirst()), (0...Self.maxMinutesBefore).contains(minutes) else { return nil }
      self = .before(minutes: minutes)
    } else {
      guard let moment = WallMoment(iso: String(word)) else { return nil }
      self = .at(moment)
    }
  }

  /// The store's column: the words separated by spaces; nil for none.
  public static func storedText(_ reminders: [Reminder]) -> String? {
    reminders.isEmpty ? nil : reminders.map(\.storedWord).joined(separator: " ")
  }

  public static func list(storedText text: String?) -> [Reminder] {
    guard let text, !text.isEmpty else { return [] }
    return text.split(separator: " ").compactMap { Reminder(storedWord: $0) }
  }

  /// Moved by `days` (a repeating task's next occurrence: a reminder at a date moves with the
  /// date; one before the task's time comes along as it is).
  public func shifted(days: Int) -> Reminder {
    guard case .at(let moment) = self else { return self }
    return .at(WallMoment(day: moment.day.adding(days: days), time: moment.time))
  }
}
