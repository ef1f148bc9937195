import Foundation
import JSON
import TaskwireTestSupport
import Testing

/// Nothing is lost silently (issue 31): two devices cut off rename the same task, and one
/// deletes a task the other edits; after they converge, both list the value that lost and the
/// deletion that lost, a person restores the lost title on one device (it reaches the other),
/// and dismisses the deletion's conflict on the other (it stays dismissed after a restart).
@Suite(.serialized, SyncDevices.needTheCluster)
struct SyncConflictTests {
  let devices: SyncDevices

  init() throws { devices = try SyncDevices(prefix: "conflict") }

  func id(_ device: TaskwireProcess, _ title: String) throws -> JSONValue {
    let tasks = try device.result("view/list", ["view": "inbox"])["groups"]?[0]?["tasks"]?.arrayValue ?? []
    return try #require(tasks.first { $0["title"]?.stringValue == title }?["id"], "\(title) not in the inbox")
  }

  func conflicts(_ device: TaskwireProcess) throws -> [JSONValue] {
    try device.result("conflict/list")["conflicts"]?.arrayValue ?? []
  }

  @Test func lostValuesAreListedRestoredAndDismissed() throws {
    defer { devices.dropSchema() }
    let proxyA = try FaultProxy(targetPort: devices.postgresPort)
    let proxyB = try FaultProxy(targetPort: devices.postgresPort)
    let a = try devices.device("a", "00000000000000a1", port: proxyA.port)
    var b = try devices.device("b", "00000000000000b2", port: proxyB.port)
    for title in ["Buy milk", "Call Ana"] {
      _ = try a.result("task/create", ["title": .string(title), "view": "inbox"])
    }
    #expect(try devices.eventually { try devices.inbox(b).count == 2 })
    #expect(try conflicts(a).isEmpty)

    proxyA.cut()
    proxyB.cut()
    #expect(try devices.eventually { try devices.status(a)["online"] == false && devices.status(b)["online"] == false })
    _ = try a.result("task/update", ["id": try id(a, "Buy milk"), "title": "Buy oat milk"])
    _ = try b.result("task/update", ["id": try id(b, "Buy milk"), "title": "Buy soy milk"])
    _ = try a.result("task/update", ["id": try id(a, "Call Ana"), "notes": "about Friday"])
    _ = try b.result("task/delete", ["id": try id(b, "Call Ana")])
    proxyA.restore()
    proxyB.restore()
    #expect(
      try devices.eventually {
        try devices.settled([a, b]) && devices.inbox(a) == devices.inbox(b)
      })
    // The deletion had not seen the notes: Ana stays. One title won, on both devices.
    let inbox = try devices.inbox(a)
    #expect(inbox.count == 2 && inbox.contains { $0.hasSuffix(" Call Ana about Friday") }, "\(inbox)")
    let winner = inbox.contains { $0.contains(" Buy oat milk") } ? "Buy oat milk" : "Buy soy milk"
    let loser = winner == "Buy oat milk" ? "Buy soy milk" : "Buy oat milk"
    for device in [a, b] {
      let listed = try conflicts(device)
      #expect(listed.count == 2, "\(listed)")
      let title = listed.first { $0["field"] == "title" }
      #expect(title?["kept"]?.stringValue == winner && title?["lost"]?.stringValue == loser)
      #expect(title?["title"]?.stringValue == winner)
      #expect(listed.contains { $0["field"] == "deleted" && $0["title"] == "Call Ana" })
    }
    #expect(try conflicts(a).map { $0["id"] } == conflicts(b).map { $0["id"] }, "the same ids on every device")

    // Restored on A: the lost title comes back everywhere, and leaves both lists.
    let titleConflict = try #require(try conflicts(a).first { $0["field"] == "title" }?["id"])
    _ = try a.result("conflict/restore", ["id": titleConflict])
    #expect(try devices.eventually { try devices.inbox(b).contains { $0.contains(" \(loser)") } })
    #expect(try devices.eventually { try conflicts(a).count == 1 && conflicts(b).count == 1 })
    #expect(try a.error("conflict/restore", ["id": titleConflict])["code"] == -32602)
    // Undo takes the restore back, like any change.
    _ = try a.result("history/undo")
    #expect(try devices.inbox(a).contains { $0.contains(" \(winner)") })

    // Dismissed on B: gone from B's list (and after a restart), still on A's.
    let deletion = try #require(try conflicts(b).first { $0["field"] == "deleted" }?["id"])
    #expect(try b.result("conflict/dismiss", ["ids": [deletion, "not/a/conflict"]])["dismissed"] == 1)
    #expect(try !conflicts(b).contains { $0["id"] == deletion })
    b = try devices.device("b", "00000000000000b2", port: proxyB.port)
    #expect(try !conflicts(b).contains { $0["id"] == deletion })
    #expect(try conflicts(a).contains { $0["id"] == deletion })
  }
}
