import Foundation
import JSON
import TaskwireTestSupport
import Testing

/// Display parts (`initializationOptions.displayParts`) and the catalogue, through the real
/// binary: the fixture every client's suite draws (Protocol/fixtures/display.json), and what
/// a client that asks gets beyond one that does not.
@Suite struct DisplayPartsTests {
  static let fixtures = ContractTests.root.appendingPathComponent("Protocol/fixtures")

  /// A task line and a header as every client draws them (the fixture's rule).
  static func draw(_ snapshot: JSONValue) -> [[String]] {
    (snapshot["groups"]?.arrayValue ?? []).map { group in
      let header = (group["display"]?.arrayValue ?? []).compactMap { $0["text"]?.stringValue }.joined(separator: " · ")
      let tasks = (group["tasks"]?.arrayValue ?? []).map { task in
        let title = (task["title"]?.stringValue ?? "").replacingOccurrences(of: "\n", with: " ")
        let parts = (task["display"]?.arrayValue ?? []).compactMap { $0["text"]?.stringValue }
        return (task["completed"] == true ? "[x] " : "[ ] ") + title + parts.map { "  " + $0 }.joined()
      }
      return [header] + tasks
    }
  }

  static func fixtureServer(locale: String) throws -> (TaskwireProcess, JSONValue) {
    let fixture = try JSONParser.parse(try Data(contentsOf: fixtures.appendingPathComponent("display.json")))
    let store = try temporaryFolder().appendingPathComponent("fixture.sqlite").path
    let importer = Process()
    importer.executableURL = TaskwireProcess.binary
    importer.arguments = [
      "import", "--db", store, "--time-zone", "UTC", fixtures.appendingPathComponent("display-store.json").path,
    ]
    importer.standardOutput = FileHandle.nullDevice
    try importer.run()
    importer.waitUntilExit()
    #expect(importer.terminationStatus == 0)
    let server = try TaskwireProcess(["--db", store, "--clock", fixture["clock"]!.stringValue!, "--time-zone", "UTC"])
    _ = try server.result(
      "initialize", ["locale": .string(locale), "initializationOptions": ["displayParts": true]])
    return (server, fixture)
  }

  @Test(arguments: ["en", "de"]) func theFixtureReadsAsItsExpectedLines(locale: String) throws {
    let (server, fixture) = try Self.fixtureServer(locale: locale)
    let views = try #require(fixture["views"]?[locale]?.objectValue)
    #expect(views.count == 5)
    for (view, expected) in views {
      let listed = try server.result("view/list", ["view": .string(view)])
      let want = (expected.arrayValue ?? []).map { group in
        [group["header"]!.stringValue!] + (group["tasks"]?.arrayValue ?? []).map { $0.stringValue! }
      }
      #expect(Self.draw(listed) == want, "\(locale) \(view)")
      // Each part's kind too ("kind: text"), which the lines do not show.
      let parts = (listed["groups"]?.arrayValue ?? []).map { group in
        (group["tasks"]?.arrayValue ?? []).map { task in
          (task["display"]?.arrayValue ?? []).map { "\($0["kind"]!.stringValue!): \($0["text"]!.stringValue!)" }
        }
      }
      let wantParts = (expected.arrayValue ?? []).map { group in
        (group["parts"]?.arrayValue ?? []).map { task in (task.arrayValue ?? []).compactMap(\.stringValue) }
      }
      #expect(parts == wantParts, "\(locale) \(view)")
    }
  }

