import JSON
import TaskwireCore
import TaskwireSync
import TaskwireTestSupport
import Testing

/// Several devices change one store offline and sync at random through an in-memory shared log
/// (the merge proven before any network, Protocol/devices.md "Test plan"): after a last full
/// sync every device shows the same items, the same as a device made afresh from the log; the
/// log holds every record once; and a value that lost to a write that had not seen it is listed
/// on both devices involved.
@Suite struct SyncModelTests {
  /// The shared log: records in push order, each once (known by id). Compaction shrinks
  /// `records` (what a device pulls) in place; `original` keeps them as pushed.
  struct Log {
    var records: [ChangeRecord] = []
    var original: [ChangeRecord] = []
    /// The seqs whose records compaction removed.
    var gone: Set<Int> = []
    var seqByID: [ItemUUID: Int64] = [:]

    mutating func push(_ record: ChangeRecord) -> Int64 {
      if let seq = seqByID[record.id] { return seq }
      records.append(record)
      original.append(record)
      seqByID[record.id] = Int64(records.count)
      return Int64(records.count)
    }

    /// A device compacts the whole log by what it has merged (any device, at any time: only
    /// values its placed records overwrote go).
    mutating func compact(by state: MergeState) {
      for seq in 1...max(1, records.count) where seq <= records.count && !gone.contains(seq) {
        let restriction = state.restriction(of: records[seq - 1])
        guard restriction.shrunk else { continue }
        if let rest = restriction.record { records[seq - 1] = rest } else { gone.insert(seq) }
      }
    }

    /// Every register write the log holds.
    var writes: Int {
      records.indices.filter { !gone.contains($0 + 1) }.map { records[$0].items.map(\.writes.count).reduce(0, +) }
        .reduce(0, +)
    }
  }

  struct Device {
    var clock: HybridClock
    var state = MergeState()
    var outbox: [ChangeRecord] = []
    var seen: Int64 = 0
    var made = 0

    init(_ bits: UInt64) { clock = HybridClock(device: DeviceID(bits)) }

    mutating func make(_ items: [ItemChange], now: UInt64) -> ChangeRecord? {
      guard !items.isEmpty else { return nil }
      made += 1
      let hlc = clock.tick(now: now)
      let record = ChangeRecord(
        id: ItemUUID.nameBased(namespace: .none, name: hlc.description), hlc: hlc, seen: seen, items: items)
      state.apply(record)
      outbox.append(record)
      return record
    }

    mutating func push(to log: inout Log) {
      for record in outbox { state.place(record.hlc, seq: log.push(record)) }
      outbox.removeAll()
    }

    mutating func pull(from log: Log, now: UInt64) {
      guard Int(seen) < log.records.count else { return }
      for seq in Int(seen + 1)...log.records.count where !log.gone.contains(seq) {
        let record = log.records[seq - 1]
        state.apply(record, seq: Int64(seq))
        clock.receive(record.hlc, now: now)
      }
      seen = Int64(log.records.count)
    }
  }

