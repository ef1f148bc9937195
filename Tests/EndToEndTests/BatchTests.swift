import Foundation
import JSON
import TaskwireTestSupport
import Testing

/// `task/batch`: several changes, one transaction, one undo step (`tw done 8 9 12`).
@Suite struct BatchTests {
  func created(_ server: TaskwireProcess, _ titles: [String], recurring: Set<String> = []) throws {
    for title in titles {
      _ = try server.result(
        "task/create",
        [
          "title": .string(title), "view": "today",
          "recurrence": recurring.contains(title) ? ["pattern": "daily"] : .null,
        ])
    }
  }

  func titles(_ server: TaskwireProcess, _ view: String) throws -> [String] {
    (try server.result("view/list", ["view": .string(view)])["groups"]?.arrayValue ?? []).flatMap { group in
      (group["tasks"]?.arrayValue ?? []).compactMap { $0["title"]?.stringValue }
    }
  }

  @Test func severalChangesAreOneUndoStep() throws {
    let server = try TaskwireProcess.started()
    try created(server, ["a", "b", "c", "d"], recurring: ["a", "b"])
    _ = try server.result("view/subscribe", ["view": "today"])
    let (reply, notes) = try server.resultAndNotifications(
      "task/batch",
      [
        "requests": [
          ["method": "task/complete", "params": ["id": 1]], ["method": "task/complete", "params": ["id": 2]],
          ["method": "task/schedule", "params": ["id": 3, "date": "tomorrow"]],
          ["method": "task/delete", "params": ["id": 4]],
        ]
      ])
    let result = try #require(reply["result"])
    #expect(result["label"] == "Complete 'a', next on Tomorrow; Complete 'b', next on Tomorrow; and 2 more")
    #expect(result["results"]?[3] == ["deleted": 4])
    #expect(result["results"]?[2]?["group"] == "2026-02-13")
    #expect(notes.count == 1, "one diff for the whole batch")
    // Both next occurrences exist, each with an id of its own.
    #expect(try titles(server, "upcoming") == ["a", "b", "c"])
    let ids = try server.result("view/list", ["view": "upcoming"])["groups"]?[0]?["tasks"]?.arrayValue?.compactMap {
      $0["id"]?.integerValue
    }
    #expect(ids.map { Set($0).count } == 3)
    #expect(try server.result("history/list")["steps"]?.arrayValue?.count == 5, "4 creates and the batch")
    _ = try server.result("history/undo")
    #expect(try titles(server, "today") == ["a", "b", "c", "d"])
    #expect(try titles(server, "upcoming") == [])
    _ = try server.result("history/redo")
    #expect(try titles(server, "today") == [])
  }

  @Test func aFailingRequestChangesNothingAndIsNamed() throws {
    let server = try TaskwireProcess.started()
    try created(server, ["a", "b"])
    let error = try server.error(
      "task/batch",
      [
        "requests": [
          ["method": "task/complete", "params": ["id": 1]], ["method": "task/complete", "params": ["id": 9]],
        ]
      ])
    #expect(error["code"] == -32010)
    #expect(error["data"]?["request"] == 1)
    #expect(try titles(server, "today") == ["a", "b"], "the first request was not committed either")
    let bad = try server.error(
      "task/batch", ["requests": [["method": "task/schedule", "params": ["id": 1, "date": "someday soon"]]]])
    #expect(bad["data"]?["param"] == "requests[0].params.date")
    let versioned = try server.error(
      "task/batch", ["requests": [["method": "task/move", "params": ["id": 1, "view": "inbox", "version": 1]]]])
    #expect(versioned["data"]?["param"] == "requests[0].params.version")
    #expect(try server.error("task/batch", ["requests": []])["data"]?["param"] == "requests")
    #expect(
      try server.error("task/batch", ["requests": [["method": "task/get", "params": ["id": 1]]]])["data"]?[
        "param"] == "requests[0].method")
    #expect(try titles(server, "today") == ["a", "b"])
  }

  /// Each request sees what the ones before it did: a task moved twice ends where the second
  /// move put it, and one completed then deleted is gone.
  @Test func eachRequestSeesTheOnesBefore() throws {
    let server = try TaskwireProcess.started()
    try created(server, ["a", "b", "c"])
    let result = try server.result(
      "task/batch",
      [
        "requests": [
          ["method": "task/move", "params": ["id": 3, "view": "today", "index": 0]],
          ["method": "task/move", "params": ["id": 1, "view": "today", "index": 0]],
          ["method": "task/complete", "params": ["id": 2]], ["method": "task/delete", "params": ["id": 2]],
        ]
      ])
    #expect(try titles(server, "today") == ["a", "c"])
    #expect(result["results"]?[2] == ["deleted": 2])
    #expect(try server.error("task/get", ["id": 2])["code"] == -32010)
    // Undone as one step, though the step changed task 2 twice.
    _ = try server.result("history/undo")
    #expect(try titles(server, "today") == ["a", "b", "c"])
  }
}

