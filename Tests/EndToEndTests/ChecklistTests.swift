import Foundation
import JSON
import TaskwireTestSupport
import Testing

/// A task's checklist (issue 29): lines added, renamed, checked, moved, deleted and turned into
/// tasks, each gesture one undo step; a task shows "2/5"; bad input changes nothing.
@Suite struct ChecklistTests {
  func lines(_ task: JSONValue?) -> [String] {
    (task?["checklist"]?.arrayValue ?? []).map {
      ($0["done"] == true ? "[x] " : "[ ] ") + ($0["title"]?.stringValue ?? "")
    }
  }

  @Test func everyGestureIsOneStepAndTheTaskShowsItsCount() throws {
    let server = try TaskwireProcess.started(initialize: false)
    _ = try server.result("initialize", ["initializationOptions": ["displayParts": true]])
    _ = try server.result("task/create", ["title": "Garden", "kind": "project"])
    _ = try server.result("task/create", ["title": "Pack", "parent": 1, "view": "today"])
    for title in ["tent", "stove", "map"] {
      _ = try server.result("task/checklist", ["id": 2, "action": "add", "title": .string(title)])
    }
    var task = try server.result("task/get", ["id": 2])["task"]
    #expect(lines(task) == ["[ ] tent", "[ ] stove", "[ ] map"])
    let uuids = (task?["checklist"]?.arrayValue ?? []).compactMap { $0["uuid"]?.stringValue }
    #expect(Set(uuids).count == 3)
    _ = try server.result("task/checklist", ["id": 2, "action": "check", "item": .string(uuids[1])])
    _ = try server.result("task/checklist", ["id": 2, "action": "rename", "item": .string(uuids[2]), "title": "maps"])
    let moved = try server.result("task/checklist", ["id": 2, "action": "move", "item": .string(uuids[2]), "index": 0])
    #expect(lines(moved["task"]) == ["[ ] maps", "[ ] tent", "[x] stove"])
    #expect(moved["task"]?["display"]?.arrayValue?.contains(["kind": "checklist", "text": "1/3"]) == true)
    // A line becomes a task of its own, in the same project, on the same day, keeping its uuid.
    let made = try server.result("task/checklist", ["id": 2, "action": "toTask", "item": .string(uuids[0])])
    #expect(made["task"]?["title"] == "tent" && made["task"]?["parent"] == 1)
    #expect(made["task"]?["uuid"]?.stringValue == uuids[0] && made["view"] == "today")
    task = try server.result("task/get", ["id": 2])["task"]
    #expect(lines(task) == ["[ ] maps", "[x] stove"])
    _ = try server.result("task/checklist", ["id": 2, "action": "delete", "item": .string(uuids[1])])
    // Each gesture was one step: undone one by one back to three fresh lines.
    for _ in 0..<5 { _ = try server.result("history/undo") }
    task = try server.result("task/get", ["id": 2])["task"]
    #expect(lines(task) == ["[ ] tent", "[ ] stove", "[ ] map"])
    #expect(try server.error("task/get", ["id": 3])["code"] == -32010, "the task made from a line is gone again")
  }

  @Test func badChecklistInputIsRefusedAndChangesNothing() throws {
    let server = try TaskwireProcess.started()
    _ = try server.result("task/create", ["title": "A"])
    _ = try server.result("task/create", ["title": "B"])
    _ = try server.result("task/create", ["title": "P", "kind": "project"])
    _ = try server.result("task/checklist", ["id": 1, "action": "add", "title": "one"])
    let other = try server.result("task/checklist", ["id": 2, "action": "add", "title": "theirs"])
    let theirs = try #require(other["task"]?["checklist"]?[0]?["uuid"])
    let refusals: [(JSONValue, String)] = [
      (["id": 1, "action": "check", "item": theirs], "item"),  // another task's line
      (["id": 1, "action": "check", "item": "not-a-uuid"], "item"),
      (["id": 1, "action": "add", "title": "   "], "title"),
      (["id": 1, "action": "add", "title": "x", "index": 5], "index"),
      (["id": 1, "action": "shuffle"], "action"),
      (["id": 3, "action": "add", "title": "x"], "id"),  // a project has no checklist
    ]
    for (params, param) in refusals {
      #expect(try server.error("task/checklist", params)["data"]?["param"] == .string(param), "\(params)")
    }
    #expect(lines(try server.result("task/get", ["id": 1])["task"]) == ["[ ] one"])
    #expect(try server.result("history/list")["steps"]?.arrayValue?.count == 5)
  }

  /// A line may come with its client's uuid (a phone's sub-task keeps its UID): kept, refused
  /// when a line or an item has it already; only `add` takes one.
  @Test func aLineKeepsTheUUIDItsClientMinted() throws {
    let server = try TaskwireProcess.started()
    _ = try server.result("task/create", ["title": "Pack", "view": "today"])
    let phone = "A1B2C3D4-0000-4000-8000-00000000000A"
    let added = try server.result(
      "task/checklist", ["id": 1, "action": "add", "title": "tent", "uuid": .string(phone)])
    #expect(added["task"]?["checklist"]?[0]?["uuid"]?.stringValue == phone.lowercased())
    func problem(_ params: JSONValue) throws -> String? {
      try server.error("task/checklist", params)["data"]?["param"]?.stringValue
    }
    #expect(try problem(["id": 1, "action": "add", "title": "again", "uuid": .string(phone)]) == "uuid")
    let task = try #require(try server.result("task/get", ["id": 1])["task"]?["uuid"]?.stringValue)
    #expect(try problem(["id": 1, "action": "add", "title": "a task's", "uuid": .string(task)]) == "uuid")
    #expect(try problem(["id": 1, "action": "add", "title": "bad", "uuid": "not-a-uuid"]) == "uuid")
    #expect(try problem(["id": 1, "action": "check", "item": .string(phone), "uuid": .string(phone)]) == "uuid")
    #expect(lines(try server.result("task/get", ["id": 1])["task"]) == ["[ ] tent"], "nothing else was added")
    let made = try server.result("task/checklist", ["id": 1, "action": "toTask", "item": .string(phone)])
    #expect(made["task"]?["uuid"]?.stringValue == phone.lowercased())
  }
}
