import Foundation
import JSON
import TaskwirePostgres
import TaskwireTestSupport
import Testing

/// Reminders through the real binary (issue 30): fired once per store by one of several
/// processes, shown by all of them, cleared everywhere by a dismissal, a snooze or a completion;
/// missed ones delivered at the next start; daylight-saving days; the real clock.
@Suite struct ReminderFiringTests {
  /// A server with a reminders client, on `store`, its clock fixed at `clock`.
  static func start(
    _ store: [String], clock: String = "2026-03-28T08:00:00Z", zone: String = "Europe/Berlin", name: String = "tests"
  ) throws -> TaskwireProcess {
    let server = try TaskwireProcess(store + ["--clock", clock, "--time-zone", zone])
    let reply = try server.result(
      "initialize", ["clientInfo": ["name": .string(name)], "initializationOptions": ["reminders": true]])
    #expect(reply["reminders"] == true)
    return server
  }

  /// The `reminder` and `reminder/cleared` notifications a request brings (they follow its reply).
  static func notes(_ server: TaskwireProcess, _ method: String, _ params: JSONValue? = nil) throws -> [JSONValue] {
    let before = server.skippedNotifications
    server.skippedNotifications = []
    let (_, after) = try server.resultAndNotifications(method, params)
    let during = server.skippedNotifications
    server.skippedNotifications = []
    return (before + during + after).filter { $0["method"]?.stringValue?.hasPrefix("reminder") == true }
  }

