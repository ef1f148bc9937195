import Foundation
import JSON
import TaskwireTestSupport
import Testing

/// Things' Anytime and Someday, cancelling a project, a task made a project, and the structure
/// in filters, sorting, `tags/list` and the logbook (issue 29), through the real binary. The
/// store is `ProjectTests.garden()`: Home (1) › Garden (2) › Spring (3); Buy soil (4) in Garden,
/// Plant tulips (5) under Spring for today, Loose (6) in the Inbox, Taxes (7) in no area.
@Suite struct SomedayTests {
  let outline = ProjectTests.outline

  @Test func anytimeAndSomedayListWhatIsSetAside() throws {
    let server = try ProjectTests.garden()
    // Anytime: the tasks with no date in projects and areas, by project; the Inbox's are not.
    #expect(try outline(server, ["view": "anytime"]) == ["tasks:2 Garden: Buy soil"])
    #expect(try outline(server, ["view": "someday"]) == [])
    _ = try server.result("task/create", ["title": "Rake leaves", "parent": 3])
    _ = try server.result("task/create", ["title": "Call the bank", "parent": 7])
    #expect(
      try outline(server, ["view": "anytime"]) == [
        "tasks:7 Taxes: Call the bank", "tasks:2 Garden: Buy soil", "tasks:3 Garden › Spring: Rake leaves",
      ])

