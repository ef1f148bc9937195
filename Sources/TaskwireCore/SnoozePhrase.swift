/// What a reminder's snooze says (`reminder/snooze`'s `for`; Protocol/README.md, "Reminders"):
/// a span (`10m`, `1h`, `90 min`, `2 hours`, `20 Minuten`, `1 Stunde`), this evening (18:00),
/// tomorrow morning (09:00), or a date and time as quick add reads them (`fri 9am`, `15:30`,
/// `morgen 9 Uhr`: a time without a date is today's, or tomorrow's once today's has passed; a
/// date without a time is at 09:00).
public enum SnoozePhrase {
  public enum Until: Equatable, Sendable {
    /// So many minutes from now.
    case minutes(Int)
    /// At a wall time.
    case wall(WallMoment)
  }

  public static let eveningTime = WallTime(hour: 18, minute: 0)!
  public static let morningTime = WallTime(hour: 9, minute: 0)!

  /// When the reminder comes back, read against `now` (the wall time) and `today` (the day of
  /// the lists); nil when the phrase says nothing this can read. The caller refuses a time
  /// that is not after now.
  public static func until(_ text: String, now: WallMoment, today: CalendarDate) -> Until? {
    let key = text.trimmingWhitespace.lowercased()
    switch key {
    case "evening", "this evening", "tonight", "heute abend", "abend", "abends":
      return .wall(WallMoment(day: now.day, time: eveningTime))
    case "tomorrow", "tomorrow morning", "morgen", "morgen früh", "morgen frueh":
      return .wall(WallMoment(day: today.adding(days: 1), time: morningTime))
    default: break
    }
    if let minutes = span(key) { return .minutes(minutes) }
    // (Quick add keeps a short word such as `fri` in a title unless `on` comes before it: here
    // there is no title, so it is read with `on` too.)
    let readings = [text, "on " + text].map { QuickAdd.parse($0, today: today) }
    guard
      let parsed = readings.first(where: { parsed in
        parsed.title.isEmpty && !parsed.tokens.isEmpty
          && parsed.tokens.allSatisfy { $0.kind == .date || $0.kind == .time }
      })
    else { return nil }
    let time = parsed.patch.scheduledTime.flatMap { $0 }.flatMap(WallTime.init(iso:))
    let hasDate = parsed.tokens.contains { $0.kind == .date }
    guard let dayText = parsed.patch.scheduledDate ?? nil, let day = CalendarDate(iso: dayText) else { return nil }
    let moment = WallMoment(day: hasDate ? day : now.day, time: time ?? morningTime)
    // `15:30` after half past three: tomorrow's.
    if !hasDate, moment <= now { return .wall(WallMoment(day: moment.day.adding(days: 1), time: moment.time)) }
    return .wall(moment)
  }

  /// `10m`, `1h`, `1h30`, `90 min`, `2 hours`, `20 Minuten`, `1 Stunde`: minutes, up to a week.
  static func span(_ key: String) -> Int? {
    let units: [(String, Int)] = [
      ("minutes", 1), ("minute", 1), ("minuten", 1), ("mins", 1), ("min", 1), ("m", 1),
      ("hours", 60), ("hour", 60), ("stunden", 60), ("stunde", 60), ("std", 60), ("h", 60),
    ]
    let compact = key.filter { $0 != " " }
    for (unit, factor) in units where compact.hasSuffix(unit) {
      guard let count = Int(compact.dropLast(unit.count)), count > 0, count * factor <= 10_080 else { continue }
      return count * factor
    }
    // `1h30`
    let parts = compact.split(separator: "h", omittingEmptySubsequences: false)
    if parts.count == 2, let hours = Int(parts[0]), let minutes = Int(parts[1]), hours >= 0, (0..<60).contains(minutes)
    {
      let total = hours * 60 + minutes
      return total > 0 && total <= 10_080 ? total : nil
    }
    return nil
  }
}
