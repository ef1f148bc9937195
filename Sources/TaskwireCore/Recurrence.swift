/// How a task repeats. Weekdays are ISO (1 = Monday … 7 = Sunday); a month day of 32 means the
/// last day of the month. `interval` repeats every n days, weeks or months; `afterCompletion`
/// counts from the day the task was done instead of its schedule ("every 3 days after I last
/// did it").
public struct Recurrence: Equatable, Sendable {
  public enum Pattern: String, CaseIterable, Sendable {
    case none, daily, weekly, biweekly, monthly
  }

  public var pattern: Pattern
  public var afterCompletion: Bool
  // Held small, as every task record holds one (see TaskRecord): the weekdays as bits 0–6 (bit 7
  // set when there is a list at all, even an empty one), the month day 0 for none. `make` lets
  // through only weekdays 1–7, month days 1–32 and intervals 1–365.
  private var weekdayBits: UInt8
  private var monthDayValue: UInt8
  private var intervalValue: Int16

  /// The ISO weekdays, in order (a weekly pattern may have none: then its schedule's weekday).
  public var weekdays: [Int]? {
    get {
      guard weekdayBits & 0x80 != 0 else { return nil }
      return (1...7).filter { weekdayBits & (1 << ($0 - 1)) != 0 }
    }
    set {
      weekdayBits =
        newValue.map { days in
          days.reduce(UInt8(0x80)) { bits, day in (1...7).contains(day) ? bits | 1 << (day - 1) : bits }
        } ?? 0
    }
  }

  public var monthDay: Int? {
    get { monthDayValue == 0 ? nil : Int(monthDayValue) }
    set { monthDayValue = newValue.map { UInt8(clamping: $0) } ?? 0 }
  }

  public var interval: Int {
    get { Int(intervalValue) }
    set { intervalValue = Int16(clamping: newValue) }
  }

  public init(pattern: Pattern, weekdays: [Int]?, monthDay: Int?, interval: Int, afterCompletion: Bool) {
    self.pattern = pattern
    self.afterCompletion = afterCompletion
    weekdayBits = 0
    monthDayValue = 0
    intervalValue = 1
    self.weekdays = weekdays
    self.monthDay = monthDay
    self.interval = interval
  }

  public static let none = Recurrence(pattern: .none, weekdays: nil, monthDay: nil, interval: 1, afterCompletion: false)

  public var repeats: Bool { pattern != .none }

  /// Builds a recurrence from its parts, refusing combinations that make no sense.
  public static func make(
    pattern name: String, weekdays: [Int]?, monthDay: Int?, interval: Int? = nil,
    afterCompletion: Bool? = nil
  ) throws(DomainError) -> Recurrence {
    guard let pattern = Pattern(rawValue: name) else {
      throw .invalidField("recurrence.pattern", "must be one of none, daily, weekly, biweekly, monthly")
    }
    func forbid(_ present: Bool, _ field: String) throws(DomainError) {
      if present { throw .invalidField("recurrence.\(field)", "is not allowed with pattern \"\(name)\"") }
    }
    let isWeekly = pattern == .weekly || pattern == .biweekly
    try forbid(weekdays != nil && !isWeekly, "weekdays")
    try forbid(monthDay != nil && pattern != .monthly, "monthDay")
    try forbid(
      pattern == .none && (interval != nil || afterCompletion != nil), interval != nil ? "interval" : "afterCompletion")
    if let interval, !(1...365).contains(interval) {
      throw .invalidField("recurrence.interval", "must be from 1 to 365")
    }
    if afterCompletion == true, weekdays?.isEmpty == false || monthDay != nil {
      throw .invalidField(
        "recurrence.afterCompletion", "counts from the completion day, so it takes no weekdays or monthDay")
    }
    let days = weekdays ?? []
    guard days.allSatisfy({ (1...7).contains($0) }) else {
      throw .invalidField("recurrence.weekdays", "must hold ISO weekdays from 1 (Mon) to 7 (Sun)")
    }
    guard Set(days).count == days.count else {
      throw .invalidField("recurrence.weekdays", "must not repeat a weekday")
    }
    if let monthDay, !(1...32).contains(monthDay) {
      throw .invalidField("recurrence.monthDay", "must be from 1 to 31, or 32 for the last day")
    }
    return Recurrence(
      pattern: pattern, weekdays: isWeekly ? days.sorted() : nil, monthDay: monthDay,
      interval: interval ?? 1, afterCompletion: afterCompletion ?? false)
  }

  /// The date of the next occurrence of a task scheduled on `base` (today when it had none)
  /// and completed on `completedOn`; nil when the calendar ends first (after 9999-12-31). On a fixed schedule it is the first date of the pattern
  /// after both `base` and `completedOn`, so it is never in the past: a long-overdue daily task
  /// done today comes back tomorrow.
  public func next(after base: CalendarDate, completedOn today: CalendarDate) -> CalendarDate? {
    if afterCompletion {
      switch pattern {
      case .none: return nil
      case .daily: return today.adding(days: interval)
      case .weekly: return today.adding(days: 7 * interval)
      case .biweekly: return today.adding(days: 14 * interval)
      case .monthly: return today.adding(months: interval)
      }
    }
    let floor = max(base, today)
    switch pattern {
    case .none:
      return nil
    case .daily:
      let steps = (floor.dayNumber - base.dayNumber) / interval + 1
      let next = base.adding(days: steps * interval)
      return next > floor ? next : nil
    case .weekly, .biweekly:
      let everyWeeks = (pattern == .biweekly ? 2 : 1) * interval
      let days = weekdays?.isEmpty == false ? weekdays! : [base.isoWeekday]
      let baseMonday = base.adding(days: 1 - base.isoWeekday)
      var candidate = floor.adding(days: 1)
      for _ in 0..<(7 * everyWeeks + 7) {
        let weeks = (candidate.adding(days: 1 - candidate.isoWeekday).dayNumber - baseMonday.dayNumber) / 7
        if weeks % everyWeeks == 0, days.contains(candidate.isoWeekday) { return candidate }
        candidate = candidate.adding(days: 1)
      }
      return nil
    case .monthly:
      let wanted = monthDay ?? base.day
      var offset = 0
      while true {
        let month = CalendarDate(year: base.year, month: base.month, day: 1)!.adding(months: offset)
        let day =
          wanted == 32
          ? CalendarDate.daysIn(month: month.month, year: month.year)
          : min(wanted, CalendarDate.daysIn(month: month.month, year: month.year))
        let candidate = CalendarDate(year: month.year, month: month.month, day: day)!
        if candidate > floor { return candidate }
        // At the end of the calendar (year 9999) there is no next month to try.
        if month.year == 9999 && month.month == 12 { return nil }
        offset += interval
      }
    }
  }
}
