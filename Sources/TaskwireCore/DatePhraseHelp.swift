/// What to tell someone whose date could not be read: numeric dates are refused as ambiguous
/// (12/1 is December 1 in the US and January 12 in most of Europe), and a near miss of a known
/// phrase is named (`tomorow` → did you mean "tomorrow"?).
extension DatePhrase {
  /// The words a typo is compared with.
  static let vocabulary = [
    "today", "tomorrow", "yesterday", "monday", "tuesday", "wednesday", "thursday", "friday",
    "saturday", "sunday", "next week", "next month", "weekend", "this weekend", "next weekend",
    "end of week", "end of month", "end of year", "in 3 days", "in a week",
    "heute", "morgen", "übermorgen", "gestern", "montag", "dienstag", "mittwoch", "donnerstag",
    "freitag", "samstag", "sonntag", "nächste woche", "monatsende", "jahresende",
  ]

  /// The first words a phrase may have (besides numbers, `+…` and ISO dates): quick add tries
  /// the grammar only from these.
  static let firstWords: Set<String> = [
    "today", "tod", "now", "tomorrow", "tom", "tmr", "tmrw", "yesterday", "end", "eow", "eom", "eoy",
    "next", "this", "in", "weekend", "the", "mon", "monday", "tue", "tues", "tuesday", "wed", "wednesday",
    "thu", "thur", "thurs", "thursday", "fri", "friday", "sat", "saturday", "sun", "sunday", "jan",
    "january", "feb", "february", "mar", "march", "apr", "april", "may", "jun", "june", "jul", "july",
    "aug", "august", "sep", "sept", "september", "oct", "october", "nov", "november", "dec", "december",
    "heute", "morgen", "übermorgen", "uebermorgen", "gestern", "ende", "wochenende", "dieses", "nächstes",
    "monatsende", "jahresende", "nächste", "naechste", "nächsten", "nächster", "naechsten", "kommenden", "diesen",
    "mo", "montag", "di", "dienstag", "mi", "mittwoch", "do", "donnerstag", "fr", "freitag", "sa", "samstag",
    "sonnabend", "so", "sonntag",
  ]

  /// Whether a phrase could begin with `word`.
  public static func mayBegin(_ word: String) -> Bool {
    guard let first = word.unicodeScalars.first else { return false }
    return first == "+" || ("0"..."9").contains(first) || firstWords.contains(word)
  }

  /// Why `phrase` cannot be read, and what would be: the text of the `-32602` error's problem.
  public static func problem(with phrase: String) -> String {
    guard phrase.utf8.count <= maxLength else {
      return
        "cannot read a date from \(phrase.utf8.count) bytes: a date phrase is at most \(maxLength) (\"\(phrase.prefix(20))…\")"
    }
    let text = phrase.lowercased().trimmingWhitespace
    let parts = text.split(separator: "/")
    if parts.count >= 2, parts.count <= 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) {
      return
        "cannot read the date \"\(phrase)\": numeric dates are ambiguous (12/1 is December 1 or January 12); write 2026-12-01 or dec 1"
    }
    if let near = nearest(text) {
      return "cannot read the date \"\(phrase)\"; did you mean \"\(near)\"?"
    }
    return "cannot read the date \"\(phrase)\"; try \(examples)"
  }

  /// The known phrase closest to `text`, when it is a plausible typo of it.
  static func nearest(_ text: String) -> String? {
    guard text.count >= 3 else { return nil }
    var best: (word: String, distance: Int)? = nil
    for word in vocabulary {
      let distance = editDistance(Array(text), Array(word))
      if distance < (best?.distance ?? Int.max) { best = (word, distance) }
    }
    guard let best, best.distance > 0, best.distance <= (best.word.count >= 6 ? 2 : 1) else { return nil }
    return best.word
  }

  /// Levenshtein distance, with a swap of two neighbours counting as one edit.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + [Int](repeating: 0, count: b.count)
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previous2[j - 2] + 1)
        }
      }
      previous2 = previous
      previous = current
    }
    return previous[b.count]
  }
}