  @Test func aClientThatDoesNotAskGetsNoParts() throws {
    for asks in [false, true] {
      let server = try TaskwireProcess.started(initialize: false)
      let initialized = try server.result("initialize", ["initializationOptions": ["displayParts": .bool(asks)]])
      #expect((initialized["displayParts"] == true) == asks)
      _ = try server.result("view/subscribe", ["view": "today"])
      let (reply, notes) = try server.resultAndNotifications(
        "task/create", ["text": "Call mom !! 30m", "view": "today"])
      let created = try #require(reply["result"])
      let text = JSONWriter.string(created) + notes.map(JSONWriter.string).joined()
      let listed = JSONWriter.string(try server.result("view/list", ["view": "today"]))
      #expect(text.contains("\"display\"") == asks && listed.contains("\"display\"") == asks)
      #expect((created["message"] != nil) == asks)
      if asks {
        #expect(created["message"] == "Added 'Call mom' to Today")
        #expect(
          created["task"]?["display"] == [["kind": "priority", "text": "!!"], ["kind": "duration", "text": "30m"]])
      }
    }
  }

  /// A move within a list is one op (no header changed); a move between lists re-sends both
  /// headers (their totals), and stays small with compact tasks.
  @Test func aMoveCarriesTheNewTotalsInFewBytes() throws {
    let server = try TaskwireProcess.started(initialize: false)
    _ = try server.result(
      "initialize", ["locale": "de", "initializationOptions": ["displayParts": true, "compactTasks": true]])
    for n in 0..<200 {
      server.send(#"{"jsonrpc":"2.0","method":"task/create","params":{"title":"t\#(n)","view":"today"}}"#)
    }
    let today = try server.result("view/subscribe", ["view": "today"])
    #expect(Self.draw(today["snapshot"]!)[0][0] == "Heute · Do, 12. Feb. · 50 Std.")
    let (_, within) = try server.resultAndNotifications("task/move", ["id": 5, "view": "today", "index": 100])
    #expect(within.first?["params"]?["ops"]?.arrayValue?.map { $0["op"] } == ["move"])
    _ = try server.result("view/subscribe", ["view": "inbox"])
    let (_, notes) = try server.resultAndNotifications("task/move", ["id": 5, "view": "inbox", "index": 0])
    #expect(notes.count == 2)
    for note in notes {
      #expect(JSONWriter.string(note).utf8.count <= 512, "\(JSONWriter.string(note))")
      let header = note["params"]?["ops"]?.arrayValue?.last
      #expect(header?["op"] == "updateGroup")
    }
    let texts = notes.compactMap { $0["params"]?["ops"]?.arrayValue?.last?["display"]?.arrayValue?.last?["text"] }
    #expect(texts == ["49 Std. 45 Min.", "15 Min."])
  }

  /// A new day and another language re-send the parts that changed, and only those.
  @Test func aNewDayAndALocaleResendWhatChanged() throws {
    let server = try TaskwireProcess.started(initialize: false)
    _ = try server.result("initialize", ["initializationOptions": ["displayParts": true]])
    _ = try server.result("task/create", ["title": "due", "view": "today", "dueDate": "2026-02-13"])
    _ = try server.result("task/create", ["title": "plain", "view": "today"])
    _ = try server.result("view/subscribe", ["view": "today"])
    let (_, day) = try server.resultAndNotifications("test/setClock", ["now": "2026-02-13T09:00:00Z"])
    let ops = try #require(day.first?["params"]?["ops"]?.arrayValue)
    let updates = ops.filter { $0["op"] == "update" }
    #expect(updates.count == 2, "both tasks are overdue now: \(ops)")
    #expect(
      updates.first { $0["id"] == 1 }?["fields"]?["display"] == [
        ["kind": "dueToday", "text": "due today"], ["kind": "overdue", "text": "overdue"],
      ])
    let (_, german) = try server.resultAndNotifications("locale/set", ["locale": "de"])
    let texts = JSONWriter.string(german.first ?? .null).split(separator: "\"text\":\"").dropFirst()
      .map { $0.prefix { $0 != "\"" } }
    #expect(texts == ["Heute", "Fr, 13. Feb.", "30 Min.", "fällig heute", "überfällig", "überfällig"])
  }

  /// Schedule and move replies say where the task went; the date menu says its days.
  @Test func repliesSayWhereATaskWent() throws {
    let server = try TaskwireProcess.started(initialize: false)
    _ = try server.result("initialize", ["locale": "de", "initializationOptions": ["displayParts": true]])
    _ = try server.result("task/create", ["title": "A", "view": "today"])
    #expect(
      try server.result("task/schedule", ["id": 1, "date": "2026-02-14"])["message"] == "'A' für Sa, 14. Feb. geplant")
    #expect(
      try server.result("task/move", ["id": 1, "view": "inbox", "index": 0])["message"] == "'A' in den Eingang gelegt")
    let quadrant = try server.result("task/move", ["id": 1, "view": "matrix", "quadrant": "do", "index": 0])
    #expect(quadrant["message"] == "'A' nach Dringend & wichtig verschoben")
    let menu = try server.result("task/scheduleOptions", ["id": 1])
    #expect(
      menu["options"]?.arrayValue?.map { $0["detail"] ?? .null } == ["Do, 12. Feb.", "Fr, 13. Feb.", .null, .null])
    let plain = try TaskwireProcess.started()
    _ = try plain.result("task/create", ["title": "A", "view": "today"])
    #expect(try plain.result("task/schedule", ["id": 1, "date": "2026-02-14"])["message"] == nil)
    #expect(try plain.result("task/scheduleOptions", ["id": 1])["options"]?[0]?["detail"] == nil)
  }

  @Test func theCatalogueFollowsTheLocale() throws {
    let server = try TaskwireProcess.started(initialize: false)
    _ = try server.result("initialize", ["locale": "de-AT"])
    let german = try server.result("catalogue/get")
    #expect(german["locale"] == "de")
    #expect(german["strings"]?["view.upcoming"] == "Demnächst")
    _ = try server.result("locale/set", ["locale": "en"])
    #expect(try server.result("catalogue/get")["strings"]?["view.upcoming"] == "Upcoming")
    #expect(try server.error("catalogue/get", ["x": 1])["code"] == -32602)
  }

  /// The catalogues in the repository: the same keys in both languages, the same placeholders
  /// in each pair, no empty text, keys sorted (one place to look).
  @Test func theCataloguesAgree() throws {
    func load(_ language: String) throws -> JSONObject {
      let url = ContractTests.root.appendingPathComponent("Protocol/catalogue/\(language).json")
      return try #require(try JSONParser.parse(try Data(contentsOf: url)).objectValue)
    }
    let english = try load("en")
    let german = try load("de")
    #expect(english.map(\.0) == german.map(\.0))
    #expect(english.map(\.0) == english.map(\.0).sorted())
    let placeholder = try NSRegularExpression(pattern: #"\{[A-Za-z]+\}"#)
    func holes(_ text: String) -> [String] {
      placeholder.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
        String(text[Range($0.range, in: text)!])
      }.sorted()
    }
    for (key, value) in english {
      let en = try #require(value.stringValue, "\(key)")
      let de = try #require(german[key]?.stringValue, "\(key)")
      #expect(!en.isEmpty && !de.isEmpty, "\(key)")
      #expect(holes(en) == holes(de), "\(key): \(en) / \(de)")
    }
  }
}

