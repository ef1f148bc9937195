/// Dates and repeats in a quick-add line: they take several words (`next friday`, `in 3 days`,
/// `every mon, thu`), so they are matched as the longest phrase the date grammar reads.
extension QuickAdd {
  /// Short words that are dates only after `on`/`at`/`by`/`due` or at the end of the title
  /// (nothing but other tokens after them: `Call mom fri #family 30m`), because they are
  /// ordinary words too ("Watch the sun rise", "Read 3rd chapter").
  static let needsContext: Set<String> = [
    "mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun", "tod", "tom", "now",
    "weekend", "eow", "eom", "eoy",
  ]

  /// German's two-letter weekdays are common words in English and German ("do", "so"): dates
  /// only after a prefix (`am do`, `on fr`).
  static let needsPrefix: Set<String> = ["mo", "di", "mi", "do", "fr", "sa", "so"]

  /// The words before a date: the date itself (`on`, `at`, `am`) or the due date (`due`, `by`,
  /// `deadline`, `bis`, `fällig`, `Frist`).
  static let prefixes: [String: Token.Kind] = [
    "on": .date, "at": .date, "am": .date, "due": .due, "by": .due, "bis": .due, "fällig": .due,
    "deadline": .due, "frist": .due,
  ]

  /// For each word, whether nothing but one-word tokens (tags, priorities, `*`, durations,
  /// types, Taskwarrior's attributes) follows it: then it ends the title. One pass from the end.
  static func titleEnds(_ words: [QuickAddWords.Word], today: CalendarDate) -> [Bool] {
    var ends = [Bool](repeating: true, count: words.count)
    var index = words.count - 2
    while index >= 0 {
      let next = words[index + 1]
      ends[index] = ends[index + 1] && !next.literal && single(next.key, original: next.text, today: today) != nil
      index -= 1
    }
    return ends
  }

  /// `[on|at|by|due] <date phrase>`: `due` and `by` set the due date, the others the date.
  static func date(_ words: [QuickAddWords.Word], at i: Int, today: CalendarDate, titleEnds: [Bool])
    -> (Int, Recognised)?
  {
    var start = i
    var kind = Token.Kind.date
    let prefix = words[i].key
    if let prefixKind = prefixes[prefix], i + 1 < words.count {
      start = i + 1
      kind = prefixKind
    }
    let hasPrefix = start > i
    // Most words cannot begin a date: they are passed over without trying the grammar.
    guard DatePhrase.mayBegin(words[start].key) else { return nil }
    // The grammar's longest phrases have three words (`dec 24 2027`, `in 3 days`).
    for count in stride(from: min(3, words.count - start), through: 1, by: -1) {
      let window = words[start..<start + count]
      guard window.allSatisfy({ !$0.literal }) else { continue }
      let keys = window.map(\.key)
      let phrase = count == 1 ? keys[0] : keys.joined(separator: " ")
      if count == 1, !hasPrefix, !titleEnds[start] || needsPrefix.contains(phrase),
        needsContext.contains(phrase) || needsPrefix.contains(phrase) || DatePhrase.withoutOrdinal(phrase) != phrase
      {
        continue
      }
      guard let date = DatePhrase.resolve(words: keys, today: today) else { continue }
      let field: Field = kind == .due ? .due(date) : .date(date)
      return (start - i + count, Recognised(kind: kind, value: date.description, field: field))
    }
    return nil
  }

