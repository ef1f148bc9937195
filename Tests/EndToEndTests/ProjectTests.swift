import Foundation
import JSON
import TaskwireTestSupport
import Testing

/// Areas, projects and headings (issue 29, Things' structure), through the real binary: made,
/// listed, dragged, completed and deleted as one undo step each, with the subscribed views'
/// diffs replaying to what a fresh list says after every gesture.
@Suite struct ProjectTests {
  /// A store with an area "Home" (1) holding a project "Garden" (2) with a heading "Spring"
  /// (3); "Buy soil" (4) in the project, "Plant tulips" (5) under the heading, "Loose" (6) in
  /// the Inbox, and a project "Taxes" (7) in no area.
  static func garden() throws -> TaskwireProcess {
    let server = try TaskwireProcess.started()
    for params: JSONValue in [
      ["title": "Home", "kind": "area"], ["title": "Garden", "kind": "project", "parent": 1],
      ["title": "Spring", "kind": "heading", "parent": 2], ["title": "Buy soil", "parent": 2],
      ["title": "Plant tulips", "parent": 3, "view": "today"], ["title": "Loose", "view": "inbox"],
      ["title": "Taxes", "kind": "project"],
    ] {
      _ = try server.result("task/create", params)
    }
    return server
  }

  /// Each group as "key title: task, task".
  static func outline(_ server: TaskwireProcess, _ query: JSONValue) throws -> [String] {
    (try server.result("view/list", query)["groups"]?.arrayValue ?? []).map { group in
      let titles = (group["tasks"]?.arrayValue ?? []).compactMap { $0["title"]?.stringValue }
      return "\(group["key"]!.stringValue!) \(group["title"]!.stringValue!): " + titles.joined(separator: ", ")
    }
  }

