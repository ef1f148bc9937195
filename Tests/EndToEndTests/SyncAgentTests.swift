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
@Suite(
  .serialized,
  .enabled(
    if: ProcessInfo.processInfo.environment["TASKWIRE_TEST_POSTGRES_TCP"] != nil,
    "TASKWIRE_TEST_POSTGRES_TCP is not set: Tests/all.sh starts a cluster"))
struct SyncAgentTests {
  let tcp = ProcessInfo.processInfo.environment["TASKWIRE_TEST_POSTGRES_TCP"] ?? ""
  let schema = "agent_\(UUID().uuidString.prefix(8).lowercased())"
  let folder: URL

  init() throws { folder = try temporaryFolder() }

  /// The shared store's URL through `port` (PostgreSQL's own, or a proxy's).
  func shared(port: Int? = nil) -> String {
    var url = tcp
    if let port, let colon = url.range(of: ":", options: .backwards),
      let slash = url[colon.upperBound...].firstIndex(of: "/")
    {
      url.replaceSubrange(colon.upperBound..<slash, with: String(port))
    }
    return PostgresConninfo.with(schema: schema, url)
  }

  var postgresPort: Int {
    let afterColon = tcp.split(separator: ":").last ?? ""
    return Int(afterColon.prefix { $0.isNumber }) ?? 0
  }

  func device(_ name: String, _ id: String, port: Int? = nil, extra: [String] = []) throws -> TaskwireProcess {
    let path = folder.appendingPathComponent("\(name).sqlite").path
    return try TaskwireProcess.started(["--db", shared(port: port), "--replica", path, "--device-id", id] + extra)
  }

  func status(_ device: TaskwireProcess) throws -> JSONValue { try device.result("sync/status") }

