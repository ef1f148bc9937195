import Foundation
import JSON
import TaskwirePostgres
import TaskwireStore
import TaskwireTestSupport
import Testing

/// Compaction through real servers and the test cluster's PostgreSQL (Protocol/devices.md,
/// "Compaction"): values later changes overwrote leave the shared log and the replicas' files,
/// and every device (one that was offline with changes of its own meanwhile, a new one, one
/// restarted) still shows the same lists.
@Suite(.serialized, SyncDevices.needTheCluster)
struct SyncCompactionTests {
  let devices: SyncDevices

  init() throws { devices = try SyncDevices(prefix: "compact") }

  /// The records the replica file at `name` keeps (read beside its server, as another process).
  func kept(_ name: String) throws -> Int {
    let storage = try SQLiteStorage(location: .file(devices.folder.appendingPathComponent("\(name).sqlite").path))
    defer { storage.close() }
    return try storage.keptRecords(unplaced: false).count
  }

  @Test func overwrittenValuesLeaveTheLogAndTheFilesAndEveryDeviceStillAgrees() throws {
    defer { devices.dropSchema() }
    let compact = ["--compact-after", "2"]
    let a = try devices.device("a", "00000000000000a1", extra: compact)
    var d: TaskwireProcess? = try devices.device("d", "00000000000000d4", extra: compact)
    for number in 1...5 { _ = try a.result("task/create", ["title": .string("Task \(number)"), "view": "inbox"]) }
    #expect(try devices.eventually { try devices.inbox(d!).count == 5 })
    // D goes offline and changes the first task: a title and notes.
    d = nil
    d = try devices.device("d", "00000000000000d4", extra: compact + ["--offline"])
    let firstOnD = try #require(try d!.result("view/list", ["view": "inbox"])["groups"]?[0]?["tasks"]?[0]?["id"])
    let secondOnD = try #require(try d!.result("view/list", ["view": "inbox"])["groups"]?[0]?["tasks"]?[1]?["id"])
    _ = try d!.result("task/update", ["id": firstOnD, "notes": "kept from D"])
    _ = try d!.result("task/update", ["id": secondOnD, "title": "Task 2 by D"])
    // (The title A's last rename gives it: overwritten by A's, but no conflict.)
    _ = try d!.result("task/update", ["id": firstOnD, "title": "Task 1, take 40"])

    // Meanwhile A renames the first task forty times and drags the others about.
    let first = try #require(try a.result("view/list", ["view": "inbox"])["groups"]?[0]?["tasks"]?[0]?["id"])
    for round in 1...40 {
      _ = try a.result("task/update", ["id": first, "title": .string("Task 1, take \(round)")])
      let moved = try #require(
        try a.result("view/list", ["view": "inbox"])["groups"]?[0]?["tasks"]?[round % 5]?["id"])
      _ = try a.result("task/move", ["id": moved, "view": "inbox", "index": .int((round * 3) % 5)])
    }
    let second = try #require(
      try a.result("view/list", ["view": "inbox"])["groups"]?[0]?["tasks"]?.arrayValue?.first {
        $0["title"] == "Task 2"
      }?["id"])
    _ = try a.result("task/update", ["id": second, "title": "Task 2 by A"])
    let made = 5 + 81
    // The records of the forty renames and drags are compacted away, in the log and in A's file.
    let log = try PostgresLog(conninfo: devices.shared())
    defer { log.close() }
    #expect(try devices.eventually { try devices.status(a)["unsent"] == 0 && log.size().records < 20 })
    let size = try log.size()
    #expect(size.records < 20, "the log holds \(size.records) of \(made) records")
    #expect(try devices.eventually { try kept("a") < 20 })
    let keptByA = try kept("a")
    #expect(keptByA < 20, "A's file keeps \(keptByA) of \(made) records")

    // D comes back with its offline changes. Its last rename, the last record in the log, was
    // overwritten by A's later one with the same title: nothing of it is left (its row stays,
    // empty). Its other rename lost a conflict: it stays, to be listed.
    d = nil
    d = try devices.device("d", "00000000000000d4", extra: compact)
    #expect(try devices.eventually { try log.pull(after: 0).last.map { $0.body.isEmpty && $0.compacted } == true })
    // A new device joins; A restarts.
    let c = try devices.device("c", "00000000000000c3", extra: compact)
    #expect(try devices.eventually { try devices.settled([a, c, d!]) })
    let expected = try devices.views(a)
    #expect(try devices.views(c) == expected)
    #expect(try devices.views(d!) == expected)
    let firstTask = try #require(expected.first { $0.contains("kept from D") })
    #expect(firstTask.contains("Task 1, take 40"), "A's later title wins, D's notes stay: \(firstTask)")
    #expect(expected.filter { $0.hasPrefix("inbox: ") }.count == 5)
    #expect(expected.contains { $0.contains(" Task 2 by A ") })
    let again = try devices.device("a", "00000000000000a1", extra: compact)
    #expect(try devices.views(again) == expected)
    // The conflict is listed on every device, the new one and the restarted one too.
    for device in [again, c, d!] {
      let conflicts = try device.result("conflict/list")["conflicts"]?.arrayValue ?? []
      #expect(conflicts.map { $0["lost"] } == ["Task 2 by D"], "\(conflicts)")
    }
    #expect(try log.size().records < 20)
  }
}
