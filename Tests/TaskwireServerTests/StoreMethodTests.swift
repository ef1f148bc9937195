import Foundation
import JSON
import TaskwireTestSupport
import Testing

/// store/export and store/import: what a frontend's "Export…" and "Import…" do.
@Suite struct StoreMethodTests {
  static let views = ["inbox", "today", "upcoming", "matrix"]

  func state(_ server: InProcessClient) throws -> [JSONValue] {
    try Self.views.map { try server.content($0) } + [try server.content("logbook")]
  }

  /// A store with every kind of field, manual order that is not creation order, a task in the
  /// past (overdue), a completed one and a reordered quadrant.
  func filledServer() throws -> InProcessClient {
    let server = try InProcessClient.started()
    try server.result("task/create", ["text": "Call mom #family !! tomorrow 30m every sun", "view": "today"])
    try server.result("task/create", ["title": "Pay rent", "view": "today", "dueDate": "2026-02-13", "urgent": true])
    try server.result("task/create", ["title": "Read", "notes": "chapter 3\nchapter 4", "type": "learning"])
    try server.result("task/create", ["title": "Zahnarzt 🦷", "view": "today", "priority": 3, "urgent": true])
    try server.result("task/create", ["title": "Done already", "view": "today"])
    try server.result("task/move", ["id": 4, "view": "today", "index": 0])
    try server.result("task/move", ["id": 2, "view": "matrix", "quadrant": "do", "index": 0])
    try server.result("task/complete", ["id": 5])
    try server.result("test/setClock", ["now": "2026-02-15T09:00:00Z"])  // Today's tasks are overdue now
    return server
  }

  @Test func exportThenImportIntoAnEmptyStoreGivesTheSameViews() throws {
    let source = try filledServer()
    let export = try source.result("store/export", ["completed": true])
    #expect(export["count"] == 5 && export["format"] == "taskwire")
    let target = try InProcessClient.started()
    try target.result("test/setClock", ["now": "2026-02-15T09:00:00Z"])
    let report = try target.result("store/import", ["document": try #require(export["document"])])
    #expect(report["created"] == 5 && report["updated"] == 0 && report["step"] == "Import 5 tasks from taskwire")
    #expect(try state(target) == state(source))
    // The same file again changes nothing: every task is known by its id in the export.
    let again = try target.result("store/import", ["document": try #require(export["document"])])
    #expect(again["created"] == 0 && again["unchanged"] == 5 && again["step"] == .null)
    #expect(try state(target) == state(source))
  }

  @Test func anImportIsOneUndoStepAndSubscribersSeeIt() throws {
    let server = try InProcessClient.started()
    try server.result("view/subscribe", ["view": "today"])
    let document: JSONValue = [
      ["uuid": "u1", "description": "First", "status": "pending", "scheduled": "20260212T000000Z"],
      ["uuid": "u2", "description": "Second", "status": "pending", "scheduled": "20260210T000000Z", "priority": "H"],
      ["uuid": "u3", "description": "Gone", "status": "deleted"],
    ]
    let (response, notifications) = try server.resultAndNotifications(
      "store/import", ["document": document, "format": "taskwarrior"])
    let report = try #require(response["result"])
    #expect(report["created"] == 2 && report["read"] == 3)
    #expect(report["skipped"] == [["reason": "deleted in Taskwarrior", "count": 1, "examples": ["Gone"]]])
    #expect(notifications.contains { $0["method"] == "view/changed" && $0["params"]?["view"] == "today" })
    let titles = try server.result("view/list", ["view": "today"])["groups"]?[0]?["tasks"]?.arrayValue?.map {
      $0["title"]
    }
    #expect(titles == ["First", "Second"])
    #expect(try server.result("history/list")["steps"]?[0]?["label"] == "Import 2 tasks from taskwarrior")
    try server.result("history/undo")
    #expect(try server.result("view/list", ["view": "today"])["groups"]?[0]?["tasks"] == [])
    try server.result("history/redo")
    // Changed in Taskwarrior, imported again: updated in place, not added.
    let changed: JSONValue = [
      ["uuid": "u2", "description": "Second, renamed", "status": "pending", "scheduled": "20260210T000000Z"]
    ]
    let update = try server.result("store/import", ["document": changed])
    #expect(update["updated"] == 1 && update["created"] == 0)
    let after = try server.result("view/list", ["view": "today"])["groups"]?[0]?["tasks"]?.arrayValue?.map {
      $0["title"]
    }
    #expect(after == ["First", "Second, renamed"])
  }

  @Test func aMalformedDocumentChangesNothingAndSaysWhere() throws {
    let server = try InProcessClient.started()
    let document: JSONValue = [
      ["uuid": "a", "description": "fine"], ["uuid": "b", "description": "bad", "due": "friday"],
    ]
    let error = try server.error("store/import", ["document": document])
    #expect(error["code"] == -32602)
    #expect(
      error["message"]
        == "The file cannot be imported: record 1: due is not a Taskwarrior date (like 20261124T153000Z): friday")
    #expect(error["data"]?["record"] == 1)
    #expect(try server.result("history/list")["steps"] == [])
    #expect(try server.result("view/list", ["view": "inbox"])["groups"]?[0]?["tasks"] == [])
    #expect(try server.error("store/import", ["path": "/nonexistent/tasks.json"])["data"]?["record"] == .null)
    #expect(try server.error("store/import", [:])["message"] == "Invalid params: path is required (or document)")
  }

  @Test func exportToAFileAndTaskwarriorsFormat() throws {
    let server = try filledServer()
    let folder = try temporaryFolder().path
    let path = folder + "/tasks.json"
    let reply = try server.result("store/export", ["format": "taskwarrior", "path": .string(path)])
    #expect(reply["count"] == 4 && reply["path"] == .string(path))
    let records = try #require(JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: path)))).arrayValue)
    let call = try #require(records.first { $0["description"] == "Call mom" })
    #expect(call["tags"] == ["family"] && call["priority"] == "M" && call["taskwire_duration"] == "30")
    #expect(call["status"] == "pending" && call["uuid"]?.stringValue?.count == 36)
    #expect(try server.error("store/export", ["path": "/nonexistent/dir/tasks.json"])["code"] != nil)
    #expect(!FileManager.default.fileExists(atPath: "/nonexistent/dir/tasks.json.taskwire-partial"))
  }
}
