import TaskwireCore
import TaskwireStore

extension SyncReplica {
  /// What `becomeNewDevice` did with the records the file had not sent.
  public struct Renewal: Equatable, Sendable {
    /// Records the log held already, the same text (sent, their acknowledgement lost): now
    /// placed.
    public var placed = 0
    /// Records the log holds another text under their id (the other copy's): made again as the
    /// new device's.
    public var remade = 0
    /// Records the log does not hold: left to go out as they are (the other copy may have
    /// them too, the same text, which the log takes once).
    public var kept = 0
  }

  /// Makes a copied replica file a device of its own (`taskwire new-device`, Protocol/devices.md
  /// *Built so far*): two copies of one file are one device, and once both made records, the log
  /// refuses the second's under the first's ids (its sync stops, and says so). The file takes a
  /// new device for what it makes from now on. Of what it has not sent, by what the log holds
  /// (`inLog`, by record id): a record the log has as it is gets its place; one the log has
  /// with another text (the other copy's) is made again as the new device's (a new time above
  /// every kept one, a new id, the same changes and what it had seen); one the log lacks stays
  /// as it is. One transaction.
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
        switch inLog[stored.id] {
        case (let seq, true)?:
          try keeper.placeRecord(hlc: stored.hlc, seq: seq)
          renewal.placed += 1
        case (_, false)?:
          let old = try ChangeRecord(text: stored.body)
          let hlc = clock.tick(now: wallClock())
          let record = ChangeRecord(
            id: ItemUUID.nameBased(namespace: .none, name: hlc.description), hlc: hlc, seen: old.seen, kind: old.kind,
            label: old.label, client: old.client, at: old.at, items: old.items)
          try keeper.rewriteRecord(hlc: stored.hlc, body: nil)
          try keeper.keepOwnRecord(
            StoredRecord(
              hlc: hlc.description, id: record.id.description, seen: record.seen, seq: nil, body: record.text))
          renewal.remade += 1
        case nil:
          renewal.kept += 1
        }
      }
      try keeper.setReplicaDevice(device.description)
    }
    try replica.becomeReplica(device: device.bits)
    return renewal
  }

  /// Takes the device the file names now, if another process gave it a new one.
  func adoptDevice(named text: String?) throws {
    guard let text, let kept = DeviceID(text), kept != clock.device else { return }
    clock = HybridClock(device: kept)
    try replica.becomeReplica(device: kept.bits)
    latestKept = nil
  }
}