/// Creating inside a batch (a CalDAV sync's new tasks): each gets an id of its own, a later
/// request may name it, and one undo takes them all back.
@Suite struct BatchCreateTests {
  @Test func createdTasksAreNamedByLaterRequestsAndUndoneTogether() throws {
    let server = try TaskwireProcess.started()
    let result = try server.result(
      "task/batch",
      [
        "requests": [
          ["method": "task/create", "params": ["title": "from the phone", "view": "today"]],
          ["method": "task/create", "params": ["title": "and another", "view": "inbox"]],
          ["method": "task/complete", "params": ["id": "@0"]],
        ]
      ])
    let ids = (result["results"]?.arrayValue ?? []).compactMap { $0["task"]?["id"]?.integerValue }
    #expect(ids == [1, 2, 1])
    #expect(result["results"]?[2]?["task"]?["completed"] == true)
    #expect(try server.result("task/get", ["id": 2])["task"]?["title"] == "and another")
    _ = try server.result("history/undo")
    #expect(try server.error("task/get", ["id": 1])["code"] == -32010)
    #expect(try server.error("task/get", ["id": 2])["code"] == -32010)
    _ = try server.result("history/redo")
    #expect(try server.result("task/get", ["id": 1])["task"]?["completed"] == true)
    // "@N" names only an earlier create of the same batch.
    for bad: JSONValue in ["@1", "@9", "7", "@x"] {
      let error = try server.error(
        "task/batch",
        [
          "requests": [
            ["method": "task/create", "params": ["title": "x"]], ["method": "task/complete", "params": ["id": bad]],
          ]
        ])
      #expect(error["data"]?["param"] == "requests[1].params.id", "\(bad)")
    }
  }

