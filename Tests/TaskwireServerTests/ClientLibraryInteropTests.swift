import JSON
import TaskwireTestSupport
import Testing

/// What JSON-RPC client libraries written for LSP send, and what they need back (issue 15):
/// null and empty params, capabilities, housekeeping notifications, the zone's name, and field
/// clearing that survives libraries dropping null members.
@Suite struct ClientLibraryInteropTests {
  @Test func nullParamsAreNoParams() throws {
    let client = try InProcessClient.started()
    client.send(#"{"jsonrpc":"2.0","id":"t","method":"tags/list","params":null}"#)
    #expect(try client.readMessage()["result"] == ["tags": [], "projects": []])
    #expect(try client.result("shutdown") == .null)
    client.send(#"{"jsonrpc":"2.0","method":"exit","params":null}"#)
    #expect(client.takeNotifications().isEmpty, "a notification is never answered")
    #expect(client.connection.closeCode == 0)
  }

  @Test func anEmptyArrayIsNoParamsAndAFullOneIsRefused() throws {
    let client = try InProcessClient.started()
    client.send(#"{"jsonrpc":"2.0","id":1,"method":"tags/list","params":[]}"#)
    #expect(try client.readMessage()["result"] == ["tags": [], "projects": []])
    client.send(#"{"jsonrpc":"2.0","id":2,"method":"tags/list","params":[1]}"#)
    #expect(try client.readMessage()["error"]?["code"] == -32602)
  }

  @Test func initializeSaysWhatTheServerOffers() throws {
    let client = try InProcessClient(["--memory", "--time-zone", "UTC"])
    let result = try client.result("initialize", ["processId": 1, "capabilities": [:], "clientInfo": ["name": "nvim"]])
    #expect(result["timeZone"] == "UTC", "the zone as given, not Foundation's GMT")
    let capabilities = try #require(result["capabilities"])
    #expect(capabilities["viewDiffs"] == true)
    #expect(capabilities["views"]?.arrayValue?.contains("logbook") == true)
    #expect(
      capabilities["dragTargets"] == [
        "inbox", "today", "upcoming", "matrix", "project", "area", "projects", "anytime", "someday",
      ])
  }

  @Test func lspHousekeepingIsAcceptedSilently() throws {
    let client = try InProcessClient.started()
    for method in ["initialized", "workspace/didChangeConfiguration", "$/setTrace"] {
      client.send(#"{"jsonrpc":"2.0","method":"\#(method)","params":{}}"#)
    }
    #expect(client.takeNotifications().isEmpty)
    #expect(try client.result("tags/list") == ["tags": [], "projects": []], "and the server goes on")
  }

  /// A cleared field is named in `cleared` beside `fields`.
  @Test func clearingAFieldIsNamedInCleared() throws {
    let client = try InProcessClient.started()
    let id = try #require(
      try client.result("task/create", ["title": "a", "view": "today", "notes": "n", "dueDate": "fri"])["task"]?["id"])
    var applier = try SnapshotApplier(subscribeResult: try client.result("view/subscribe", ["view": "today"]))
    let (_, notes) = try client.resultAndNotifications("task/update", ["id": id, "notes": nil, "dueDate": nil])
    let op = try #require(notes.first?["params"]?["ops"]?[0])
    #expect(op["op"] == "update")
    #expect(op["cleared"] == ["notes", "dueDate"])
    try applier.apply(try #require(notes.first?["params"]))
    #expect(applier.snapshot == (try client.content("today")).objectValue)
  }
}

/// Exact diffs that a model-based check found wanting (issue 15).
@Suite struct ExactDiffRegressionTests {
  /// A drag inside a matrix quadrant names the dragged task, and undo pushes its inverse.
  @Test func aMatrixDragNamesTheDraggedTaskAndUndoInvertsIt() throws {
    let client = try InProcessClient.started()
    for title in ["one", "two"] { try client.result("task/create", ["title": .string(title), "view": "inbox"]) }
    _ = try client.result("view/subscribe", ["view": "matrix"])
    let (_, drag) = try client.resultAndNotifications(
      "task/move", ["id": 1, "view": "matrix", "quadrant": "eliminate", "index": 1])
    #expect(
      drag.first?["params"]?["ops"] == [
        ["op": "move", "id": 1, "from": ["group": "eliminate", "index": 0], "to": ["group": "eliminate", "index": 1]]
      ])
    let (_, undo) = try client.resultAndNotifications("history/undo")
    #expect(
      undo.first?["params"]?["ops"] == [
        ["op": "move", "id": 1, "from": ["group": "eliminate", "index": 1], "to": ["group": "eliminate", "index": 0]]
      ])
    let (_, back) = try client.resultAndNotifications(
      "task/move", ["id": 2, "view": "matrix", "quadrant": "eliminate", "index": 0])
    #expect(back.first?["params"]?["ops"]?[0]?["id"] == 2)
    let (_, undoBack) = try client.resultAndNotifications("history/undo")
    #expect(
      undoBack.first?["params"]?["ops"] == [
        ["op": "move", "id": 2, "from": ["group": "eliminate", "index": 0], "to": ["group": "eliminate", "index": 1]]
      ])
  }

  /// Another process creating a task leaves an unsubscribed logbook's version alone.
  @Test func theLogbookVersionMovesWithItsContentOnly() throws {
    let path = try temporaryFolder().appendingPathComponent("tasks.sqlite").path
    let mine = try InProcessClient.started(["--db", path])
    let theirs = try InProcessClient.started(["--db", path])
    let before = try mine.result("view/list", ["view": "logbook"])["version"]
    try theirs.result("task/create", ["title": "new", "view": "today"])
    mine.poll()
    #expect(try mine.result("view/list", ["view": "logbook"])["version"] == before)
    try theirs.result("task/complete", ["id": 1])
    mine.poll()
    let after = try mine.result("view/list", ["view": "logbook"])
    #expect(after["version"] != before)
    #expect(after["groups"]?[0]?["tasks"]?[0]?["title"] == "new")
  }

  /// A monthly repeat created on the 31st keeps the 31st (the month's last day when shorter).
  @Test func aMonthlyRepeatKeepsItsDay() throws {
    let client = try InProcessClient(["--memory", "--clock", "2026-01-31T08:00:00Z", "--time-zone", "UTC"])
    try client.result("initialize", [:])
    let created = try client.result(
      "task/create", ["title": "rent", "view": "today", "recurrence": ["pattern": "monthly"]])
    #expect(created["task"]?["recurrence"]?["monthDay"] == 31)
    var dates: [JSONValue] = []
    var id: JSONValue = 1
    for _ in 0..<3 {
      let (_, _) = try client.resultAndNotifications("task/complete", ["id": id])
      let upcoming = try client.result("view/list", ["view": "upcoming"])
      let next = try #require(upcoming["groups"]?[0]?["tasks"]?[0])
      dates.append(next["scheduledDate"] ?? .null)
      id = next["id"] ?? .null
    }
    #expect(dates == ["2026-02-28", "2026-03-31", "2026-04-30"])
  }
}