  /// `daily`, `weekly`, `biweekly`, `monthly`, and `every …`: `every day`, `every 3 days`,
  /// `every other week`, `every weekday`, `every mon, thu`, `every month on the 15th`,
  /// `every month on the last day`, `every 15th`; `every! …` counts from the completion day.
  static func recurrence(_ words: [QuickAddWords.Word], at i: Int) -> (Int, Recognised)? {
    // German repeats (`täglich`, `jeden montag`, `alle 2 wochen`, `monatlich am 15.`,
    // `jeden monat am letzten tag`) are read as their English words.
    if germanRepeatStarts.contains(words[i].key) {
      let translated = words.map { word -> QuickAddWords.Word in
        var word = word
        word.key =
          germanRepeatWords[word.key]
          ?? (word.key.hasSuffix(".") && Int(word.key.dropLast()) != nil ? word.key.dropLast() + "th" : word.key)
        return word
      }
      if ["monthly", "weekly", "daily", "biweekly"].contains(translated[i].key), i + 1 < words.count,
        words[i + 1].key == "am"
      {
        // `monatlich am 15.` is `every month on the 15th`.
        var every = translated
        every[i].key = "every"
        every.insert(every[i], at: i + 1)
        every[i + 1].key = "month"
        if let (count, found) = recurrence(every, at: i), count > 2 { return (count - 1, found) }
      }
      return recurrence(translated, at: i)
    }
    let first = words[i].key
    if let pattern = Recurrence.Pattern(rawValue: first), pattern != .none {
      return made(pattern.rawValue, count: 1)
    }
    guard first == "every" || first == "every!" else { return nil }
    let afterCompletion = first == "every!"
    var j = i + 1
    func next() -> String? { j < words.count && !words[j].literal ? words[j].key : nil }
    var interval: Int? = nil
    if next() == "other" {
      interval = 2
      j += 1
    } else if let word = next(), let number = Int(word), (1...365).contains(number) {
      interval = number
      j += 1
    }
    guard let unit = next() else { return nil }
    j += 1
    var pattern: String
    var weekdays: [Int]? = nil
    var monthDay: Int? = nil
    switch unit {
    case "day", "days": pattern = "daily"
    case "week", "weeks":
      pattern = interval == 2 ? "biweekly" : "weekly"
      if interval == 2 { interval = nil }
    case "month", "months":
      pattern = "monthly"
      // `on the 15th`, `on the last day`, `on 15th`.
      var k = j
      if k < words.count, words[k].key == "on" { k += 1 }
      if k < words.count, words[k].key == "the" { k += 1 }
      if let day = dayOfMonth(words, at: k) {
        monthDay = day.value
        j = k + day.count
      }
    case "weekday", "weekdays": (pattern, weekdays) = ("weekly", [1, 2, 3, 4, 5])
    default:
      j -= 1
      if let day = dayOfMonth(words, at: j), interval == nil {
        (pattern, monthDay) = ("monthly", day.value)
        j += day.count
      } else {
        var days: [Int] = []
        while let word = next(), let weekday = weekdayNumber(word) ?? (word == "and" ? 0 : nil) {
          if weekday > 0, !days.contains(weekday) { days.append(weekday) }
          j += 1
        }
        guard !days.isEmpty else { return nil }
        (pattern, weekdays) = (interval == 2 ? "biweekly" : "weekly", days)
        if interval == 2 { interval = nil }
      }
    }
    guard
      let recurrence = try? Recurrence.make(
        pattern: pattern, weekdays: weekdays, monthDay: monthDay, interval: interval,
        afterCompletion: afterCompletion ? true : nil)
    else { return nil }
    return (j - i, Recognised(kind: .recurrence, value: pattern, field: .recurrence(recurrence)))

    func made(_ pattern: String, count: Int) -> (Int, Recognised)? {
      guard let recurrence = try? Recurrence.make(pattern: pattern, weekdays: nil, monthDay: nil) else { return nil }
      return (count, Recognised(kind: .recurrence, value: pattern, field: .recurrence(recurrence)))
    }
  }

  static let germanRepeatStarts: Set<String> = [
    "täglich", "wöchentlich", "zweiwöchentlich", "monatlich", "jeden", "jede", "jedes", "alle",
  ]
  static let germanRepeatWords: [String: String] = [
    "täglich": "daily", "wöchentlich": "weekly", "zweiwöchentlich": "biweekly", "monatlich": "monthly",
    "jeden": "every", "jede": "every", "jedes": "every", "alle": "every", "tag": "day", "tage": "days",
    "woche": "week", "wochen": "weeks", "monat": "month", "monate": "months", "werktag": "weekday",
    "werktags": "weekday", "am": "on", "letzten": "last", "und": "and", "mo": "mon", "montag": "monday",
    "di": "tue", "dienstag": "tuesday", "mi": "wed", "mittwoch": "wednesday", "do": "thu",
    "donnerstag": "thursday", "fr": "fri", "freitag": "friday", "sa": "sat", "samstag": "saturday",
    "so": "sun", "sonntag": "sunday", "anderen": "other",
  ]

  /// `15th` (a day of the month) or `last day` (32, the month's last).
  static func dayOfMonth(_ words: [QuickAddWords.Word], at k: Int) -> (value: Int, count: Int)? {
    guard k < words.count, !words[k].literal else { return nil }
    if words[k].key == "last", k + 1 < words.count, words[k + 1].key == "day" { return (32, 2) }
    let number = DatePhrase.withoutOrdinal(words[k].key)
    guard number != words[k].key, let day = Int(number), (1...31).contains(day) else { return nil }
    return (day, 1)
  }

  static func weekdayNumber(_ word: String) -> Int? {
    let names: [String: Int] = [
      "mon": 1, "monday": 1, "mondays": 1, "tue": 2, "tues": 2, "tuesday": 2, "tuesdays": 2, "wed": 3,
      "wednesday": 3, "wednesdays": 3, "thu": 4, "thur": 4, "thurs": 4, "thursday": 4, "thursdays": 4,
      "fri": 5, "friday": 5, "fridays": 5, "sat": 6, "saturday": 6, "saturdays": 6, "sun": 7, "sunday": 7,
      "sundays": 7,
    ]
    return names[word]
  }
}

extension Recurrence {
  /// The first day of the pattern from `today` on: today for a daily repeat, the first chosen
  /// weekday, the chosen day of this month (or the next, when it has passed).
  func firstDate(from today: CalendarDate) -> CalendarDate {
    if let weekdays, !weekdays.isEmpty {
      let ahead = (0...6).first { weekdays.contains((today.isoWeekday - 1 + $0) % 7 + 1) } ?? 0
      return today.adding(days: ahead)
    }
    if pattern == .monthly, let monthDay {
      for months in 0...1 {
        let first = CalendarDate(year: today.year, month: today.month, day: 1)!.adding(months: months)
        let day = min(monthDay, first.lastDayOfMonth.day)
        let date = CalendarDate(year: first.year, month: first.month, day: day)!
        if date >= today { return date }
      }
    }
    return today
  }
}
