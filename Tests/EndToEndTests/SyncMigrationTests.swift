import Foundation
import JSON
import TaskwireTestSupport
import Testing

/// Stores made before devices had replicas join them (issue 31, "Migration"): a SQLite store
/// made by an old release (schema 4) becomes a device's replica, and a PostgreSQL store used
/// directly by today's servers becomes the shared store of replicas; their tasks reach every
/// device, and changes made since win over them.
@Suite(.serialized, SyncDevices.needTheCluster)
struct SyncMigrationTests {
  let devices: SyncDevices

  init() throws { devices = try SyncDevices(prefix: "migrate") }

  /// Every list's lines without the per-device parts (ids), by uuid.
  func everything(_ device: TaskwireProcess) throws -> [String] { try devices.views(device) }

  @Test func anOldSQLiteStoreBecomesAReplicaAndItsTasksReachTheOtherDevice() throws {
    defer { devices.dropSchema() }
    let path = devices.folder.appendingPathComponent("d0.sqlite").path
    try FileManager.default.copyItem(atPath: StoreUpgradeTests.fixture.path, toPath: path)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    let old = try devices.device("d0", "00000000000000a1")
    let before = try everything(old)
    #expect(before.contains { $0.contains(" Pay the rent ") }, "\(before)")
    let other = try devices.device("other", "00000000000000b2")
    #expect(try devices.eventually { try everything(other) == everything(old) })
    // The other device calls each task by the number the old store gave it.
    #expect(try devices.ids(other) == devices.ids(old))
    // A change made since wins over what the store held.
    let shown = try ["inbox", "today", "upcoming", "anytime"].flatMap { view in
      try other.result("view/list", ["view": .string(view)])["groups"]?.arrayValue?.flatMap {
        $0["tasks"]?.arrayValue ?? []
      } ?? []
    }
    let rent = try #require(shown.first { $0["title"] == "Pay the rent" })
    _ = try other.result("task/update", ["id": try #require(rent["id"]), "title": "Pay the rent today"])
    #expect(try devices.eventually { try everything(old).contains { $0.contains(" Pay the rent today ") } })
    #expect(try everything(old) == everything(other))
  }

  @Test func aPostgreSQLStoreUsedDirectlyBecomesTheSharedStoreOfReplicas() throws {
    defer { devices.dropSchema() }
    let direct = try TaskwireProcess.started(["--db", devices.shared()])
    for title in ["Buy milk", "Call Ana", "Gone", "Pay rent"] {
      _ = try direct.result("task/create", ["title": .string(title), "view": "inbox"])
    }
    _ = try direct.result("task/delete", ["id": 3])
    let milk = try #require(try direct.result("view/list", ["view": "inbox"])["groups"]?[0]?["tasks"]?[0]?["id"])
    _ = try direct.result("task/complete", ["id": milk])
    let directIDs = try devices.ids(direct)
    #expect(directIDs == ["Buy milk: 1", "Call Ana: 2", "Pay rent: 4"])
    direct.closeInput()
    direct.process.waitUntilExit()
    let a = try devices.device("a", "00000000000000a1")
    let b = try devices.device("b", "00000000000000b2")
    #expect(
      try devices.eventually {
        try devices.inbox(a).count == 2 && everything(a) == everything(b)
      })
    // Every device keeps the numbers the store gave (a gap too); what is made after goes past them.
    #expect(try devices.ids(a) == directIDs && devices.ids(b) == directIDs)
    let made = try b.result("task/create", ["title": "After", "view": "inbox"])
    #expect(made["task"]?["id"]?.integerValue == 5, "\(made)")
    #expect(try everything(a).contains { $0.hasPrefix("logbook:") && $0.contains(" Buy milk ") })
    let ana = try #require(
      try a.result("view/list", ["view": "inbox"])["groups"]?[0]?["tasks"]?.arrayValue?.first {
        $0["title"] == "Call Ana"
      })
    _ = try a.result("task/update", ["id": try #require(ana["id"]), "notes": "about Friday"])
    #expect(try devices.eventually { try devices.inbox(b).contains { $0.hasSuffix(" Call Ana about Friday") } })
  }
}
