import JSON
import TaskwireCore

/// A device's merged state: every item's registers, built by applying records in any order;
/// the same records give the same state (every rule commutes). What a record had seen decides
/// whether a deletion stands and whether a lost value is a conflict (Protocol/devices.md,
/// "Who saw what").
public struct MergeState: Sendable {
  public private(set) var items: [ItemUUID: ItemRegisters] = [:]
  /// What each record known here had seen, and its place in the shared log once it has one.
  public private(set) var known: [HybridTime: (seen: Int64, seq: Int64?)] = [:]
  /// Values that lost to a value whose record had not seen them, in the order found.
  public private(set) var lost: [LostValue] = []
  /// Both sides of each, by what compaction asks: whether a record's register is a value of a
  /// conflict (which stays in the record, for the conflicts list: it is not only an
  /// overwritten value, and a device that merges the records again must find the conflict).
  var lostKeys: Set<LostKey> = []

  struct LostKey: Hashable {
    var item: ItemUUID
    var register: String
    var time: HybridTime
  }
  /// The records (by time) that lost a register since they were last compacted: only they hold
  /// values nothing shows any more (`MergeState+Compaction.swift`). Rebuilt when a replica
  /// reads its kept records at start.
  public internal(set) var superseded: Set<HybridTime> = []
  static let supersededLimit = 200_000

  public init() {}

  /// Whether the record made at `later` had seen the one made at `earlier` when it was made.
  public func covers(_ later: HybridTime, _ earlier: HybridTime) -> Bool {
    if later == earlier { return true }
    if earlier.device == later.device { return earlier < later }
    guard let seen = known[later]?.seen, let seq = known[earlier]?.seq else { return false }
    return seq <= seen
  }

  /// Notes a record's place in the log (pushed, or pulled): what other records' coverage needs.
  public mutating func place(_ record: HybridTime, seq: Int64) {
    if var entry = known[record] {
      entry.seq = seq
      known[record] = entry
    }
  }

  /// Applies a record (again is harmless): each register it sets takes the later time's value.
  public mutating func apply(_ record: ChangeRecord, seq: Int64? = nil) {
    let time = record.hlc
    known[time] = (record.seen, seq ?? known[time]?.seq)
    for change in record.items {
      var registers = items[change.uuid] ?? ItemRegisters()
      if let created = change.set.first(where: { $0.name == "created_at" }) {
        let incoming = Register(value: created.value, time: time)
        if let current = registers.created, current.time != time {
          superseded.insert(max(current.time, time))  // (the first creation's is kept)
        }
        if registers.created.map({ time < $0.time }) ?? true { registers.created = incoming }
      }
      for write in change.writes {
        let incoming = Register(value: write.value, time: time)
        guard let current = registers.registers[write.name] else {
          registers.registers[write.name] = incoming
          continue
        }
        if current.time == time { continue }
        let (kept, loser) = current.time < time ? (incoming, current) : (current, incoming)
        superseded.insert(loser.time)
        // (A process that never compacts, not syncing its file, keeps no more than this: the
        // next start finds them again.)
        if superseded.count > Self.supersededLimit { superseded.removeAll() }
        if kept.value != loser.value, !covers(kept.time, loser.time), !covers(loser.time, kept.time),
          write.name != "deleted", write.name != "updated_at"
        {
          lost.append(LostValue(item: change.uuid, register: write.name, kept: kept, lost: loser))
          lostKeys.insert(LostKey(item: change.uuid, register: write.name, time: loser.time))
          lostKeys.insert(LostKey(item: change.uuid, register: write.name, time: kept.time))
        }
        registers.registers[write.name] = kept
      }
      items[change.uuid] = registers
    }
  }

  /// Whether an item shows: not deleted, or deleted by a record that had not seen one of its
  /// registers (an edit made meanwhile elsewhere beats the deletion).
  public func isVisible(_ uuid: ItemUUID) -> Bool {
    guard let registers = items[uuid] else { return false }
    guard let deletion = registers.deletion else { return true }
    return registers.registers.contains { name, register in name != "deleted" && !covers(deletion.time, register.time) }
  }

  /// The deletions that lost to an edit they had not seen (listed like lost values).
  public func overriddenDeletions() -> [ItemUUID] {
    items.keys.filter { items[$0]?.deletion != nil && isVisible($0) }.sorted()
  }
}
