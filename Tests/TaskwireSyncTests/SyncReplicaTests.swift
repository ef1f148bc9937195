import Foundation
import JSON
import TaskwireCore
import TaskwirePostgres
import TaskwireServer
import TaskwireStore
import TaskwireSync
import TaskwireTestSupport
import Testing

/// Two devices, each a whole server on its own SQLite replica, changed through the protocol and
/// synced through a shared log in memory (the merge on the real commit path, before any
/// network): both end showing the same lists, item for item by uuid.
@Suite struct SyncReplicaTests {
  /// The shared log: records in push order, each once, each with its seq; every other push
  /// leaves a gap in the seqs, as a push sent twice does in PostgreSQL.
  final class Log {
    var records: [(seq: Int64, record: ChangeRecord)] = []
    var seqByID: [ItemUUID: Int64] = [:]
    var pushes = 0

    /// Pushes the device's outbox, then pulls what it has not seen: a device's sync.
    func sync(_ device: SyncReplica) throws {
      var places: [(hlc: HybridTime, seq: Int64)] = []
      pushes += 1
      for record in try device.outbox() {
        if seqByID[record.id] == nil {
          let seq = (records.last?.seq ?? 0) + (pushes % 2 == 0 ? 2 : 1)
          records.append((seq, record))
          seqByID[record.id] = seq
        }
        places.append((record.hlc, seqByID[record.id]!))
      }
      try device.placed(places)
      let seen = device.seen
      let pulled = records.filter { $0.seq > seen }.map { ($0.record, $0.seq) }
      guard !pulled.isEmpty else { return }
      try device.receive(pulled)
    }
  }

  struct Device {
    let client: InProcessClient
    let sync: SyncReplica

    init(_ folder: URL, _ number: UInt64) throws {
      client = try InProcessClient(
        ["--db", folder.appendingPathComponent("device\(number).sqlite").path] + TaskwireProcess.clockArguments)
      _ = try client.result(
        "initialize", ["clientInfo": ["name": .string("device \(number)")], "protocolVersion": "1"])
      let replica = client.server.replica
      sync = try SyncReplica(replica: replica, device: DeviceID(number)) {
        UInt64(replica.clock.now.timeIntervalSince1970 * 1000)
      }
    }

    /// A list as a person sees it, by uuid and title (ids are each device's own).
    func list(_ view: String) throws -> [String] {
      let groups = try client.result("view/list", ["view": .string(view)])["groups"]?.arrayValue ?? []
      return groups.flatMap { group in
        (group["tasks"]?.arrayValue ?? []).map { task in
          "\(task["uuid"]?.stringValue ?? "?") \(task["title"]?.stringValue ?? "?") \(task["notes"]?.stringValue ?? "")"
        }
      }
    }

    func id(_ title: String, in view: String) throws -> Int64 {
      let groups = try client.result("view/list", ["view": .string(view)])["groups"]?.arrayValue ?? []
      let task = groups.flatMap { $0["tasks"]?.arrayValue ?? [] }.first { $0["title"]?.stringValue == title }
      return try #require(task?["id"]?.integerValue, "\(title) in \(view)")
    }
  }

