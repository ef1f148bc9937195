/// A replica's change records (`sync_records`, schema 12): see `StoredRecord`.
extension SQLiteStorage: SyncRecordStore {
  func keepRecord(_ record: StoredRecord) throws {
    try db.statement(constant: "INSERT OR IGNORE INTO sync_records (hlc, id, seen, seq, body) VALUES (?, ?, ?, ?, ?)")
      .run([
        .text(record.hlc), .text(record.id), .integer(record.seen), record.seq.map(RowValue.integer) ?? .null,
        .text(record.body),
      ])
  }

  func keepOwnRecord(_ record: StoredRecord) throws {
    try db.statement(constant: "INSERT INTO sync_records (hlc, id, seen, seq, body) VALUES (?, ?, ?, NULL, ?)")
      .run([.text(record.hlc), .text(record.id), .integer(record.seen), .text(record.body)])
  }

  func placeRecord(hlc: String, seq: Int64) throws {
    try db.statement(constant: "UPDATE sync_records SET seq = ? WHERE hlc = ?").run([.integer(seq), .text(hlc)])
  }

  func rewriteRecord(hlc: String, body: String?) throws {
    if let body {
      try db.statement(constant: "UPDATE sync_records SET body = ? WHERE hlc = ?").run([.text(body), .text(hlc)])
    } else {
      try db.statement(constant: "DELETE FROM sync_records WHERE hlc = ?").run([.text(hlc)])
    }
  }

  func setReplicaDevice(_ device: String) throws {
    try db.statement("INSERT OR REPLACE INTO meta (key, value) VALUES ('replica_device', ?)").run([.text(device)])
  }

  func latestRecordHLC() throws -> String? {
    let statement = try db.statement(constant: "SELECT max(hlc) FROM sync_records")
    defer { statement.finish() }
    return try statement.step() ? statement.text(0) : nil
  }

  public func syncSeen() throws -> Int64 {
    let statement = try db.statement(constant: "SELECT value FROM meta WHERE key = 'sync_seen'")
    defer { statement.finish() }
    return try statement.step() ? Int64(statement.text(0) ?? "") ?? 0 : 0
  }

  func setSyncSeen(_ seen: Int64) throws {
    try db.statement(constant: "INSERT OR REPLACE INTO meta (key, value) VALUES ('sync_seen', ?)")
      .run([.text(String(seen))])
  }

  func dismissConflict(_ id: String) throws {
    try db.statement(constant: "INSERT OR IGNORE INTO sync_dismissed (id) VALUES (?)").run([.text(id)])
  }

  public func dismissedConflicts() throws -> Set<String> {
    let statement = try db.statement(constant: "SELECT id FROM sync_dismissed")
    var ids: Set<String> = []
    while try statement.step() { ids.insert(statement.text(0) ?? "") }
    return ids
  }

  func setSharedStore(_ id: String) throws {
    try db.statement(constant: "INSERT OR REPLACE INTO meta (key, value) VALUES ('shared_store', ?)").run([.text(id)])
  }

  public func sharedStore() throws -> String? {
    let statement = try db.statement(constant: "SELECT value FROM meta WHERE key = 'shared_store'")
    defer { statement.finish() }
    return try statement.step() ? statement.text(0) : nil
  }

  public func replicaDevice() throws -> String? {
    let statement = try db.statement("SELECT value FROM meta WHERE key = 'replica_device'")
    defer { statement.finish() }
    return try statement.step() ? statement.text(0) : nil
  }

  public func keptRecord(hlc: String) throws -> StoredRecord? {
    let statement = try db.statement(constant: "SELECT hlc, id, seen, seq, body FROM sync_records WHERE hlc = ?")
      .bind([.text(hlc)])
    defer { statement.finish() }
    guard try statement.step() else { return nil }
    return StoredRecord(
      hlc: statement.text(0) ?? "", id: statement.text(1) ?? "", seen: statement.int(2),
      seq: statement.isNull(3) ? nil : statement.int(3), body: statement.text(4) ?? "")
  }

  /// The records not yet in the shared log (through the `sync_records_unsent` index: a push
  /// reads the unsent ones, not every record kept).
  public static let unsentRecords = "SELECT hlc, id, seen, seq, body FROM sync_records WHERE seq IS NULL ORDER BY hlc"

  public func keptRecords(unplaced: Bool) throws -> [StoredRecord] {
    let statement = try db.statement(
      unplaced ? Self.unsentRecords : "SELECT hlc, id, seen, seq, body FROM sync_records ORDER BY hlc")
    var records: [StoredRecord] = []
    while try statement.step() {
      records.append(
        StoredRecord(
          hlc: statement.text(0) ?? "", id: statement.text(1) ?? "", seen: statement.int(2),
          seq: statement.isNull(3) ? nil : statement.int(3), body: statement.text(4) ?? ""))
    }
    return records
  }
}

extension SQLiteTransaction: SyncRecordTransaction {
  func keepRecord(_ record: StoredRecord) throws { try storage.keepRecord(record) }
  func keepOwnRecord(_ record: StoredRecord) throws { try storage.keepOwnRecord(record) }
  func placeRecord(hlc: String, seq: Int64) throws { try storage.placeRecord(hlc: hlc, seq: seq) }
  func rewriteRecord(hlc: String, body: String?) throws { try storage.rewriteRecord(hlc: hlc, body: body) }
  func setReplicaDevice(_ device: String) throws { try storage.setReplicaDevice(device) }
  func latestRecordHLC() throws -> String? { try storage.latestRecordHLC() }
  func syncSeen() throws -> Int64 { try storage.syncSeen() }
  func setSyncSeen(_ seen: Int64) throws { try storage.setSyncSeen(seen) }
  func dismissConflict(_ id: String) throws { try storage.dismissConflict(id) }
  func setSharedStore(_ id: String) throws { try storage.setSharedStore(id) }
  var othersMayHaveCommitted: Bool {
    guard let known = storage.knownHeads?.version, let now = storage.versionInTransaction else { return true }
    return known != now
  }
}
