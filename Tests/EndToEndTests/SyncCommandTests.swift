import Foundation
import JSON
import TaskwirePostgres
import TaskwireTestSupport
import Testing

/// `taskwire sync` through the real binary (issue 31, under way): two replicas served by real
/// servers, synced through the test cluster's PostgreSQL by the sync command, while the servers
/// run; a running server sees the merge as any other writer's commit.
@Suite(
  .enabled(
    if: ProcessInfo.processInfo.environment["TASKWIRE_TEST_POSTGRES"] != nil,
    "TASKWIRE_TEST_POSTGRES is not set: Tests/all.sh starts a cluster"))
struct SyncCommandTests {
  let base = ProcessInfo.processInfo.environment["TASKWIRE_TEST_POSTGRES"] ?? ""
  let schema = "sync_\(UUID().uuidString.prefix(8).lowercased())"

  /// Runs `taskwire sync` with the shared store in the environment; its status and stderr.
  func sync(_ arguments: [String], shared: String?) throws -> (status: Int32, stderr: String) {
    try TaskwireProcess.run(
      ["sync"] + arguments + TaskwireProcess.clockArguments, environment: ["TASKWIRE_SHARED_DB": shared])
  }

  /// The shared store (in this test's schema: `dropSchema` drops it), two replicas' paths and
  /// their folder.
  func stores() throws -> (shared: String, a: String, b: String, folder: URL) {
    let folder = try temporaryFolder()
    return (
      PostgresConninfo.with(schema: schema, base), folder.appendingPathComponent("a.sqlite").path,
      folder.appendingPathComponent("b.sqlite").path, folder
    )
  }

  func dropSchema() { try? PostgresStorage.administer(base) { "DROP SCHEMA IF EXISTS \"\(schema)\" CASCADE" } }

  func inbox(_ server: TaskwireProcess) throws -> [String] {
    let groups = try server.result("view/list", ["view": "inbox"])["groups"]?.arrayValue ?? []
    return groups.flatMap { $0["tasks"]?.arrayValue ?? [] }.map {
      "\($0["uuid"]?.stringValue ?? "?") \($0["title"]?.stringValue ?? "?")"
    }
  }

