import JSON
import TaskwireCore

/// Compaction (Protocol/devices.md, "Compaction"): a record keeps only the registers it still
/// decides. A value another record overwrote is never shown again on any device that has the
/// overwriting record, and every device that pulls the log gets that record, so the overwritten
/// value can leave the shared log and the replicas' files. Merging the shrunk records gives the
/// same registers and the same visibility as merging the whole ones, in any order: a register's
/// latest value is never removed, and the times and `seen`s that coverage reads stay. A value
/// that lost a conflict (neither record had seen the other) stays too: it is listed by
/// `conflict/list` on every device that merges both, until a person restores or dismisses it.
extension MergeState {
  /// What of a record still decides the state.
  public struct Restriction: Equatable, Sendable {
    /// The record as it should be kept: the same record when nothing of it was overwritten;
    /// nil when all of it was (it can go).
    public var record: ChangeRecord?
    /// Whether that differs from the record.
    public var shrunk: Bool
    /// A register of it lost to a record the shared log does not hold yet (still unsent): it
    /// may shrink once that is placed.
    public var waiting: Bool

    public init(record: ChangeRecord?, shrunk: Bool, waiting: Bool) {
      self.record = record
      self.shrunk = shrunk
      self.waiting = waiting
    }
  }

  /// `record` without the registers a later record in the shared log overwrote. Only a value
  /// beaten by a placed record goes: an unsent winner may never reach the log (its device may
  /// be lost); so is one whose time has not come by `horizon` (wall milliseconds, the shared
  /// log's clock: a device pulling now would pass over a record from a clock far ahead, so it
  /// decides nothing yet); and a record this state never took in (passed over) is kept whole.
  public func restriction(of record: ChangeRecord, horizon: UInt64 = .max) -> Restriction {
    let time = record.hlc
    guard known[time] != nil else { return Restriction(record: record, shrunk: false, waiting: false) }
    var waiting = false
    /// The register's value was replaced by one the log holds, and is no side of a conflict
    /// (which every device that merges both records lists, so both values stay for them).
    func replaced(_ winner: Register?, _ item: ItemUUID, _ name: String, earlierWins: Bool = false) -> Bool {
      guard let winner, winner.time != time, (winner.time < time) == earlierWins else { return false }
      guard !lostKeys.contains(LostKey(item: item, register: name, time: time)) else { return false }
      if known[winner.time]?.seq != nil, winner.time.wall <= horizon { return true }
      waiting = true
      return false
    }
    var items: [ItemChange] = []
    var shrunk = false
    for change in record.items {
      let registers = self.items[change.uuid]
      var kept: [(name: String, value: JSONValue)] = []
      var dropped = false
      if let created = change.set.first(where: { $0.name == "created_at" }) {
        if replaced(registers?.created, change.uuid, "created_at", earlierWins: true) {
          dropped = true
        } else {
          kept.append(created)
        }
      }
      // (A name written twice in one item took its first value, as `apply` does: the rest
      // would make a member twice in the text.)
      var named: Set<String> = []
      for write in change.writes where named.insert(write.name).inserted {
        if replaced(registers?[write.name], change.uuid, write.name) { dropped = true } else { kept.append(write) }
      }
      guard dropped else {
        items.append(change)
        continue
      }
      shrunk = true
      // What is left, as registers by name (a line's member may outlive its presence). A
      // migrated item keeps its id there (`legacyId`) even when nothing else of it is left.
      var rest = ItemChange(uuid: change.uuid, op: .update, set: kept)
      rest.legacyID = change.legacyID
      if !kept.isEmpty || change.legacyID != nil { items.append(rest) }
    }
    guard shrunk else { return Restriction(record: record, shrunk: false, waiting: waiting) }
    guard !items.isEmpty else { return Restriction(record: nil, shrunk: true, waiting: waiting) }
    var rest = record
    rest.items = items
    return Restriction(record: rest, shrunk: true, waiting: waiting)
  }

  /// The records that may shrink, oldest first.
  public var compactable: [HybridTime] { superseded.sorted() }

  /// These records were compacted (or can wait): no longer looked at until they lose again.
  public mutating func compacted(_ times: some Sequence<HybridTime>) {
    superseded.subtract(times)
  }

  /// These records are looked at again at the next compaction (a winner was still unsent).
  mutating func mayShrinkAgain(_ times: some Sequence<HybridTime>) {
    superseded.formUnion(times)
  }
}
