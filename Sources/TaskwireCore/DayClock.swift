import Foundation

/// Turns instants into the user's calendar days, in the configured time zone and with the
/// configured hour at which a day starts (a night owl's 4:00 keeps 1 a.m. on "yesterday").
public struct DayClock: Sendable {
  public var timeZone: TimeZone
  public var dayStartHour: Int

  public init(timeZone: TimeZone, dayStartHour: Int = 0) {
    self.timeZone = timeZone
    self.dayStartHour = dayStartHour
  }

  /// The calendar day that `instant` belongs to.
  public func day(of instant: Date) -> CalendarDate {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let shifted = instant.addingTimeInterval(TimeInterval(-dayStartHour * 3600))
    let parts = calendar.dateComponents([.year, .month, .day], from: shifted)
    return CalendarDate(year: parts.year!, month: parts.month!, day: parts.day!)!
  }

  /// A timestamp as written in the protocol: UTC, ISO 8601, whole seconds.
  public static func timestamp(_ instant: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let p = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
    func pad(_ value: Int?, _ width: Int = 2) -> String {
      let text = String(value ?? 0)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return
      "\(pad(p.year, 4))-\(pad(p.month))-\(pad(p.day))T\(pad(p.hour)):\(pad(p.minute)):\(pad(p.second))Z"
  }
}
