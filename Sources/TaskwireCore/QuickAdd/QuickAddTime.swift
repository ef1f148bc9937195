/// Times of day in a quick-add line (issue 30): `3pm`, `3:30pm`, `3 pm`, `15:30`, `9:00`, with
/// `at` or `um` before them, and German's `15 Uhr`, `15:30 Uhr`, `um 15 Uhr`. A time without a
/// date in the line is today's (`morgen 9:00` is tomorrow at nine).
extension QuickAdd {
  /// The words a time may follow: English `at`, German `um`.
  static let timePrefixes: Set<String> = ["at", "um"]

  static func time(_ words: [QuickAddWords.Word], at i: Int) -> (Int, Recognised)? {
    var start = i
    if timePrefixes.contains(words[i].key), i + 1 < words.count { start = i + 1 }
    guard !words[start].literal else { return nil }
    let key = words[start].key
    let next = start + 1 < words.count && !words[start + 1].literal ? words[start + 1].key : nil
    var count = 1
    var found: WallTime?
    if let time = clock(key) {
      found = time
      // `15:30 Uhr`: the word goes with the time.
      if next == "uhr", key.contains(":") { count = 2 }
    } else if let hour = Int(key), let next {
      switch next {
      case "uhr": found = WallTime(hour: hour, minute: 0)
      case "am", "pm": found = twelveHour(hour, minute: 0, pm: next == "pm")
      default: break
      }
      count = 2
    }
    guard let found else { return nil }
    let value = found.description
    return (start - i + count, Recognised(kind: .time, value: value, field: .time(found)))
  }

  /// The words that ask for a reminder at a time: `remind 9am`, `remind at 9am`, `remind me at
  /// 9am`, `erinnern 9 Uhr`, `erinnern um 9`, `Erinnerung 9:00`. The reminder is on the task's
  /// date (a line without one: today).
  static let reminderWords: Set<String> = ["remind", "reminder", "erinnern", "erinnerung"]

  static func reminder(_ words: [QuickAddWords.Word], at i: Int) -> (Int, Recognised)? {
    guard reminderWords.contains(words[i].key), i + 1 < words.count else { return nil }
    var next = i + 1
    if words[next].key == "me" || words[next].key == "mich", next + 1 < words.count { next += 1 }
    guard let (count, found) = time(words, at: next), case .time(let time) = found.field else {
      // `erinnern um 9`: a bare hour after `um`.
      guard words[next].key == "um", next + 1 < words.count, !words[next + 1].literal,
        let hour = Int(words[next + 1].key), let time = WallTime(hour: hour, minute: 0)
      else { return nil }
      return (next + 2 - i, Recognised(kind: .reminder, value: time.description, field: .reminder(time)))
    }
    return (next + count - i, Recognised(kind: .reminder, value: time.description, field: .reminder(time)))
  }

  /// One word that is a time by itself: `15:30`, `9:00` (24-hour, minutes as two digits),
  /// `3pm`, `3:30pm`, `12am` (12-hour).
  static func clock(_ key: String) -> WallTime? {
    var text = Substring(key)
    var pm: Bool? = nil
    if text.hasSuffix("am") || text.hasSuffix("pm") {
      pm = text.hasSuffix("pm")
      text = text.dropLast(2)
    }
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
      let hour = Int(parts[0]), parts[0].count <= 2
    else { return nil }
    var minute = 0
    if parts.count == 2 {
      guard parts[1].count == 2, let minutes = Int(parts[1]) else { return nil }
      minute = minutes
    }
    if let pm { return twelveHour(hour, minute: minute, pm: pm) }
    // A bare number is no time (`3`, `2026`); `9:00` is.
    return parts.count == 2 ? WallTime(hour: hour, minute: minute) : nil
  }

  /// 1–12 on a 12-hour clock: 12am is midnight, 12pm noon.
  static func twelveHour(_ hour: Int, minute: Int, pm: Bool) -> WallTime? {
    guard (1...12).contains(hour) else { return nil }
    return WallTime(hour: hour % 12 + (pm ? 12 : 0), minute: minute)
  }

  /// This Evening (Things): `tonight`, `this evening`, German `heute abend`.
  static func evening(_ words: [QuickAddWords.Word], at i: Int) -> (Int, Recognised)? {
    guard !words[i].literal else { return nil }
    let recognised = Recognised(kind: .evening, value: "true", field: .evening)
    if words[i].key == "tonight" { return (1, recognised) }
    guard i + 1 < words.count, !words[i + 1].literal else { return nil }
    switch (words[i].key, words[i + 1].key) {
    case ("this", "evening"), ("heute", "abend"): return (2, recognised)
    default: return nil
    }
  }
}
