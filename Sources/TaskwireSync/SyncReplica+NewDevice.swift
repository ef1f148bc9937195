import TaskwireCore
import TaskwireStore

extension SyncReplica {
  /// Makes a copied replica file a device of its own (`taskwire new-device`, Protocol/devices.md
  /// *Built so far*): two copies of one file are one device making different records under
  /// the same times, which the log refuses (syncing stops, and says so). The copy takes a new
  /// device; what it has not sent is made again as that device's (new times above every kept
  /// one, new ids, the same changes and what each had seen), in one transaction; what it sent
  /// stays, as the shared history both copies have. Returns how many records were made again.
  ///
  /// Other processes on the file take the new device at their next commit (`record` reads it
  /// when another process committed); a server whose sync stopped starts syncing again when
  /// it is restarted.
  public func becomeNewDevice(_ device: DeviceID) throws -> Int {
    try takeInKept(all: true)
    var renewed = 0
    var clock = HybridClock(device: device)
    try replica.storage.write { txn in
      guard let keeper = txn as? SyncRecordTransaction else { throw NotAReplica() }
      if let floor = try keeper.latestRecordHLC().flatMap(HybridTime.init) { clock.receive(floor, now: 0) }
      let unsent = try records.keptRecords(unplaced: true)
      for stored in unsent {
        let old = try ChangeRecord(text: stored.body)
        let hlc = clock.tick(now: wallClock())
        let record = ChangeRecord(
          id: ItemUUID.nameBased(namespace: .none, name: hlc.description), hlc: hlc, seen: old.seen, kind: old.kind,
          label: old.label, client: old.client, at: old.at, items: old.items)
        try keeper.rewriteRecord(hlc: stored.hlc, body: nil)
        try keeper.keepOwnRecord(
          StoredRecord(hlc: hlc.description, id: record.id.description, seen: record.seen, seq: nil, body: record.text))
        renewed += 1
      }
      try keeper.setReplicaDevice(device.description)
    }
    self.clock = clock
    try replica.becomeReplica(device: device.bits)
    latestKept = nil
    return renewed
  }

  /// Takes the device the file names now, if another process gave it a new one.
  func adoptDevice(named text: String?) throws {
    guard let text, let kept = DeviceID(text), kept != clock.device else { return }
    clock = HybridClock(device: kept)
    try replica.becomeReplica(device: kept.bits)
    latestKept = nil
  }
}