  /// One random change on `device`, at the wall time `now`.
  static func change(_ device: inout Device, now: UInt64, random: inout SeededGenerator, uuids: inout [ItemUUID]) {
    let shown = device.state.views().keys.sorted()
    func pick() -> ItemUUID? { shown.isEmpty ? nil : shown[Int(random.next() % UInt64(shown.count))] }
    let roll = random.next() % 10
    var items: [ItemChange] = []
    if roll == 0 || shown.isEmpty {
      let uuid = ItemUUID.random(using: &random)
      uuids.append(uuid)
      let project = shown.first { device.state.view(of: $0)?.fields["kind"] == "project" }
      let kind: JSONValue = random.next() % 4 == 0 ? "project" : "task"
      var set: [(name: String, value: JSONValue)] = [
        ("title", .string("item \(uuids.count)")), ("kind", kind), ("rank", .number(String(random.next() % 1000))),
        ("recurrence", random.next() % 3 == 0 ? "daily" : "none"), ("created_at", .string("t\(now)")),
      ]
      if kind == "task", let project { set.append(("parent", .string(project.description))) }
      items = [ItemChange(uuid: uuid, op: .create, set: set)]
    } else if let item = pick(), let view = device.state.view(of: item) {
      switch roll {
      case 1, 2: items = [ItemChange(uuid: item, op: .update, set: [("title", .string("t\(random.next() % 5)"))])]
      case 3: items = [ItemChange(uuid: item, op: .update, set: [("rank", .number(String(random.next() % 1000)))])]
      case 4: items = [ItemChange(uuid: item, op: .update, tags: [("tag\(random.next() % 3)", random.next() % 2 == 0)])]
      case 5:
        let line = view.lines.isEmpty || random.next() % 2 == 0 ? ItemUUID.random(using: &random) : view.lines[0].uuid
        let members: [(name: String, value: JSONValue)]? =
          random.next() % 4 == 0 ? nil : [("title", "line"), ("done", .bool(random.next() % 2 == 0)), ("order", 1)]
        items = [ItemChange(uuid: item, op: .update, lines: [(line, members)])]
      case 6: items = [ItemChange(uuid: item, op: .delete)]
      case 7:
        // Completing a recurring task makes its next occurrence, the same item on every device.
        items = [ItemChange(uuid: item, op: .update, set: [("status", .array([.bool(true), .bool(false), "done"]))])]
        if view.fields["recurrence"] == "daily" {
          items.append(
            ItemChange(
              uuid: ItemUUID.nameBased(namespace: item, name: "next"), op: .create,
              set: [
                ("title", view.fields["title"] ?? "?"), ("recurrence", "daily"), ("created_at", .string("t\(now)")),
              ]))
        }
      case 8:
        items = [
          ItemChange(uuid: item, op: .update, set: [("scheduled_date", .string("2026-12-0\(1 + random.next() % 9)"))])
        ]
      default:
        items = [ItemChange(uuid: item, op: .update, set: [("notes", random.next() % 2 == 0 ? .null : "n")])]
      }
    }
    _ = device.make(items, now: now)
  }

