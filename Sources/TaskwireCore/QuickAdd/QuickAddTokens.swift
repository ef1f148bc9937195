/// The single tokens of quick add: tags, priority, urgency, duration, type, and the
/// Taskwarrior-style `name:value` forms; dates and repeats are in their own files.
extension QuickAdd {
  enum Field {
    case tag(String)
    case priority(Int)
    case urgent
    case duration(Int)
    case type(TaskType)
    case date(CalendarDate)
    case due(CalendarDate)
    case recurrence(Recurrence)
    case project(String)
    case time(WallTime)
    case evening
    case reminder(WallTime)
  }

  struct Recognised {
    var kind: Token.Kind
    var value: String
    var field: Field
  }

  /// The token that starts at word `i`, and how many words it takes.
  static func recognise(_ words: [QuickAddWords.Word], at i: Int, today: CalendarDate, titleEnds: [Bool])
    -> (Int, Recognised)?
  {
    if let found = recurrence(words, at: i) { return found }
    // (Before dates: `heute Abend` is This Evening, not only `heute`.)
    if let found = evening(words, at: i) { return found }
    if let found = reminder(words, at: i) { return found }
    if let found = time(words, at: i) { return found }
    if let found = date(words, at: i, today: today, titleEnds: titleEnds) { return found }
    guard let token = single(words[i].key, original: words[i].text, today: today) else { return nil }
    return (1, token)
  }

  static func single(_ key: String, original: Substring, today: CalendarDate) -> Recognised? {
    switch key {
    case "!": return Recognised(kind: .priority, value: "1", field: .priority(1))
    case "!!": return Recognised(kind: .priority, value: "2", field: .priority(2))
    case "!!!": return Recognised(kind: .priority, value: "3", field: .priority(3))
    // Todoist's order: p1 is the highest, p4 none (taskwire's lowest).
    case "p1": return Recognised(kind: .priority, value: "3", field: .priority(3))
    case "p2": return Recognised(kind: .priority, value: "2", field: .priority(2))
    case "p3", "p4": return Recognised(kind: .priority, value: "1", field: .priority(1))
    case "*", "!urgent": return Recognised(kind: .urgent, value: "true", field: .urgent)
    default: break
    }
    if let tag = tag(original) { return Recognised(kind: .tag, value: tag, field: .tag(tag)) }
    if let minutes = duration(key) {
      return Recognised(kind: .duration, value: String(minutes), field: .duration(minutes))
    }
    if key.hasPrefix("@"), let type = taskType(String(key.dropFirst())) {
      return Recognised(kind: .type, value: type.rawValue, field: .type(type))
    }
    if let project = project(original) { return Recognised(kind: .project, value: project, field: .project(project)) }
    return taskwarriorAttribute(key, today: today)
  }

  /// `#tag` or Taskwarrior's `+tag`: letters (any script), digits, `-`, `_`, `/`, starting with
  /// a letter or digit; trailing punctuation is not part of it. `a#b` (an address) is no tag.
  static func tag(_ word: Substring) -> String? {
    guard let sign = word.first, sign == "#" || sign == "+" else { return nil }
    var name = word.dropFirst()
    while let last = name.last, ",.;:!?".contains(last) { name = name.dropLast() }
    guard let first = name.first, first.isLetter || first.isNumber else { return nil }
    // `+3` and `+2w` are dates, not tags.
    if sign == "+", first.isNumber { return nil }
    guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "/" }) else { return nil }
    return String(name)
  }

  /// `5m`, `15min`, `1h`, `1h30`, `1h30m`, `90mins`, `~30` (minutes): 1 minute to a week.
  static func duration(_ key: String) -> Int? {
    var text = Substring(key)
    var minutes = 0
    if text.first == "~" {
      text = text.dropFirst()
      guard !text.isEmpty, text.allSatisfy(\.isNumber), let value = Int(text) else { return nil }
      minutes = value
    } else {
      let hoursDigits = text.prefix(while: \.isNumber)
      guard !hoursDigits.isEmpty, hoursDigits.count <= 5, let number = Int(hoursDigits) else { return nil }
      let unit = text.dropFirst(hoursDigits.count)
      if ["m", "min", "mins", "minute", "minutes"].contains(unit) {
        minutes = number
      } else if ["h", "hr", "hrs", "hour", "hours"].contains(unit) {
        minutes = number * 60
      } else if unit.first == "h" {
        var rest = unit.dropFirst()
        if rest.last == "m" { rest = rest.dropLast() }
        guard !rest.isEmpty, rest.count <= 2, rest.allSatisfy(\.isNumber), let extra = Int(rest), extra < 60 else {
          return nil
        }
        minutes = number * 60 + extra
      } else {
        return nil
      }
    }
    return (1...TaskPatch.maxDurationMinutes).contains(minutes) ? minutes : nil
  }

  /// `@deep`, `@deepWork`, `@shallow`, `@errand`, `@meeting`, `@learning`, `@maintenance`.
  static func taskType(_ name: String) -> TaskType? {
    switch name {
    case "deep", "deepwork": .deepWork
    case "shallow", "shallowwork": .shallowWork
    case "errand": .errand
    case "meeting": .meeting
    case "learning", "learn": .learning
    case "maintenance": .maintenance
    default: nil
    }
  }

  /// `>Garden` or Taskwarrior's `project:Garden`: the project (by its title, case and `-`/`_`
  /// for spaces aside, checked when the task is made), `>Garden/Spring` one of its headings.
  static func project(_ word: Substring) -> String? {
    var name: Substring
    if word.hasPrefix(">") {
      name = word.dropFirst()
    } else if word.lowercased().hasPrefix("project:") {
      name = word.dropFirst("project:".count)
    } else {
      return nil
    }
    while let last = name.last, ",.;:!?".contains(last) { name = name.dropLast() }
    guard let first = name.first, first.isLetter || first.isNumber else { return nil }
    return String(name)
  }

  /// Taskwarrior's `due:fri`, `sched:tomorrow` (`scheduled:`), `pri:H` (`priority:`).
  static func taskwarriorAttribute(_ key: String, today: CalendarDate) -> Recognised? {
    guard let colon = key.firstIndex(of: ":") else { return nil }
    let name = key[..<colon]
    let value = String(key[key.index(after: colon)...])
    switch name {
    case "pri", "priority":
      let priority = ["h": 3, "m": 2, "l": 1][value]
      return priority.map { Recognised(kind: .priority, value: String($0), field: .priority($0)) }
    case "due":
      return DatePhrase.resolve(value, today: today).map {
        Recognised(kind: .due, value: $0.description, field: .due($0))
      }
    case "sched", "scheduled":
      return DatePhrase.resolve(value, today: today).map {
        Recognised(kind: .date, value: $0.description, field: .date($0))
      }
    default:
      return nil
    }
  }
}