  @Test func twoReplicasSyncThroughPostgreSQLWhileTheirServersRun() throws {
    defer { dropSchema() }
    let (shared, a, b, _) = try stores()
    let serverA = try TaskwireProcess.started(["--db", a, "--replica", "--device-id", "00000000000000a1"])
    for title in ["Buy milk", "Call Ana"] {
      _ = try serverA.result("task/create", ["title": .string(title), "view": "inbox"])
    }
    let sent = try sync(["--db", a], shared: shared)
    #expect(sent.status == 0 && sent.stderr.contains("2 change(s) sent"), "\(sent.stderr)")
    #expect(try sync(["--db", b, "--device-id", "00000000000000b2"], shared: shared).status == 0)

    let serverB = try TaskwireProcess.started(["--db", b, "--replica"])
    #expect(try inbox(serverB) == inbox(serverA))
    let milk = try #require(
      try serverB.result("view/list", ["view": "inbox"])["groups"]?[0]?["tasks"]?.arrayValue?.first {
        $0["title"] == "Buy milk"
      }?["id"])
    _ = try serverB.result("task/update", ["id": milk, "title": "Buy oat milk"])
    #expect(try sync(["--db", b], shared: shared).status == 0)
    #expect(try sync(["--db", a], shared: shared).status == 0)
    // Server A, running all along, reads the merge another process wrote into its file.
    #expect(try inbox(serverA).contains { $0.hasSuffix(" Buy oat milk") })
    #expect(try inbox(serverA) == inbox(serverB))
  }

  /// The command compacts too (Protocol/devices.md, "Compaction"): what later changes
  /// overwrote leaves the log once it is sent, and another replica still gets the task as it is.
  @Test func theSyncCommandCompactsWhatLaterChangesOverwrote() throws {
    defer { dropSchema() }
    let (shared, a, b, _) = try stores()
    let serverA = try TaskwireProcess.started(["--db", a, "--replica", "--device-id", "00000000000000a1"])
    let id = try #require(try serverA.result("task/create", ["title": "Draft", "view": "inbox"])["task"]?["id"])
    for round in 1...10 { _ = try serverA.result("task/update", ["id": id, "title": .string("Draft \(round)")]) }
    #expect(try sync(["--db", a, "--compact-after", "1"], shared: shared).status == 0)
    let log = try PostgresLog(conninfo: shared)
    defer { log.close() }
    let left = try log.pull(after: 0).filter { !$0.body.isEmpty }
    #expect(left.count < 3, "\(left.count) of 11 records left")
    #expect(try sync(["--db", b, "--device-id", "00000000000000b2"], shared: shared).status == 0)
    let serverB = try TaskwireProcess.started(["--db", b, "--replica"])
    #expect(try inbox(serverB).map { $0.split(separator: " ", maxSplits: 1).last ?? "" } == ["Draft 10"])
    #expect(try inbox(serverB) == inbox(serverA))
  }

  /// A server syncing the file (its agent holds the file's sync lock): the command refuses,
  /// rather than push and compact beside it.
  @Test func theSyncCommandLeavesAFileAServerSyncs() throws {
    defer { dropSchema() }
    let (shared, a, _, _) = try stores()
    let server = try TaskwireProcess(
      ["--db", shared, "--replica", a, "--device-id", "00000000000000a1"] + TaskwireProcess.clockArguments)
    _ = try server.result("initialize", ["clientInfo": ["name": "tests"], "protocolVersion": "1"])
    var syncing = false
    for _ in 0..<200 where !syncing {
      syncing = try server.result("sync/status")["syncing"] == true
      if !syncing { usleep(50_000) }
    }
    #expect(syncing)
    let refused = try sync(["--db", a], shared: shared)
    #expect(
      refused.status == 1 && refused.stderr.contains("a server holds this replica file's sync"), "\(refused.stderr)")
  }

  /// No shared store, or an unreachable one: a clear refusal, and a password never shown.
  @Test func aSyncWithoutItsSharedStoreSaysWhy() throws {
    let folder = try temporaryFolder()
    let a = folder.appendingPathComponent("a.sqlite").path
    let none = try sync(["--db", a], shared: nil)
    #expect(none.status == 2 && none.stderr.contains("TASKWIRE_SHARED_DB"))
    let unreachable = try sync(
      ["--db", a], shared: "postgresql://someone:hunter2secret@127.0.0.1:1/db?connect_timeout=2")
    #expect(unreachable.status == 1 && !unreachable.stderr.contains("hunter2secret"), "\(unreachable.stderr)")
  }

  /// A replica file opened without `--replica` (a server, an import) is still served as a
  /// replica: every change there keeps its record and reaches the other devices.
  @Test func aReplicaFileOpenedAsAPlainStoreStillSendsItsChanges() throws {
    defer { dropSchema() }
    let (shared, a, b, folder) = try stores()
    let made = try TaskwireProcess.started(["--db", a, "--replica", "--device-id", "00000000000000a1"])
    _ = try made.result("task/create", ["title": "Buy milk", "view": "inbox"])
    made.closeInput()
    made.process.waitUntilExit()

    let plain = try TaskwireProcess.started(["--db", a])
    _ = try plain.result("task/create", ["title": "Call Ana", "view": "inbox"])
    let status = try plain.result("sync/status")
    #expect(status["replica"] == true && status["syncing"] == false && status["unsent"] == 2, "\(status)")
    let file = folder.appendingPathComponent("import.json")
    try Data(#"[{"description":"Water plants","status":"pending","entry":"20260210T100000Z"}]"#.utf8).write(to: file)
    let imported = try TaskwireProcess.run(["import", "--db", a] + TaskwireProcess.clockArguments + [file.path])
    #expect(imported.status == 0, "\(imported.stderr)")

    let sent = try sync(["--db", a], shared: shared)
    #expect(sent.status == 0 && sent.stderr.contains("3 change(s) sent"), "\(sent.stderr)")
    #expect(try sync(["--db", b, "--device-id", "00000000000000b2"], shared: shared).status == 0)
    let other = try TaskwireProcess.started(["--db", b, "--replica"])
    #expect(
      Set(try inbox(other).map { $0.split(separator: " ", maxSplits: 1)[1] }) == [
        "Buy milk", "Call Ana", "Water plants",
      ])
    #expect(try inbox(other) == inbox(plain))
  }

  /// A replica file served without `--replica` syncs through `$TASKWIRE_SHARED_DB` like one
  /// served with it.
  @Test func aReplicaFileServedPlainlySyncsThroughTheSharedStoreInItsEnvironment() throws {
    defer { dropSchema() }
    let (shared, a, b, _) = try stores()
    let made = try TaskwireProcess.started(["--db", a, "--replica", "--offline", "--device-id", "00000000000000a1"])
    made.closeInput()
    made.process.waitUntilExit()
    let plain = try TaskwireProcess(
      ["--db", a] + TaskwireProcess.clockArguments, environment: ["TASKWIRE_SHARED_DB": shared])
    _ = try plain.result("initialize")
    _ = try plain.result("task/create", ["title": "Call Ana", "view": "inbox"])
    var status = try plain.result("sync/status")
    for _ in 0..<200 where status["unsent"] != 0 || status["online"] != true {
      usleep(25_000)
      status = try plain.result("sync/status")
    }
    #expect(status["syncing"] == true && status["unsent"] == 0, "\(status)")
    #expect(try sync(["--db", b, "--device-id", "00000000000000b2"], shared: shared).status == 0)
    let other = try TaskwireProcess.started(["--db", b, "--replica"])
    #expect(try inbox(other).map { $0.split(separator: " ", maxSplits: 1)[1] } == ["Call Ana"])
  }

  /// `--replica` with no path: one replica per shared store in the data folder's `replicas/`,
  /// named by the FNV-1a hash of `host:port/dbname/schema`; the next start serves the same file.
  @Test func aReplicaWithNoPathLivesInTheDataFolderOnePerStore() throws {
    let tcp = try #require(ProcessInfo.processInfo.environment["TASKWIRE_TEST_POSTGRES_TCP"])
    let other = "sync_\(UUID().uuidString.prefix(8).lowercased())"
    defer {
      for name in [schema, other] {
        try? PostgresStorage.administer(base) { "DROP SCHEMA IF EXISTS \"\(name)\" CASCADE" }
      }
    }
    let data = try temporaryFolder()
    let port = try #require(URLComponents(string: tcp)?.port)
    func expected(_ schema: String) -> String {
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in "127.0.0.1:\(port)/taskwire/\(schema)".utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
      return data.path + "/taskwire/replicas/" + String(format: "%016llx", hash) + ".sqlite"
    }
    func device(_ schema: String) throws -> TaskwireProcess {
      let server = try TaskwireProcess(
        ["--db", PostgresConninfo.with(schema: schema, tcp), "--replica"] + TaskwireProcess.clockArguments,
        environment: ["XDG_DATA_HOME": data.path, "TASKWIRE_DB": nil])
      _ = try server.result("initialize")
      return server
    }
    let first = try device(schema)
    _ = try first.result("task/create", ["title": "Buy milk", "view": "inbox"])
    first.closeInput()
    first.process.waitUntilExit()
    let file = expected(schema)
    let attributes = try FileManager.default.attributesOfItem(atPath: file)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let again = try device(schema)
    #expect(try inbox(again).map { $0.split(separator: " ", maxSplits: 1)[1] } == ["Buy milk"])
    let elsewhere = try device(other)
    #expect(try inbox(elsewhere).isEmpty)
    #expect(FileManager.default.fileExists(atPath: expected(other)) && expected(other) != file)
  }
}