  /// Waits (at most `seconds`, looking every 50 ms) until `condition` holds.
  func eventually(_ seconds: Double = 20, _ condition: () throws -> Bool) throws -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if try condition() { return true }
      usleep(50_000)
    }
    return try condition()
  }

  /// The inbox as "uuid title notes" lines, in order.
  func inbox(_ device: TaskwireProcess) throws -> [String] {
    let groups = try device.result("view/list", ["view": "inbox"])["groups"]?.arrayValue ?? []
    return groups.flatMap { $0["tasks"]?.arrayValue ?? [] }.map {
      "\($0["uuid"]?.stringValue ?? "?") \($0["title"]?.stringValue ?? "?") \($0["notes"]?.stringValue ?? "")"
    }
  }

  func dropSchema() { try? PostgresStorage.administer(tcp) { "DROP SCHEMA IF EXISTS \"\(schema)\" CASCADE" } }

  @Test func aChangeReachesTheOtherDevicesSubscriberByItself() throws {
    defer { dropSchema() }
    let a = try device("a", "00000000000000a1")
    let b = try device("b", "00000000000000b2")
    #expect(try eventually { try status(a)["online"] == true && status(b)["online"] == true })
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
    #expect(try eventually { try inbox(a).first?.contains(" Buy oat milk") == true })
    #expect(try status(a)["unsent"] == 0 && status(b)["unsent"] == 0)
  }

  @Test func devicesCutOffKeepWorkingAndConvergeWhenTheLinkComesBack() throws {
    defer { dropSchema() }
    let proxyA = try FaultProxy(targetPort: postgresPort)
    let proxyB = try FaultProxy(targetPort: postgresPort)
    let a = try device("a", "00000000000000a1", port: proxyA.port)
    let b = try device("b", "00000000000000b2", port: proxyB.port)
    _ = try a.result("task/create", ["title": "Buy milk", "view": "inbox"])
    #expect(try eventually { try inbox(b).count == 1 })
    let milkOnA = try #require(try a.result("view/list", ["view": "inbox"])["groups"]?[0]?["tasks"]?[0]?["id"])
    let milkOnB = try #require(try b.result("view/list", ["view": "inbox"])["groups"]?[0]?["tasks"]?[0]?["id"])

    proxyA.cut()
    proxyB.cut()
    #expect(try eventually { try status(a)["online"] == false && status(b)["online"] == false })
    // Cut off, every method works; undo too.
    _ = try a.result("task/update", ["id": milkOnA, "title": "Buy oat milk"])
    _ = try a.result("task/create", ["title": "Call Ana", "view": "inbox"])
    _ = try b.result("task/update", ["id": milkOnB, "notes": "two litres"])
    let rent = try #require(try b.result("task/create", ["title": "Pay rent", "view": "inbox"])["task"]?["id"])
    _ = try b.result("task/move", ["id": rent, "view": "inbox", "index": 0])
    _ = try b.result("task/create", ["title": "A mistake", "view": "inbox"])
    _ = try b.result("history/undo")
    #expect(try status(a)["unsent"] == 2)
    #expect(try status(b)["unsent"] == 5)
    #expect(try inbox(a) != inbox(b))

    proxyB.restore()
    proxyA.restore()
    #expect(
      try eventually {
        try status(a)["unsent"] == 0 && status(b)["unsent"] == 0 && inbox(a) == inbox(b) && inbox(a).count == 3
      })
    let milk = try #require(try inbox(a).first { $0.contains("milk") })
    #expect(milk.hasSuffix(" Buy oat milk two litres"), "both devices' fields kept: \(milk)")
    #expect(try !inbox(a).contains { $0.contains("A mistake") })
    #expect(try inbox(a).first?.contains(" Pay rent") == true, "B's drag kept")
    #expect(try status(a)["online"] == true && status(b)["online"] == true)
  }

  /// Connections dropped in the middle of pushes, and a device killed in the middle of its
  /// catch-up: every change reaches the other device once, and the log holds each record once.
  @Test func dropsAndAKillMidSyncLoseNothingAndSendNothingTwice() throws {
    defer { dropSchema() }
    let proxy = try FaultProxy(targetPort: postgresPort)
    var a: TaskwireProcess? = try device("a", "00000000000000a1", port: proxy.port, extra: ["--offline"])
    let count = 300
    for number in 1...count { _ = try a!.result("task/create", ["title": .string("Task \(number)"), "view": "inbox"]) }
    #expect(try status(a!)["unsent"] == .int(count))
    a = nil  // (terminated)
    // Back online, killed (SIGKILL) at moments into its catch-up, five times, with connections
    // dropped meanwhile; then left to finish.
    for pause in [30_000, 60_000, 90_000, 120_000, 200_000] as [useconds_t] {
      let started = try device("a", "00000000000000a1", port: proxy.port)
      usleep(pause)
      proxy.reset()
      kill(started.process.processIdentifier, SIGKILL)
      _ = started.waitForExit()
    }
    let b = try device("b", "00000000000000b2")
    a = try device("a", "00000000000000a1", port: proxy.port)
    #expect(try eventually(30) { try status(a!)["unsent"] == 0 && inbox(b).count == count })
    let titles = try inbox(b).map { $0.split(separator: " ").dropFirst().joined(separator: " ") }
    #expect(Set(titles).count == count)
    let log = try PostgresLog(conninfo: shared())
    defer { log.close() }
    let records = try log.pull(after: 0, limit: 100_000)
    #expect(Set(records.map(\.id)).count == records.count)
    #expect(records.count == count)
  }

  /// Two servers on one replica file: one syncs it (it holds the file's sync lock), the other's
  /// changes go out through it; when the syncing one is killed, the other takes over.
  @Test func oneProcessPerFileSyncsAndAnotherTakesOver() throws {
    defer { dropSchema() }
    let first = try device("a", "00000000000000a1")
    #expect(try eventually { try status(first)["syncing"] == true })
    let second = try device("a", "00000000000000a1")
    let b = try device("b", "00000000000000b2")
    #expect(try status(second)["syncing"] == false)
    // The two processes on one file make records at once: no two the same (the clock's floor
    // is in the file).
    for number in 1...20 {
      _ = try first.result("task/create", ["title": .string("First \(number)"), "view": "inbox"])
      _ = try second.result("task/create", ["title": .string("Second \(number)"), "view": "inbox"])
    }
    #expect(try eventually { try inbox(b).count == 40 })
    kill(first.process.processIdentifier, SIGKILL)
    _ = first.waitForExit()
    #expect(try eventually { try status(second)["syncing"] == true && status(second)["online"] == true })
    _ = try second.result("task/create", ["title": "After the takeover", "view": "inbox"])
    #expect(try eventually { try inbox(b).contains { $0.contains("After the takeover") } })
    #expect(try inbox(b) == inbox(second))
  }
}
