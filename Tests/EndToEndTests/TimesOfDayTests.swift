import Foundation
import JSON
import TaskwireTestSupport
import Testing

/// A time of day on a task's scheduled date (issue 30, its first part), through the real binary:
/// set by quick add in both languages and by `scheduledTime`, shown as the first display part,
/// refused when it is not a time or has no date, gone with the date, undone, kept by the store
/// across a restart and by an export. The clock is Thursday 2026-02-12.
@Suite struct TimesOfDayTests {
  /// The display parts of the task with `title` in a view, as `kind=text`.
  static func parts(_ server: TaskwireProcess, _ view: String, _ title: String) throws -> [String] {
    let groups = try server.result("view/list", ["view": .string(view)])["groups"]?.arrayValue ?? []
    let task = groups.flatMap { $0["tasks"]?.arrayValue ?? [] }.first { $0["title"] == .string(title) }
    return (task?["display"]?.arrayValue ?? []).map {
      "\($0["kind"]?.stringValue ?? "")=\($0["text"]?.stringValue ?? "")"
    }
  }

  static func drawing(_ extra: [String] = ["--memory"]) throws -> TaskwireProcess {
    let server = try TaskwireProcess.started(extra, initialize: false)
    _ = try server.result("initialize", ["initializationOptions": ["displayParts": true]])
    return server
  }

