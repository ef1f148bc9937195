import JSON
import JSONRPC
import TaskwireCore
import TaskwireProtocol

/// Taskwarrior's `recur` values as taskwire repeats, and back. Taskwarrior counts a repeat from
/// the due date; taskwire from the scheduled date (see `TaskwarriorReader`).
enum TaskwarriorRecurrence {
  /// `daily`, `weekdays`, `weekly`, `biweekly`/`fortnight`, `monthly`, `quarterly`,
  /// `semiannual`, `annual`/`yearly`, and counts: `3d`, `2w`, `5mo`, `2q`, `1y` (also written
  /// `3days`, `P3D`). Nil for what taskwire cannot repeat (hours, minutes, more than a year of
  /// days).
  static func read(_ text: String) -> Recurrence? {
    let value = text.lowercased().trimmingCharacters(in: .whitespaces)
    switch value {
    case "daily", "day": return make("daily")
    case "weekdays": return make("weekly", weekdays: [1, 2, 3, 4, 5])
    case "weekly", "week": return make("weekly")
    case "biweekly", "fortnight", "fortnightly": return make("biweekly")
    case "monthly", "month": return make("monthly")
    case "bimonthly": return make("monthly", interval: 2)
    case "quarterly", "quarter": return make("monthly", interval: 3)
    case "semiannual": return make("monthly", interval: 6)
    case "annual", "yearly", "year": return make("monthly", interval: 12)
    case "biannual", "biyearly": return make("monthly", interval: 24)
    default: break
    }
    var body = Substring(value)
    if body.hasPrefix("p") { body = body.dropFirst() }  // ISO 8601: P3D, P2W, P1M, P1Y
    let digits = body.prefix { $0.isASCII && $0.isNumber }
    let count = digits.isEmpty ? 1 : Int(digits) ?? 0
    let unit = body.dropFirst(digits.count).trimmingCharacters(in: .whitespaces)
    // No repeat is longer than 365 days, weeks or months: a larger count is refused before it
    // is multiplied (12 × a huge count of years would overflow).
    guard (1...365).contains(count) else { return nil }
    switch unit {
    case "d", "day", "days": return make("daily", interval: count)
    case "w", "wk", "wks", "week", "weeks": return count == 2 ? make("biweekly") : make("weekly", interval: count)
    case "mo", "mos", "mth", "mths", "month", "months": return make("monthly", interval: count)
    case "m" where value.hasPrefix("p"): return make("monthly", interval: count)  // P1M; 1m is a minute
    case "q", "qtr", "qtrs", "quarter", "quarters": return make("monthly", interval: 3 * count)
    case "y", "yr", "yrs", "year", "years": return make("monthly", interval: 12 * count)
    default: return nil
    }
  }

  private static func make(_ pattern: String, weekdays: [Int]? = nil, interval: Int = 1) -> Recurrence? {
    try? Recurrence.make(
      pattern: pattern, weekdays: weekdays, monthDay: nil, interval: interval, afterCompletion: false)
  }

  /// The `recur` Taskwarrior reads for a repeat; nil when it has none that means the same
  /// (several weekdays, the last day of the month, counted from completion): the task then
  /// carries the repeat only in `taskwire_recurrence`.
  static func write(_ recurrence: Recurrence, scheduled: CalendarDate?) -> String? {
    guard !recurrence.afterCompletion else { return nil }
    let n = recurrence.interval
    switch recurrence.pattern {
    case .none: return nil
    case .daily: return n == 1 ? "daily" : "\(n)d"
    case .weekly, .biweekly:
      let weeks = recurrence.pattern == .biweekly ? 2 * n : n
      if recurrence.weekdays == [1, 2, 3, 4, 5], weeks == 1 { return "weekdays" }
      // No weekdays means the scheduled date's own, as Taskwarrior repeats from its date.
      let days = recurrence.weekdays ?? []
      guard days.isEmpty || scheduled.map({ days == [$0.isoWeekday] }) == true else { return nil }
      return weeks == 1 ? "weekly" : weeks == 2 ? "biweekly" : "\(weeks)w"
    case .monthly:
      guard recurrence.monthDay == nil || recurrence.monthDay == scheduled?.day else { return nil }
      return n == 1 ? "monthly" : n % 12 == 0 ? "\(n / 12)y" : "\(n)mo"
    }
  }

  /// The exact repeat a taskwire export carries beside `recur` (`taskwire_recurrence`).
  static func exact(_ text: String) -> Recurrence? {
    guard let value = try? JSONParser.parse(text), value.objectValue != nil,
      let reader = try? ParamReader(["recurrence": value], allowed: ["recurrence"]),
      let patch = try? TaskFields.patch(reader)
    else { return nil }
    return patch.recurrence
  }
}