/// A task in a project shows the project where it is listed elsewhere (Today, Upcoming, the
/// Inbox, the matrix), not in its project's own view; a renamed project is re-sent.
@Suite struct ProjectMarkerTests {
  @Test func todaysTasksNameTheirProject() throws {
    let server = try TaskwireProcess.started(initialize: false)
    _ = try server.result("initialize", ["initializationOptions": ["displayParts": true]])
    _ = try server.result("task/create", ["title": "Garden", "kind": "project"])
    _ = try server.result("task/create", ["title": "Spring", "kind": "heading", "parent": 1])
    _ = try server.result("task/create", ["title": "Dig", "parent": 2, "view": "today", "priority": 2])
    let today = try server.result("view/subscribe", ["view": "today"])
    #expect(
      today["snapshot"]?["groups"]?[0]?["tasks"]?[0]?["display"]
        == [["kind": "project", "text": "Garden"], ["kind": "priority", "text": "!!"]])
    let project = try server.result("view/list", ["view": "project", "project": 1])
    #expect(project["groups"]?[1]?["tasks"]?[0]?["display"] == [["kind": "priority", "text": "!!"]])
    let (_, notes) = try server.resultAndNotifications("task/update", ["id": 1, "title": "Yard"])
    let update = notes.first?["params"]?["ops"]?.arrayValue?.first { $0["op"] == "update" }
    #expect(update?["fields"]?["display"]?[0] == ["kind": "project", "text": "Yard"], "\(notes)")
  }
}
