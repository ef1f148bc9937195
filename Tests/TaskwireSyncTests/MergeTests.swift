import JSON
import TaskwireCore
import TaskwireStore
import TaskwireSync
import Testing

/// The merge rules of Protocol/devices.md, one case each, and that the order records arrive in
/// never matters.
@Suite struct MergeTests {
  static let a = DeviceID(0xA)
  static let b = DeviceID(0xB)
  static let item = ChangeRecordTests.uuid(100)

  static func record(
    _ device: DeviceID, _ wall: UInt64, seen: Int64 = 0, _ items: [ItemChange]
  ) -> ChangeRecord {
    ChangeRecord(
      id: ChangeRecordTests.uuid(wall << 8 | device.bits), hlc: HybridTime(wall: wall, counter: 0, device: device),
      seen: seen, items: items)
  }

  static func create(_ device: DeviceID, _ wall: UInt64, title: String = "t") -> ChangeRecord {
    record(
      device, wall,
      [ItemChange(uuid: item, op: .create, set: [("title", .string(title)), ("created_at", .string("c\(wall)"))])])
  }

  static func set(_ device: DeviceID, _ wall: UInt64, seen: Int64, _ name: String, _ value: JSONValue) -> ChangeRecord {
    record(device, wall, seen: seen, [ItemChange(uuid: item, op: .update, set: [(name, value)])])
  }

  /// Applies records in the given order, each with its place in the log (its index + 1).
  static func merged(_ records: [ChangeRecord], order: [Int]) -> MergeState {
    var state = MergeState()
    for index in order { state.apply(records[index], seq: Int64(index + 1)) }
    return state
  }

  @Test func theLaterTimeWinsAndTheLoserIsListedWhenNeitherSawTheOther() {
    let records = [
      Self.create(Self.a, 1), Self.set(Self.a, 5, seen: 1, "title", "A"), Self.set(Self.b, 6, seen: 1, "title", "B"),
    ]
    for order in [[0, 1, 2], [0, 2, 1], [2, 1, 0]] {
      let state = Self.merged(records, order: order)
      #expect(state.view(of: Self.item)?.fields["title"] == "B")
      #expect(state.lost.map(\.lost.value) == ["A"], "\(order)")
    }
    // B had seen A's title (seq 2): a later edit, not a conflict.
    let sequential = [
      Self.create(Self.a, 1), Self.set(Self.a, 5, seen: 1, "title", "A"), Self.set(Self.b, 6, seen: 2, "title", "B"),
    ]
    #expect(Self.merged(sequential, order: [0, 1, 2]).lost.isEmpty)
  }

  @Test func anEditTheDeletionHadNotSeenBringsTheItemBack() {
    let create = Self.create(Self.a, 1)
    let delete = Self.record(Self.a, 9, seen: 1, [ItemChange(uuid: Self.item, op: .delete)])
    let edit = Self.set(Self.b, 5, seen: 1, "notes", "kept")
    // The edit is older by the clocks, and still unseen by the deletion.
    for order in [[0, 1, 2], [0, 2, 1], [2, 0, 1]] {
      let state = Self.merged([create, delete, edit], order: order)
      #expect(state.view(of: Self.item)?.fields["notes"] == "kept", "\(order)")
      #expect(state.overriddenDeletions() == [Self.item])
    }
    // A deletion that had seen the edit (seq 3 ≤ its seen) stands.
    let informed = Self.record(Self.a, 9, seen: 3, [ItemChange(uuid: Self.item, op: .delete)])
    #expect(Self.merged([create, informed, edit], order: [0, 2, 1]).view(of: Self.item) == nil)
    #expect(Self.merged([create, informed, edit], order: [0, 1, 2]).view(of: Self.item) == nil)
  }

