import Foundation
import JSON
import TaskwireTestSupport
import Testing

/// A deadline that has come brings a task into Today, whatever its date, Inbox, project or
/// Someday (issue 30; Protocol/README.md, "Views and manual order"), through the real binary
/// with the test clock on Thursday 2026-02-12.
@Suite struct DeadlineTests {
  static func titles(_ server: TaskwireProcess, _ query: JSONValue) throws -> [String] {
    let groups = try server.result("view/list", query)["groups"]?.arrayValue ?? []
    return groups.flatMap { $0["tasks"]?.arrayValue ?? [] }.compactMap { $0["title"]?.stringValue }
  }

  @Test func aDeadlineThatHasComeShowsInTodayMarked() throws {
    let server = try TaskwireProcess.started(initialize: false)
    _ = try server.result("initialize", ["initializationOptions": ["displayParts": true]])
    _ = try server.result("task/create", ["title": "Planned", "view": "today"])
    // Planned for Monday, due today: in Today now, marked, and not in Upcoming.
    let report = try server.result(
      "task/create", ["title": "Report", "scheduledDate": "2026-02-16", "dueDate": "2026-02-12"])
    #expect(report["view"] == "today" && report["group"] == "today")
    #expect(report["task"]?["display"]?.arrayValue?.map { $0["kind"] } == ["dueToday", "afterDue"])
    #expect(try Self.titles(server, ["view": "today"]) == ["Planned", "Report"])
    #expect(try Self.titles(server, ["view": "upcoming"]) == [])
    // An Inbox task and a Someday task whose deadline passed, too; a later deadline does not.
    _ = try server.result("task/create", ["title": "Library card", "view": "inbox", "dueDate": "2026-02-10"])
    let someday = try server.result("task/create", ["title": "Passport", "dueDate": "2026-02-11"])["task"]?["id"]
    _ = try server.result("task/move", ["id": try #require(someday), "view": "someday"])
    _ = try server.result("task/create", ["title": "Taxes", "view": "inbox", "dueDate": "2026-02-13"])
    #expect(try Self.titles(server, ["view": "today"]) == ["Planned", "Report", "Library card", "Passport"])
    #expect(try Self.titles(server, ["view": "inbox"]) == ["Taxes"])
    let overdue = try server.result("view/list", ["view": "today"])["groups"]?[0]?["tasks"]?[2]?["display"]
    #expect(overdue?.arrayValue?.map { $0["kind"] } == ["due", "overdue"])
    // A new day brings tomorrow's deadline in, at Today's end.
    _ = try server.result("test/setClock", ["now": "2026-02-13T09:00:00Z"])
    #expect(try Self.titles(server, ["view": "today"]) == ["Planned", "Report", "Library card", "Passport", "Taxes"])
    #expect(try Self.titles(server, ["view": "inbox"]) == [])
  }

  @Test func itStaysInTodayUntilDoneOrItsDeadlineMoves() throws {
    let server = try TaskwireProcess.started()
    let id = try #require(
      try server.result("task/create", ["title": "Report", "view": "inbox", "dueDate": "2026-02-12"])["task"]?["id"])
    // A drag to a later day plans it for that day; the deadline keeps it in Today.
    let moved = try server.result("task/move", ["id": id, "view": "upcoming", "date": "2026-02-16", "index": 0])
    #expect(moved["view"] == "today" && moved["task"]?["scheduledDate"] == "2026-02-16")
    #expect(try Self.titles(server, ["view": "upcoming"]) == [])
    // A later deadline lets it go to its day; undo brings it back.
    _ = try server.result("task/update", ["id": id, "dueDate": "2026-02-20"])
    #expect(try Self.titles(server, ["view": "today"]) == [])
    #expect(try Self.titles(server, ["view": "upcoming"]) == ["Report"])
    _ = try server.result("history/undo")
    #expect(try Self.titles(server, ["view": "today"]) == ["Report"])
    _ = try server.result("task/complete", ["id": id])
    #expect(try Self.titles(server, ["view": "today"]) == [])
  }

  /// A server's first list of Today, answered before the rest of the store is read, has them.
  @Test func theQuickFirstListOfTodayHasThem() throws {
    let path = try temporaryFolder().appendingPathComponent("due.sqlite").path
    let first = try TaskwireProcess.started(["--db", path])
    _ = try first.result("task/create", ["title": "Report", "scheduledDate": "2026-02-16", "dueDate": "2026-02-11"])
    _ = try first.result("task/create", ["title": "Library card", "view": "inbox", "dueDate": "2026-02-12"])
    _ = try first.result("task/create", ["title": "Later", "view": "inbox", "dueDate": "2026-02-13"])
    first.closeInput()
    let second = try TaskwireProcess.started(["--db", path])
    #expect(try Self.titles(second, ["view": "today"]) == ["Report", "Library card"])
    #expect(try Self.titles(second, ["view": "inbox"]) == ["Later"])
  }
}
