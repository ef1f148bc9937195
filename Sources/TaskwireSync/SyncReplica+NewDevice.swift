import TaskwireCore
import TaskwireStore

extension SyncReplica {
  /// What `becomeNewDevice` did with the records the file had not sent.
  public struct Renewal: Equatable, Sendable {
    /// Records the log held already, the same text (sent, their acknowledgement lost): now
    /// placed.
    public var placed = 0
    /// The others, made again as the new device's.
    public var remade = 0
  }

  /// Makes a copied replica file a device of its own (`taskwire new-device`, Protocol/devices.md
  /// *Built so far*): two copies of one file are one device, and once both made records, the log
  /// refuses the second's under the first's ids (its sync stops, and says so). The file takes a
  /// new device for what it makes from now on, and of what it has not sent, a record the log
  /// holds as it is (`inLog`, by id: sent, its acknowledgement lost) gets its place; every other
  /// one is made again as the new device's: the same time but for the device (so it keeps its
  /// order among everyone's changes, and the new device's later changes count as having seen
  /// it), a new id, the same changes and what it had seen. (One the other copy made too, before
  /// the copy, then reaches the log twice with the same values: harmless.) One transaction.
  /// Then sync the file (`sync(through:)`), so that its cursor passes its own records sent as
  /// the old device.
  ///
  /// Other processes on the file take the new device at their next commit, and a server that
  /// starts to sync the file when it does.
  public func becomeNewDevice(_ device: DeviceID, inLog: [String: (seq: Int64, same: Bool)]) throws -> Renewal {
    try takeInKept(all: true)
    var renewal = Renewal()
    clock = HybridClock(device: device)
    latestKept = nil
    try replica.storage.write { txn in
      guard let keeper = txn as? SyncRecordTransaction else { throw NotAReplica() }
      // (The floor as `record` takes it: a time far ahead is not followed.)
      if let floor = try keeper.latestRecordHLC().flatMap(HybridTime.init) { observe(floor, now: 0) }
      for stored in try records.keptRecords(unplaced: true) {
        if let place = inLog[stored.id], place.same {
          try keeper.placeRecord(hlc: stored.hlc, seq: place.seq)
          renewal.placed += 1
          continue
        }
        let old = try ChangeRecord(text: stored.body)
        let hlc = HybridTime(wall: old.hlc.wall, counter: old.hlc.counter, device: device)
        let record = ChangeRecord(
          id: ItemUUID.nameBased(namespace: .none, name: hlc.description), hlc: hlc, seen: old.seen, kind: old.kind,
          label: old.label, client: old.client, at: old.at, items: old.items)
        try keeper.rewriteRecord(hlc: stored.hlc, body: nil)
        try keeper.keepOwnRecord(
          StoredRecord(hlc: hlc.description, id: record.id.description, seen: record.seen, seq: nil, body: record.text))
        renewal.remade += 1
      }
      try keeper.setReplicaDevice(device.description)
    }
    try replica.becomeReplica(device: device.bits)
    // (What the state holds of the old records is read again from the file.)
    state = MergeState()
    try takeInKept(all: true)
    return renewal
  }

  /// Keeps this process's cursor in the file (its own records coming back move it on in memory
  /// only, to spare a commit each push).
  public func keepCursor() throws {
    try replica.storage.write { txn in
      guard let keeper = txn as? SyncRecordTransaction else { return }
      if seen > (try keeper.syncSeen()) { try keeper.setSyncSeen(seen) }
    }
  }

  /// Takes the device the file names now, if another process gave it a new one.
  func adoptDevice(named text: String?) throws {
    guard let text, let kept = DeviceID(text), kept != clock.device else { return }
    clock = HybridClock(device: kept)
    try replica.becomeReplica(device: kept.bits)
    latestKept = nil
    // (`taskwire new-device` replaced records this state has: it is read again from the file.)
    state = MergeState()
    seen = 0
    try takeInKept(all: true)
  }
}