  @Test func theStructureIsListedInItsOrder() throws {
    let server = try Self.garden()
    #expect(
      try Self.outline(server, ["view": "project", "project": 2]) == [
        "tasks:2 Garden: Buy soil", "tasks:3 Spring: Plant tulips",
      ])
    #expect(try Self.outline(server, ["view": "projects"]) == ["projects:0 No area: Taxes", "projects:1 Home: Garden"])
    #expect(
      try Self.outline(server, ["view": "area", "area": 1]) == ["projects:1 Projects: Garden", "tasks:1 Home: "])
    // A task with no date in a project is not the Inbox's; a dated one is in Today too.
    #expect(try Self.outline(server, ["view": "inbox"]) == ["inbox Inbox: Loose"])
    #expect(try Self.outline(server, ["view": "today"]) == ["today Today: Plant tulips"])
    let task = try server.result("task/get", ["id": 5])["task"]
    #expect(task?["parent"] == 3 && task?["kind"] == nil)
    #expect(try server.result("task/get", ["id": 2])["task"]?["kind"] == "project")
  }

  @Test func dragsMoveTasksHeadingsAndProjectsAndUndoInOneStep() throws {
    let server = try Self.garden()
    var project = try SnapshotApplier(
      subscribeResult: try server.result("view/subscribe", ["view": "project", "project": 2]))
    var sidebar = try SnapshotApplier(subscribeResult: try server.result("view/subscribe", ["view": "projects"]))
    func step(_ method: String, _ params: JSONValue? = nil) throws -> JSONValue {
      let (reply, notes) = try server.resultAndNotifications(method, params)
      for note in notes {
        let params = try #require(note["params"])
        if params["subscription"] == 1 { try project.apply(params) } else { try sidebar.apply(params) }
      }
      let checks: [(SnapshotApplier, JSONValue)] = [
        (project, ["view": "project", "project": 2]), (sidebar, ["view": "projects"]),
      ]
      for (applier, query) in checks {
        var list = try #require(try server.result("view/list", query).objectValue)
        list["version"] = nil
        #expect(JSONValue.object(list) == .object(applier.snapshot), "\(method) \(query)")
      }
      return reply
    }
    // The Inbox task onto the heading, at the top.
    _ = try step("task/move", ["id": 6, "view": "project", "project": 2, "heading": 3, "index": 0])
    #expect(try Self.outline(server, ["view": "project", "project": 2])[1] == "tasks:3 Spring: Loose, Plant tulips")
    #expect(try Self.outline(server, ["view": "inbox"]) == ["inbox Inbox: "])
    // A second heading, dragged above the first: its tasks go with it.
    _ = try step("task/create", ["title": "Summer", "kind": "heading", "parent": 2])
    _ = try step("task/move", ["id": 8, "view": "project", "project": 2, "index": 0])
    #expect(
      try Self.outline(server, ["view": "project", "project": 2]) == [
        "tasks:2 Garden: Buy soil", "tasks:8 Summer: ", "tasks:3 Spring: Loose, Plant tulips",
      ])
    // The project into no area, and the other one into Home.
    _ = try step("task/move", ["id": 2, "view": "projects", "index": 0])
    _ = try step("task/move", ["id": 7, "view": "projects", "area": 1, "index": 0])
    #expect(try Self.outline(server, ["view": "projects"]) == ["projects:0 No area: Garden", "projects:1 Home: Taxes"])
    // Back to the Inbox: out of the project.
    _ = try step("task/move", ["id": 6, "view": "inbox", "index": 0])
    #expect(try server.result("task/get", ["id": 6])["task"]?["parent"] == nil)
    for _ in 0..<6 { _ = try step("history/undo") }
    #expect(
      try Self.outline(server, ["view": "project", "project": 2]) == [
        "tasks:2 Garden: Buy soil", "tasks:3 Spring: Plant tulips",
      ])
    #expect(try Self.outline(server, ["view": "projects"]) == ["projects:0 No area: Taxes", "projects:1 Home: Garden"])
  }

  @Test func aProjectIsCompletedWithItsTasksAndDeletedAsSaid() throws {
    let server = try Self.garden()
    _ = try server.result("task/complete", ["id": 2])
    #expect(try server.result("task/get", ["id": 5])["task"]?["completed"] == true)
    #expect(try server.result("task/get", ["id": 4])["task"]?["completed"] == true)
    #expect(try Self.outline(server, ["view": "today"]) == ["today Today: "])
    #expect(try Self.outline(server, ["view": "project", "project": 2]) == [], "a completed project shows nothing")
    #expect(try server.error("task/create", ["title": "late", "parent": 2])["data"]?["param"] == "parent")
    _ = try server.result("history/undo")
    #expect(try Self.outline(server, ["view": "today"]) == ["today Today: Plant tulips"])

    // Deleting a project with open tasks needs to be told what becomes of them.
    let refused = try server.error("task/delete", ["id": 2])
    #expect(refused["data"]?["param"] == "children")
    #expect(try Self.outline(server, ["view": "projects"]) == ["projects:0 No area: Taxes", "projects:1 Home: Garden"])
    _ = try server.result("task/delete", ["id": 2, "children": "keep"])
    // Kept: up into the project's area, the heading gone with the project.
    #expect(
      try Self.outline(server, ["view": "area", "area": 1]) == [
        "projects:1 Projects: ", "tasks:1 Home: Buy soil, Plant tulips",
      ])
    #expect(try server.error("task/get", ["id": 3])["code"] == -32010)
    _ = try server.result("history/undo")
    _ = try server.result("task/delete", ["id": 2, "children": "delete"])
    #expect(try server.error("task/get", ["id": 5])["code"] == -32010)
    _ = try server.result("history/undo")
    #expect(try Self.outline(server, ["view": "project", "project": 2]).count == 2)
  }

  @Test func badStructureIsRefusedAndChangesNothing() throws {
    let server = try Self.garden()
    let before = try Self.outline(server, ["view": "project", "project": 2])
    let refusals: [(String, JSONValue, String)] = [
      ("task/create", ["title": "x", "parent": 4], "parent"),  // into a task
      ("task/create", ["title": "x", "kind": "heading"], "parent"),  // a heading needs its project
      ("task/create", ["title": "x", "kind": "project", "parent": 2], "parent"),  // a project in a project
      ("task/create", ["title": "x", "parent": 99], "parent"),  // no such area
      ("task/update", ["id": 1, "parent": 2], "parent"),  // an area has no parent
      ("task/update", ["id": 4, "kind": "project"], "kind"),
      // another project's heading
      ("task/move", ["id": 4, "view": "project", "project": 7, "heading": 3, "index": 0], "heading"),
      ("task/move", ["id": 3, "view": "today", "index": 0], "view"),  // a heading into Today
      ("task/complete", ["id": 1], "id"),  // an area is not completed
      ("view/list", ["view": "project"], "project"),
      ("view/list", ["view": "today", "project": 2], "project"),
    ]
    for (method, params, param) in refusals {
      let error = try server.error(method, params)
      #expect(error["data"]?["param"] == .string(param), "\(method) \(params): \(error)")
    }
    #expect(try Self.outline(server, ["view": "project", "project": 2]) == before)
    #expect(try server.result("history/list")["steps"]?.arrayValue?.count == 7, "no step was added")
  }

  /// A task completed in a project that was deleted since is not lost when reopened: it comes
  /// out of the project to the Inbox (or its day), alone and in a batch.
  @Test func aTaskOfADeletedProjectReopensWhereItCanBeSeen() throws {
    let server = try Self.garden()
    _ = try server.result("task/complete", ["id": 4])
    _ = try server.result("task/complete", ["id": 5])
    _ = try server.result("task/delete", ["id": 2, "children": "delete"])
    let reopened = try server.result("task/complete", ["id": 4, "completed": false])
    #expect(reopened["task"]?["parent"] == nil && reopened["view"] == "inbox")
    let batch = try server.result(
      "task/batch", ["requests": [["method": "task/complete", "params": ["id": 5, "completed": false]]]])
    #expect(batch["results"]?[0]?["view"] == "today", "its day keeps it in Today")
    #expect(try Self.outline(server, ["view": "inbox"]) == ["inbox Inbox: Loose, Buy soil"])
    // Undone, the task is completed in its project again; the project's deletion undone too,
    // it is the project's once more.
    _ = try server.result("history/undo")
    _ = try server.result("history/undo")
    _ = try server.result("history/undo")
    #expect(try server.result("task/get", ["id": 4])["task"]?["parent"] == 2)
  }
}

