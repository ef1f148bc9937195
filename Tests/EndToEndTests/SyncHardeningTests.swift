import Foundation
import JSON
import TaskwirePostgres
import TaskwireTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What an adversarial review of the agent found, kept fixed (issue 31): a replica never mixes
/// two shared stores or two replicas of one device, a record from a clock at the end of time
/// cannot make a device drop its own changes, a second process's change goes out by itself, and
/// a link that goes silent without closing is noticed.
@Suite(.serialized, SyncDevices.needTheCluster)
struct SyncHardeningTests {
  let devices: SyncDevices

  init() throws { devices = try SyncDevices(prefix: "harden") }

  @Test func aReplicaRefusesAnotherSharedStore() throws {
    let other = try SyncDevices(prefix: "harden_other")
    defer {
      devices.dropSchema()
      other.dropSchema()
    }
    let path = devices.folder.appendingPathComponent("a.sqlite").path
    do {
      let a = try devices.device("a", "00000000000000a1")
      _ = try a.result("task/create", ["title": "Buy milk", "view": "inbox"])
      #expect(try devices.eventually { try devices.settled([a]) })
    }
    // The same replica file, pointed at another store: it serves, keeps its changes, and says why
    // it does not sync; the other store gets none of its records.
    let moved = try TaskwireProcess.started([
      "--db", other.shared(), "--replica", path, "--device-id", "00000000000000a1",
    ])
    _ = try moved.result("task/create", ["title": "Call Ana", "view": "inbox"])
    #expect(
      try devices.eventually {
        try devices.status(moved)["problem"]?.stringValue?.contains("belongs to shared store") == true
      })
    #expect(try devices.status(moved)["online"] == false && devices.status(moved)["unsent"] == 1)
    let log = try PostgresLog(conninfo: other.shared())
    defer { log.close() }
    #expect(try log.pull(after: 0).isEmpty)
  }

  @Test func twoReplicasOfOneDeviceStopInsteadOfMixing() throws {
    defer { devices.dropSchema() }
    let pathA = devices.folder.appendingPathComponent("a.sqlite").path
    do {
      let a = try devices.device("a", "00000000000000a1")
      _ = try a.result("task/create", ["title": "Buy milk", "view": "inbox"])
      #expect(try devices.eventually { try devices.settled([a]) })
    }
    try FileManager.default.copyItem(atPath: pathA, toPath: devices.folder.appendingPathComponent("copy.sqlite").path)
    let a = try devices.device("a", "00000000000000a1")
    let copy = try devices.device("copy", "00000000000000a1")
    _ = try a.result("task/create", ["title": "From the original", "view": "inbox"])
    _ = try copy.result("task/create", ["title": "From the copy", "view": "inbox"])
    #expect(
      try devices.eventually {
        try [a, copy].contains { try devices.status($0)["problem"]?.stringValue?.contains("as this device") == true }
      })
    let log = try PostgresLog(conninfo: devices.shared())
    defer { log.close() }
    let records = try log.pull(after: 0)
    #expect(Set(records.map(\.hlc)).count == records.count, "no two records under one time")
    // (The fixed test clock gives both copies' changes the same time.) Neither change is lost:
    // each is in the log or still waits in its replica.
    for (device, title) in [(a, "From the original"), (copy, "From the copy")] {
      let inLog = records.contains { $0.body.contains(title) }
      #expect(try inLog || devices.status(device)["unsent"] == 1, "\(title) lost")
    }
  }

  /// `taskwire new-device` with the shared store in its environment, as a person runs it.
  func newDevice(_ arguments: [String], shared: String? = "") throws -> (status: Int32, stderr: String) {
    try TaskwireProcess.run(
      ["new-device"] + arguments + TaskwireProcess.clockArguments,
      environment: ["TASKWIRE_SHARED_DB": shared.map { $0.isEmpty ? devices.shared() : $0 }])
  }

  /// `taskwire new-device` on the file whose sync stopped: it becomes a device of its own, its
  /// unsent change (which the log holds another text of) goes out as that device's, and both
  /// copies show both changes.
  @Test func aStoppedCopyBecomesADeviceOfItsOwn() throws {
    defer { devices.dropSchema() }
    let folder = devices.folder
    do {
      let a = try devices.device("a", "00000000000000a1")
      _ = try a.result("task/create", ["title": "Buy milk", "view": "inbox"])
      #expect(try devices.eventually { try devices.settled([a]) })
    }
    try FileManager.default.copyItem(
      atPath: folder.appendingPathComponent("a.sqlite").path, toPath: folder.appendingPathComponent("copy.sqlite").path)
    var running: [String: TaskwireProcess] = [
      "a": try devices.device("a", "00000000000000a1"), "copy": try devices.device("copy", "00000000000000a1"),
    ]
    // (Under the test clock both copies would mint one uuid for their first task: real ones
    // mint random uuids.)
    _ = try running["a"]!.result(
      "task/create", ["title": "From the original", "view": "inbox", "uuid": "0a0a0a0a-0000-4000-8000-000000000001"])
    _ = try running["copy"]!.result(
      "task/create", ["title": "From the copy", "view": "inbox", "uuid": "0c0c0c0c-0000-4000-8000-000000000002"])
    var stopped: String? = nil
    #expect(
      try devices.eventually {
        stopped = try running.keys.sorted().first {
          try devices.status(running[$0]!)["problem"]?.stringValue?.contains("as this device") == true
        }
        return stopped != nil
      })
    let name = try #require(stopped)
    // While its server syncs the file, the command refuses; stopped, it makes the new device.
    let path = folder.appendingPathComponent("\(name).sqlite").path
    let refused = try newDevice(["--db", path])
    #expect(refused.status == 1 && refused.stderr.contains("stop its servers first"), "\(refused.stderr)")
    guard let old = running.removeValue(forKey: name) else { return }
    old.process.terminate()
    _ = old.waitForExit()
    #expect(try newDevice(["--db", path], shared: nil).stderr.contains("TASKWIRE_SHARED_DB"))
    let taken = try newDevice(["--db", path, "--device-id", "00000000000000a1"])
    #expect(taken.status == 2, "the file's own device: \(taken.stderr)")
    let made = try newDevice(["--db", path, "--device-id", "00000000000000e5"])
    #expect(
      made.status == 0 && made.stderr.contains("1 made again as its own") && made.stderr.contains("synced"),
      "\(made.stderr)")
    running[name] = try devices.device(name, "00000000000000e5")
    let both = [running["a"]!, running["copy"]!]
    #expect(
      try devices.eventually {
        try devices.settled(both) && devices.views(both[0]) == devices.views(both[1])
          && devices.inbox(both[0]).count == 3
      })
    #expect(try devices.status(running[name]!)["device"] == "00000000000000e5")
    #expect(try both.allSatisfy { try devices.status($0)["problem"] == .null })
  }

  @Test func aRecordFromTheEndOfTimeCannotMakeADeviceDropItsChanges() throws {
    defer { devices.dropSchema() }
    let a = try devices.device("a", "00000000000000a1")
    let b = try devices.device("b", "00000000000000b2")
    let created = try a.result("task/create", ["title": "Buy milk", "view": "inbox"])["task"]
    let uuid = try #require(created?["uuid"]?.stringValue)
    #expect(try devices.eventually { try devices.inbox(b).count == 1 })
    // A hostile or broken device pushes a record timed at the clock's very end.
    let log = try PostgresLog(conninfo: devices.shared())
    defer { log.close() }
    let evil =
      #"{"v":1,"id":"6f1c0b7e-0c4e-4f7e-9d3a-1a2b3c4d5e6f","hlc":"ffffffffffffffff-00000000000000ee","#
      + #""seen":0,"kind":"action","label":"x","client":"evil","at":"2026-02-12T08:00:00Z","#
      + #""items":[{"uuid":"\#(uuid)","op":"update","set":{"notes":"from the end of time"}}]}"#
    _ = try log.push([
      (
        id: "6f1c0b7e-0c4e-4f7e-9d3a-1a2b3c4d5e6f", hlc: "ffffffffffffffff-00000000000000ee",
        device: "00000000000000ee",
        seen: 0, body: evil
      )
    ])
    // Passed over on every device: it would beat every change until its time comes.
    let id = try #require(created?["id"])
    for number in 1...4 { _ = try a.result("task/update", ["id": id, "title": .string("Edit \(number)")]) }
    #expect(
      try devices.eventually { try devices.settled([a, b]) && devices.inbox(b).first?.contains(" Edit 4 ") == true })
    #expect(try devices.inbox(a) == devices.inbox(b))
    #expect(try !devices.inbox(a).contains { $0.contains("end of time") })
    let fresh = try devices.device("fresh", "00000000000000c3")
    #expect(try devices.eventually { try devices.settled([a, fresh]) && devices.inbox(fresh) == devices.inbox(a) })
  }

  /// A log that ends before what a replica merged (the store restored from an older backup):
  /// the replica stops syncing and says why, instead of skipping the seqs given again.
  @Test func aLogRestoredFromAnOlderBackupIsRefused() throws {
    defer { devices.dropSchema() }
    let a = try devices.device("a", "00000000000000a1")
    for title in ["One", "Two", "Three"] {
      _ = try a.result("task/create", ["title": .string(title), "view": "inbox"])
    }
    do {
      let b = try devices.device("b", "00000000000000b2")
      #expect(try devices.eventually { try devices.settled([a, b]) && devices.inbox(b).count == 3 })
    }
    try PostgresStorage.administer(devices.tcp) {
      "DELETE FROM \"\(devices.schema)\".sync_log WHERE seq > 1; UPDATE \"\(devices.schema)\".sync_log_head SET seq = 1"
    }
    let b = try devices.device("b", "00000000000000b2")
    #expect(
      try devices.eventually {
        try devices.status(b)["problem"]?.stringValue?.contains("older backup") == true
      })
  }

  @Test func aSecondProcesssChangeGoesOutWithoutTheSyncingOneDoingAnything() throws {
    defer { devices.dropSchema() }
    let first = try devices.device("a", "00000000000000a1")
    #expect(try devices.eventually { try devices.status(first)["syncing"] == true })
    let second = try devices.device("a", "00000000000000a1")
    let b = try devices.device("b", "00000000000000b2")
    _ = try second.result("task/create", ["title": "From the second process", "view": "inbox"])
    #expect(try devices.eventually { try devices.inbox(b).contains { $0.contains("From the second process") } })
  }

  @Test func aLinkThatGoesSilentIsNoticedAndRecovered() throws {
    defer { devices.dropSchema() }
    let proxy = try FaultProxy(targetPort: devices.postgresPort)
    let a = try devices.device("a", "00000000000000a1", port: proxy.port)
    let b = try devices.device("b", "00000000000000b2")
    #expect(try devices.eventually { try devices.settled([a]) })
    proxy.stall()
    _ = try a.result("task/create", ["title": "Buy milk", "view": "inbox"])
    // The push hangs on the silent link until the agent's own limit ends it.
    #expect(try devices.eventually(40) { try devices.status(a)["online"] == false })
    proxy.restore()
    #expect(try devices.eventually(30) { try devices.inbox(b).count == 1 && devices.status(a)["unsent"] == 0 })
  }

  /// Ids are per device: tasks completed at one instant on two devices (the fixed test clock)
  /// are listed in one order in both logbooks (by uuid, not by each device's ids).
  @Test func bothLogbooksListTiesInOneOrder() throws {
    defer { devices.dropSchema() }
    let proxy = try FaultProxy(targetPort: devices.postgresPort)
    let a = try devices.device("a", "00000000000000a1", port: proxy.port)
    let b = try devices.device("b", "00000000000000b2")
    _ = try b.result("task/create", ["title": "Made on B", "view": "inbox"])
    _ = try a.result("task/create", ["title": "Made on A", "view": "inbox"])
    #expect(try devices.eventually { try devices.settled([a, b]) && devices.inbox(a).count == 2 })
    func id(_ device: TaskwireProcess, _ title: String) throws -> JSONValue {
      let tasks = try device.result("view/list", ["view": "inbox"])["groups"]?[0]?["tasks"]?.arrayValue ?? []
      return try #require(tasks.first { $0["title"]?.stringValue == title }?["id"])
    }
    proxy.cut()
    _ = try a.result("task/complete", ["id": try id(a, "Made on A")])
    _ = try b.result("task/complete", ["id": try id(b, "Made on B")])
    proxy.restore()
    #expect(
      try devices.eventually { try devices.settled([a, b]) && devices.inbox(a).isEmpty && devices.inbox(b).isEmpty })
    #expect(try devices.views(a) == devices.views(b))
  }
}
