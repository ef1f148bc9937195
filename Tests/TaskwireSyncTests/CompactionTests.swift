import JSON
import TaskwireCore
import TaskwireSync
import Testing

/// Compaction (Protocol/devices.md, "Compaction"): a record keeps only the registers no later
/// record in the shared log overwrote, and merging what is left shows what the whole records did.
@Suite struct CompactionTests {
  typealias M = MergeTests
  static let a = MergeTests.a
  static let b = MergeTests.b

  /// `records` applied at seqs 1, 2, … (placed), except those listed as unsent.
  static func state(_ records: [ChangeRecord], unsent: Set<Int> = []) -> MergeState {
    var state = MergeState()
    for (index, record) in records.enumerated() {
      state.apply(record, seq: unsent.contains(index) ? nil : Int64(index + 1))
    }
    return state
  }

  @Test func aRecordKeepsOnlyWhatNoLaterRecordOverwrote() throws {
    let create = M.record(
      Self.a, 1,
      [
        ItemChange(
          uuid: M.item, op: .create,
          set: [("title", "Buy milk"), ("notes", "two"), ("created_at", "c1")], tags: [("home", true)])
      ])
    let retitle = M.set(Self.a, 2, seen: 1, "title", "Buy oat milk")
    let renote = M.set(Self.b, 3, seen: 2, "notes", "three")
    let records = [create, retitle, renote]
    let state = Self.state(records)
    #expect(state.superseded == [create.hlc])

    let rest = try #require(state.restriction(of: create).record)
    #expect(state.restriction(of: create).shrunk)
    let names = rest.items.flatMap { $0.writes.map(\.name) }
    #expect(names.sorted() == ["deleted", "tag:home"], "title and notes were overwritten: \(names)")
    #expect(rest.items.first?.set.contains { $0.name == "created_at" } == true, "the first creation's date stays")
    #expect(rest.hlc == create.hlc && rest.id == create.id && rest.seen == create.seen)
    // The last writes of each register are whole.
    #expect(state.restriction(of: retitle) == .init(record: retitle, shrunk: false, waiting: false))
    #expect(state.restriction(of: renote).shrunk == false)

    // What is left merges to the same item, in any order, and survives its own text.
    let shrunk = try ChangeRecord(text: rest.text)
    for order in [[0, 1, 2], [2, 1, 0], [1, 0, 2]] {
      var compacted = MergeState()
      for index in order { compacted.apply([shrunk, retitle, renote][index], seq: Int64(index + 1)) }
      #expect(compacted.views() == state.views(), "\(order)")
    }
  }

  @Test func aRecordWhollyOverwrittenGoes() {
    let create = M.create(Self.a, 1)
    let first = M.set(Self.a, 2, seen: 1, "title", "one")
    let second = M.set(Self.a, 3, seen: 1, "title", "two")
    let state = Self.state([create, first, second])
    #expect(state.restriction(of: first) == .init(record: nil, shrunk: true, waiting: false))
  }

  @Test func onlyAPlacedRecordOverwrites() {
    // The later title is still unsent: its device may never send it, so the earlier one stays.
    let create = M.create(Self.a, 1)
    let first = M.set(Self.a, 2, seen: 1, "title", "one")
    let unsent = M.set(Self.b, 3, seen: 2, "title", "two")
    let state = Self.state([create, first, unsent], unsent: [2])
    #expect(state.restriction(of: first) == .init(record: first, shrunk: false, waiting: true))
    // A record this state never took in (passed over) is kept whole.
    let elsewhere = M.set(Self.b, 1, seen: 0, "title", "old")
    #expect(state.restriction(of: elsewhere) == .init(record: elsewhere, shrunk: false, waiting: false))
  }

  @Test func aValueThatLostAConflictStaysForTheConflictsList() throws {
    // A's and B's titles were made without seeing each other: B's wins, A's is listed.
    let create = M.create(Self.a, 1)
    let mine = M.set(Self.a, 2, seen: 1, "title", "A's")
    let theirs = M.set(Self.b, 3, seen: 1, "title", "B's")
    let state = Self.state([create, mine, theirs])
    #expect(state.lost.map(\.lost.value) == ["A's"])
    #expect(state.restriction(of: mine) == .init(record: mine, shrunk: false, waiting: false))
    // Merged from the compacted records, the conflict is still there.
    var compacted = MergeState()
    for (index, record) in [create, mine, theirs].enumerated() {
      guard let rest = state.restriction(of: record).record else { continue }
      compacted.apply(rest, seq: Int64(index + 1))
    }
    #expect(compacted.lost.map(\.lost.value) == ["A's"])
  }