/// A drop in a project's view is checked against the version that view's list and its
/// subscription give (not Today's); quick add keeps the project it is told.
@Suite struct ProjectVersionTests {
  @Test func aDropCarriesTheProjectViewsVersion() throws {
    let server = try ProjectTests.garden()
    let subscribed = try server.result("view/subscribe", ["view": "project", "project": 2])
    let version = try #require(subscribed["version"])
    #expect(try server.result("view/list", ["view": "project", "project": 2])["version"] == version)
    _ = try server.result(
      "task/move", ["id": 6, "view": "project", "project": 2, "heading": 3, "index": 0, "version": version])
    // The same version again is stale now.
    let stale = try server.error(
      "task/move", ["id": 4, "view": "project", "project": 2, "index": 1, "version": version])
    #expect(stale["code"] == -32801)
    let made = try server.result("task/create", ["text": "Rake leaves #garden tomorrow", "parent": 3])
    #expect(made["task"]?["parent"] == 3 && made["task"]?["tags"] == ["garden"])
  }
}

/// Quick add names a project (`>Garden`, Taskwarrior's `project:Garden`) and a heading
/// (`>Garden/Spring`); a typo is named with what it was probably meant to be.
@Suite struct ProjectQuickAddTests {
  @Test func aProjectAndAHeadingByName() throws {
    let server = try ProjectTests.garden()
    let seeds = try server.result("task/create", ["text": "Buy seeds >garden tomorrow"])
    #expect(seeds["task"]?["title"] == "Buy seeds" && seeds["task"]?["parent"] == 2)
    let plant = try server.result("task/create", ["text": "Plant bulbs project:Garden/spring"])
    #expect(plant["task"]?["parent"] == 3)
    let typo = try server.error("task/create", ["text": "Rake >Gardn"])
    #expect(typo["data"]?["param"] == "text")
    #expect(typo["message"]?.stringValue?.contains(#"did you mean "Garden"?"#) == true, "\(typo)")
    let parsed = try server.result("task/parse", ["text": "Rake >Garden"])
    #expect(parsed["spans"]?.arrayValue?.contains { $0["kind"] == "project" && $0["value"] == "Garden" } == true)
  }
}

/// The structure's refusals in a German session say nothing in English.
@Suite struct ProjectGermanTests {
  @Test func refusalsReadInGerman() throws {
    let server = try TaskwireProcess.started(initialize: false)
    _ = try server.result("initialize", ["locale": "de"])
    for params: JSONValue in [
      ["title": "Home", "kind": "area"], ["title": "Garden", "kind": "project", "parent": 1],
      ["title": "Spring", "kind": "heading", "parent": 2], ["title": "Dig", "parent": 2],
    ] {
      _ = try server.result("task/create", params)
    }
    let refusals: [(String, JSONValue)] = [
      ("task/create", ["title": "x", "parent": 4]), ("task/create", ["title": "x", "kind": "heading"]),
      ("task/create", ["title": "x", "kind": "project", "parent": 2]), ("task/create", ["title": "x", "parent": 99]),
      ("task/update", ["id": 1, "parent": 2]), ("task/update", ["id": 4, "kind": "project"]),
      ("task/delete", ["id": 2]), ("task/complete", ["id": 1]), ("task/create", ["text": "x >Gardn"]),
      ("task/checklist", ["id": 2, "action": "add", "title": "x"]),
      ("task/checklist", ["id": 4, "action": "check", "item": "0f8e2a9c-1b2d-4c3e-8f40-5a6b7c8d9e0f"]),
      ("task/batch", ["requests": []]),
    ]
    let english = try NSRegularExpression(
      pattern:
        #"\b(goes|into|not an open|heading|area|holds|items|delete them|keep them|has no|needs|cannot|only a|line of|named|did you mean|must|is required)\b"#
    )
    for (method, params) in refusals {
      let message = try #require(try server.error(method, params)["message"]?.stringValue)
      let found = english.firstMatch(in: message, range: NSRange(message.startIndex..., in: message))
      #expect(found == nil, "\(method) \(params): \(message)")
    }
  }
}
