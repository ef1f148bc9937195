/// The date phrases in German, read whatever the locale (like the English ones): `heute`,
/// `morgen`, `übermorgen`, `gestern`, `mo` … `so`, `montag` … `sonntag`, `nächsten freitag`,
/// `in 3 tagen`, `in 2 wochen`, `nächste woche`, `ende der woche`, `wochenende`, `monatsende`,
/// `jahresende`, `24. dez`, `24. dezember 2027`, `24.12.`, `24.12.2027` (day first, as German
/// writes it, so not ambiguous).
extension DatePhrase {
  static let germanWeekdays: [String: Int] = [
    "mo": 1, "montag": 1, "di": 2, "dienstag": 2, "mi": 3, "mittwoch": 3, "do": 4, "donnerstag": 4,
    "fr": 5, "freitag": 5, "sa": 6, "samstag": 6, "sonnabend": 6, "so": 7, "sonntag": 7,
  ]

  static let germanMonths: [String: Int] = [
    "januar": 1, "jan": 1, "jänner": 1, "februar": 2, "feb": 2, "märz": 3, "mär": 3, "maerz": 3, "april": 4,
    "apr": 4, "mai": 5, "juni": 6, "jun": 6, "juli": 7, "jul": 7, "august": 8, "aug": 8, "september": 9,
    "sep": 9, "sept": 9, "oktober": 10, "okt": 10, "november": 11, "nov": 11, "dezember": 12, "dez": 12,
  ]

  static func german(_ words: [String], today: CalendarDate) -> CalendarDate? {
    switch words.joined(separator: " ") {
    case "heute": return today
    case "morgen": return today.adding(days: 1)
    case "übermorgen", "uebermorgen": return today.adding(days: 2)
    case "gestern": return today.adding(days: -1)
    case "ende der woche": return today.adding(days: 7 - today.isoWeekday)
    case "wochenende", "dieses wochenende":
      return today.isoWeekday >= 6 ? today : today.adding(days: 6 - today.isoWeekday)
    case "nächstes wochenende": return today.adding(days: 13 - today.isoWeekday)
    case "monatsende", "ende des monats": return today.lastDayOfMonth
    case "jahresende", "ende des jahres": return CalendarDate(year: today.year, month: 12, day: 31)
    case "nächste woche", "naechste woche": return today.adding(days: 8 - today.isoWeekday)
    case "nächsten monat", "nächster monat":
      return CalendarDate(year: today.year, month: today.month, day: 1)!.adding(months: 1)
    default: break
    }
    if let date = germanWeekday(words, today: today) { return date }
    if let date = germanRelative(words, today: today) { return date }
    return germanDayAndMonth(words, today: today)
  }

  /// `fr`, `freitag`, `diesen freitag`: the first such day after today; `nächsten freitag`:
  /// Friday of next week, as `next fri`.
  private static func germanWeekday(_ words: [String], today: CalendarDate) -> CalendarDate? {
    var words = words
    var nextWeek = false
    if words.count == 2,
      ["nächsten", "nächster", "nächste", "naechsten", "kommenden", "diesen", "am"].contains(words[0])
    {
      nextWeek = words[0].hasPrefix("nä") || words[0].hasPrefix("nae")
      words.removeFirst()
    }
    guard words.count == 1, let target = germanWeekdays[words[0]] else { return nil }
    if nextWeek { return today.adding(days: 8 - today.isoWeekday + target - 1) }
    let ahead = (target - today.isoWeekday + 7) % 7
    return today.adding(days: ahead == 0 ? 7 : ahead)
  }

  /// `in 3 tagen`, `in einer woche`, `in 2 wochen`, `in einem monat`, `in 2 jahren`.
  private static func germanRelative(_ words: [String], today: CalendarDate) -> CalendarDate? {
    guard words.count == 3, words[0] == "in" else { return nil }
    let amount = ["einem", "einer", "ein", "eins"].contains(words[1]) ? 1 : Int(words[1])
    guard let amount, (0...3650).contains(amount) else { return nil }
    switch words[2] {
    case "tag", "tagen": return today.adding(days: amount)
    case "woche", "wochen": return today.adding(days: 7 * amount)
    case "monat", "monaten": return amount <= 1200 ? today.adding(months: amount) : nil
    case "jahr", "jahren": return amount <= 100 ? today.adding(months: 12 * amount) : nil
    default: return nil
    }
  }

  /// `24. dez`, `24. dezember 2027`, `24.12.`, `24.12.2027`.
  private static func germanDayAndMonth(_ words: [String], today: CalendarDate) -> CalendarDate? {
    var day: Int
    var month: Int
    var year: Int? = nil
    if words.count == 1 {
      let parts = words[0].split(separator: ".", omittingEmptySubsequences: false)
      guard parts.count == 3, let d = Int(parts[0]), let m = Int(parts[1]), parts[0].count <= 2, parts[1].count <= 2
      else { return nil }
      (day, month) = (d, m)
      if !parts[2].isEmpty {
        guard parts[2].count == 4, let y = Int(parts[2]) else { return nil }
        year = y
      }
    } else if words.count == 2 || words.count == 3 {
      guard let d = Int(words[0].replacingDot()), let m = germanMonths[words[1].replacingDot()]
      else { return nil }
      (day, month) = (d, m)
      if words.count == 3 {
        guard words[2].count == 4, let y = Int(words[2]) else { return nil }
        year = y
      }
    } else {
      return nil
    }
    if let year { return CalendarDate(year: year, month: month, day: day) }
    for offset in 0...4 {
      if let date = CalendarDate(year: today.year + offset, month: month, day: day), date >= today { return date }
    }
    return nil
  }
}

extension String {
  /// `dez.` → `dez`.
  fileprivate func replacingDot() -> String { hasSuffix(".") ? String(dropLast()) : self }
}
