import Foundation
import JSON
import TaskwireTestSupport
import Testing

/// Three devices make seeded random changes — creates, renames, notes, drags in one list,
/// completions of one recurring task, deletions, undo — while the test cuts and restores each
/// one's link at random; after the last restore every device shows the same lists, the same
/// as a fresh device's, with no task lost or doubled (issue 31, "How it is checked"), the
/// devices compacting the shared log all along.
@Suite(.serialized, SyncDevices.needTheCluster)
struct SyncConvergenceTests {
  let devices: SyncDevices

  init() throws { devices = try SyncDevices(prefix: "converge") }

  /// A device's open tasks in one list, as (id, uuid).
  func tasks(_ device: TaskwireProcess, _ view: String) throws -> [(id: JSONValue, uuid: String)] {
    let groups = try device.result("view/list", ["view": .string(view)])["groups"]?.arrayValue ?? []
    return groups.flatMap { $0["tasks"]?.arrayValue ?? [] }.compactMap { task in
      guard let id = task["id"], let uuid = task["uuid"]?.stringValue else { return nil }
      return (id, uuid)
    }
  }

  @Test(arguments: [UInt64(31), 2026])
  func devicesCutOffAtRandomConverge(seed: UInt64) throws {
    defer { devices.dropSchema() }
    var random = Generator(seed: seed)
    let proxies = try (0..<3).map { _ in try FaultProxy(targetPort: devices.postgresPort) }
    let ids = ["00000000000000a1", "00000000000000b2", "00000000000000c3"]
    // (Each compacts its records, and the log's, after every few changes: Protocol/devices.md,
    // "Compaction".)
    let all = try (0..<3).map {
      try devices.device("d\($0)", ids[$0], port: proxies[$0].port, extra: ["--compact-after", "3"])
    }
    _ = try all[0].result(
      "task/create", ["title": "Water the plants", "view": "today", "recurrence": ["pattern": "daily"]])
    var made: [String] = []  // uuids of tasks made, and of those someone deleted
    var deleted: Set<String> = []
    for number in 1...5 {
      let task = try all[0].result("task/create", ["title": .string("Task \(number)"), "view": "inbox"])["task"]
      made.append(task?["uuid"]?.stringValue ?? "?")
    }
    #expect(try devices.eventually { try all.allSatisfy { try devices.views($0) == devices.views(all[0]) } })

    var serial = 0
    for _ in 0..<3 {
      var cut: [Int] = []
      for index in 0..<3 where random.next(3) > 0 {
        proxies[index].cut()
        cut.append(index)
      }
      for _ in 0..<10 {
        let device = all[random.next(3)]
        let inbox = try tasks(device, "inbox")
        serial += 1
        switch random.next(7) {
        case 0:
          let task = try device.result("task/create", ["title": .string("New \(serial)"), "view": "inbox"])["task"]
          made.append(task?["uuid"]?.stringValue ?? "?")
        case 1 where !inbox.isEmpty:
          let task = inbox[random.next(inbox.count)]
          _ = try device.result("task/update", ["id": task.id, "title": .string("Renamed \(serial)")])
        case 2 where !inbox.isEmpty:
          let task = inbox[random.next(inbox.count)]
          _ = try device.result("task/update", ["id": task.id, "notes": .string("note \(serial)")])
        case 3 where inbox.count > 1:
          let task = inbox[random.next(inbox.count)]
          _ = try device.result("task/move", ["id": task.id, "view": "inbox", "index": .int(random.next(inbox.count))])
        case 4:
          // The recurring task's occurrence in Today, completed wherever it is seen.
          if let water = try tasks(device, "today").first {
            _ = try device.call("task/complete", ["id": water.id])
          }
        case 5 where !inbox.isEmpty:
          let task = inbox[random.next(inbox.count)]
          _ = try device.result("task/delete", ["id": task.id])
          deleted.insert(task.uuid)
        default:
          _ = try device.call("history/undo")  // (refused at times: nothing to undo, or overridden)
        }
      }
      for index in cut.shuffled(using: &random) { proxies[index].restore() }
      #expect(
        try devices.eventually(30) {
          try devices.settled(all) && all.allSatisfy { try devices.views($0) == devices.views(all[0]) }
        }, "seed \(seed): the devices did not converge")
    }
    let fresh = try devices.device("fresh", "00000000000000d4")
    #expect(try devices.eventually(30) { try devices.views(fresh) == devices.views(all[0]) }, "seed \(seed)")
    let shown = try devices.views(fresh)
    // No task doubled (each uuid once per list); none lost that nobody deleted.
    for view in ["inbox", "today", "anytime"] {
      let uuids = shown.filter { $0.hasPrefix(view + ":") }.map { $0.split(separator: " ")[1] }
      #expect(Set(uuids).count == uuids.count, "seed \(seed): a task twice in \(view)")
    }
    for uuid in made where !deleted.contains(uuid) {
      #expect(shown.contains { $0.contains(" \(uuid) ") }, "seed \(seed): task \(uuid) lost")
    }
    // Completions of one occurrence on several devices made one next occurrence.
    #expect(shown.filter { $0.hasPrefix("today:") && $0.contains(" Water the plants") }.count <= 1)
  }
}
