import Foundation
import TaskwirePostgres
import TaskwireSync
import TaskwireTestSupport
import Testing

/// Two devices, each a whole server on its own SQLite replica, synced through the shared log in
/// a real PostgreSQL (the test cluster of Tests/all.sh): PostgreSQL keeps the records, the
/// devices merge.
@Suite(
  .enabled(
    if: ProcessInfo.processInfo.environment["TASKWIRE_TEST_POSTGRES"] != nil,
    "TASKWIRE_TEST_POSTGRES is not set: Tests/all.sh starts a cluster"))
struct SyncPostgresTests {
  let base = ProcessInfo.processInfo.environment["TASKWIRE_TEST_POSTGRES"] ?? ""
  let schema = "sync_\(UUID().uuidString.prefix(8).lowercased())"
  var conninfo: String { PostgresConninfo.with(schema: schema, base) }

  func dropSchema() { try? PostgresStorage.administer(base) { "DROP SCHEMA IF EXISTS \"\(schema)\" CASCADE" } }

  @Test func twoDevicesConvergeThroughPostgreSQL() throws {
    defer { dropSchema() }
    let folder = try temporaryFolder()
    let a = try SyncReplicaTests.Device(folder, 1)
    let b = try SyncReplicaTests.Device(folder, 2)
    let logA = try PostgresLog(conninfo: conninfo)
    let logB = try PostgresLog(conninfo: conninfo)
    defer {
      logA.close()
      logB.close()
    }
    for title in ["Buy milk", "Call Ana"] {
      _ = try a.client.result("task/create", ["title": .string(title), "view": "inbox"])
    }
    try a.sync.sync(through: logA)
    try b.sync.sync(through: logB)
    #expect(try b.list("inbox") == a.list("inbox") && b.list("inbox").count == 2)

    _ = try a.client.result(
      "task/update", ["id": .number(String(try a.id("Buy milk", in: "inbox"))), "title": "Buy oat milk"])
    _ = try b.client.result(
      "task/move", ["id": .number(String(try b.id("Call Ana", in: "inbox"))), "view": "today", "index": 0])
    for (device, log) in [(a, logA), (b, logB), (a, logA)] { try device.sync.sync(through: log) }
    #expect(try b.list("inbox") == a.list("inbox") && b.list("today") == a.list("today"))
    #expect(try a.list("today").contains { $0.hasSuffix(" Call Ana ") })
    #expect(try b.list("inbox").contains { $0.hasSuffix(" Buy oat milk ") })

    // A push sent again (its acknowledgement lost) keeps each record once, at its seq.
    let all = try logA.pull(after: 0)
    let again = try logA.push(all.map { ($0.id, $0.hlc, "0000000000000001", $0.seen, $0.body) })
    #expect(again == Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0.seq) }))
    #expect(try logB.pull(after: 0).count == all.count && all.map(\.seq) == Array(1...Int64(all.count)))
  }
}