  @Test func quickAddSetsATimeShownFirstInEachLanguage() throws {
    let server = try Self.drawing()
    let call = try server.result("task/create", ["text": "Call mom tomorrow at 3:30pm #family"])["task"]
    #expect(call?["title"] == "Call mom" && call?["scheduledDate"] == "2026-02-13")
    #expect(call?["scheduledTime"] == "15:30")
    #expect(try Self.parts(server, "upcoming", "Call mom") == ["time=3:30 PM", "tags=#family"])
    // A time without a date is today's; German's "um 15 Uhr".
    let dentist = try server.result("task/create", ["text": "Zahnarzt um 15 Uhr"])["task"]
    #expect(dentist?["scheduledDate"] == "2026-02-12" && dentist?["scheduledTime"] == "15:00")
    _ = try server.result("locale/set", ["locale": "de"])
    #expect(try Self.parts(server, "today", "Zahnarzt") == ["time=15:00"])
    #expect(try Self.parts(server, "upcoming", "Call mom") == ["time=15:30", "tags=#family"])
    // A task without a time reads as before: no time part, no member.
    let plain = try server.result("task/create", ["title": "Plain", "view": "today"])["task"]
    #expect(plain?["scheduledTime"] == nil)
    #expect(try Self.parts(server, "today", "Plain") == [])
    // A repeat's next occurrence keeps its time.
    let meds = try #require(try server.result("task/create", ["text": "Meds daily 8:30"])["task"]?["id"])
    _ = try server.result("task/complete", ["id": meds])
    let next = try #require(
      try server.result("view/list", ["view": "upcoming"])["groups"]?.arrayValue?
        .flatMap { $0["tasks"]?.arrayValue ?? [] }.first { $0["title"] == "Meds" })
    #expect(next["scheduledDate"] == "2026-02-13" && next["scheduledTime"] == "08:30")
  }

  @Test func badTimesAreRefusedAndChangeNothing() throws {
    let server = try TaskwireProcess.started()
    let id = try #require(try server.result("task/create", ["title": "Loose"])["task"]?["id"])
    let before = try server.result("task/get", ["id": id])
    for (params, problem): (JSONValue, String) in [
      (["id": id, "scheduledTime": "9:30"], "must be a time of day as HH:MM"),
      (["id": id, "scheduledTime": "24:00"], "must be a time of day as HH:MM"),
      (["id": id, "scheduledTime": 930], "must be a string"),
      (["id": id, "scheduledTime": "09:30"], "needs a scheduledDate"),
      (["id": id, "scheduledDate": nil, "scheduledTime": "09:30"], "needs a scheduledDate"),
    ] {
      let error = try server.error("task/update", params)
      #expect(error["data"]?["param"] == "scheduledTime", "\(params)")
      #expect(error["message"]?.stringValue?.contains(problem) == true, "\(params): \(error)")
    }
    #expect(try server.result("task/get", ["id": id]) == before)
  }

  @Test func aTimeGoesWithItsDateIsUndoneAndIsKept() throws {
    let path = try temporaryFolder().appendingPathComponent("times.sqlite").path
    var server = try TaskwireProcess.started(["--db", path])
    let id = try #require(
      try server.result("task/create", ["title": "Standup", "scheduledDate": "2026-02-13", "scheduledTime": "09:15"])[
        "task"]?["id"])
    // Another day keeps the time; the Inbox (no date) takes it away, and undo brings it back.
    let moved = try server.result("task/move", ["id": id, "view": "upcoming", "date": "2026-02-16", "index": 0])
    #expect(moved["task"]?["scheduledTime"] == "09:15")
    let inbox = try server.result("task/move", ["id": id, "view": "inbox", "index": 0])
    #expect(inbox["task"]?["scheduledDate"] == .null && inbox["task"]?["scheduledTime"] == nil)
    _ = try server.result("history/undo")
    #expect(try server.result("task/get", ["id": id])["task"]?["scheduledTime"] == "09:15")
    // Cleared with null; set again; kept by the file across a restart.
    _ = try server.result("task/update", ["id": id, "scheduledTime": nil])
    #expect(try server.result("task/get", ["id": id])["task"]?["scheduledTime"] == nil)
    _ = try server.result("task/update", ["id": id, "scheduledTime": "23:59"])
    server.closeInput()
    server = try TaskwireProcess.started(["--db", path])
    let kept = try server.result("task/get", ["id": id])["task"]
    #expect(kept?["scheduledTime"] == "23:59" && kept?["scheduledDate"] == "2026-02-16")
    // An export carries it into another store.
    let export = try server.result("store/export", [:])
    let target = try TaskwireProcess.started()
    _ = try target.result("store/import", ["document": try #require(export["document"])])
    let imported = try target.result("view/list", ["view": "upcoming"])["groups"]?.arrayValue?
      .flatMap { $0["tasks"]?.arrayValue ?? [] }.first { $0["title"] == "Standup" }
    #expect(imported?["scheduledTime"] == "23:59")
  }

  /// A deadline's time (issue 30): quick add's `due fri 5pm`, shown after the deadline's day,
  /// gone with the deadline, and Taskwarrior's `due` with a time both ways.
  @Test func aDeadlineHasATime() throws {
    let server = try Self.drawing()
    let taxes = try server.result("task/create", ["text": "File taxes due tomorrow 5pm"])["task"]
    #expect(taxes?["title"] == "File taxes" && taxes?["dueDate"] == "2026-02-13" && taxes?["dueTime"] == "17:00")
    #expect(taxes?["scheduledDate"] == .null && taxes?["scheduledTime"] == nil, "the time is the deadline's")
    let parts = try Self.parts(server, "inbox", "File taxes")
    #expect(parts == ["due=due tomorrow 5 PM"], "\(parts)")
    let id = try #require(taxes?["id"])
    #expect(try server.error("task/update", ["id": id, "dueTime": "25:00"])["data"]?["param"] == "dueTime")
    let other = try #require(try server.result("task/create", ["title": "No deadline"])["task"]?["id"])
    #expect(try server.error("task/update", ["id": other, "dueTime": "17:00"])["data"]?["param"] == "dueTime")
    // Out to Taskwarrior as an instant (17:00 in Berlin is 16:00Z), and back.
    let exported = try #require(try server.result("store/export", ["format": "taskwarrior"])["document"])
    #expect(JSONWriter.string(exported).contains(#""due":"20260213T160000Z""#), "\(JSONWriter.string(exported))")
    let fresh = try TaskwireProcess.started()
    try fresh.result("store/import", ["document": exported, "format": "taskwarrior"])
    let back = try fresh.result("view/list", ["view": "inbox"])["groups"]?[0]?["tasks"]?.arrayValue?
      .first { $0["title"] == "File taxes" }
    #expect(back?["dueDate"] == "2026-02-13" && back?["dueTime"] == "17:00")
    // Taking the deadline away takes its time.
    try server.result("task/update", ["id": id, "dueDate": nil])
    #expect(try server.result("task/get", ["id": id])["task"]?["dueTime"] == nil)
  }
}