  /// A project made in a batch takes the batch's tasks: `"parent": "@0"` on a create, and a
  /// move's `"project": "@0"` — one step, as a phone's new project with its tasks arrives.
  @Test func aProjectMadeInTheBatchTakesItsTasks() throws {
    let server = try TaskwireProcess.started()
    _ = try server.result("task/create", ["title": "Loose", "view": "inbox"])
    let reply = try server.result(
      "task/batch",
      [
        "requests": [
          ["method": "task/create", "params": ["title": "Trip", "kind": "project"]],
          ["method": "task/create", "params": ["title": "Pack", "parent": "@0"]],
          ["method": "task/create", "params": ["title": "Stops", "kind": "heading", "parent": "@0"]],
          ["method": "task/create", "params": ["title": "Book hotel", "parent": "@2"]],
          [
            "method": "task/move",
            "params": ["id": 1, "view": "project", "project": "@0", "heading": "@2", "index": 0],
          ],
        ]
      ])
    #expect(reply["results"]?.arrayValue?.count == 5)
    #expect(
      try ProjectTests.outline(server, ["view": "project", "project": 2]) == [
        "tasks:2 Trip: Pack", "tasks:4 Stops: Loose, Book hotel",
      ])
    #expect(try server.result("history/undo")["undone"] != nil)
    #expect(try ProjectTests.outline(server, ["view": "inbox"]) == ["inbox Inbox: Loose"])
    #expect(try server.error("task/get", ["id": 2])["code"] == -32010)
    // A reference to a later request, or to one that is not a create, is refused and changes nothing.
    for parent: JSONValue in ["@1", "@5", "x"] {
      let error = try server.error(
        "task/batch",
        [
          "requests": [
            ["method": "task/create", "params": ["title": "P", "kind": "project"]],
            ["method": "task/create", "params": ["title": "T", "parent": parent]],
          ]
        ])
      #expect(error["data"]?["param"] == "requests[1].params.parent", "\(parent): \(error)")
    }
    #expect(try ProjectTests.outline(server, ["view": "projects"]) == ["projects:0 No area: "])
  }

  /// Checklist gestures go in a batch too (a CalDAV sync's lines, with its tasks): one undo
  /// step for a new task with its lines, a tick and a rename of another's.
  @Test func checklistGesturesAreInTheStep() throws {
    let server = try TaskwireProcess.started()
    let made = try server.result("task/create", ["title": "Pack", "view": "today"])["task"]
    let id = try #require(made?["id"])
    let added = try server.result("task/checklist", ["id": id, "action": "add", "title": "Socks"])
    let line = try #require(added["task"]?["checklist"]?[0]?["uuid"])
    let reply = try server.result(
      "task/batch",
      [
        "requests": [
          ["method": "task/create", "params": ["title": "Trip", "view": "today"]],
          ["method": "task/checklist", "params": ["id": "@0", "action": "add", "title": "Tickets"]],
          ["method": "task/checklist", "params": ["id": id, "action": "check", "item": line]],
          ["method": "task/checklist", "params": ["id": id, "action": "rename", "item": line, "title": "Wool socks"]],
        ]
      ])
    let results = try #require(reply["results"]?.arrayValue)
    #expect(results.count == 4)
    #expect(results[1]["task"]?["checklist"]?[0]?["title"] == "Tickets")
    #expect(results[3]["task"]?["checklist"]?[0] == ["uuid": line, "title": "Wool socks", "done": true])
    // One undo takes all four back: the new task goes, the line is as it was.
    try server.result("history/undo")
    #expect(try server.result("task/get", ["id": id])["task"]?["checklist"]?[0]?["title"] == "Socks")
    #expect(try server.result("task/get", ["id": id])["task"]?["checklist"]?[0]?["done"] == false)
    #expect(try BatchTests().titles(server, "today") == ["Pack"])
    // A gesture on a line the task does not have fails the whole batch, naming it.
    let error = try server.error(
      "task/batch",
      [
        "requests": [
          ["method": "task/create", "params": ["title": "Kept out", "view": "today"]],
          [
            "method": "task/checklist",
            "params": ["id": id, "action": "check", "item": "00000000-0000-4000-8000-000000000000"],
          ],
        ]
      ])
    #expect(error["data"]?["request"] == 1)
    #expect(try BatchTests().titles(server, "today") == ["Pack"])
  }

  /// A line can come ticked (a phone's line made done before it was synced): one gesture, in a
  /// batch too; `done` beside another action is refused.
  @Test func aLineComesTicked() throws {
    let server = try TaskwireProcess.started()
    let reply = try server.result(
      "task/batch",
      [
        "requests": [
          ["method": "task/create", "params": ["title": "Trip", "view": "today"]],
          ["method": "task/checklist", "params": ["id": "@0", "action": "add", "title": "Visa", "done": true]],
        ]
      ])
    let line = try #require(reply["results"]?[1]?["task"]?["checklist"]?[0])
    #expect(line["title"] == "Visa" && line["done"] == true)
    let id = try #require(reply["results"]?[0]?["task"]?["id"])
    let error = try server.error(
      "task/checklist", ["id": id, "action": "check", "item": try #require(line["uuid"]), "done": false])
    #expect(error["data"]?["param"] == "done")
  }

  /// A client may give a new item its uuid (a CalDAV UID, another device's item): kept as given
  /// (any case, written lower), refused when an item has it already (a completed one too) or an
  /// earlier create of the same batch gives it, and refused when it is no uuid; nothing changes.
  @Test func aCreateMayGiveTheUUID() throws {
    let server = try TaskwireProcess.started()
    let uuid = "6F1C2A9E-3B1D-4C55-9A0E-1D2C3B4A5F60"
    let made = try server.result("task/create", ["title": "From the phone", "uuid": .string(uuid)])["task"]
    #expect(made?["uuid"] == .string(uuid.lowercased()))
    let id = try #require(made?["id"])
    try server.result("task/complete", ["id": id])
    #expect(try server.error("task/create", ["title": "Again", "uuid": .string(uuid)])["data"]?["param"] == "uuid")
    #expect(try server.error("task/create", ["title": "Bad", "uuid": "not-a-uuid"])["data"]?["param"] == "uuid")
    let other = "0f8e2a9c-1b2d-4c3e-8f40-5a6b7c8d9e0f"
    let twice = try server.error(
      "task/batch",
      [
        "requests": [
          ["method": "task/create", "params": ["title": "One", "uuid": .string(other)]],
          ["method": "task/create", "params": ["title": "Two", "uuid": .string(other)]],
        ]
      ])
    #expect(twice["data"]?["request"] == 1)
    #expect(try server.result("view/list", ["view": "inbox"])["groups"]?[0]?["tasks"] == [])
    // In a batch, as alone; undone, the uuid is free again.
    let reply = try server.result(
      "task/batch", ["requests": [["method": "task/create", "params": ["title": "One", "uuid": .string(other)]]]])
    #expect(reply["results"]?[0]?["task"]?["uuid"] == .string(other))
    try server.result("history/undo")
    try server.result("task/create", ["title": "One again", "uuid": .string(other)])
  }
}