  static func run(seed: UInt64, devices count: Int, steps: Int, compacting: Bool = false) {
    var random = SeededGenerator(seed: seed)
    // With compaction, one more device takes part in the first half and is then lost with
    // changes it never sent: nothing may have been compacted away for those.
    let total = compacting ? count + 1 : count
    var devices = (0..<total).map { Device(UInt64($0 + 1)) }
    var log = Log()
    var uuids: [ItemUUID] = []
    // Each device's wall clock, skewed by up to a few seconds either way.
    let skew = (0..<total).map { _ in Int64(random.next() % 6000) - 3000 }
    for step in 0..<steps {
      if total > count, step == steps / 2 {
        devices[count].made -= devices[count].outbox.count
        devices[count].outbox.removeAll()
      }
      let index = Int(random.next() % UInt64(step < steps / 2 ? total : count))
      let now = UInt64(1_000_000 + Int64(step) * 10 + skew[index])
      switch random.next() % 10 {
      case 0: devices[index].push(to: &log)
      case 1: devices[index].pull(from: log, now: now)
      case 2:
        devices[index].pull(from: log, now: now)
        devices[index].push(to: &log)
      case 3 where compacting: log.compact(by: devices[index].state)
      default: change(&devices[index], now: now, random: &random, uuids: &uuids)
      }
    }
    // Everyone reconnects, in a random order, twice (the second round brings the last pushes).
    for _ in 0..<2 {
      for index in (0..<count).shuffled(using: &random) {
        devices[index].pull(from: log, now: 9_999_999)
        devices[index].push(to: &log)
      }
    }
    for index in 0..<count { devices[index].pull(from: log, now: 9_999_999) }

    var fresh = Device(99)
    fresh.pull(from: log, now: 9_999_999)
    let expected = fresh.state.views()
    #expect(!expected.isEmpty)
    for device in devices.prefix(count) {
      #expect(device.state.views() == expected, "seed \(seed): device \(device.clock.device) differs")
    }
    // The order records arrive in never matters: the log applied shuffled shows the same.
    var shuffled = MergeState()
    for seq in (1...log.records.count).shuffled(using: &random) where !log.gone.contains(seq) {
      shuffled.apply(log.records[seq - 1], seq: Int64(seq))
    }
    #expect(shuffled.views() == expected, "seed \(seed): the log in another order differs")
    #expect(log.original.count == devices.map(\.made).reduce(0, +), "every record in the log once")
    #expect(Set(log.original.map(\.id)).count == log.original.count)
    if compacting {
      // The compacted log is smaller, and compacting it again (by a device that has it all)
      // still gives every device's views.
      let before = log.writes
      var all = 0
      for record in log.original { all += record.items.map(\.writes.count).reduce(0, +) }
      #expect(before * 4 < all * 3, "seed \(seed): compaction left \(before) of \(all) writes")
      #expect(log.gone.count > log.records.count / 4, "seed \(seed): \(log.gone.count) records gone")
      log.compact(by: fresh.state)
      var again = Device(98)
      again.pull(from: log, now: 9_999_999)
      #expect(again.state.views() == expected, "seed \(seed): a device made from the log compacted again differs")
    }

    // The last two writes of a register, made without seeing each other, with different
    // values: the loser is listed on the device that wrote it and on the winner's.
    var writes: [String: [(record: ChangeRecord, value: JSONValue)]] = [:]
    for record in log.original {
      for item in record.items {
        for write in item.set where write.name != "created_at" {
          writes[item.uuid.description + "/" + write.name, default: []].append((record, write.value))
        }
      }
    }
    // (Who had seen what, by the whole log: compaction takes the records nothing shows any more.)
    var whole = MergeState()
    for (index, record) in log.original.enumerated() { whole.apply(record, seq: Int64(index + 1)) }
    var concurrentPairs = 0
    for (key, list) in writes where list.count >= 2 {
      let sorted = list.sorted { $0.record.hlc < $1.record.hlc }
      let (loser, winner) = (sorted[sorted.count - 2], sorted[sorted.count - 1])
      guard loser.value != winner.value, !whole.covers(winner.record.hlc, loser.record.hlc),
        !whole.covers(loser.record.hlc, winner.record.hlc)
      else { continue }
      concurrentPairs += 1
      // (Compaction keeps a conflict's lost value: the winner's device lists it too.)
      for bits in [loser.record.device.bits, winner.record.device.bits] where bits <= count {
        let device = devices[Int(bits) - 1]
        #expect(
          device.state.lost.contains { $0.lost.time == loser.record.hlc && key.hasSuffix("/" + $0.register) },
          "seed \(seed): \(key) lost by \(loser.record.hlc) not listed on \(bits)")
      }
    }
    // The run made what it checks: concurrent writes, and deletions an unseen edit undid.
    #expect(concurrentPairs > 0 && !fresh.state.overriddenDeletions().isEmpty, "seed \(seed)")
  }

  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64]) func threeDevicesConverge(seed: UInt64) {
    Self.run(seed: seed, devices: 3, steps: 2000)
  }

  @Test func twoDevicesConverge() {
    Self.run(seed: 42, devices: 2, steps: 2000)
  }

  /// Devices compact the shared log at random (each by what it has merged, its unsent changes
  /// aside), while others are behind it or offline with changes of their own: all still converge,
  /// equal to a device made from the compacted log.
  @Test(arguments: [6, 7, 8] as [UInt64]) func devicesConvergeThroughACompactedLog(seed: UInt64) {
    Self.run(seed: seed, devices: 3, steps: 2000, compacting: true)
  }
}