  /// The next reminder notification another process sends on its own (woken by the store).
  static func awaitNote(_ server: TaskwireProcess, timeout: Double = 10) throws -> JSONValue {
    if let index = server.skippedNotifications.firstIndex(where: {
      $0["method"]?.stringValue?.hasPrefix("reminder") == true
    }) {
      return server.skippedNotifications.remove(at: index)
    }
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      let message = try server.readMessage(timeout: max(0.1, deadline.timeIntervalSinceNow))
      if message["method"]?.stringValue?.hasPrefix("reminder") == true { return message }
    }
    Issue.record("no reminder notification within \(timeout) s")
    return .null
  }

  static func summary(_ note: JSONValue) -> String {
    let params = note["params"]
    if note["method"] == "reminder/cleared" {
      return
        "cleared \(params?["id"]?.integerValue ?? 0) \(params?["at"]?.stringValue ?? "") \(params?["reason"]?.stringValue ?? "")"
    }
    return
      "\(params?["text"]?.stringValue ?? "") \(params?["at"]?.stringValue ?? "") alert=\(params?["alert"] == true) missed=\(params?["missed"] == true)"
  }

  /// Two processes on one store (two SQLite connections, or two devices on PostgreSQL): the
  /// reminder fires once in total (one `alert`), shows in both, and a dismissal in one clears it
  /// in the other; a snooze in the other fires once more, in one of them.
  static func firesOnceAcrossTwo(_ first: TaskwireProcess, _ second: TaskwireProcess) throws {
    let created = try first.result(
      "task/create", ["title": "Call Anna", "scheduledDate": "2026-03-28", "reminders": [["at": "2026-03-28T10:00"]]])
    let id = try #require(created["task"]?["id"])
    // 10:00 in Berlin is 09:00Z: both clocks move past it, in turn.
    var seen = try notes(first, "test/setClock", ["now": "2026-03-28T09:00:00Z"]).map { ("first", $0) }
    seen += try notes(second, "test/setClock", ["now": "2026-03-28T09:00:30Z"]).map { ("second", $0) }
    // The one that did not fire it hears of it through the store.
    for (name, server) in [("first", first), ("second", second)] where !seen.contains(where: { $0.0 == name }) {
      seen.append((name, try awaitNote(server)))
    }
    #expect(seen.count == 2, "\(seen.map { "\($0.0): \(summary($0.1))" })")
    #expect(seen.filter { $0.1["params"]?["alert"] == true }.count == 1, "fired once: one alert")
    #expect(Set(seen.map { summary($0.1).replacingOccurrences(of: "alert=true", with: "alert=false") }).count == 1)
    // Dismissed in the first: cleared in the second.
    try first.result("reminder/dismiss", ["id": id, "at": "2026-03-28T10:00"])
    #expect(summary(try awaitNote(second)) == "cleared \(id.integerValue!) 2026-03-28T10:00 dismissed")
    #expect(try second.result("reminder/list")["reminders"] == [])
    // Fired once more after a snooze, in one of them, shown in both; a completion clears it.
    _ = try notes(first, "test/setClock", ["now": "2026-03-28T09:05:00Z"])
    try first.result("task/update", ["id": id, "reminders": [["at": "2026-03-28T10:10"]]])
    var again = try notes(second, "test/setClock", ["now": "2026-03-28T09:10:00Z"]).map { ("second", $0) }
    again.append(("first", try awaitNote(first)))
    #expect(again.filter { $0.1["params"]?["alert"] == true }.count == 1)
    try first.result("reminder/snooze", ["id": id, "at": "2026-03-28T10:10", "for": "10m"])
    #expect(summary(try awaitNote(second)) == "cleared \(id.integerValue!) 2026-03-28T10:10 snoozed")
    var snoozed = try notes(first, "test/setClock", ["now": "2026-03-28T09:20:00Z"]).map { ("first", $0) }
    snoozed += try notes(second, "test/setClock", ["now": "2026-03-28T09:20:00Z"]).map { ("second", $0) }
    for (name, server) in [("first", first), ("second", second)] where !snoozed.contains(where: { $0.0 == name }) {
      snoozed.append((name, try awaitNote(server)))
    }
    #expect(snoozed.filter { $0.1["params"]?["alert"] == true }.count == 1, "\(snoozed.map { summary($0.1) })")
    try second.result("task/complete", ["id": id])
    #expect(summary(try awaitNote(first)) == "cleared \(id.integerValue!) 2026-03-28T10:10 completed")
  }

  @Test func twoProcessesOnOneSQLiteStoreFireOnce() throws {
    let folder = try temporaryFolder()
    let store = ["--db", folder.appendingPathComponent("tasks.sqlite").path]
    try Self.firesOnceAcrossTwo(try Self.start(store, name: "first"), try Self.start(store, name: "second"))
  }

  /// Fell due while no server with a reminders client ran: delivered once at the next start,
  /// marked missed; a process without such a client never fires one.
  @Test func missedRemindersComeAtTheNextStart() throws {
    let folder = try temporaryFolder()
    let store = ["--db", folder.appendingPathComponent("tasks.sqlite").path]
    let plain = try TaskwireProcess(store + ["--clock", "2026-03-28T08:00:00Z", "--time-zone", "Europe/Berlin"])
    try plain.result("initialize", ["clientInfo": ["name": "tw"]])
    try plain.result(
      "task/create", ["title": "Pay rent", "scheduledDate": "2026-03-28", "reminders": [["at": "2026-03-28T10:00"]]])
    let passed = try Self.notes(plain, "test/setClock", ["now": "2026-03-28T12:00:00Z"])
    #expect(passed.isEmpty, "no reminders client here")
    plain.closeInput()
    _ = plain.waitForExit()
    let later = try Self.start(store, clock: "2026-03-28T12:00:00Z")
    let delivered = try Self.notes(later, "reminder/list")
    #expect(delivered.map(Self.summary) == ["Pay rent 2026-03-28T10:00 alert=true missed=true"])
    #expect(delivered.first?["params"]?["title"] == "Missed reminder")
    #expect(delivered.first?["params"]?["when"] == "Today 10 AM")
    // Another start later: shown (still showing), not fired again; in German.
    let third = try TaskwireProcess(store + ["--clock", "2026-03-28T13:00:00Z", "--time-zone", "Europe/Berlin"])
    try third.result("initialize", ["locale": "de", "initializationOptions": ["reminders": true]])
    let shown = try Self.notes(third, "reminder/list")
    #expect(shown.map(Self.summary) == ["Pay rent 2026-03-28T10:00 alert=false missed=true"])
    #expect(shown.first?["params"]?["title"] == "Verpasste Erinnerung")
    #expect(shown.first?["params"]?["when"] == "Heute 10:00")
    #expect(shown.first?["params"]?["actions"]?[0]?["title"] == "Erledigt")
  }

  /// Each reminder fires at its wall time's instant on the days a change skips or doubles an
  /// hour, and not a second before: stepped through with the test clock.
  @Test(arguments: [
    (
      "Europe/Berlin",
      [
        ("2026-03-28T09:00", "2026-03-28T08:00:00Z"), ("2026-03-29T02:30", "2026-03-29T01:30:00Z"),
        ("2026-03-29T09:00", "2026-03-29T07:00:00Z"), ("2026-10-25T02:30", "2026-10-25T00:30:00Z"),
        ("2026-10-25T09:00", "2026-10-25T08:00:00Z"),
      ]
    ),
    (
      "America/New_York",
      [
        ("2026-03-08T02:30", "2026-03-08T07:30:00Z"), ("2026-03-08T09:00", "2026-03-08T13:00:00Z"),
        ("2026-11-01T01:30", "2026-11-01T05:30:00Z"), ("2026-11-01T09:00", "2026-11-01T14:00:00Z"),
      ]
    ),
  ])
  func daylightSavingDays(zone: String, reminders: [(String, String)]) throws {
    let server = try Self.start(["--memory"], clock: "2026-03-01T00:00:00Z", zone: zone)
    for (n, (wall, _)) in reminders.enumerated() {
      try server.result("task/create", ["title": .string("r\(n)"), "reminders": [["at": .string(wall)]]])
    }
    for (wall, instant) in reminders {
      let due = try #require(DayClockParse.instant(instant))
      let before = try Self.notes(server, "test/setClock", ["now": .string(DayClockParse.text(due - 1))])
      #expect(before.isEmpty, "\(wall) not yet at \(DayClockParse.text(due - 1)): \(before.map(Self.summary))")
      let at = try Self.notes(server, "test/setClock", ["now": .string(instant)])
      #expect(at.map { $0["params"]?["at"]?.stringValue } == [wall], "\(wall) at \(instant)")
      #expect(at.first?["params"]?["missed"] == false)
      // (Dismissed, so that the next step hears only its own.)
      try server.result("reminder/dismiss", ["id": try #require(at.first?["params"]?["id"]), "at": .string(wall)])
    }
    // The doubled hour's second pass fires nothing again.
    #expect(try Self.notes(server, "test/setClock", ["now": "2026-11-01T07:00:00Z"]).isEmpty)
  }

  /// A wall time stays a wall time when the store's zone changes: 09:00 fires at 09:00 there.
  @Test func aNewTimeZoneKeepsTheWallTime() throws {
    let folder = try temporaryFolder()
    let store = ["--db", folder.appendingPathComponent("tasks.sqlite").path]
    let berlin = try Self.start(store, clock: "2026-11-27T06:00:00Z")
    try berlin.result("task/create", ["title": "Standup", "reminders": [["at": "2026-11-27T09:00"]]])
    berlin.closeInput()
    _ = berlin.waitForExit()
    let newYork = try Self.start(store, clock: "2026-11-27T08:00:00Z", zone: "America/New_York")
    #expect(try Self.notes(newYork, "test/setClock", ["now": "2026-11-27T13:59:59Z"]).isEmpty)
    let fired = try Self.notes(newYork, "test/setClock", ["now": "2026-11-27T14:00:00Z"])
    #expect(fired.map(Self.summary) == ["Standup 2026-11-27T09:00 alert=true missed=false"])
  }

  /// Bad input is refused with a clear error and changes nothing.
  @Test func badRemindersAreRefused() throws {
    let server = try Self.start(["--memory"])
    let id = try #require(try server.result("task/create", ["title": "Plain"])["task"]?["id"])
    let before = try server.result("task/get", ["id": id])
    for bad: JSONValue in [
      [["before": 30]], [["at": "2026-03-28T25:00"]], [["at": "tomorrow"]], ["9am"],
      [["at": "2026-03-28T10:00", "before": 5]],
      .array((0..<11).map { ["at": .string("2026-03-28T1\($0 % 10):0\($0 / 10)")] }), [["before": -1]],
    ] {
      let error = try server.error("task/update", ["id": id, "reminders": bad])
      #expect(error["data"]?["param"] == "reminders", "\(JSONWriter.string(bad))")
    }
    #expect(try server.error("reminder/dismiss", ["id": id, "at": "2026-03-28T10:00"])["data"]?["param"] == "at")
    #expect(try server.error("reminder/dismiss", ["id": 99, "at": "2026-03-28T10:00"])["code"] == -32010)
    try server.result("task/update", ["id": id, "reminders": [["at": "2026-03-28T10:00"]]])
    #expect(
      try server.error("reminder/snooze", ["id": id, "at": "2026-03-28T10:00", "for": "soon"])["data"]?["param"]
        == "for")
    // (08:00Z is 09:00 in Berlin: "8:00" is tomorrow's, "evening" today's; a time past is refused.)
    let snoozed = try server.result("reminder/snooze", ["id": id, "at": "2026-03-28T10:00", "for": "8:00"])
    #expect(snoozed["until"] == "2026-03-29T08:00" && snoozed["message"] == "Snoozed until Mar 29 8 AM")
    try server.result("task/update", ["id": id, "reminders": nil])
    #expect(try server.result("task/get", ["id": id]) == before)
  }

  /// Against the real clock: a reminder at the next minute fires within a second of it, the
  /// server woken by its wall-clock alarm alone (no request comes meanwhile).
  @Test func theRealClockFiresAtTheMinute() throws {
    let server = try TaskwireProcess(["--memory", "--time-zone", "UTC"])
    try server.result("initialize", ["initializationOptions": ["reminders": true]])
    let now = Date()
    var next = (now.timeIntervalSince1970 / 60).rounded(.up) * 60
    if next - now.timeIntervalSince1970 < 2 { next += 60 }
    let wall = DayClockParse.text(Date(timeIntervalSince1970: next)).prefix(16)
    try server.result("task/create", ["title": "Tea", "reminders": [["at": .string(String(wall))]]])
    let note = try Self.awaitNote(server, timeout: next - Date().timeIntervalSince1970 + 5)
    let late = Date().timeIntervalSince1970 - next
    #expect(note["params"]?["text"] == "Tea" && note["params"]?["alert"] == true)
    #expect(late >= 0 && late < 1, "fired \(late) s after its minute")
  }

  /// The next reminder is kept through changes without a walk over every task: an earlier one
  /// added comes first, and the one that was next, moved later, gives way to the one after it.
  @Test func theNextReminderFollowsChanges() throws {
    let server = try Self.start(["--memory"])
    for (title, at) in [("A", "10:00"), ("B", "11:00")] {
      try server.result(
        "task/create",
        ["title": .string(title), "scheduledDate": "2026-03-28", "reminders": [["at": .string("2026-03-28T\(at)")]]])
    }
    try server.result("task/update", ["id": 1, "reminders": [["at": "2026-03-28T12:00"]]])
    try server.result(
      "task/create", ["title": "C", "scheduledDate": "2026-03-28", "reminders": [["at": "2026-03-28T10:30"]]])
    // (Berlin is UTC+1 on the 28th of March until 02:00 UTC the next day.)
    let steps = [
      ("09:30:30", ["C 2026-03-28T10:30 alert=true missed=false"]),
      ("10:00:30", ["B 2026-03-28T11:00 alert=true missed=false"]),
      ("11:00:30", ["A 2026-03-28T12:00 alert=true missed=false"]),
    ]
    for (clock, expected) in steps {
      let fired = try Self.notes(server, "test/setClock", ["now": .string("2026-03-28T\(clock)Z")])
      #expect(fired.map(Self.summary) == expected, "at \(clock)")
    }
  }
}

