import JSON
import TaskwireCore
import TaskwirePostgres
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
    try replica.becomeReplica(device: device.bits)
    try takeInKept(all: true)
    replica.commitObserver = { [weak self] kind, committed, txn in try self?.record(kind, committed, txn) }
  }

  deinit { replica.commitObserver = nil }

  var records: SyncRecordStore { replica.storage as! SyncRecordStore }

  /// The device this replica is.
  public var device: DeviceID { clock.device }

  /// Makes `replica`'s store a replica of a shared store, or opens it as one: its device is the
  /// one it was made as (kept in the store), else `device` or a random one. Wall time is the
  /// replica's clock's (the test clock's under `--clock`).
  public static func attach(to replica: Replica, device proposed: DeviceID? = nil) throws -> SyncReplica {
    guard let store = replica.storage as? SyncRecordStore else { throw NotAReplica() }
    let device: DeviceID
    if let kept = try store.replicaDevice().flatMap(DeviceID.init) {
      device = kept
    } else {
      var random = SystemRandomNumberGenerator()
      device = proposed ?? DeviceID(random.next() | 1)
      // The tasks the store already holds become its first records, so that they reach the
      // other devices (a store made by an earlier release, or used alone until now).
      let genesis = try Genesis.records(of: replica.storage, device: device, at: replica.timestamp)
      try replica.storage.write { txn in
        guard let keeper = txn as? SyncRecordTransaction else { return }
        try keeper.setReplicaDevice(device.description)
        for record in genesis {
          try keeper.keepRecord(
            StoredRecord(hlc: record.hlc.description, id: record.id.description, seen: 0, seq: nil, body: record.text))
        }
      }
    }
    return try SyncReplica(replica: replica, device: device) {
      UInt64(max(0, replica.clock.now.timeIntervalSince1970 * 1000))
    }
  }

  /// The pull cursor: a pull brings every log record above it, so every one up to it is
  /// applied here. The file keeps it (`sync_seen`, written by each merge and compaction);
  /// this device's own records coming back after it are only placed again, and move it on in
  /// this process.
  public internal(set) var seen: Int64 = 0
  /// The newest time this process kept: while the file's newest is this one, no other process
  /// has kept a record since, and the floor need not be read again.
  var latestKept: String? = nil
  /// The shared log's wall clock (milliseconds) when this process last read it: compaction
  /// trusts no record timed after it (`compact`).
  public var logClock: UInt64? = nil

  /// Applies the kept records the state does not have yet: at the start all of them; after,
  /// this device's commits since, which are all still unplaced (a record is placed only once
  /// the state has it), so only the outbox is read.
  @discardableResult
  func takeInKept(all: Bool = false) throws -> [StoredRecord] {
    if all { seen = max(seen, try records.syncSeen()) }
    let kept = try records.keptRecords(unplaced: !all)
    for stored in kept {
      guard let time = HybridTime(stored.hlc) else { continue }
      if let known = state.known[time] {
        // Placed by another process on the file since this one read it.
        if known.seq == nil, let seq = stored.seq { state.place(time, seq: seq) }
        continue
      }
      // (A record this build cannot read is passed over, as one pulled is: the file still
      // opens.)
      guard let record = try? ChangeRecord(text: stored.body) else { continue }
      state.apply(record, seq: stored.seq)
      observe(record.hlc, now: 0)
      // (The cursor is the file's `sync_seen`, which each merge writes with its records: a
      // record's device says nothing of how it came, as a file's device may change.)
    }
    return kept
  }

  /// The shared store this replica syncs with (its id), once it has synced.
  public func sharedStore() throws -> String? { try records.sharedStore() }

  public func setSharedStore(_ id: String) throws {
    try replica.storage.write { txn in try (txn as? SyncRecordTransaction)?.setSharedStore(id) }
  }

  /// A pulled record that another replica made as a device this file is or was (a copied
  /// file), read after the file (another process on it may have made it): the id of the first,
  /// or nil. The same time is not enough: two copies of one replica issue the same times. A
  /// record made as this device must be kept here, at that place once placed, and the same
  /// text (what another device's compaction left of one placed here is another, shorter one);
  /// and a record this file has not sent yet under that time must be the same text, whatever
  /// device made it (else this file's change would be taken as sent, and the other's as seen).
  public func madeElsewhereAsThisDevice(_ pulled: [PostgresLog.Entry]) -> String? {
    let suffix = "-" + device.description
    return pulled.first { entry in
      let kept = (try? records.keptRecord(hlc: entry.hlc)) ?? nil
      if let kept, kept.seq == nil { return kept.body != entry.body }
      guard entry.hlc.hasSuffix(suffix) else { return false }
      guard let kept else { return true }
      return kept.seq != entry.seq || (!entry.compacted && kept.body != entry.body)
    }?.id
  }

  /// The log position merged into the file (by whichever process syncs it).
  public func fileSeen() throws -> Int64 { max(seen, try records.syncSeen()) }

  /// How far ahead of this device's wall clock another's time may be and still move its
  /// clock: a record from a broken or hostile clock (years ahead) is merged, but this device's
  /// clock does not follow it to the end of time.
  static let maxAhead: UInt64 = 86_400_000

  /// Takes in a time another record has (`now`: the wall clock, or 0 not to move by it).
  func observe(_ time: HybridTime, now: UInt64) {
    guard time.device == device || time.wall <= max(now, wallClock()) &+ Self.maxAhead else { return }
    clock.receive(time, now: now)
  }

  public struct ClockExhausted: Error, CustomStringConvertible {
    public var description: String { "the replica's clock has no time left to give a change (it reached its end)" }
  }

  /// Reads every record the file keeps that the state lacks (another process on the file
  /// merged or made them): before this process starts syncing the file.
  public func catchUpWithFile() throws {
    try adoptDevice(named: try records.replicaDevice())
    try takeInKept(all: true)
  }

  /// A local commit's record, kept in its transaction.
  func record(_ kind: Replica.CommitKind, _ committed: Replica.Committed, _ txn: any StorageTransaction) throws {
    let items = RecordBuilder.items(for: committed.changes) { [replica] id in
      replica.index.tasks[id]?.uuid ?? (try? replica.storage.task(id: id))??.uuid
    }
    guard !items.isEmpty, let keeper = txn as? SyncRecordTransaction else { return }
    // Another process on the file may have kept records (its own, or a merge) since this one
    // last looked: its times are a floor, and its merges count as seen. (Read in the write
    // transaction, so no two processes issue the same time.)
    if latestKept == nil || keeper.othersMayHaveCommitted {
      // (`taskwire new-device` may have given the file another device meanwhile.)
      try adoptDevice(named: try records.replicaDevice())
      if let floor = try keeper.latestRecordHLC(), floor != latestKept, let time = HybridTime(floor) {
        observe(time, now: 0)
      }
      seen = max(seen, try keeper.syncSeen())
    }
    let hlc = clock.tick(now: wallClock())
    // A clock at its very end issues no new time: the commit is refused rather than a record
    // made twice under one time (and one dropped).
    if let latestKept, let last = HybridTime(latestKept), hlc <= last { throw ClockExhausted() }
    let record = ChangeRecord(
      id: ItemUUID.nameBased(namespace: .none, name: hlc.description), hlc: hlc, seen: seen,
      kind: ChangeRecord.Kind(rawValue: kind.rawValue) ?? .action, label: committed.label, client: replica.client,
      at: replica.timestamp, items: items)
    let text = hlc.description
    try keeper.keepOwnRecord(
      StoredRecord(hlc: text, id: record.id.description, seen: record.seen, seq: nil, body: record.text))
    latestKept = text
  }

  /// The records not yet in the shared log, oldest first.
  public func outbox() throws -> [ChangeRecord] {
    try outgoing().map { try ChangeRecord(text: $0.body) }
  }

  /// The outbox as the file keeps it (each record read once, to take it into the state).
  public func outgoing() throws -> [StoredRecord] {
    try takeInKept().filter { $0.seq == nil }
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
