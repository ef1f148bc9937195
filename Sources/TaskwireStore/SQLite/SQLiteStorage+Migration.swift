import CSQLite
import JSON
import TaskwireCore

/// Opening an older store: its schema brought up to date, one version at a time, in the opening
/// transaction (`Schema.migrations`), with what SQL alone cannot do.
extension SQLiteStorage {
  /// Brings the schema up to date. A current store is only read here, so that a read-only
  /// file opens for reading.
  func migrate() throws {
    if try scalar("PRAGMA user_version") == Schema.version { return }
    try write { _ throws in
      var version = try scalar("PRAGMA user_version")
      if version == Schema.version { return }
      while let step = Schema.migrations[version] {
        try db.execute(step)
        if version == 4 { try mintMissingUUIDs() }
        version += 1
      }
      if version == Schema.version { return }
      guard version == 0 else {
        throw SQLiteError(
          code: SQLITE_MISMATCH,
          message: "the store has schema version \(version); this taskwire knows \(Schema.version)")
      }
      guard try scalar("SELECT count(*) FROM sqlite_master") == 0 else {
        throw SQLiteError(code: SQLITE_NOTADB, message: "the file is a database, but not a taskwire store")
      }
      try db.execute(Schema.create)
    }
  }

  /// Gives every item of a store upgraded to schema 5 its uuid (random: these are real items),
  /// and writes it into the undo history's rows of that item too, so that an undo or redo of a
  /// step recorded before keeps it (an item only history still knows gets one of its own).
  func mintMissingUUIDs() throws {
    var random = SystemRandomNumberGenerator()
    var uuidOf: [Int64: String] = [:]
    let select = try db.statement("SELECT id FROM tasks WHERE uuid IS NULL")
    while try select.step() { uuidOf[select.int(0)] = ItemUUID.random(using: &random).description }
    select.finish()
    for (id, uuid) in uuidOf {
      try db.statement("UPDATE tasks SET uuid = ? WHERE id = ?").run([.text(uuid), .integer(id)])
    }
    var rows: [(step: Int64, position: Int64, task: Int64, before: String?, after: String?)] = []
    let history = try db.statement("SELECT step_id, position, task_id, before, after FROM history_ops")
    while try history.step() {
      rows.append((history.int(0), history.int(1), history.int(2), history.text(3), history.text(4)))
    }
    history.finish()
    func withUUID(_ text: String?, _ task: Int64) -> RowValue {
      let upgraded = TaskRowCoding.historyText(text) {
        let uuid = uuidOf[task] ?? ItemUUID.random(using: &random).description
        uuidOf[task] = uuid
        return uuid
      }
      return upgraded.map(RowValue.text) ?? .null
    }
    for row in rows {
      try db.statement("UPDATE history_ops SET before = ?, after = ? WHERE step_id = ? AND position = ?").run([
        withUUID(row.before, row.task), withUUID(row.after, row.task), .integer(row.step), .integer(row.position),
      ])
    }
  }
}