  @Test func bothSidesOfAConflictStayAfterALaterEditOverwritesThem() throws {
    // Device 3 merged "A's" losing to "B's", then set its own title having seen both: both
    // values of the conflict stay, so that merging the file again lists it again.
    let create = M.create(Self.a, 1)
    let mine = M.set(Self.a, 2, seen: 1, "title", "A's")
    let theirs = M.set(Self.b, 3, seen: 1, "title", "B's")
    let later = M.set(DeviceID(0xC), 4, seen: 3, "title", "C's")
    let records = [create, mine, theirs, later]
    let state = Self.state(records)
    #expect(state.restriction(of: mine).shrunk == false)
    #expect(state.restriction(of: theirs).shrunk == false)
    var again = MergeState()
    for (index, record) in records.enumerated() {
      guard let rest = state.restriction(of: record).record else { continue }
      again.apply(rest, seq: Int64(index + 1))
    }
    #expect(again.lost.map(\.lost.value) == ["A's"])
  }

  @Test func aWriteNamedTwiceInOneItemKeepsItsFirstValueAndStaysReadable() throws {
    // A hostile create also sets `deleted` and a tag register by name: `apply` took the first
    // of each; what compaction leaves must still be one readable text, and merge the same.
    let odd = M.record(
      Self.b, 1,
      [
        ItemChange(
          uuid: M.item, op: .create,
          set: [("title", "t"), ("deleted", true), ("tag:x", false), ("created_at", "c1")], tags: [("x", true)])
      ])
    let retitle = M.set(Self.a, 2, seen: 1, "title", "u")
    let state = Self.state([odd, retitle])
    let rest = try #require(state.restriction(of: odd).record)
    let reread = try ChangeRecord(text: rest.text)
    var again = MergeState()
    again.apply(reread, seq: 1)
    again.apply(retitle, seq: 2)
    #expect(again.views() == state.views())
    #expect(state.view(of: M.item) != nil, "the first write of deleted (false, from the create) holds")
  }

  @Test func aWinnerWhoseTimeHasNotComeOverwritesNothingYet() {
    let create = M.create(Self.a, 1)
    let first = M.set(Self.a, 2, seen: 1, "title", "one")
    let ahead = M.set(Self.b, 5_000, seen: 2, "title", "from a clock ahead")
    let state = Self.state([create, first, ahead])
    #expect(state.restriction(of: first, horizon: 4_999) == .init(record: first, shrunk: false, waiting: true))
    #expect(state.restriction(of: first, horizon: 5_000).record == nil)
  }

  @Test func anOverwrittenDeletionAndTheEditThatBeatItStay() throws {
    // B's edit had not been seen by A's deletion: the item shows. Compaction keeps both.
    let create = M.create(Self.a, 1)
    let edit = M.set(Self.b, 5, seen: 1, "notes", "kept")
    let delete = M.record(Self.a, 9, seen: 1, [ItemChange(uuid: M.item, op: .delete)])
    let records = [create, edit, delete]
    let state = Self.state(records)
    #expect(state.view(of: M.item) != nil)
    var compacted = MergeState()
    for (index, record) in records.enumerated() {
      guard let rest = state.restriction(of: record).record else { continue }
      compacted.apply(rest, seq: Int64(index + 1))
    }
    #expect(compacted.views() == state.views())
    #expect(compacted.overriddenDeletions() == [M.item])
  }

  @Test func aMigratedItemKeepsItsIDWhenAllElseWasOverwritten() throws {
    var item = ItemChange(uuid: M.item, op: .create, set: [("title", "old"), ("created_at", "c0")])
    item.legacyID = 12
    let genesis = ChangeRecord(
      id: ChangeRecordTests.uuid(1), hlc: HybridTime(wall: 0, counter: 0, device: Self.a), seen: 0, kind: .genesis,
      items: [item])
    let later = M.record(
      Self.b, 7, seen: 1,
      [ItemChange(uuid: M.item, op: .update, set: [("title", "new"), ("deleted", false)])])
    let state = Self.state([genesis, later])
    let rest = try #require(state.restriction(of: genesis).record)
    #expect(rest.kind == .genesis)
    #expect(rest.items.map(\.legacyID) == [12])
    #expect(rest.items.first?.writes.isEmpty == true, "only the creation date is left")
  }
}
