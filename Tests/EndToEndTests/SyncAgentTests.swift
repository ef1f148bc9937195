import Foundation
import JSON
import TaskwirePostgres
import TaskwireTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Devices that sync by themselves (issue 31, Protocol/devices.md "The agent"): real servers
/// on their own replica files (`--db postgresql://… --replica PATH`), the test cluster's
/// PostgreSQL between them, and a loopback proxy that the tests cut, reset and restore.
@Suite(.serialized, SyncDevices.needTheCluster)
struct SyncAgentTests {
  let devices: SyncDevices

  init() throws { devices = try SyncDevices(prefix: "agent") }

  @Test func aChangeReachesTheOtherDevicesSubscriberByItself() throws {
    defer { devices.dropSchema() }
    let a = try devices.device("a", "00000000000000a1")
    let b = try devices.device("b", "00000000000000b2")
    #expect(try devices.eventually { try devices.status(a)["online"] == true && devices.status(b)["online"] == true })
    _ = try b.result("view/subscribe", ["view": "inbox"])
    _ = try a.result("task/create", ["title": "Buy milk", "view": "inbox"])
    // B is asked nothing: its agent hears the log grow, and its subscriber gets the diff.
    let changed = try b.readMessage(timeout: 10)
    #expect(changed["method"] == "view/changed")
    #expect(JSONWriter.string(changed).contains("Buy milk"))
    let milk = try #require(try a.result("view/list", ["view": "inbox"])["groups"]?[0]?["tasks"]?[0]?["uuid"])
    let onB = try #require(try b.result("view/list", ["view": "inbox"])["groups"]?[0]?["tasks"]?[0])
    #expect(onB["uuid"] == milk)
    _ = try b.result("task/update", ["id": try #require(onB["id"]), "title": "Buy oat milk"])
    #expect(try devices.eventually { try devices.inbox(a).first?.contains(" Buy oat milk") == true })
    // Text PostgreSQL's text cannot hold as it is (U+0000), and JSON's escapes, arrive intact.
    let tricky = "Say \"hi\" \\ to C:\\tmp\u{0}, ünïcödé ✓"
    _ = try a.result("task/create", ["title": .string(tricky), "view": "inbox"])
    #expect(try devices.eventually { try devices.inbox(b).contains { $0.contains(tricky) } })
    #expect(try devices.status(a)["unsent"] == 0 && devices.status(b)["unsent"] == 0)
  }

  @Test func devicesCutOffKeepWorkingAndConvergeWhenTheLinkComesBack() throws {
    defer { devices.dropSchema() }
    let proxyA = try FaultProxy(targetPort: devices.postgresPort)
    let proxyB = try FaultProxy(targetPort: devices.postgresPort)
    let a = try devices.device("a", "00000000000000a1", port: proxyA.port)
    let b = try devices.device("b", "00000000000000b2", port: proxyB.port)
    _ = try a.result("task/create", ["title": "Buy milk", "view": "inbox"])
    #expect(try devices.eventually { try devices.inbox(b).count == 1 })
    let milkOnA = try #require(try a.result("view/list", ["view": "inbox"])["groups"]?[0]?["tasks"]?[0]?["id"])
    let milkOnB = try #require(try b.result("view/list", ["view": "inbox"])["groups"]?[0]?["tasks"]?[0]?["id"])

    proxyA.cut()
    proxyB.cut()
    #expect(try devices.eventually { try devices.status(a)["online"] == false && devices.status(b)["online"] == false })
    // Cut off, every method works; undo too.
    _ = try a.result("task/update", ["id": milkOnA, "title": "Buy oat milk"])
    _ = try a.result("task/create", ["title": "Call Ana", "view": "inbox"])
    _ = try b.result("task/update", ["id": milkOnB, "notes": "two litres"])
    let rent = try #require(try b.result("task/create", ["title": "Pay rent", "view": "inbox"])["task"]?["id"])
    _ = try b.result("task/move", ["id": rent, "view": "inbox", "index": 0])
    _ = try b.result("task/create", ["title": "A mistake", "view": "inbox"])
    _ = try b.result("history/undo")
    #expect(try devices.status(a)["unsent"] == 2)
    #expect(try devices.status(b)["unsent"] == 5)
    #expect(try devices.inbox(a) != devices.inbox(b))

    proxyB.restore()
    proxyA.restore()
    #expect(
      try devices.eventually {
        try devices.status(a)["unsent"] == 0 && devices.status(b)["unsent"] == 0 && devices.inbox(a) == devices.inbox(b)
          && devices.inbox(a).count == 3
      })
    let milk = try #require(try devices.inbox(a).first { $0.contains("milk") })
    #expect(milk.hasSuffix(" Buy oat milk two litres"), "both devices' fields kept: \(milk)")
    #expect(try !devices.inbox(a).contains { $0.contains("A mistake") })
    #expect(try devices.inbox(a).first?.contains(" Pay rent") == true, "B's drag kept")
    #expect(try devices.status(a)["online"] == true && devices.status(b)["online"] == true)
  }

  /// Connections dropped in the middle of pushes, and a device killed in the middle of its
  /// catch-up: every change reaches the other device once, and the log holds each record once.
  @Test func dropsAndAKillMidSyncLoseNothingAndSendNothingTwice() throws {
    defer { devices.dropSchema() }
    let proxy = try FaultProxy(targetPort: devices.postgresPort)
    var a: TaskwireProcess? = try devices.device("a", "00000000000000a1", port: proxy.port, extra: ["--offline"])
    let count = 300
    for number in 1...count { _ = try a!.result("task/create", ["title": .string("Task \(number)"), "view": "inbox"]) }
    #expect(try devices.status(a!)["unsent"] == .int(count))
    a = nil  // (terminated)
    // Back online, killed (SIGKILL) at moments into its catch-up, five times, with connections
    // dropped meanwhile; then left to finish.
    for pause in [30_000, 60_000, 90_000, 120_000, 200_000] as [useconds_t] {
      let started = try devices.device("a", "00000000000000a1", port: proxy.port)
      usleep(pause)
      proxy.reset()
      kill(started.process.processIdentifier, SIGKILL)
      _ = started.waitForExit()
    }
    let b = try devices.device("b", "00000000000000b2")
    a = try devices.device("a", "00000000000000a1", port: proxy.port)
    #expect(try devices.eventually(30) { try devices.status(a!)["unsent"] == 0 && devices.inbox(b).count == count })
    let titles = try devices.inbox(b).map { $0.split(separator: " ").dropFirst().joined(separator: " ") }
    #expect(Set(titles).count == count)
    let log = try PostgresLog(conninfo: devices.shared())
    defer { log.close() }
    let records = try log.pull(after: 0, limit: 100_000)
    #expect(Set(records.map(\.id)).count == records.count)
    #expect(records.count == count)
  }

  /// Two servers on one replica file: one syncs it (it holds the file's sync lock), the other's
  /// changes go out through it; when the syncing one is killed, the other takes over.
  @Test func oneProcessPerFileSyncsAndAnotherTakesOver() throws {
    defer { devices.dropSchema() }
    let first = try devices.device("a", "00000000000000a1")
    #expect(try devices.eventually { try devices.status(first)["syncing"] == true })
    let second = try devices.device("a", "00000000000000a1")
    let b = try devices.device("b", "00000000000000b2")
    #expect(try devices.status(second)["syncing"] == false)
    // The two processes on one file make records at once: no two the same (the clock's floor
    // is in the file).
    for number in 1...20 {
      _ = try first.result("task/create", ["title": .string("First \(number)"), "view": "inbox"])
      _ = try second.result("task/create", ["title": .string("Second \(number)"), "view": "inbox"])
    }
    #expect(try devices.eventually { try devices.inbox(b).count == 40 })
    kill(first.process.processIdentifier, SIGKILL)
    _ = first.waitForExit()
    #expect(
      try devices.eventually {
        try devices.status(second)["syncing"] == true && devices.status(second)["online"] == true
      })
    _ = try second.result("task/create", ["title": "After the takeover", "view": "inbox"])
    #expect(try devices.eventually { try devices.inbox(b).contains { $0.contains("After the takeover") } })
    #expect(try devices.inbox(b) == devices.inbox(second))
  }
}
