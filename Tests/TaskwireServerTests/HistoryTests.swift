import Foundation
import JSON
import TaskwireTestSupport
import Testing

/// history/undo, history/redo and history/list.
@Suite struct HistoryTests {
  func state(_ server: InProcessClient) throws -> [JSONValue] {
    try ["inbox", "today", "upcoming"].map { try server.content($0) }
  }

  @Test func aChainUndoneAndRedoneBackAndForth() throws {
    let server = try InProcessClient.started()
    var states = [try state(server)]
    let actions: [(String, JSONValue, String)] = [
      ("task/create", ["title": "Buy milk"], "Create 'Buy milk'"),
      ("task/create", ["title": "Call mom", "view": "today"], "Create 'Call mom'"),
      ("task/move", ["id": 1, "view": "today", "index": 0], "Move 'Buy milk' to Today"),
      ("task/schedule", ["id": 2, "date": "tomorrow"], "Schedule 'Call mom' for Tomorrow"),
      ("task/update", ["id": 1, "title": "Buy oat milk", "tags": ["shop"]], "Update 'Buy oat milk'"),
      ("task/complete", ["id": 1], "Complete 'Buy oat milk'"),
      ("task/move", ["id": 2, "view": "upcoming", "date": "2026-02-16", "index": 0], "Move 'Call mom' to Feb 16"),
      ("task/delete", ["id": 2], "Delete 'Call mom'"),
    ]
    for (method, params, _) in actions {
      try server.result(method, params)
      states.append(try state(server))
    }
    for step in stride(from: actions.count, through: 1, by: -1) {
      let undone = try server.result("history/undo")
      #expect(undone["undone"]?["label"] == .string(actions[step - 1].2))
      #expect(undone["undone"]?["client"] == "tests")
      #expect(try state(server) == states[step - 1], "after undoing step \(step)")
    }
    #expect(try server.error("history/undo")["code"] == -32013)
    for step in 1...actions.count {
      let redone = try server.result("history/redo")
      #expect(redone["redone"]?["label"] == .string(actions[step - 1].2))
      #expect(try state(server) == states[step], "after redoing step \(step)")
    }
    #expect(try server.error("history/redo")["code"] == -32014)
    // Back three, forward one, then a new change clears the redo side.
    for _ in 0..<3 { try server.result("history/undo") }
    try server.result("history/redo")
    #expect(try state(server) == states[6])
    try server.result("task/create", ["title": "new"])
    #expect(try server.result("history/list")["canRedo"] == false)
    #expect(try server.error("history/redo")["code"] == -32014)
  }

  @Test func undoRestoresThePositionInTheList() throws {
    let server = try InProcessClient.started()
    for title in ["a", "b", "c"] { try server.result("task/create", ["title": .string(title), "view": "today"]) }
    try server.result("task/move", ["id": 2, "view": "inbox", "index": 0])
    try server.result("history/undo")
    let today = try server.result("view/list", ["view": "today"])
    #expect(today["groups"]?[0]?["tasks"]?.arrayValue?.map { $0["title"] } == ["a", "b", "c"])
  }

  @Test func historyListShowsRecentStepsNewestFirst() throws {
    let server = try InProcessClient.started()
    try server.result("task/create", ["title": "a"])
    try server.result("task/create", ["title": "b"])
    try server.result("history/undo")
    let list = try server.result("history/list", ["limit": 1])
    #expect(list["steps"]?.arrayValue?.count == 1)
    #expect(list["steps"]?[0]?["label"] == "Create 'b'")
    #expect(list["steps"]?[0]?["undone"] == true)
    #expect(list["canUndo"] == true)
    #expect(list["canRedo"] == true)
    #expect(try server.error("history/list", ["limit": 0])["data"]?["param"] == "limit")
    #expect(try server.error("history/undo", ["steps": 2])["data"]?["param"] == "steps")
  }
}
