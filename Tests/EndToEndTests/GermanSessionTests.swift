import Foundation
import JSON
import TaskwireCore
import TaskwireTestSupport
import Testing

/// A session in German says nothing in English: every title, menu label, undo label and error
/// message the server writes (until the session switches to English) is checked for the English
/// words of the tables.
@Suite struct GermanSessionTests {
  static let session = ContractTests.root.appendingPathComponent("Protocol/sessions/german.jsonl")

  /// The English words a German reply must not hold: the English table's, and the frames of
  /// English labels, dates and error messages.
  static let englishPatterns: [String] = {
    let english = Words.english
    var words = [
      english.inbox, english.today, english.tomorrow, english.yesterday, english.chooseDate, english.lastDay,
    ]
    words += Array(english.quadrants.values) + Array(english.repeats.values)
    let literal = words.map { #"\b"# + NSRegularExpression.escapedPattern(for: $0) + #"\b"# }
    let months = english.monthsShort.joined(separator: "|")
    return literal + [
      #"\b(\#(months)) \d"#, #"^(Create|Update|Delete|Complete|Reopen|Reorder|Move|Send|Schedule) '"#, #"next on"#,
      #"Invalid|not found|Nothing to|cannot read|must be|is required|Method not found|\bis not\b"#,
    ]
  }()

  /// The texts a person reads in one message: titles, labels and messages, not task titles.
  func visibleTexts(_ value: JSONValue, key: String? = nil, into texts: inout [String]) {
    switch value {
    case .object(let object):
      for (member, child) in object where member != "task" && member != "tasks" && member != "data" {
        visibleTexts(child, key: member, into: &texts)
      }
    case .array(let elements):
      for element in elements { visibleTexts(element, key: key, into: &texts) }
    case .string(let text) where ["title", "label", "message"].contains(key ?? ""):
      texts.append(text)
    default:
      break
    }
  }

  @Test func noEnglishUntilTheClientAsksForIt() throws {
    let lines = try String(contentsOf: Self.session, encoding: .utf8).split(separator: "\n")
    var texts: [String] = []
    for line in lines {
      let entry = try JSONParser.parse(String(line))
      if entry["in"]?["method"] == "locale/set" { break }
      if let out = entry["out"] { visibleTexts(out, into: &texts) }
    }
    #expect(texts.count > 20, "the session shows titles, labels and messages")
    for text in texts {
      for pattern in Self.englishPatterns where text.range(of: pattern, options: .regularExpression) != nil {
        Issue.record("English in a German session: \"\(text)\" matches \(pattern)")
      }
    }
  }

  /// The same session shows German where the tables say so.
  @Test func germanTitlesLabelsAndMessages() throws {
    let client = try InProcessClient(["--memory"] + TaskwireProcess.clockArguments)
    #expect(try client.result("initialize", ["locale": "de-AT"])["locale"] == "de")
    try client.result("task/create", ["title": "Milch kaufen", "view": "upcoming"])
    #expect(try client.result("view/list", ["view": "upcoming"])["groups"]?[0]?["title"] == "Morgen")
    try client.result("task/schedule", ["id": 1, "date": "2027-01-04"])
    #expect(try client.result("view/list", ["view": "upcoming"])["groups"]?[0]?["title"] == "4. Jan. 2027")
    try client.result("task/move", ["id": 1, "view": "today"])
    #expect(try client.result("history/list")["steps"]?[0]?["label"] == "'Milch kaufen' nach Heute verschoben")
    let error = try client.error("task/get", ["id": 7])
    #expect(error["message"] == "Aufgabe 7 nicht gefunden")
    #expect(error["data"] == ["id": 7], "data stays language-neutral")
    let unknown = try InProcessClient(["--memory"] + TaskwireProcess.clockArguments)
    let reply = try unknown.result("initialize", ["locale": "fr-FR"])
    #expect(reply["locale"] == "en")
    #expect(reply["requestedLocale"] == "fr-FR")
  }

  /// Parameter problems read German too; `data` keeps the English, language-neutral words.
  @Test func parameterProblemsInGerman() throws {
    let client = try InProcessClient(["--memory"] + TaskwireProcess.clockArguments)
    try client.result("initialize", ["locale": "de"])
    let messages = try [
      client.error("task/create", ["title": 5]), client.error("task/move", ["id": 1, "view": "upcoming"]),
      client.error("task/create", ["title": "x", "recurrence": ["pattern": "daily", "weekdays": [1]]]),
      client.error("view/list", ["view": "today", "filter": ["priorities": [7]]]),
      client.error("task/create", ["text": "a", "title": "b"]),
    ].map { $0["message"]?.stringValue ?? "" }
    #expect(
      messages == [
        "Ungültige Parameter: title muss ein Text sein, nicht eine Zahl",
        "Ungültige Parameter: date fehlt für Demnächst: das Datum der Tagesgruppe",
        "Ungültige Parameter: recurrence.weekdays ist beim Muster \"daily\" nicht erlaubt",
        "Ungültige Parameter: filter.priorities darf nur 1, 2 oder 3 enthalten",
        "Ungültige Parameter: text und title schließen einander aus: text enthält den Titel und seine Angaben",
      ])
  }

  @Test func localesAreNegotiated() {
    #expect(Language.negotiate("de") == (.de, false))
    #expect(Language.negotiate("de_DE.UTF-8") == (.de, false))
    #expect(Language.negotiate("en-US") == (.en, false))
    #expect(Language.negotiate("C.UTF-8") == (.en, false))
    #expect(Language.negotiate("pt-BR") == (.en, true))
    #expect(Language.negotiate(nil) == (.en, false))
  }
}
