import Foundation
import JSON
import TaskwireTestSupport
import Testing

/// An undo after a new day began (issue 26, found by a model-based check of several processes):
/// the rollover gave a task that arrived in Today a new place; undoing yesterday's matrix move
/// of it must leave the undoing server, every other process, a fresh one and the store in one
/// order, on SQLite and on PostgreSQL alike (Protocol/README.md, "Undo after a new day").
@Suite(.serialized) struct UndoAcrossDaysTests {
  static func todayTitles(_ server: TaskwireProcess) throws -> [String] {
    let list = try server.result("view/list", ["view": "today"])
    return list["groups"]?.arrayValue?.flatMap { $0["tasks"]?.arrayValue ?? [] }.compactMap { $0["title"]?.stringValue }
      ?? []
  }

  /// Seven tasks in Today and one for tomorrow, moved in the matrix; a new day; the move undone.
  static func scenario(store: [String]) throws {
    let undoing = try TaskwireProcess.started(store)
    let other = try TaskwireProcess.started(store)
    for number in 1...7 {
      try undoing.result("task/create", ["title": .string("today \(number)"), "scheduledDate": "2026-02-12"])
    }
    let tomorrow = try #require(
      try undoing.result("task/create", ["title": "arrives", "scheduledDate": "2026-02-13"])["task"]?["id"])
    try undoing.result("task/move", ["id": tomorrow, "view": "matrix", "quadrant": "do", "index": 0])
    for server in [undoing, other] { try server.result("test/setClock", ["now": "2026-02-13T08:00:00Z"]) }
    #expect(try todayTitles(other).last == "arrives", "the rollover put it at Today's end")
    try undoing.result("history/undo")
    let seen = try todayTitles(undoing)
    #expect(seen.count == 8)
    #expect(seen.last == "arrives", "a place the step did not change stays as the new day made it")
    #expect(try todayTitles(other) == seen)
    let fresh = try TaskwireProcess.started(store)
    try fresh.result("test/setClock", ["now": "2026-02-13T08:00:00Z"])
    #expect(try todayTitles(fresh) == seen)
    undoing.closeInput()
    _ = undoing.waitForExit()
    let restarted = try TaskwireProcess.started(store)
    try restarted.result("test/setClock", ["now": "2026-02-13T08:00:00Z"])
    #expect(try todayTitles(restarted) == seen, "the undoing server agrees with itself after a restart")
  }

  @Test func onSQLite() throws {
    let db = try temporaryFolder().appendingPathComponent("t.sqlite").path
    try Self.scenario(store: ["--db", db])
  }

  // On PostgreSQL: PostgresEndToEndTests.undoAfterANewDayAgreesEverywhere, among that suite's
  // tests, which run one at a time (one of them restarts the cluster).
}
