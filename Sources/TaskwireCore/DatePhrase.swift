/// Reads the dates people type: `today`, `tomorrow`, `2026-02-13`, weekday names (`fri`,
/// `next monday`), `in 3 days`, `+2w`, `dec 24`, `24 dec 2027`, `end of month`/`eom`,
/// `end of week`/`eow`, `next week`, `next month`. Relative phrases count from `today`; the
/// grammar is documented in Protocol/README.md.
public enum DatePhrase {
  public static let examples = "today, tomorrow, fri, next monday, in 3 days, +2w, dec 24, eom or YYYY-MM-DD"

  /// The longest phrase read, in UTF-8 bytes ("24. Dezember 2027" is 18): anything longer is
  /// refused at once, so that a huge input costs nothing to refuse.
  public static let maxLength = 64

  public static func resolve(_ phrase: String, today: CalendarDate) -> CalendarDate? {
    guard phrase.utf8.count <= maxLength else { return nil }
    let words = phrase.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," })
      .map(String.init)
    return resolve(words: words, today: today)
  }

  /// The same, for a phrase already cut into lower-case words.
  static func resolve(words: [String], today: CalendarDate) -> CalendarDate? {
    guard !words.isEmpty else { return nil }
    if words.count == 1, let date = CalendarDate(iso: words[0]) { return date }
    switch words.joined(separator: " ") {
    case "today", "tod", "now": return today
    case "tomorrow", "tom", "tmr", "tmrw": return today.adding(days: 1)
    case "yesterday": return today.adding(days: -1)
    case "end of week", "eow": return today.adding(days: 7 - today.isoWeekday)
    case "end of month", "eom": return today.lastDayOfMonth
    case "end of year", "eoy": return CalendarDate(year: today.year, month: 12, day: 31)
    case "next week": return today.adding(days: 8 - today.isoWeekday)
    case "next month":
      return CalendarDate(year: today.year, month: today.month, day: 1)!.adding(months: 1)
    default: break
    }
    if let date = weekend(words, today: today) { return date }
    if let date = weekday(words, today: today) { return date }
    if let date = relative(words, today: today) { return date }
    if let date = dayOfMonth(words, today: today) { return date }
    if let date = monthAndDay(words.map(withoutOrdinal), today: today) { return date }
    return german(words, today: today)
  }

  /// `weekend`, `this weekend`: this week's Saturday (today on a weekend day); `next weekend`:
  /// the Saturday after that.
  private static func weekend(_ words: [String], today: CalendarDate) -> CalendarDate? {
    var words = words
    var next = false
    if words.count == 2, words[0] == "this" || words[0] == "next" {
      next = words[0] == "next"
      words.removeFirst()
    }
    guard words == ["weekend"] else { return nil }
    let thisWeekend = today.isoWeekday >= 6 ? today : today.adding(days: 6 - today.isoWeekday)
    return next ? today.adding(days: 13 - today.isoWeekday) : thisWeekend
  }

  /// `15th`, `the 15th`: the next 15th that is not in the past (a month without a 31st is
  /// skipped for `31st`).
  private static func dayOfMonth(_ words: [String], today: CalendarDate) -> CalendarDate? {
    let word = words.count == 2 && words[0] == "the" ? words[1] : (words.count == 1 ? words[0] : "")
    guard word != withoutOrdinal(word), let day = Int(withoutOrdinal(word)), (1...31).contains(day) else { return nil }
    var month = CalendarDate(year: today.year, month: today.month, day: 1)!
    for _ in 0..<13 {
      if let date = CalendarDate(year: month.year, month: month.month, day: day), date >= today { return date }
      month = month.adding(months: 1)
    }
    return nil
  }

  /// `1st` → `1`, `22nd` → `22`; other words unchanged.
  static func withoutOrdinal(_ word: String) -> String {
    for suffix in ["st", "nd", "rd", "th"] where word.hasSuffix(suffix) {
      let number = word.dropLast(2)
      if !number.isEmpty, number.allSatisfy(\.isNumber) { return String(number) }
    }
    return word
  }

  private static let weekdayNames: [String: Int] = [
    "mon": 1, "monday": 1, "tue": 2, "tues": 2, "tuesday": 2, "wed": 3, "wednesday": 3,
    "thu": 4, "thur": 4, "thurs": 4, "thursday": 4, "fri": 5, "friday": 5, "sat": 6,
    "saturday": 6, "sun": 7, "sunday": 7,
  ]

