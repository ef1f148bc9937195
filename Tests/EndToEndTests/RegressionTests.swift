import Foundation
import JSON
import TaskwireTestSupport
import Testing

/// Bugs found in review, each shown through the binary.
@Suite struct RegressionTests {
  @Test func datesPastYear9999AreRefusedOrKeptNotCrashed() throws {
    let server = try TaskwireProcess.started()
    #expect(
      try server.error("view/list", ["view": "today", "filter": ["dueBefore": "in 8000 years"]])["code"] == -32602)
    #expect(try server.error("task/create", ["title": "x", "scheduledDate": "+9999y"])["code"] == -32602)
    try server.result(
      "task/create", ["title": "last", "scheduledDate": "9999-12-31", "recurrence": ["pattern": "daily"]])
    try server.result(
      "task/create", ["title": "monthly", "scheduledDate": "9999-12-15", "recurrence": ["pattern": "monthly"]])
    try server.result("task/complete", ["id": 1])
    try server.result("task/complete", ["id": 2])
    #expect(try server.error("task/get", ["id": 3])["code"] == -32010, "no occurrence after the last day")
    #expect(try server.result("task/get", ["id": 2])["task"]?["completed"] == true)
    #expect(try server.error("test/setClock", ["now": "9999-12-31T23:30:00Z"])["code"] == -32602)
    #expect(try server.result("tags/list") == ["tags": [], "projects": []], "still serving")
  }

  @Test func stringsWithNULSurviveARestartWhole() throws {
    let db = try temporaryFolder().appendingPathComponent("t.sqlite").path
    let first = try TaskwireProcess.started(["--db", db])
    try first.result("task/create", ["title": "\u{0}secret", "notes": "a\u{0}b"])
    try first.result("task/update", ["id": 1, "title": "ok\u{0}tail"])
    first.closeInput()
    _ = first.waitForExit()
    let second = try TaskwireProcess.started(["--db", db])
    let task = try second.result("task/get", ["id": 1])["task"]
    #expect(task?["title"] == "ok\u{0}tail")
    #expect(task?["notes"] == "a\u{0}b")
    #expect(try second.result("history/undo")["undone"]?["label"] == "Update 'ok\u{0}tail'")
  }

  @Test func theLogbookHearsAnotherProcessReopenAndDelete() throws {
    let db = try temporaryFolder().appendingPathComponent("t.sqlite").path
    let a = try TaskwireProcess.started(["--db", db])
    let b = try TaskwireProcess.started(["--db", db])
    try a.result("task/create", ["title": "one"])
    try a.result("task/create", ["title": "two"])
    try a.result("task/complete", ["id": 1])
    try a.result("task/complete", ["id": 2])
    var logbook = try SnapshotApplier(subscribeResult: try a.result("view/subscribe", ["view": "logbook"]))
    try b.result("task/complete", ["id": 1, "completed": false])
    try b.result("task/delete", ["id": 2])
    let deadline = Date().addingTimeInterval(3)
    while Date() < deadline, !(logbook.groups.isEmpty) {
      guard let note = try? a.readMessage(timeout: 1), let params = note["params"] else { continue }
      try logbook.apply(params)
    }
    #expect(logbook.groups.isEmpty, "the logbook emptied live")
    #expect(try a.result("view/list", ["view": "logbook"])["groups"] == [])
  }

  @Test func aViewKeepsItsVersionWhenOnlyAnotherViewChanged() throws {
    let server = try TaskwireProcess.started()
    try server.result("task/create", ["title": "a"])
    try server.result("task/create", ["title": "b"])
    let matrix = try #require(try server.result("view/list", ["view": "matrix"])["version"])
    let today = try #require(try server.result("view/list", ["view": "today"])["version"])
    // Reordering Inbox changes neither the matrix nor Today.
    try server.result("task/move", ["id": 2, "view": "inbox", "index": 0])
    #expect(try server.result("view/list", ["view": "matrix"])["version"] == matrix)
    #expect(try server.result("view/list", ["view": "today"])["version"] == today)
    try server.result("task/move", ["id": 1, "view": "matrix", "quadrant": "eliminate", "index": 0, "version": matrix])
    // A drag inside a quadrant is a reorder: no updatedAt, no change to the date lists.
    try server.result("test/setClock", ["now": "2026-02-12T09:00:00Z"])
    let inbox = try #require(try server.result("view/list", ["view": "inbox"])["version"])
    let moved = try server.result("task/move", ["id": 2, "view": "matrix", "quadrant": "eliminate", "index": 0])
    #expect(moved["task"]?["updatedAt"] == "2026-02-12T08:00:00Z")
    #expect(try server.result("view/list", ["view": "inbox"])["version"] == inbox)
  }

  @Test func aWholeTaskCanBeSavedBack() throws {
    let server = try TaskwireProcess.started()
    let task = try #require(
      try server.result("task/create", ["title": "rent", "recurrence": ["pattern": "monthly"]])["task"])
    // A monthly repeat keeps the day it starts on (issue 15): today, the 12th, for an Inbox task.
    #expect(task["recurrence"] == ["pattern": "monthly", "monthDay": 12])
    var fields = try #require(task.objectValue)
    for key in ["uuid", "completed", "completedAt", "createdAt", "updatedAt"] { fields[key] = nil }
    try server.result("task/update", .object(fields))
    // A client that writes the day as null (as it read an older task) is still accepted.
    fields["recurrence"] = ["pattern": "monthly", "monthDay": .null]
    #expect(try server.result("task/update", .object(fields))["task"]?["recurrence"]?["monthDay"] == 12)
  }

  @Test func aFilteredListCarriesItsViewsVersionEvenWhenSubscribed() throws {
    let server = try TaskwireProcess.started()
    try server.result("task/create", ["title": "a", "view": "today"])
    let base = try #require(try server.result("view/list", ["view": "today"])["version"])
    let query: JSONValue = ["view": "today", "sort": "title"]
    #expect(try server.result("view/list", query)["version"] == base)
    try server.result("view/subscribe", query)
    #expect(try server.result("view/list", query)["version"] == base)
  }
}
