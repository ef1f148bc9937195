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

  /// What a device's compaction leaves of records (Protocol/devices.md, "Compaction"): a
  /// shorter text, marked; a longer one refused; a record with nothing left keeps its row with
  /// an empty text. The record's device may send it again: no clash, its seq, no new row.
  @Test func theLogKeepsWhatCompactionLeaves() throws {
    defer { dropSchema() }
    let log = try PostgresLog(conninfo: conninfo)
    defer { log.close() }
    let bodies = ["{\"a\":\"one\",\"b\":\"two\"}", "{\"a\":\"three\"}", "{\"b\":\"four\"}"]
    let records = bodies.enumerated().map { index, body in
      (
        "0000000\(index)-0000-4000-8000-000000000000", "00000000000\(index)-0000-0000000000000001", "0000000000000001",
        Int64(0), body
      )
    }
    let seqs = try log.push(records)
    #expect(seqs.values.sorted() == [1, 2, 3])
    let changed = try log.compact([
      (1, records[0].0, "{\"b\":\"two\"}"), (2, records[1].0, "{\"a\":\"three\",\"c\":1}"), (3, records[2].0, nil),
    ])
    #expect(changed == 2)
    let page = try log.page(after: 0)
    #expect(page.entries.map(\.body) == ["{\"b\":\"two\"}", bodies[1], ""])
    #expect(page.entries.map(\.compacted) == [true, false, true])
    #expect(page.through == 3)
    #expect(page.clock > 1_700_000_000_000, "the log's clock, in milliseconds")
    #expect(try log.size().records == 2)
    // Sent again as its device made them: the log keeps what compaction left, at their seqs.
    #expect(try log.push([records[0], records[2]]) == [records[0].0: 1, records[2].0: 3])
    #expect(try log.pull(after: 0).map(\.body) == ["{\"b\":\"two\"}", bodies[1], ""])
    #expect(try log.head() == 3)
    // Another text under a compacted record's id (a copied replica's) is still refused: the log
    // keeps the digest of the text its device made.
    var other = records[2]
    other.4 = "{\"b\":\"five\"}"
    #expect(throws: PostgresLog.DeviceClash.self) { try log.push([other]) }
    #expect(try log.lookUp([(other.0, other.4)])[other.0]?.same == false)
    #expect(try log.lookUp([(records[2].0, records[2].4)])[records[2].0]?.same == true)
    #expect(try log.hasRecords(of: "0000000000000001") && !log.hasRecords(of: "00000000000000ff"))
  }

  /// A log made before compaction gains its column when a device connects.
  @Test func aLogMadeBeforeCompactionIsUpgraded() throws {
    defer { dropSchema() }
    try PostgresLog(conninfo: conninfo).close()
    try PostgresStorage.administer(base) { "ALTER TABLE \"\(schema)\".sync_log DROP COLUMN compacted" }
    let log = try PostgresLog(conninfo: conninfo)
    defer { log.close() }
    #expect(try log.compact([(1, "none", nil)]) == 0)
    #expect(try log.page(after: 0).through == 0)
  }
}