  /// `fri` is the first Friday after today; `next fri` is the Friday of next week (weeks start
  /// on Monday), so on a Wednesday `fri` is in 2 days and `next fri` in 9.
  private static func weekday(_ words: [String], today: CalendarDate) -> CalendarDate? {
    var words = words
    var nextWeek = false
    if words.count == 2, words[0] == "next" || words[0] == "this" {
      nextWeek = words[0] == "next"
      words.removeFirst()
    }
    guard words.count == 1, let target = weekdayNames[words[0]] else { return nil }
    if nextWeek {
      let nextMonday = today.adding(days: 8 - today.isoWeekday)
      return nextMonday.adding(days: target - 1)
    }
    let ahead = (target - today.isoWeekday + 7) % 7
    return today.adding(days: ahead == 0 ? 7 : ahead)
  }

  /// `in 3 days`, `in a week`, `+2w`, `+10`, `+1m`.
  private static func relative(_ words: [String], today: CalendarDate) -> CalendarDate? {
    var amount: Int
    var unit: String
    if words.count == 3, words[0] == "in" {
      guard let count = words[1] == "a" || words[1] == "one" ? 1 : Int(words[1]) else { return nil }
      amount = count
      unit = words[2]
    } else if (words.count == 1 && words[0].hasPrefix("+")) || (words.count == 2 && words[0] == "in") {
      // `+2w`, and `in 2w` as people type it.
      let body = words.count == 1 ? words[0].dropFirst() : Substring(words[1])
      guard body.first?.isNumber == true else { return nil }
      let digits = body.prefix(while: { $0.isNumber })
      guard let count = Int(digits), digits.count <= 4 else { return nil }
      amount = count
      unit = String(body.dropFirst(digits.count))
      // `+3` is three days; `in 3` says too little to be a date.
      if unit.isEmpty { unit = words.count == 1 ? "d" : "?" }
    } else {
      return nil
    }
    // A century ahead is far enough for a task, and keeps every result a real date.
    guard (0...36_500).contains(amount) else { return nil }
    switch unit {
    case "d", "day", "days": return today.adding(days: amount)
    case "w", "week", "weeks": return amount <= 5200 ? today.adding(days: 7 * amount) : nil
    case "m", "month", "months": return amount <= 1200 ? today.adding(months: amount) : nil
    case "y", "year", "years": return amount <= 100 ? today.adding(months: 12 * amount) : nil
    default: return nil
    }
  }

  /// `dec 24`, `december 24`, `24 dec`, with an optional year; without one, the next such day
  /// that is not in the past.
  private static func monthAndDay(_ words: [String], today: CalendarDate) -> CalendarDate? {
    guard words.count == 2 || words.count == 3 else { return nil }
    guard monthNumber(words[0]) != nil || monthNumber(words[1]) != nil else { return nil }
    let month: Int
    let day: Int
    if let m = monthNumber(words[0]), let d = Int(words[1]) {
      (month, day) = (m, d)
    } else if let d = Int(words[0]), let m = monthNumber(words[1]) {
      (month, day) = (m, d)
    } else {
      return nil
    }
    if words.count == 3 {
      guard let year = Int(words[2]), words[2].count == 4 else { return nil }
      return CalendarDate(year: year, month: month, day: day)
    }
    if let date = CalendarDate(year: today.year, month: month, day: day), date >= today {
      return date
    }
    // Feb 29 next year may not exist: look up to four years ahead for the day.
    for offset in 1...4 {
      if let date = CalendarDate(year: today.year + offset, month: month, day: day) { return date }
    }
    return nil
  }

  private static let monthNumbers: [String: Int] = {
    let names = [
      "january", "february", "march", "april", "may", "june", "july", "august", "september",
      "october", "november", "december",
    ]
    var numbers: [String: Int] = ["sept": 9]
    for (index, name) in names.enumerated() {
      numbers[name] = index + 1
      numbers[String(name.prefix(3))] = index + 1
    }
    return numbers
  }()

  private static func monthNumber(_ word: String) -> Int? { monthNumbers[word] }
}
