import Foundation
import JSON
import TaskwireTestSupport
import Testing

/// Today's This Evening section (issue 30; Things): a second group of Today, filled by a drag
/// (`"evening": true`), the `evening` field or quick add's `tonight` / `heute Abend`; emptied by
/// a drag back, another date, or the next day. Through the real binary, Thursday 2026-02-12.
@Suite struct EveningTests {
  /// Today's groups as `key: titles`.
  static func today(_ server: TaskwireProcess) throws -> [String] {
    let groups = try server.result("view/list", ["view": "today"])["groups"]?.arrayValue ?? []
    return groups.map { group in
      let titles = (group["tasks"]?.arrayValue ?? []).compactMap { $0["title"]?.stringValue }
      return "\(group["key"]?.stringValue ?? ""): \(titles.joined(separator: ", "))"
    }
  }

  @Test func theEveningIsTodaysSecondGroup() throws {
    let server = try TaskwireProcess.started()
    let subscribed = try server.result("view/subscribe", ["view": "today"])
    var applier = try SnapshotApplier(subscribeResult: subscribed)
    // Each step's notifications applied to a subscriber's copy, checked against the list at the end.
    func step(_ method: String, _ params: JSONValue) throws -> JSONValue {
      let (response, notes) = try server.resultAndNotifications(method, params)
      for note in notes { try applier.apply(try #require(note["params"])) }
      return try #require(response["result"])
    }
    _ = try step("task/create", ["title": "Email", "view": "today"])
    let dinner = try step("task/create", ["text": "Cook dinner tonight"])
    #expect(dinner["group"] == "evening" && dinner["task"]?["evening"] == true)
    #expect(dinner["task"]?["scheduledDate"] == "2026-02-12")
    let read = try #require(try step("task/create", ["title": "Read", "view": "today"])["task"]?["id"])
    // A drag into the evening, at an index; and back out of it.
    let moved = try step("task/move", ["id": read, "view": "today", "evening": true, "index": 0])
    #expect(moved["view"] == "today" && moved["group"] == "evening" && moved["index"] == 0)
    #expect(try Self.today(server) == ["today: Email", "evening: Read, Cook dinner"])
    let groups = try server.result("view/list", ["view": "today"])["groups"]?.arrayValue ?? []
    #expect(groups.last?["title"] == "This Evening")
    let back = try step("task/move", ["id": read, "view": "today", "index": 0])
    #expect(back["group"] == "today" && back["task"]?["evening"] == nil)
    // Emptied, the evening's group goes; the field brings it back.
    _ = try step("task/update", ["id": try #require(dinner["task"]?["id"]), "evening": false])
    let afterUpdate = try Self.today(server)
    #expect(afterUpdate == ["today: Read, Email, Cook dinner"], "\(afterUpdate)")
    _ = try step("task/update", ["id": read, "evening": true])
    #expect(try Self.today(server) == ["today: Email, Cook dinner", "evening: Read"])
    var listed = try #require(try server.result("view/list", ["view": "today"]).objectValue)
    listed["version"] = nil
    #expect(applier.snapshot == listed)
    // `all` lists the evening's tasks too, after Today's own.
    let all = try server.result("view/list", ["view": "all"])["groups"]?[0]?["tasks"]?.arrayValue ?? []
    #expect(all.compactMap { $0["title"]?.stringValue } == ["Email", "Cook dinner", "Read"])
  }

  @Test func anotherDateOrTheNextDayEndsTheEvening() throws {
    let server = try TaskwireProcess.started()
    let id = try #require(try server.result("task/create", ["text": "Call Oma heute Abend"])["task"]?["id"])
    #expect(try Self.today(server) == ["today: ", "evening: Call Oma"])
    // Another date takes it out of the evening; undo puts it back.
    _ = try server.result("task/schedule", ["id": id, "date": "2026-02-13"])
    #expect(try server.result("task/get", ["id": id])["task"]?["evening"] == nil)
    _ = try server.result("history/undo")
    #expect(try Self.today(server) == ["today: ", "evening: Call Oma"])
    // The next day it is simply in Today (overdue), with no evening group.
    _ = try server.result("test/setClock", ["now": "2026-02-13T09:00:00Z"])
    #expect(try Self.today(server) == ["today: Call Oma"])
  }

  @Test func badEveningsAreRefusedAndChangeNothing() throws {
    let server = try TaskwireProcess.started()
    let id = try #require(try server.result("task/create", ["title": "Loose"])["task"]?["id"])
    let before = try server.result("task/get", ["id": id])
    let tomorrow = try server.error("task/update", ["id": id, "evening": true, "scheduledDate": "2026-02-13"])
    #expect(tomorrow["data"]?["param"] == "evening")
    let upcoming = try server.error(
      "task/move", ["id": id, "view": "upcoming", "date": "2026-02-13", "evening": true])
    #expect(upcoming["data"]?["param"] == "evening")
    #expect(try server.result("task/get", ["id": id]) == before)
  }
}