  @Test func twoDevicesOfflineConvergeWithEveryChangeKept() throws {
    let folder = try temporaryFolder()
    let a = try Device(folder, 1)
    let b = try Device(folder, 2)
    let log = Log()
    for title in ["Buy milk", "Call Ana", "Pay rent"] {
      _ = try a.client.result("task/create", ["title": .string(title), "view": "inbox"])
    }
    _ = try a.client.result("task/create", ["title": "Water plants", "view": "today"])
    try log.sync(a.sync)
    try log.sync(b.sync)
    #expect(try b.list("inbox") == a.list("inbox") && b.list("today") == a.list("today"))
    #expect(try b.list("inbox").count == 3)

    // Offline on both: a rename here, a date there, on the same task; a deletion here, notes
    // there, on another; drags to the top of Today on both.
    _ = try a.client.result(
      "task/update", ["id": .number(String(try a.id("Buy milk", in: "inbox"))), "title": "Buy oat milk"])
    _ = try b.client.result(
      "task/schedule", ["id": .number(String(try b.id("Buy milk", in: "inbox"))), "date": "2026-02-12"])
    // (Both to the top of Today: the same rank on both devices, a tie that goes by uuid.)
    _ = try a.client.result("task/create", ["title": "Feed cat", "view": "today"])
    _ = try a.client.result(
      "task/move", ["id": .number(String(try a.id("Feed cat", in: "today"))), "view": "today", "index": 0])
    _ = try b.client.result("task/create", ["title": "Post letter", "view": "today"])
    _ = try b.client.result(
      "task/move", ["id": .number(String(try b.id("Post letter", in: "today"))), "view": "today", "index": 0])
    _ = try a.client.result("task/delete", ["id": .number(String(try a.id("Call Ana", in: "inbox")))])
    _ = try b.client.result(
      "task/update", ["id": .number(String(try b.id("Call Ana", in: "inbox"))), "notes": "about Sunday"])
    _ = try b.client.result(
      "task/move", ["id": .number(String(try b.id("Pay rent", in: "inbox"))), "view": "today", "index": 0])

    for device in [a, b, a] { try log.sync(device.sync) }
    let today = try a.list("today")
    #expect(try b.list("today") == today)
    #expect(try b.list("inbox") == a.list("inbox"))
    #expect(
      today.contains { $0.hasSuffix(" Buy oat milk ") }, "renamed on one device, scheduled on the other: \(today)")
    #expect(
      try a.list("inbox").contains { $0.hasSuffix(" Call Ana about Sunday") }, "an unseen edit beats the deletion")
    #expect(
      Set(today.prefix(3).map { String($0.dropFirst(37)) }) == ["Feed cat ", "Post letter ", "Pay rent "], "\(today)")

    // Undoing the deletion that an edit elsewhere overrode: the item changed since, so nothing
    // is undone.
    #expect(try a.client.error("history/undo")["code"] == -32015)
    // An undo is a change like any: it reaches the other device.
    _ = try a.client.result(
      "task/update", ["id": .number(String(try a.id("Water plants", in: "today"))), "title": "Water all plants"])
    for device in [a, b] { try log.sync(device.sync) }
    #expect(try b.list("today").contains { $0.hasSuffix(" Water all plants ") })
    _ = try a.client.result("history/undo")
    for device in [a, b] { try log.sync(device.sync) }
    #expect(try b.list("today") == a.list("today"))
    #expect(try b.list("today").contains { $0.hasSuffix(" Water plants ") })
    // Nothing waits to go out, and the pull cursors crossed the log's gaps.
    #expect(try a.sync.outbox().isEmpty && b.sync.outbox().isEmpty)
    #expect(a.sync.seen > 0 && b.sync.seen > 0 && log.records.map(\.seq) != Array(1...Int64(log.records.count)))
  }

  /// A device's change made offline survives its restart, and goes out at the next sync once.
  @Test func anOfflineChangeSurvivesARestart() throws {
    let folder = try temporaryFolder()
    let a = try Device(folder, 1)
    let log = Log()
    _ = try a.client.result("task/create", ["title": "Shared", "view": "inbox"])
    try log.sync(a.sync)
    do {
      let b = try Device(folder, 2)
      try log.sync(b.sync)
      _ = try b.client.result(
        "task/update", ["id": .number(String(try b.id("Shared", in: "inbox"))), "title": "Renamed offline"])
    }
    let again = try Device(folder, 2)
    #expect(try again.sync.outbox().count == 1)
    #expect(again.sync.seen == 1)  // (A's record: B's own do not move its pull cursor)
    try log.sync(again.sync)
    try log.sync(a.sync)
    #expect(try a.list("inbox").contains { $0.hasSuffix(" Renamed offline ") })
    #expect(try again.sync.outbox().isEmpty && log.records.count == 2)
  }

  /// The same occurrence of a repeating task completed on both devices offline makes one next
  /// occurrence, not two.
  @Test func twoCompletionsOfOneOccurrenceMakeOneNext() throws {
    let folder = try temporaryFolder()
    let a = try Device(folder, 1)
    let b = try Device(folder, 2)
    let log = Log()
    _ = try a.client.result("task/create", ["title": "Stretch", "view": "today", "recurrence": ["pattern": "daily"]])
    try log.sync(a.sync)
    try log.sync(b.sync)
    _ = try a.client.result("task/complete", ["id": .number(String(try a.id("Stretch", in: "today")))])
    _ = try b.client.result("task/complete", ["id": .number(String(try b.id("Stretch", in: "today")))])
    for device in [a, b, a] { try log.sync(device.sync) }
    let upcoming = try a.list("upcoming")
    #expect(upcoming.filter { $0.contains(" Stretch ") }.count == 1, "\(upcoming)")
    #expect(try b.list("upcoming") == upcoming)
    #expect(try a.list("today").isEmpty && b.list("today").isEmpty)
  }

  /// A batch that completes a repeating task, reopens it and completes it again makes two next
  /// occurrences, two items: the second is not written over the first.
  @Test func aBatchCompletingTwiceKeepsBothNextOccurrences() throws {
    let folder = try temporaryFolder()
    let a = try Device(folder, 1)
    _ = try a.client.result("task/create", ["title": "Stretch", "view": "today", "recurrence": ["pattern": "daily"]])
    let id = JSONValue.number(String(try a.id("Stretch", in: "today")))
    _ = try a.client.result(
      "task/batch",
      [
        "requests": [
          ["method": "task/complete", "params": ["id": id]],
          ["method": "task/complete", "params": ["id": id, "completed": false]],
          ["method": "task/complete", "params": ["id": id]],
        ]
      ])
    let upcoming = try a.list("upcoming").filter { $0.contains(" Stretch ") }
    #expect(upcoming.count == 2 && Set(upcoming.map { $0.prefix(36) }).count == 2, "\(upcoming)")
    let stored = try #require(a.client.server.replica.storage as? SQLiteStorage)
    #expect(try stored.loadOpenTasks().filter { $0.title == "Stretch" }.count == 2, "memory and store agree")
  }

  /// A record from a newer device, with a member this build does not read, is kept as the log
  /// had it; compaction leaves it whole rather than drop the member (Protocol/devices.md,
  /// "Compaction").
  @Test func aNewerDevicesRecordIsKeptAsItCame() throws {
    let folder = try temporaryFolder()
    let a = try Device(folder, 1)
    let log = Log()
    _ = try a.client.result("task/create", ["title": "Buy milk", "view": "inbox"])
    try log.sync(a.sync)
    let uuid = try #require(try a.list("inbox").first?.prefix(36)).description
    let made = ChangeRecord(
      id: ChangeRecordTests.uuid(0xB1), hlc: HybridTime(wall: 1, counter: 0, device: DeviceID(0xB)), seen: 1,
      items: [ItemChange(uuid: try #require(ItemUUID(uuid)), op: .update, set: [("notes", "from B")])])
    let newer = made.text.replacingOccurrences(of: #""op":"update","#, with: #""op":"update","x-later":{"a":1},"#)
    let record = try ChangeRecord(text: newer)
    try a.sync.receive([(record, 5)], texts: [newer])
    let stored = try #require(a.client.server.replica.storage as? SQLiteStorage)
    #expect(try stored.keptRecord(hlc: record.hlc.description)?.body == newer)
    // Overwritten, it would shrink; written back by this build, it would lose `x-later`.
    _ = try a.client.result("task/update", ["id": .number(String(try a.id("Buy milk", in: "inbox"))), "notes": "mine"])
    try log.sync(a.sync)
    a.sync.logClock = .max
    #expect(try a.sync.compact().allSatisfy { $0.seq != 5 })
    #expect(try stored.keptRecord(hlc: record.hlc.description)?.body == newer)
  }

  /// A replica's records shrink in its file once later ones overwrote them, and the replica
  /// opened again shows the same.
  @Test func overwrittenRecordsShrinkInTheFile() throws {
    let folder = try temporaryFolder()
    let a = try Device(folder, 1)
    let log = Log()
    _ = try a.client.result("task/create", ["title": "Draft", "view": "inbox"])
    for round in 1...5 {
      _ = try a.client.result(
        "task/update",
        [
          "id": .number(String(try a.id(round == 1 ? "Draft" : "Draft \(round - 1)", in: "inbox"))),
          "title": .string("Draft \(round)"),
        ])
    }
    try log.sync(a.sync)
    try log.sync(a.sync)
    a.sync.logClock = .max
    let compacted = try a.sync.compact()
    #expect(compacted.filter { $0.body == nil }.count == 4, "\(compacted)")
    let stored = try #require(a.client.server.replica.storage as? SQLiteStorage)
    #expect(try stored.keptRecords(unplaced: false).count == 2)
    #expect(try a.list("inbox").map { $0.dropFirst(37) } == ["Draft 5 "])
  }

  /// A pulled record under a time this file has not sent yet, with another text (a copy of the
  /// file made it), stops the sync whatever device it names: else this file's change would be
  /// taken as sent and the copy's as seen. The same text is this file's own, coming back.
  @Test func aPulledRecordUnderAnUnsentTimeMustBeTheSameText() throws {
    let folder = try temporaryFolder()
    let a = try Device(folder, 1)
    _ = try a.client.result("task/create", ["title": "Buy milk", "view": "inbox"])
    let stored = try #require(a.client.server.replica.storage as? SQLiteStorage)
    let mine = try #require(try stored.keptRecords(unplaced: true).first)
    func entry(_ body: String, compacted: Bool = false) -> PostgresLog.Entry {
      PostgresLog.Entry(seq: 7, id: mine.id, hlc: mine.hlc, seen: 0, body: body, compacted: compacted)
    }
    #expect(a.sync.madeElsewhereAsThisDevice([entry(mine.body)]) == nil)
    #expect(a.sync.madeElsewhereAsThisDevice([entry(mine.body + " ")]) == mine.id)
    #expect(a.sync.madeElsewhereAsThisDevice([entry("", compacted: true)]) == mine.id)
  }
}
