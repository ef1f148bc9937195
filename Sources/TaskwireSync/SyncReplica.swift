import JSON
import TaskwireCore
import TaskwireStore

/// A device's replica of a shared store (issue 31, Protocol/devices.md): every local commit
/// leaves a change record in the replica's file, in its own transaction; records pulled from the
/// shared log are merged register by register and written as one commit of the rows they
/// change, so that subscribers get one diff per catch-up. Transport-free: whatever moves records
/// between devices (the shared log in PostgreSQL, a test's memory) calls `outbox`, `placed` and
/// `receive`.
public final class SyncReplica {
  public let replica: Replica
  public internal(set) var state = MergeState()
  var clock: HybridClock
  let wallClock: () -> UInt64

  public struct NotAReplica: Error, CustomStringConvertible {
    public var description: String { "the store keeps no change records (only a SQLite store can be a replica)" }
  }

  /// Takes over `replica`'s commits; `wallClock` gives wall milliseconds (the test clock's under
  /// `--clock`, so records replay).
  public init(replica: Replica, device: DeviceID, wallClock: @escaping () -> UInt64) throws {
    guard replica.storage is SyncRecordStore else { throw NotAReplica() }
    self.replica = replica
    self.wallClock = wallClock
    clock = HybridClock(device: device)
    replica.uuidSalt = device.bits
    try takeInKept()
    replica.commitObserver = { [unowned self] kind, committed, txn in try record(kind, committed, txn) }
  }

  var records: SyncRecordStore { replica.storage as! SyncRecordStore }

  /// The pull cursor: every log record up to it is applied here (the longest run of seqs from 1).
  public var seen: Int64 {
    var seqs = state.known.values.compactMap(\.seq).sorted()
    seqs.removeAll { $0 <= 0 }
    var cursor: Int64 = 0
    for seq in seqs where seq == cursor + 1 { cursor = seq }
    return cursor
  }

  /// Applies the kept records the state does not have yet (this device's commits since).
  func takeInKept() throws {
    for stored in try records.keptRecords(unplaced: false) {
      guard let time = HybridTime(stored.hlc), state.known[time] == nil else { continue }
      let record = try ChangeRecord(text: stored.body)
      state.apply(record, seq: stored.seq)
      clock.receive(record.hlc, now: 0)
    }
  }

  /// A local commit's record, kept in its transaction.
  func record(_ kind: Replica.CommitKind, _ committed: Replica.Committed, _ txn: any StorageTransaction) throws {
    let items = RecordBuilder.items(for: committed.changes) { [replica] id in
      replica.index.tasks[id]?.uuid ?? (try? replica.storage.task(id: id))??.uuid
    }
    guard !items.isEmpty, let keeper = txn as? SyncRecordTransaction else { return }
    let hlc = clock.tick(now: wallClock())
    let record = ChangeRecord(
      id: ItemUUID.nameBased(namespace: .none, name: hlc.description), hlc: hlc, seen: seen,
      kind: ChangeRecord.Kind(rawValue: kind.rawValue) ?? .action, label: committed.label, client: replica.client,
      at: replica.timestamp, items: items)
    try keeper.keepRecord(
      StoredRecord(hlc: hlc.description, id: record.id.description, seen: record.seen, seq: nil, body: record.text))
  }

  /// The records not yet in the shared log, oldest first.
  public func outbox() throws -> [ChangeRecord] {
    try takeInKept()
    return try records.keptRecords(unplaced: true).map { try ChangeRecord(text: $0.body) }
  }

  /// Notes the places the shared log gave this device's records.
  public func placed(_ places: [(hlc: HybridTime, seq: Int64)]) throws {
    try replica.storage.write { txn in
      for place in places {
        try (txn as? SyncRecordTransaction)?.placeRecord(hlc: place.hlc.description, seq: place.seq)
      }
    }
    for place in places { state.place(place.hlc, seq: place.seq) }
  }
}