  @Test func tagsAndLinesMergeOneByOne() {
    let line1 = ChangeRecordTests.uuid(201)
    let line2 = ChangeRecordTests.uuid(202)
    let create = Self.record(
      Self.a, 1,
      [
        ItemChange(
          uuid: Self.item, op: .create, set: [("title", "t")], tags: [("home", true)],
          lines: [(line1, [("title", "eggs"), ("order", 0)])])
      ])
    let onA = Self.record(
      Self.a, 4, seen: 1,
      [ItemChange(uuid: Self.item, op: .update, tags: [("shop", true)], lines: [(line1, [("done", .bool(true))])])])
    let onB = Self.record(
      Self.b, 5, seen: 1,
      [
        ItemChange(
          uuid: Self.item, op: .update, tags: [("home", false)], lines: [(line2, [("title", "milk"), ("order", 1)])])
      ])
    for order in [[0, 1, 2], [0, 2, 1]] {
      let view = Self.merged([create, onA, onB], order: order).view(of: Self.item)
      #expect(view?.tags == ["shop"])
      #expect(
        view?.lines == [
          ChecklistItem(uuid: line1, title: "eggs", done: true), ChecklistItem(uuid: line2, title: "milk"),
        ])
    }
  }

  @Test func theFirstCreationKeepsItsDateAndTheLaterOneItsValues() {
    let first = Self.create(Self.a, 3, title: "A")
    let second = Self.create(Self.b, 4, title: "B")
    for order in [[0, 1], [1, 0]] {
      let view = Self.merged([first, second], order: order).view(of: Self.item)
      #expect(view?.createdAt == "c3" && view?.fields["title"] == "B")
    }
  }

  /// Every order of five records gives the same registers and the same views.
  @Test func everyOrderGivesTheSameState() {
    let records = [
      Self.create(Self.a, 1), Self.set(Self.a, 3, seen: 1, "title", "x"), Self.set(Self.b, 3, seen: 1, "title", "y"),
      Self.record(Self.b, 4, seen: 1, [ItemChange(uuid: Self.item, op: .delete)]),
      Self.set(Self.a, 2, seen: 0, "rank", 7),
    ]
    func permutations(_ items: [Int]) -> [[Int]] {
      guard items.count > 1 else { return [items] }
      return items.indices.flatMap { index in
        var rest = items
        let first = rest.remove(at: index)
        return permutations(rest).map { [first] + $0 }
      }
    }
    let expected = Self.merged(records, order: [0, 1, 2, 3, 4])
    for order in permutations([0, 1, 2, 3, 4]) {
      let state = Self.merged(records, order: order)
      #expect(state.items == expected.items && state.views() == expected.views(), "\(order)")
    }
  }

  /// A task made, changed, completed and deleted locally comes out of its records as it was.
  @Test func aStepsChangesComeBackThroughTheirRecord() throws {
    var task = TaskRecord(
      id: 4, title: "Call \"Ana\"", notes: "n", tags: ["a", "b"], createdAt: "c", updatedAt: "u", rank: 1 << 20)
    task.uuid = Self.item
    task.checklist = [ChecklistItem(uuid: ChangeRecordTests.uuid(301), title: "one")]
    var changed = task
    changed.title = "Call Ana"
    changed.tags = ["b", "c"]
    changed.completed = true
    changed.completedAt = "2026-11-27T08:00:00Z"
    changed.checklist = [ChecklistItem(uuid: ChangeRecordTests.uuid(301), title: "one", done: true)]
    let created = RecordBuilder.items(for: [TaskChange(before: nil, after: task)]) { _ in nil }
    let updated = RecordBuilder.items(for: [TaskChange(before: task, after: changed)]) { _ in nil }
    #expect(updated.count == 1 && updated[0].set.map(\.name) == ["title", "status"])
    #expect(updated[0].tags.map(\.name) == ["a", "c"] && updated[0].lines.count == 1)
    var state = MergeState()
    state.apply(Self.record(Self.a, 1, created))
    state.apply(Self.record(Self.a, 2, updated))
    let view = try #require(state.view(of: Self.item))
    #expect(view.fields["title"] == "Call Ana" && view.tags == ["b", "c"])
    #expect(view.fields["status"] == .array([.bool(true), .bool(false), "2026-11-27T08:00:00Z"]))
    #expect(view.lines == changed.checklist)
    // Made and changed in one step: one creation with the last values.
    let batch = RecordBuilder.items(for: [
      TaskChange(before: nil, after: task), TaskChange(before: task, after: changed),
    ]) {
      _ in nil
    }
    #expect(
      batch.count == 1 && batch[0].op == .create && batch[0].set.first { $0.name == "title" }?.value == "Call Ana")
  }
}
