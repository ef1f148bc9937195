import CSQLite
import Foundation
import TaskwireCore

/// Where the store lives.
public enum StoreLocation: Sendable, Equatable {
  case file(String)
  case memory
}

/// What a commit survives. WAL with `synchronous=NORMAL` survives the process being killed at
/// any point (the commit is in the OS's hands before the reply); `FULL` also survives a power
/// loss, at the price of an fsync per change.
public enum Durability: Sendable {
  case processCrash
  case powerLoss
}

/// One undo step as kept in the database.
public struct HistoryStep: Equatable, Sendable {
  public var id: Int64
  public var label: String
  public var client: String
  public var at: String
  public var undone: Bool
  public var changes: [TaskChange]
}

/// The SQLite store: one connection, every change in one `BEGIN IMMEDIATE` transaction that
/// writes the task rows, the undo step and the change log together.
public final class TaskStore {
  public static let busyTimeoutMilliseconds: Int32 = 5000
  /// How many undo steps are kept.
  public static let historyLimit: Int64 = 1000

  let db: SQLiteDatabase
  public let location: StoreLocation

  /// `maxPageCount` limits the file's size (in pages), for tests that need a full disk.
  public init(location: StoreLocation, maxPageCount: Int? = nil, durability: Durability = .processCrash) throws {
    self.location = location
    let path: String
    switch location {
    case .memory: path = ":memory:"
    case .file(let file):
      path = file
      // A SQLite URI (`file:/path?mode=ro`) is opened as SQLite reads it; a path is prepared.
      if !file.hasPrefix("file:") { try Self.prepareFile(at: file) }
    }
    db = try SQLiteDatabase(
      path: path,
      flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI)
    sqlite3_busy_timeout(db.handle, Self.busyTimeoutMilliseconds)
    try migrate()
    if case .file = location, sqlite3_db_readonly(db.handle, "main") == 0 {
      // Checkpoints run from the server's idle timer (`checkpoint()`), not inside whichever
      // commit crosses SQLite's 1000-page mark, so that no reply waits for one.
      try db.execute(
        "PRAGMA journal_mode = WAL; PRAGMA synchronous = \(durability == .powerLoss ? "FULL" : "NORMAL"); PRAGMA wal_autocheckpoint = 0;"
      )
    }
    if let maxPageCount { try db.execute("PRAGMA max_page_count = \(maxPageCount)") }
  }

