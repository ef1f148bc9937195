import Foundation
import JSON
import TaskwireTestSupport
import Testing

/// task/move: drag with a drop index, inside a list and across views and day groups.
@Suite struct MoveTests {
  /// A server with Inbox [i1 i2 i3], Today [t1 t2], Tomorrow [u1 u2] (ids 1…7).
  func seeded() throws -> InProcessClient {
    let server = try InProcessClient.started()
    for (title, view) in [
      ("i1", "inbox"), ("i2", "inbox"), ("i3", "inbox"), ("t1", "today"), ("t2", "today"), ("u1", "upcoming"),
      ("u2", "upcoming"),
    ] {
      try server.result("task/create", ["title": .string(title), "view": .string(view)])
    }
    return server
  }

  func titles(_ server: InProcessClient, _ view: String, group: Int = 0) throws -> [String] {
    let list = try server.result("view/list", ["view": .string(view)])
    return list["groups"]?[group]?["tasks"]?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []
  }

  @Test func reorderDownAndUp() throws {
    let server = try seeded()
    let down = try server.result("task/move", ["id": 1, "view": "inbox", "index": 2])
    #expect(down["index"] == 2)
    #expect(try titles(server, "inbox") == ["i2", "i3", "i1"])
    try server.result("task/move", ["id": 1, "view": "inbox", "index": 0])
    #expect(try titles(server, "inbox") == ["i1", "i2", "i3"])
    try server.result("task/move", ["id": 3, "view": "inbox", "index": 1])
    #expect(try titles(server, "inbox") == ["i1", "i3", "i2"])
    // The index counts the list with the task taken out: 3 is past the end of a 2-long list.
    let past = try server.error("task/move", ["id": 1, "view": "inbox", "index": 3])
    #expect(past["code"] == -32602)
    #expect(past["data"]?["param"] == "index")
    #expect(try server.error("task/move", ["id": 1, "view": "inbox", "index": -1])["data"]?["param"] == "index")
    #expect(try titles(server, "inbox") == ["i1", "i3", "i2"], "nothing changed")
  }

  @Test func movesBetweenEveryPairOfViews() throws {
    let server = try seeded()
    let toToday = try server.result("task/move", ["id": 1, "view": "today", "index": 1])
    #expect(toToday["task"]?["scheduledDate"] == "2026-02-12")
    #expect(toToday["view"] == "today")
    #expect(try titles(server, "today") == ["t1", "i1", "t2"])

    let toUpcoming = try server.result("task/move", ["id": 4, "view": "upcoming", "date": "2026-02-13", "index": 2])
    #expect(toUpcoming["task"]?["scheduledDate"] == "2026-02-13")
    #expect(toUpcoming["group"] == "2026-02-13")
    #expect(try titles(server, "upcoming") == ["u1", "u2", "t1"])

    let toInbox = try server.result("task/move", ["id": 6, "view": "inbox", "index": 0])
    #expect(toInbox["task"]?["scheduledDate"] == .null)
    #expect(try titles(server, "inbox") == ["u1", "i2", "i3"])

    try server.result("task/move", ["id": 7, "view": "today", "index": 0])
    #expect(try titles(server, "today") == ["u2", "i1", "t2"])

    try server.result("task/move", ["id": 2, "view": "upcoming", "date": "2026-02-13", "index": 0])
    #expect(try titles(server, "upcoming") == ["i2", "t1"])

    try server.result("task/move", ["id": 5, "view": "inbox", "index": 2])
    #expect(try titles(server, "inbox") == ["u1", "i3", "t2"])
  }

  @Test func leavingTheIndexOutDropsAtTheEnd() throws {
    let server = try seeded()
    let place = try server.result("task/move", ["id": 1, "view": "today"])
    #expect(place["index"] == 2)
    let phrase = try server.result("task/move", ["id": 2, "view": "upcoming", "date": "tomorrow"])
    #expect(phrase["index"] == 2)
    #expect(try titles(server, "upcoming") == ["u1", "u2", "i2"])
  }

  @Test func moveIntoANewDayGroupCreatesIt() throws {
    let server = try seeded()
    let moved = try server.result("task/move", ["id": 4, "view": "upcoming", "date": "2026-02-20", "index": 0])
    #expect(moved["group"] == "2026-02-20")
    #expect(moved["index"] == 0)
    let groups = try server.result("view/list", ["view": "upcoming"])["groups"]?.arrayValue ?? []
    #expect(groups.map { $0["title"] } == ["Tomorrow", "Feb 20"])
    // A phrase works as the group's date, too.
    let phrase = try server.result("task/move", ["id": 5, "view": "upcoming", "date": "next fri", "index": 1])
    #expect(phrase["group"] == "2026-02-20")
    #expect(try titles(server, "upcoming", group: 1) == ["t1", "t2"])
    // Emptying a group removes it.
    try server.result("task/move", ["id": 4, "view": "inbox", "index": 0])
    try server.result("task/move", ["id": 5, "view": "inbox", "index": 0])
    #expect(try server.result("view/list", ["view": "upcoming"])["groups"]?.arrayValue?.count == 1)
  }

  @Test func moveErrorsChangeNothing() throws {
    let server = try seeded()
    let before = try server.content("upcoming")
    #expect(try server.error("task/move", ["id": 99, "view": "inbox", "index": 0])["code"] == -32010)
    #expect(
      try server.error("task/move", ["id": 1, "view": "upcoming", "date": "2026-02-01", "index": 0])["code"] == -32012)
    #expect(
      try server.error("task/move", ["id": 1, "view": "upcoming", "date": "2026-02-12", "index": 0])["data"]?["param"]
        == "date")
    #expect(try server.error("task/move", ["id": 1, "view": "upcoming", "index": 0])["data"]?["param"] == "date")
    #expect(
      try server.error("task/move", ["id": 1, "view": "today", "date": "2026-02-14", "index": 0])["data"]?["param"]
        == "date")
    #expect(try server.error("task/move", ["id": 1, "view": "logbook", "index": 0])["data"]?["param"] == "view")
    #expect(try server.error("task/move", ["id": 1, "view": "someday", "index": 0])["data"]?["param"] == "index")
    #expect(try server.error("task/move", ["id": 1, "view": "today", "index": 9])["data"]?["param"] == "index")
    #expect(try server.content("upcoming") == before)
    #expect(try titles(server, "inbox") == ["i1", "i2", "i3"])
    #expect(try server.result("history/list")["steps"]?[0]?["label"] == "Create 'u2'", "no step was recorded")
  }

  @Test func manyMovesToOneSlotKeepTheOrder() throws {
    // Dropping again and again between the same two neighbours exhausts the rank gap and
    // forces local rebalances; the order must stay exactly what the drops asked for.
    let server = try InProcessClient.started()
    for number in 1...30 { try server.result("task/create", ["title": .string("t\(number)")]) }
    var expected = (1...30).map { "t\($0)" }
    for number in stride(from: 30, through: 3, by: -1) {
      try server.result("task/move", ["id": .int(number), "view": "inbox", "index": 1])
      expected.removeAll { $0 == "t\(number)" }
      expected.insert("t\(number)", at: 1)
      #expect(try titles(server, "inbox") == expected)
    }
    #expect(expected == ["t1"] + (3...30).map { "t\($0)" } + ["t2"])
    // Undoing the last three moves puts t3, t4, t5 back where each was before its move.
    for _ in 0..<3 { try server.result("history/undo") }
    let undone = ["t1"] + (6...30).map { "t\($0)" } + ["t2", "t3", "t4", "t5"]
    #expect(try titles(server, "inbox") == undone)
  }
}
