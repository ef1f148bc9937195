/// Every word the server says to a person, in one language: view and group titles, the date
/// menu, the matrix's quadrants, repeat names, undo labels. The project's own small tables, not
/// the system's locale data, so that output is the same on every machine and every version
/// (`Words+English.swift`, `Words+German.swift`; adding a language is adding one such file and a
/// case of `Language`).
public struct Words: Sendable {
  public var inbox: String
  public var today: String
  /// Today's evening section: "This Evening" / "Heute Abend".
  public var evening: String
  public var tomorrow: String
  public var yesterday: String
  public var all: String
  public var chooseDate: String
  public var quadrants: [Quadrant: String]
  /// As the seeds' repeat picker names them, and the last day of the month.
  public var repeats: [Recurrence.Pattern: String]
  public var lastDay: String
  /// Monday first.
  public var weekdaysShort: [String]
  public var monthsShort: [String]
  /// "Feb 13" / "13. Feb."; with the year "Jan 4, 2027" / "4. Jan. 2027".
  public var dayTitle: @Sendable (_ month: String, _ day: Int, _ year: Int?) -> String
  /// Undo labels; titles are quoted by them.
  public var create: @Sendable (String) -> String
  public var update: @Sendable (String) -> String
  public var delete: @Sendable (String) -> String
  public var complete: @Sendable (String) -> String
  public var reopen: @Sendable (String) -> String
  public var nextOn: @Sendable (_ label: String, _ day: String) -> String
  public var reorder: @Sendable (_ title: String, _ list: String) -> String
  public var move: @Sendable (_ title: String, _ list: String) -> String
  public var sendToInbox: @Sendable (String) -> String
  public var schedule: @Sendable (_ title: String, _ list: String) -> String
  /// "Import 2,000 tasks from taskwarrior": the count, and the same written with its grouping.
  public var importTasks: @Sendable (_ count: Int, _ grouped: String, _ source: String) -> String
  /// The projects view's group of projects in no area.
  public var noArea: String
  /// The Anytime and Someday views, and Someday's group of tasks in no project or area.
  public var anytime: String
  public var someday: String
  public var noProject: String
  /// Undo labels of the structure: a cancelled item, one put on Someday or taken to Anytime, a
  /// task made a project.
  public var cancel: @Sendable (String) -> String
  public var putOnSomeday: @Sendable (String) -> String
  public var putOnAnytime: @Sendable (String) -> String
  public var makeProject: @Sendable (String) -> String
  /// A batch's undo label past its first two: "…; and 3 more" / "…; und 3 weitere".
  public var andMore: @Sendable (_ count: Int) -> String
  /// Digit grouping: "2,000" / "2.000".
  public var groupingSeparator: String
  /// The words of display parts and group headers.
  public var display: DisplayWords
  /// The words of a reminder and its actions.
  public var reminder: ReminderWords = .english

  /// A count with its thousands grouped, as this language writes it.
  public func grouped(_ count: Int) -> String {
    var digits = String(count.magnitude)
    var parts: [Substring] = []
    while digits.count > 3 {
      parts.insert(digits.suffix(3), at: 0)
      digits.removeLast(3)
    }
    parts.insert(Substring(digits), at: 0)
    return (count < 0 ? "-" : "") + parts.joined(separator: groupingSeparator)
  }

  /// One undo label for several actions (`task/batch`): up to three side by side, then the
  /// first two and how many more.
  public func label(of labels: [String]) -> String {
    labels.count <= 3 ? labels.joined(separator: "; ") : labels[0] + "; " + labels[1] + "; " + andMore(labels.count - 2)
  }

  /// A day's group title: "Feb 13", with the year when it is not `referenceYear`'s.
  public func title(of date: CalendarDate, referenceYear: Int) -> String {
    dayTitle(monthsShort[date.month - 1], date.day, date.year == referenceYear ? nil : date.year)
  }
}

/// The languages the server speaks.
public enum Language: String, CaseIterable, Sendable {
  case en
  case de

  public var words: Words {
    switch self {
    case .en: .english
    case .de: .german
    }
  }

  /// The language for a BCP 47 tag as LSP sends it (`de`, `de-AT`, `en-US`, `de_DE.UTF-8` from
  /// `$LANG`), and whether it had to fall back to English.
  public static func negotiate(_ tag: String?) -> (language: Language, fellBack: Bool) {
    guard let tag, !tag.isEmpty else { return (.en, false) }
    let primary =
      tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == "." }).first.map(String.init) ?? ""
    if let language = Language(rawValue: primary) { return (language, false) }
    return (.en, !(primary == "c" || primary == "posix"))
  }
}