/// Two devices on one PostgreSQL store (one through the socket, one through TCP), in the
/// cluster Tests/all.sh started: a reminder fires once in total.
@Suite(
  .enabled(
    if: ProcessInfo.processInfo.environment["TASKWIRE_TEST_POSTGRES"] != nil,
    "no test cluster (Tests/all.sh starts one)"))
struct PostgresReminderTests {
  @Test func twoDevicesFireOnce() throws {
    let environment = ProcessInfo.processInfo.environment
    let schema = "rem_\(UUID().uuidString.prefix(8).lowercased())"
    defer {
      try? PostgresStorage.administer(environment["TASKWIRE_TEST_POSTGRES"]!) {
        "DROP SCHEMA IF EXISTS \"\(schema)\" CASCADE"
      }
    }
    func url(_ variable: String) -> [String] {
      ["--db", PostgresConninfo.with(schema: schema, environment[variable]!)]
    }
    let laptop = try ReminderFiringTests.start(url("TASKWIRE_TEST_POSTGRES"), name: "laptop")
    let desktop = try ReminderFiringTests.start(url("TASKWIRE_TEST_POSTGRES_TCP"), name: "desktop")
    try ReminderFiringTests.firesOnceAcrossTwo(laptop, desktop)
  }
}

/// Protocol timestamps in tests.
enum DayClockParse {
  static func instant(_ text: String) -> Date? {
    let formatter = ISO8601DateFormatter()
    return formatter.date(from: text)
  }
  static func text(_ date: Date) -> String { ISO8601DateFormatter().string(from: date) }
}

extension Date {
  static func - (date: Date, seconds: Double) -> Date { date.addingTimeInterval(-seconds) }

}
