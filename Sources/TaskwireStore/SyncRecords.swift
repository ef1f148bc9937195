import TaskwireCore

/// A change record as a replica keeps it (issue 31, Protocol/devices.md): what one local commit
/// changed, or what was pulled from the shared log, kept in the replica's file in the same
/// transaction as the rows it explains. Opaque here: `TaskwireSync` writes and reads the body.
public struct StoredRecord: Equatable, Sendable {
  /// The record's hybrid time (its text sorts as the times): a record's key.
  public var hlc: String
  public var id: String
  /// The device's pull cursor when the record was made.
  public var seen: Int64
  /// Its place in the shared log; nil while only this device has it (the outbox).
  public var seq: Int64?
  public var body: String

  public init(hlc: String, id: String, seen: Int64, seq: Int64?, body: String) {
    self.hlc = hlc
    self.id = id
    self.seen = seen
    self.seq = seq
    self.body = body
  }
}

/// The writes of change records, in a transaction of a store that keeps them (SQLite).
public protocol SyncRecordTransaction {
  /// Keeps a record; one already kept (the same hlc) is left as it is.
  func keepRecord(_ record: StoredRecord) throws
  /// Keeps a record this device just made: one already kept under its time fails the commit.
  func keepOwnRecord(_ record: StoredRecord) throws
  /// Notes a kept record's place in the shared log.
  func placeRecord(hlc: String, seq: Int64) throws
  /// Keeps what is left of a compacted record (nil: nothing, it goes).
  func rewriteRecord(hlc: String, body: String?) throws
  /// Makes the store a replica of a shared store, as this device (16 hex digits).
  func setReplicaDevice(_ device: String) throws
  /// The newest kept record's hlc: every process on the file issues times above it (the
  /// clock's floor, kept in the file, so two processes never issue the same time).
  func latestRecordHLC() throws -> String?
  /// The pull cursor the file has applied (the syncing process writes it with each merge), so
  /// every process's records say what the device had seen.
  func syncSeen() throws -> Int64
  func setSyncSeen(_ seen: Int64) throws
  /// Notes that a person dismissed a sync conflict (its id).
  func dismissConflict(_ id: String) throws
  /// Notes the shared store the replica syncs with (its id, at the first connection).
  func setSharedStore(_ id: String) throws
  /// Whether another connection may have committed since this one's last commit (exact under
  /// the write lock; true when not known).
  var othersMayHaveCommitted: Bool { get }
}

/// The reads of kept change records.
public protocol SyncRecordStore {
  /// Every kept record, in hlc order (`unplaced`: only those not yet in the shared log).
  func keptRecords(unplaced: Bool) throws -> [StoredRecord]
  /// The device this store is a replica as, or nil when it is not one.
  func replicaDevice() throws -> String?
  /// The pull cursor the file has applied.
  func syncSeen() throws -> Int64
  /// The ids of the sync conflicts a person dismissed.
  func dismissedConflicts() throws -> Set<String>
  /// The shared store the replica syncs with, once it has.
  func sharedStore() throws -> String?
  /// The record kept under this time, if any.
  func keptRecord(hlc: String) throws -> StoredRecord?
}