  /// Creates a new store's folder (0700) and file (0600) whatever the umask; an existing file
  /// is never touched here.
  static func prepareFile(at path: String) throws(SQLiteError) {
    let folder = (path as NSString).deletingLastPathComponent
    if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) {
      do {
        try FileManager.default.createDirectory(
          atPath: folder, withIntermediateDirectories: true,
          attributes: [.posixPermissions: 0o700])
      } catch {
        throw SQLiteError(code: SQLITE_CANTOPEN, message: "cannot create folder \(folder): \(error)")
      }
    }
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    if fd >= 0 {
      fchmod(fd, 0o600)
      closeDescriptor(fd)
    }
  }

  public func close() { db.close() }

  /// Whether the file could only be opened for reading.
  public var isReadOnly: Bool { sqlite3_db_readonly(db.handle, "main") == 1 }

  public static var sqliteVersion: String { SQLiteDatabase.libraryVersion }

  /// Brings the schema up to date. A current store is only read here, so that a read-only
  /// file opens for reading.
  private func migrate() throws {
    if try scalar("PRAGMA user_version") == Schema.version { return }
    try write { () throws(SQLiteError) in
      var version = try scalar("PRAGMA user_version")
      if version == Schema.version { return }
      while let step = Schema.migrations[version] {
        try db.execute(step)
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

  func scalar(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> Int64 {
    let statement = try db.statement(sql).bind(values)
    defer { statement.finish() }
    return try statement.step() ? statement.int(0) : 0
  }

  /// Runs `body` in a write transaction. `BEGIN IMMEDIATE` takes the write lock first, so a
  /// read inside can never need an upgrade that fails at once with SQLITE_BUSY.
  public func write<T, E: Error>(_ body: () throws(E) -> T) throws -> T {
    try db.statement("BEGIN IMMEDIATE").run()
    do {
      let result = try body()
      try db.statement("COMMIT").run()
      return result
    } catch {
      try? db.statement("ROLLBACK").run()
      throw error
    }
  }

  public func loadOpenTasks() throws(SQLiteError) -> [TaskRecord] {
    let statement = try db.statement(
      "SELECT \(TaskRowCoding.columns) FROM tasks WHERE completed = 0")
    var tasks: [TaskRecord] = []
    while try statement.step() { tasks.append(TaskRowCoding.task(from: statement)) }
    return tasks
  }

  public func task(id: Int64) throws(SQLiteError) -> TaskRecord? {
    let statement = try db.statement("SELECT \(TaskRowCoding.columns) FROM tasks WHERE id = ?")
      .bind([.integer(id)])
    defer { statement.finish() }
    return try statement.step() ? TaskRowCoding.task(from: statement) : nil
  }

  /// The most recently completed tasks, newest first.
  public func completedTasks(limit: Int) throws(SQLiteError) -> [TaskRecord] {
    let statement = try db.statement(
      "SELECT \(TaskRowCoding.columns) FROM tasks WHERE completed = 1 ORDER BY completed_at DESC, id DESC LIMIT ?"
    ).bind([.integer(Int64(limit))])
    var tasks: [TaskRecord] = []
    while try statement.step() { tasks.append(TaskRowCoding.task(from: statement)) }
    return tasks
  }

  /// The id the next created task gets; ids are never reused, even after a delete.
  public func nextTaskID() throws(SQLiteError) -> Int64 {
    try scalar("SELECT seq FROM sqlite_sequence WHERE name = 'tasks'") + 1
  }

  /// Writes the rows of a change list and logs them. Call inside `write`.
  func applyRows(_ changes: [TaskChange]) throws(SQLiteError) {
    let placeholders = Array(repeating: "?", count: TaskRowCoding.columnCount).joined(separator: ", ")
    for change in changes {
      if let after = change.after {
        try db.statement("INSERT OR REPLACE INTO tasks (\(TaskRowCoding.columns)) VALUES (\(placeholders))")
          .run(TaskRowCoding.values(after))
      } else {
        try db.statement("DELETE FROM tasks WHERE id = ?").run([.integer(change.taskID)])
      }
      try db.statement("INSERT INTO changes (task_id) VALUES (?)").run([.integer(change.taskID)])
    }
  }

  /// The day Today's arrivals were last put at its end (see `Server.rollOver`).
  public func rolledOverTo() throws(SQLiteError) -> CalendarDate? {
    let statement = try db.statement("SELECT value FROM meta WHERE key = 'rolledOverTo'")
    defer { statement.finish() }
    return try statement.step() ? statement.text(0).flatMap(CalendarDate.init(iso:)) : nil
  }

  /// Writes the new day and the arrivals' new ranks: not an undo step, as no user made it.
  /// Call inside `write`.
  public func recordRollover(to day: CalendarDate, changes: [TaskChange]) throws(SQLiteError) {
    try applyRows(changes)
    try db.statement("INSERT OR REPLACE INTO meta (key, value) VALUES ('rolledOverTo', ?)").run([.text(day.description)])
  }

  /// Commits a user action: its rows, and one undo step that clears the redo side. Call inside
  /// `write`. Returns the step's id.
  @discardableResult
  public func record(_ set: ChangeSet, client: String, at: String) throws(SQLiteError) -> Int64 {
    try applyRows(set.changes)
    try db.statement("DELETE FROM history_ops WHERE step_id IN (SELECT id FROM history_steps WHERE undone = 1)").run()
    try db.statement("DELETE FROM history_steps WHERE undone = 1").run()
    try db.statement("INSERT INTO history_steps (label, client, at) VALUES (?, ?, ?)")
      .run([.text(set.label), .text(client), .text(at)])
    let step = db.lastInsertRowID
    for (position, change) in set.changes.enumerated() {
      try db.statement(
        "INSERT INTO history_ops (step_id, position, task_id, before, after) VALUES (?, ?, ?, ?, ?)"
      ).run([
        .integer(step), .integer(Int64(position)), .integer(change.taskID),
        TaskRowCoding.historyText(change.before), TaskRowCoding.historyText(change.after),
      ])
    }
    let oldest = step - Self.historyLimit
    if oldest > 0 {
      try db.statement("DELETE FROM history_ops WHERE step_id <= ?").run([.integer(oldest)])
      try db.statement("DELETE FROM history_steps WHERE id <= ?").run([.integer(oldest)])
    }
    return step
  }

  /// Applies an undo (the step's inverse) or a redo (the step again) and flips its state.
  /// Call inside `write`.
  public func replay(_ step: HistoryStep, undo: Bool) throws(SQLiteError) {
    try applyRows(undo ? ChangeSet(label: step.label, changes: step.changes).inverse : step.changes)
    try db.statement("UPDATE history_steps SET undone = ? WHERE id = ?")
      .run([.integer(undo ? 1 : 0), .integer(step.id)])
  }

  /// The step an undo would take back: the newest one not undone.
  public func latestUndoable() throws(SQLiteError) -> HistoryStep? {
    try step(where: "undone = 0 ORDER BY id DESC")
  }

  /// The step a redo would re-apply: the oldest undone one.
  public func latestRedoable() throws(SQLiteError) -> HistoryStep? {
    try step(where: "undone = 1 ORDER BY id ASC")
  }

  private func step(where clause: String) throws(SQLiteError) -> HistoryStep? {
    guard var step = try steps(where: "\(clause) LIMIT 1").first else { return nil }
    let ops = try db.statement(
      "SELECT before, after FROM history_ops WHERE step_id = ? ORDER BY position"
    ).bind([.integer(step.id)])
    while try ops.step() {
      step.changes.append(
        TaskChange(
          before: TaskRowCoding.task(fromHistoryText: ops.text(0)),
          after: TaskRowCoding.task(fromHistoryText: ops.text(1))))
    }
    return step
  }

  /// Whether any step is waiting to be undone (`undone` false) or redone (true).
  public func hasStep(undone: Bool) throws(SQLiteError) -> Bool {
    try scalar("SELECT EXISTS (SELECT 1 FROM history_steps WHERE undone = ?)", [.integer(undone ? 1 : 0)]) == 1
  }

  /// Recent steps, newest first, without their changes.
  public func steps(limit: Int) throws(SQLiteError) -> [HistoryStep] {
    try steps(where: "1 ORDER BY id DESC LIMIT \(max(0, limit))")
  }

  private func steps(where clause: String) throws(SQLiteError) -> [HistoryStep] {
    let statement = try db.statement(
      "SELECT id, label, client, at, undone FROM history_steps WHERE \(clause)")
    var steps: [HistoryStep] = []
    while try statement.step() {
      steps.append(
        HistoryStep(
          id: statement.int(0), label: statement.text(1) ?? "", client: statement.text(2) ?? "",
          at: statement.text(3) ?? "", undone: statement.int(4) != 0, changes: []))
    }
    return steps
  }

  /// Copies the WAL's committed pages into the database without waiting for readers or
  /// writers (a passive checkpoint); returns false when there was nothing to do or it failed.
  @discardableResult
  public func checkpoint() -> Bool {
    var logFrames: Int32 = 0
    var copied: Int32 = 0
    let rc = sqlite3_wal_checkpoint_v2(db.handle, nil, SQLITE_CHECKPOINT_PASSIVE, &logFrames, &copied)
    return rc == SQLITE_OK && copied > 0
  }

  /// SQLite's counter of commits made by other connections to this file.
  public func dataVersion() throws(SQLiteError) -> Int64 { try scalar("PRAGMA data_version") }

  /// The newest entry of the change log.
  public func latestChange() throws(SQLiteError) -> Int64 { try scalar("SELECT max(seq) FROM changes") }

  /// The ids of tasks changed after `seq`, and the newest entry read: the caller continues
  /// from that entry, so a commit that lands while it reads is never skipped.
  public func changedTaskIDs(after seq: Int64) throws(SQLiteError) -> (ids: Set<Int64>, latest: Int64) {
    let statement = try db.statement("SELECT seq, task_id FROM changes WHERE seq > ? ORDER BY seq").bind([.integer(seq)])
    var ids = Set<Int64>()
    var latest = seq
    while try statement.step() {
      latest = statement.int(0)
      ids.insert(statement.int(1))
    }
    return (ids, latest)
  }
}

/// `close(2)`, named apart from `TaskStore.close()`.
private func closeDescriptor(_ fd: Int32) {
  close(fd)
}