    // An Inbox task on Someday leaves the Inbox and the matrix; it shows under "No project".
    let put = try server.result("task/move", ["id": 6, "view": "someday"])
    #expect(put["view"] == "someday" && put["group"] == "tasks:0" && put["index"] == 0)
    #expect(put["task"]?["someday"] == true && put["task"]?["scheduledDate"] == .null)
    #expect(try outline(server, ["view": "inbox"]) == ["inbox Inbox: "])
    #expect(!(try outline(server, ["view": "matrix"]).joined().contains("Loose")))
    // A dated task put on Someday loses its date and leaves Today.
    _ = try server.result("task/update", ["id": 5, "someday": true])
    #expect(try outline(server, ["view": "today"]) == ["today Today: "])
    // A project on Someday takes its tasks out of Anytime, and is listed on Someday itself.
    _ = try server.result("task/update", ["id": 7, "someday": true])
    #expect(
      try outline(server, ["view": "someday"]) == [
        "tasks:0 No project: Loose", "projects:0 No area: Taxes", "tasks:3 Garden › Spring: Plant tulips",
      ])
    #expect(
      try outline(server, ["view": "anytime"]) == ["tasks:2 Garden: Buy soil", "tasks:3 Garden › Spring: Rake leaves"])

    // A date takes a task off Someday; so does Anytime (in its project); each is one undo step.
    _ = try server.result("task/schedule", ["id": 6, "date": "today"])
    #expect(try outline(server, ["view": "today"]) == ["today Today: Loose"])
    let back = try server.result("task/move", ["id": 5, "view": "anytime"])
    // (It keeps its place among its heading's tasks.)
    #expect(back["view"] == "anytime" && back["group"] == "tasks:3" && back["index"] == 0)
    #expect(try outline(server, ["view": "someday"]) == ["projects:0 No area: Taxes"])
    _ = try server.result("history/undo")
    _ = try server.result("history/undo")
    #expect(
      try outline(server, ["view": "someday"]) == [
        "tasks:0 No project: Loose", "projects:0 No area: Taxes", "tasks:3 Garden › Spring: Plant tulips",
      ])
  }

  @Test func setAsideIsRefusedWhereItMeansNothing() throws {
    let server = try ProjectTests.garden()
    let before = try outline(server, ["view": "anytime"]) + outline(server, ["view": "inbox"])
    let refusals: [(String, JSONValue, String)] = [
      ("task/move", ["id": 6, "view": "anytime"], "view"),  // an Inbox task has no project
      ("task/move", ["id": 4, "view": "someday", "index": 0], "index"),  // Someday's order is the projects'
      ("task/move", ["id": 1, "view": "someday"], "id"),  // an area
      ("task/move", ["id": 3, "view": "someday"], "id"),  // a heading
      ("task/update", ["id": 4, "someday": true, "scheduledDate": "tomorrow"], "someday"),
      ("task/update", ["id": 3, "someday": true], "someday"),
      ("task/complete", ["id": 4, "completed": false, "cancelled": true], "cancelled"),
      ("task/convert", ["id": 2, "to": "project"], "id"),  // already a project
      ("task/convert", ["id": 4, "to": "area"], "to"),
      ("view/list", ["view": "anytime", "filter": ["project": 0]], "filter.project"),
    ]
    for (method, params, param) in refusals {
      let error = try server.error(method, params)
      #expect(error["code"] == -32602 && error["data"]?["param"] == .string(param), "\(method) \(params): \(error)")
    }
    #expect(try outline(server, ["view": "anytime"]) + outline(server, ["view": "inbox"]) == before)
  }

  @Test func aCancelledProjectCancelsItsTasksAndTheLogbookSaysSo() throws {
    let server = try TaskwireProcess.started(initialize: false)
    _ = try server.result("initialize", ["initializationOptions": ["displayParts": true]])
    for params: JSONValue in [
      ["title": "Home", "kind": "area"], ["title": "Garden", "kind": "project", "parent": 1],
      ["title": "Spring", "kind": "heading", "parent": 2], ["title": "Buy soil", "parent": 2],
      ["title": "Water daily", "parent": 3, "view": "today", "recurrence": ["pattern": "daily"]],
    ] {
      _ = try server.result("task/create", params)
    }
    let cancelled = try server.result("task/complete", ["id": 2, "cancelled": true])
    #expect(cancelled["task"]?["cancelled"] == true && cancelled["task"]?["completed"] == true)
    // Its tasks are cancelled with it; the repeating one makes no next occurrence.
    #expect(try outline(server, ["view": "today"]) == ["today Today: "])
    #expect(try server.result("task/get", ["id": 5])["task"]?["cancelled"] == true)
    #expect(try server.error("task/get", ["id": 6])["code"] == -32010)
    let logbook = try server.result("view/list", ["view": "logbook"])["groups"]?[0]?["tasks"]?.arrayValue ?? []
    // The project and its tasks (the heading is done with the project, not listed).
    #expect(logbook.compactMap { $0["title"]?.stringValue }.sorted() == ["Buy soil", "Garden", "Water daily"])
    let parts = logbook.first { $0["title"] == "Buy soil" }?["display"]?.arrayValue ?? []
    #expect(parts.contains(["kind": "cancelled", "text": "cancelled Thu, Feb 12"]), "\(parts)")
    let label = try server.result("history/undo")["undone"]?["label"]
    #expect(label == "Cancel 'Garden'")
    #expect(try outline(server, ["view": "today"]) == ["today Today: Water daily"])
    #expect(try server.result("task/get", ["id": 4])["task"]?["cancelled"] == nil)
  }

  @Test func aTaskBecomesAProjectWithItsChecklistAsTasks() throws {
    let server = try ProjectTests.garden()
    // A task in Garden (in Home) with two lines, one done.
    for title in ["Order seeds", "Sharpen tools"] {
      _ = try server.result("task/checklist", ["id": 4, "action": "add", "title": .string(title)])
    }
    let lines = try server.result("task/get", ["id": 4])["task"]?["checklist"]?.arrayValue ?? []
    _ = try server.result("task/checklist", ["id": 4, "action": "check", "item": lines[1]["uuid"]!])
    let made = try server.result("task/convert", ["id": 4, "to": "project"])
    #expect(made["view"] == "projects" && made["group"] == "projects:1" && made["index"] == 1)
    #expect(made["task"]?["kind"] == "project" && made["task"]?["checklist"] == nil)
    #expect(
      try outline(server, ["view": "projects"]) == ["projects:0 No area: Taxes", "projects:1 Home: Garden, Buy soil"])
    // The open line is a task of the new project (its uuid kept); the done one is in the logbook.
    #expect(try outline(server, ["view": "project", "project": 4]) == ["tasks:4 Buy soil: Order seeds"])
    let task = try server.result("task/get", ["id": 8])["task"]
    #expect(task?["uuid"] == lines[0]["uuid"] && task?["parent"] == 4)
    #expect(try server.result("task/get", ["id": 9])["task"]?["completed"] == true)
    #expect(try server.result("history/undo")["undone"]?["label"] == "Make 'Buy soil' a project")
    let again = try server.result("task/get", ["id": 4])["task"]
    #expect(again?["kind"] == nil && again?["parent"] == 2 && again?["checklist"]?.arrayValue?.count == 2)
    #expect(try server.error("task/get", ["id": 8])["code"] == -32010)
  }

  @Test func filtersSortingAndTagsKnowTheStructure() throws {
    let server = try ProjectTests.garden()
    _ = try server.result("task/create", ["title": "File taxes", "parent": 7, "view": "today"])
    _ = try server.result("task/create", ["title": "Sweep", "parent": 1, "view": "today"])
    _ = try server.result("task/create", ["title": "Milk", "view": "today"])
    // In a project (its headings' tasks too), in an area (its projects' too).
    #expect(
      try outline(server, ["view": "today", "filter": ["project": 2]]) == ["today Today: Plant tulips"])
    #expect(
      try outline(server, ["view": "today", "filter": ["area": 1]]) == ["today Today: Plant tulips, Sweep"])
    #expect(try outline(server, ["view": "today", "filter": ["area": 1, "project": 7]]) == ["today Today: "])
    // By project in the sidebar's order (Taxes in no area first, then Home's own, then Garden's);
    // tasks in none last.
    #expect(
      try outline(server, ["view": "today", "sort": "project"]) == [
        "today Today: File taxes, Sweep, Plant tulips, Milk"
      ])
    let tags = try server.result("tags/list")
    #expect(
      tags["projects"] == [
        ["id": 7, "title": "Taxes", "area": .null, "count": 1], ["id": 2, "title": "Garden", "area": 1, "count": 2],
      ])
  }

  @Test func germanSessionsSayAnytimeAndSomedayInGerman() throws {
    let server = try TaskwireProcess.started(initialize: false)
    _ = try server.result(
      "initialize", ["locale": "de", "initializationOptions": ["displayParts": true]])
    _ = try server.result("task/create", ["title": "Klavier lernen", "view": "inbox"])
    let put = try server.result("task/move", ["id": 1, "view": "someday"])
    #expect(put["message"] == "'Klavier lernen' auf Irgendwann gelegt")
    #expect(put["task"]?["display"] == [["kind": "someday", "text": "Irgendwann"]])
    #expect(try outline(server, ["view": "someday"]) == ["tasks:0 Ohne Projekt: Klavier lernen"])
    #expect(try server.result("history/undo")["undone"]?["label"] == "'Klavier lernen' auf Irgendwann gelegt")
  }

  @Test func anExportCarriesSomedayAndCancelledIntoAnotherStore() throws {
    let source = try ProjectTests.garden()
    _ = try source.result("task/move", ["id": 6, "view": "someday"])
    _ = try source.result("task/update", ["id": 2, "someday": true])
    _ = try source.result("task/complete", ["id": 7, "cancelled": true])
    let export = try source.result("store/export", ["completed": true])
    let target = try TaskwireProcess.started()
    _ = try target.result("store/import", ["document": try #require(export["document"])])
    for query: JSONValue in [["view": "someday"], ["view": "anytime"], ["view": "projects"]] {
      #expect(try outline(target, query) == outline(source, query), "\(query)")
    }
    let taxes = try #require(
      try target.result("view/list", ["view": "logbook"])["groups"]?[0]?["tasks"]?.arrayValue?.first {
        $0["title"] == "Taxes"
      })
    #expect(taxes["cancelled"] == true && taxes["kind"] == "project")
  }

  /// Found by the editor clients: a drag into a date list or the matrix takes a task off
  /// Someday; a task made on Someday says so; refusals read German in a German session.
  @Test func dragsOffSomedayAndTheirWords() throws {
    let server = try TaskwireProcess.started(initialize: false)
    _ = try server.result("initialize", ["locale": "de", "initializationOptions": ["displayParts": true]])
    _ = try server.result("task/create", ["title": "Haus", "kind": "area"])
    let made = try server.result("task/create", ["title": "Milch", "someday": true])
    #expect(made["view"] == "someday" && made["group"] == "tasks:0" && made["index"] == 0)
    #expect(made["message"] == "'Milch' zu Irgendwann hinzugefügt")
    for (target, view): (JSONValue, String) in [
      (["view": "today"], "today"), (["view": "inbox"], "inbox"),
      (["view": "upcoming", "date": "tomorrow"], "upcoming"),
      (["view": "matrix", "quadrant": "do"], "matrix"),
    ] {
      _ = try server.result("task/move", ["id": 2, "view": "someday"])
      var params = try #require(target.objectValue)
      params["id"] = 2
      let moved = try server.result("task/move", .object(params))
      #expect(moved["task"]?["someday"] == nil && moved["view"] == .string(view), "\(target): \(moved)")
      #expect(try outline(server, ["view": "someday"]) == [], "\(target)")
    }
    // Several at once, each result saying where it went; `all` holds every open task.
    let batch = try server.result(
      "task/batch",
      ["requests": [["method": "task/move", "params": ["id": 2, "view": "someday"]]]])
    #expect(batch["results"]?[0]?["message"] == "'Milch' auf Irgendwann gelegt")
    #expect(try outline(server, ["view": "all"]) == ["all Alle: Milch"])
    let options = try server.result("task/scheduleOptions", ["id": 2])["options"]?.arrayValue ?? []
    #expect(options.allSatisfy { $0["current"] == false }, "\(options)")
    let cancelled = try server.result("task/complete", ["id": 2, "cancelled": true])
    #expect(cancelled["message"] == "'Milch' abgebrochen")
    // Done instead of cancelled, said outright; left out, it stays as it was.
    _ = try server.result("task/complete", ["id": 2])
    #expect(try server.result("task/get", ["id": 2])["task"]?["cancelled"] == true)
    _ = try server.result("task/complete", ["id": 2, "cancelled": false])
    #expect(try server.result("task/get", ["id": 2])["task"]?["cancelled"] == nil)
    for (method, params): (String, JSONValue) in [
      ("task/move", ["id": 1, "view": "someday"]), ("task/convert", ["id": 1, "to": "project"]),
      ("task/create", ["title": "x", "kind": "project", "parent": 99]),
    ] {
      let message = try server.error(method, params)["message"]?.stringValue ?? ""
      #expect(message.hasPrefix("Ungültige Parameter") && !message.contains(" a "), "\(method): \(message)")
    }
  }

  /// Only a task repeats: a project given a repeat makes no empty next project when it is done.
  @Test func aDoneProjectMakesNoNextProject() throws {
    let server = try ProjectTests.garden()
    _ = try server.result("task/update", ["id": 7, "recurrence": ["pattern": "daily"]])
    let done = try server.result("task/complete", ["id": 7])
    #expect(done["task"]?["completed"] == true)
    #expect(try server.error("task/get", ["id": 8])["code"] == -32010)
    #expect(try outline(server, ["view": "projects"]) == ["projects:0 No area: ", "projects:1 Home: Garden"])
  }
}
