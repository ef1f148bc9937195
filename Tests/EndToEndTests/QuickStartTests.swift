import Foundation
import JSON
import TaskwireTestSupport
import Testing

/// A first `view/list` of Today on a store not loaded yet is answered from Today's tasks alone,
/// and the rest is loaded after: the answer must be the one the whole store gives, versions
/// included, and another process's change in between must reach the next read as a change.
@Suite struct QuickStartTests {
  /// A store with tasks overdue, due today, tomorrow, in the Inbox and done, as the fixed
  /// clock's day (`TaskwireProcess.clockArguments`: 2026-02-12) finds it: the tasks were
  /// scheduled three days before, and a process has rolled the lists over to the day since.
  static func store() throws -> String {
    let db = try temporaryFolder().appendingPathComponent("t.sqlite").path
    let before = try TaskwireProcess(["--db", db, "--clock", "2026-02-09T08:00:00Z", "--time-zone", "Europe/Berlin"])
    try before.result("initialize", ["clientInfo": ["name": "tests"]])
    for (title, date, tags) in [
      ("Overdue", "2026-02-10", ["work"]), ("Pay rent", "2026-02-12", ["home"]), ("Call mom", "2026-02-12", ["home"]),
      ("Report", "2026-02-11", ["work"]), ("Tomorrow's", "2026-02-13", ["work"]), ("Done today", "2026-02-12", []),
    ] {
      let created = try before.result(
        "task/create", ["title": .string(title), "tags": .array(tags.map(JSONValue.string))])
      try before.result("task/schedule", ["id": try #require(created["task"]?["id"]), "date": .string(date)])
    }
    try Self.stop(before)
    let onTheDay = try TaskwireProcess.started(["--db", db])
    try onTheDay.result("task/complete", ["id": 6])
    try onTheDay.result("task/create", ["title": "In the inbox"])
    try onTheDay.result("task/move", ["id": 3, "view": "today", "index": 0])
    try Self.stop(onTheDay)
    return db
  }

  static func stop(_ server: TaskwireProcess) throws {
    try server.result("shutdown")
    server.send(#"{"jsonrpc":"2.0","method":"exit"}"#)
    #expect(server.waitForExit() == 0)
  }

  static func client(_ db: String, clock: [String] = TaskwireProcess.clockArguments) throws -> InProcessClient {
    let client = try InProcessClient(["--db", db] + clock)
    _ = try client.result("initialize", ["clientInfo": ["name": "tests"]])
    return client
  }

  /// A first `view/list` of Today on the store, after `sql` run by another program: the
  /// client, the reply (which must be a quick one) and the store.
  static func quickList(after sql: String? = nil) throws -> (InProcessClient, JSONValue, String) {
    let db = try Self.store()
    if let sql { try writeAsAnotherProgram(store: db, sql) }
    let client = try Self.client(db)
    let quick = try client.result("view/list", ["view": "today"])
    #expect(client.server.replica.isQuickStarted && !client.server.replica.isLoaded, "answered before the load")
    return (client, quick, db)
  }

  @Test(arguments: [
    ["view": "today"] as JSONValue,
    ["view": "today", "sort": "title"],
    ["view": "today", "filter": ["tagsAny": ["home"]]],
  ])
  func theFirstListIsTheOneTheWholeStoreGives(params: JSONValue) throws {
    let db = try Self.store()
    let client = try Self.client(db)
    let quick = try client.result("view/list", params)
    #expect(client.server.replica.isQuickStarted && !client.server.replica.isLoaded, "answered before the load")
    let whole = try client.result("view/list", params)
    #expect(client.server.replica.isLoaded && !client.server.replica.isQuickStarted)
    #expect(quick == whole)
    #expect(quick["groups"]?[0]?["tasks"]?.arrayValue?.isEmpty == false)
    // The rest of the store is there: Upcoming, and a change checked against the version.
    #expect(try client.content("upcoming")["groups"]?[0]?["tasks"]?[0]?["title"] == "Tomorrow's")
    let version = try #require(whole["version"])
    try client.result("task/move", ["id": 1, "view": "today", "index": 0, "version": version])
  }

  @Test func anotherProcesssChangeInBetweenIsAChange() throws {
    let (client, quick, db) = try Self.quickList()
    // Another process adds a task to Today before this one has loaded the rest.
    let other = try TaskwireProcess.started(["--db", db])
    try other.result("task/create", ["title": "From elsewhere", "view": "today"])
    let after = try client.result("view/list", ["view": "today"])
    let titles = after["groups"]?[0]?["tasks"]?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []
    #expect(titles.contains("From elsewhere"))
    #expect(after["version"]?.integerValue == (quick["version"]?.integerValue).map { $0 + 1 })
  }

  @Test func aDayToRollOverToIsLoadedWhole() throws {
    let db = try Self.store()
    // The next day: Tomorrow's task arrives in Today, a change only the whole store can make.
    let client = try Self.client(db, clock: ["--clock", "2026-02-13T08:00:00Z", "--time-zone", "Europe/Berlin"])
    let first = try client.result("view/list", ["view": "today"])
    #expect(client.server.replica.isLoaded && !client.server.replica.isQuickStarted)
    #expect(first["groups"]?[0]?["tasks"]?.arrayValue?.last?["title"] == "Tomorrow's")
  }

  /// A store no server has rolled over yet (one built by a program, as the benchmark's): the
  /// first rollover only records the day, so Today is quick, and the day is recorded after.
  @Test func aStoreNeverRolledOverIsQuickAndRolledOverAfter() throws {
    let (client, quick, _) = try Self.quickList(after: "DELETE FROM meta WHERE key = 'rolledOverTo'")
    #expect(try client.result("view/list", ["view": "today"]) == quick)
    #expect(try client.server.replica.storage.rolledOverTo()?.description == "2026-02-12")
  }

  /// A date another program stored as a BLOB (it compares with no text) is in Today all the same.
  @Test func aDateStoredAsABlobIsInTheQuickList() throws {
    let (client, quick, _) = try Self.quickList(
      after: "UPDATE tasks SET scheduled_date = CAST('2026-02-11' AS BLOB) WHERE id = 4")
    #expect(quick["groups"]?[0]?["tasks"]?.arrayValue?.contains { $0["id"] == 4 } == true)
    #expect(try client.result("view/list", ["view": "today"]) == quick)
  }

  /// Midnight between the quick list and the load: the load's Today is the new day's, and its
  /// version moves (a drop computed on the quick list is refused).
  /// (On a store never rolled over: its first rollover moves nothing, so no change would.)
  @Test func midnightBetweenTheQuickListAndTheLoadMovesTheVersion() throws {
    let (client, quick, _) = try Self.quickList(after: "DELETE FROM meta WHERE key = 'rolledOverTo'")
    client.server.replica.clock.set(Date(timeIntervalSince1970: 1_770_937_200))  // 2026-02-13 00:00 in Berlin
    let after = try client.result("view/list", ["view": "today"])
    #expect(after["groups"]?[0]?["tasks"]?.arrayValue?.contains { $0["title"] == "Tomorrow's" } == true)
    #expect((after["version"]?.integerValue ?? 0) > (quick["version"]?.integerValue ?? 0))
  }

  @Test func anotherFirstRequestLoadsTheWholeStore() throws {
    let db = try Self.store()
    let client = try Self.client(db)
    _ = try client.result("view/list", ["view": "inbox"])
    #expect(client.server.replica.isLoaded && !client.server.replica.isQuickStarted)
  }
}
