import CSQLite
import Foundation
import JSON
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

/// The SQLite store, the default backend: one connection to one file (or to memory), every
/// change in one `BEGIN IMMEDIATE` transaction that writes the task rows, the undo step and the
/// change log together. Other processes on the same file are noticed through `data_version`.
public final class SQLiteStorage: Storage, ChangeFeed {
  public static let busyTimeoutMilliseconds: Int32 = 5000

  let db: SQLiteDatabase
  public let location: StoreLocation
  /// Whether opening created the file: a new, empty store (a typo in a path makes one too, so
  /// the server says so on stderr).
  public private(set) var createdFile = false
  /// Wakes the server when another process writes the store's files.
  var fileWatch: FileWatch? = nil
  /// Written after each commit, for other processes' watches (nil in memory).
  var commitNotice: CommitNotice? = nil
  /// The count `openTaskCount` found last: how `forEachOpenTask` reads the table.
  private var openCountSeen: Int? = nil
  /// The UPDATE of each set of changed columns (a bit per column), made once: a move sets the
  /// rank and the time, a schedule the date too.
  var updateStatements: [Int: String] = [:]
  /// The newest change-log entry the open write transaction wrote (nil outside one, or before
  /// its first): `latestChange` without a query.
  var loggedInTransaction: Int64? = nil
  /// The open write transaction's changed task ids not yet in the change log: written there at
  /// its end unless an undo step of the transaction holds them (`flushChangeLog`).
  var unlogged: [Int64] = []
  /// The task ids the open write transaction's undo steps hold, and its newest step.
  var loggedByStep: Set<Int64> = []
  var stepInTransaction: Int64? = nil
  /// Where the logs ended after this connection's last commit, and `data_version` then: while
  /// it stays (no other connection committed) a commit knows where the logs end without a
  /// query. `data_version` counts only when read inside the open write transaction; the heads
  /// only once their transaction committed.
  var knownHeads: (cursor: ChangeCursor, version: Int64)? = nil
  var versionInTransaction: Int64? = nil
  var headsInTransaction: (cursor: ChangeCursor, version: Int64)? = nil
  /// `data_version` after this connection's last commit when that commit left the newest undo
  /// step done (it appended one, and marked none): while it stays, a new step knows that there
  /// is no redo side to drop without a query (`appendStep`).
  var newestStepDoneAt: Int64? = nil
  /// Whether the open write transaction marked a step undone or done (an undo or a redo).
  var markedStepInTransaction = false
  var isWriting = false
  /// Whether other writers are listened for (see `listenForOtherWriters`).
  public internal(set) var isListening = false

  /// `maxPageCount` limits the file's size (in pages), for tests that need a full disk.
  public init(location: StoreLocation, maxPageCount: Int? = nil, durability: Durability = .processCrash) throws {
    self.location = location
    let path: String
    switch location {
    case .memory: path = ":memory:"
    case .file(let file):
      path = file
      // A SQLite URI (`file:/path?mode=ro`) is opened as SQLite reads it; a path is prepared.
      if !file.hasPrefix("file:") {
        try Self.refuseForeignFiles(of: file)
        createdFile = try Self.prepareFile(at: file)
        Self.claimJournalFiles(of: file)
      }
    }
    db = try SQLiteDatabase(
      path: path,
      flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI)
    sqlite3_busy_timeout(db.handle, Self.busyTimeoutMilliseconds)
    // A page cache of 512 KiB, not SQLite's 2 MiB: every task is held in memory anyway (the
    // index), so the cache only serves a change's few pages and the b-trees' upper levels (a
    // 100k-task store's are about 60 pages); a bigger one only filled with the rows the load
    // read once (1.5 MiB of peak memory, measured in taskwire-bench).
    try db.execute("PRAGMA cache_size = -512")
    try migrate()
    if case .file = location, sqlite3_db_readonly(db.handle, "main") == 0 {
      // Checkpoints run from the server's idle timer (`checkpoint()`), not inside whichever
      // commit crosses SQLite's 1000-page mark, so that no reply waits for one.
      try db.execute(
        "PRAGMA journal_mode = WAL; PRAGMA synchronous = \(durability == .powerLoss ? "FULL" : "NORMAL"); PRAGMA wal_autocheckpoint = 0; PRAGMA journal_size_limit = 4194304;"
      )
      // The -wal and -shm files stay beside the store between runs (the WAL emptied at close):
      // creating and deleting both at every start cost a one-shot client like `tw` about 2 ms
      // in ext4's inode allocation.
      var persist: Int32 = 1
      _ = sqlite3_file_control(db.handle, "main", SQLITE_FCNTL_PERSIST_WAL, &persist)
    }
    if let maxPageCount { try db.execute("PRAGMA max_page_count = \(maxPageCount)") }
    if case .file(let file) = location, !file.hasPrefix("file:"), sqlite3_db_readonly(db.handle, "main") == 0 {
      commitNotice = CommitNotice(store: file)
    }
  }

  /// Creates a new store's folder (0700) and file (0600) whatever the umask; an existing file
  /// is never touched here.
  /// Returns whether the file is new.
  @discardableResult
  static func prepareFile(at path: String) throws(SQLiteError) -> Bool {
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
    guard fd >= 0 else { return false }
    fchmod(fd, 0o600)
    closeDescriptor(fd)
    return true
  }

  public func close() {
    fileWatch?.close()
    fileWatch = nil
    commitNotice?.close()
    db.close()
  }

  public var summary: String {
    switch location {
    case .memory: "SQLite \(Self.sqliteVersion), in memory"
    case .file(let path): "SQLite \(Self.sqliteVersion), \(path)"
    }
  }

  public func schemaVersion() throws -> Int64 { try scalar("PRAGMA user_version") }

  /// Whether the file could only be opened for reading.
  public var isReadOnly: Bool { sqlite3_db_readonly(db.handle, "main") == 1 }

  public static var sqliteVersion: String { SQLiteDatabase.libraryVersion }

  /// `scalar` of constant SQL (its statement found by address, not by hashing the text).
  func scalar(constant sql: StaticString) throws(SQLiteError) -> Int64 {
    let statement = try db.statement(constant: sql)
    defer { statement.finish() }
    return try statement.step() ? statement.int(0) : 0
  }

  func scalar(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> Int64 {
    let statement = try db.statement(sql).bind(values)
    defer { statement.finish() }
    return try statement.step() ? statement.int(0) : 0
  }

  /// Runs `body` in a write transaction. `BEGIN IMMEDIATE` takes the write lock first, so a
  /// read inside can never need an upgrade that fails at once with SQLITE_BUSY.
  @discardableResult
  public func write<T>(_ body: (any StorageTransaction) throws -> T) throws -> T {
    try db.statement(constant: "BEGIN IMMEDIATE").run()
    isWriting = true
    defer {
      isWriting = false
      loggedInTransaction = nil
      stepInTransaction = nil
      versionInTransaction = nil
      headsInTransaction = nil
      markedStepInTransaction = false
      // (Their storage kept for the next write: each write would allocate it again.)
      unlogged.removeAll(keepingCapacity: true)
      loggedByStep.removeAll(keepingCapacity: true)
    }
    do {
      let result = try body(SQLiteTransaction(storage: self))
      try flushChangeLog()
      try db.statement(constant: "COMMIT").run()
      knownHeads = headsInTransaction
      if markedStepInTransaction {
        newestStepDoneAt = nil
      } else if stepInTransaction != nil {
        newestStepDoneAt = versionInTransaction
      }
      commitNotice?.announce()
      return result
    } catch {
      try? db.statement(constant: "ROLLBACK").run()
      knownHeads = nil
      newestStepDoneAt = nil
      throw error
    }
  }

  // MARK: Task rows

  public func loadOpenTasks() throws -> [TaskRecord] {
    var tasks: [TaskRecord] = []
    tasks.reserveCapacity(try openTaskCount())
    try forEachOpenTask { tasks.append($0) }
    return tasks
  }

  /// Through the index of completed tasks when few are open (a store used for years), by
  /// reading the table in order when many are: an index entry per row would cost a search of
  /// the table per row, 10 ms of a 100k load. (The highest id ever given stands in for the
  /// row count, which costs a scan to know.)
  public func forEachOpenTask(_ body: (consuming TaskRecord) -> Void) throws {
    let open = try openCountSeen ?? openTaskCount()
    let scan = Int64(open) * 4 >= (try nextTaskID() - 1)
    let statement = try db.statement(
      "SELECT \(TaskRowCoding.columns) FROM tasks \(scan ? "NOT INDEXED " : "")WHERE completed = 0")
    try SharingRow.forEachTask(of: statement, body)
  }

  /// Through the index of open tasks by day (`tasks_open`): Today's tasks alone. A date that
  /// another program stored as a BLOB compares with no text: BLOBs sort after every text in
  /// the index, so they are read too, and sorted by the index builder like every task.
  public func forEachOpenTask(scheduledOnOrBefore day: CalendarDate, _ body: (consuming TaskRecord) -> Void) throws {
    // (And the tasks a deadline brings into Today: due on `day` or before, with a later date or
    // none; a second query on the due dates' index, as SQLite reads an OR of both by a scan.)
    let statement = try db.statement(
      """
      SELECT \(TaskRowCoding.columns) FROM tasks WHERE completed = 0 AND (scheduled_date <= ?1 OR scheduled_date >= x'')
      UNION ALL SELECT \(TaskRowCoding.columns) FROM tasks WHERE completed = 0 AND due_date <= ?1
        AND (scheduled_date IS NULL OR (scheduled_date > ?1 AND scheduled_date < x''))
      """
    ).bind([.text(day.description)])
    try SharingRow.forEachTask(of: statement, body)
  }

  public func beginReading() throws -> Bool {
    try db.statement("BEGIN").run()
    return true
  }

  /// (A read transaction that will not commit is rolled back: left open, it would keep every
  /// later write out.)
  public func endReading() {
    do {
      try db.statement(constant: "COMMIT").run()
    } catch {
      _ = try? db.statement(constant: "ROLLBACK").run()
    }
  }

  public func openTaskCount() throws -> Int {
    let count = Int(try scalar("SELECT count(*) FROM tasks WHERE completed = 0"))
    openCountSeen = count
    return count
  }

  public func task(id: Int64) throws -> TaskRecord? {
    let statement = try db.statement("SELECT \(TaskRowCoding.columns) FROM tasks WHERE id = ?")
      .bind([.integer(id)])
    defer { statement.finish() }
    return try statement.step() ? TaskRowCoding.task(from: statement) : nil
  }

  public func taskID(uuid: ItemUUID) throws -> Int64? {
    let statement = try db.statement(constant: "SELECT id FROM tasks WHERE uuid = ?").bind([.text(uuid.description)])
    defer { statement.finish() }
    return try statement.step() ? statement.int(0) : nil
  }

  public func completedTasks(limit: Int) throws -> [TaskRecord] {
    let statement = try db.statement(
      "SELECT \(TaskRowCoding.columns) FROM tasks WHERE completed = 1 ORDER BY completed_at DESC, id DESC LIMIT ?"
    ).bind([.integer(Int64(limit))])
    var tasks: [TaskRecord] = []
    while try statement.step() { tasks.append(TaskRowCoding.task(from: statement)) }
    return tasks
  }

  func nextTaskID() throws -> Int64 {
    try scalar("SELECT seq FROM sqlite_sequence WHERE name = 'tasks'") + 1
  }

  // MARK: The day

  public func rolledOverTo() throws -> CalendarDate? {
    let statement = try db.statement("SELECT value FROM meta WHERE key = 'rolledOverTo'")
    defer { statement.finish() }
    return try statement.step() ? statement.text(0).flatMap(CalendarDate.init(iso:)) : nil
  }

  func setRolledOverTo(_ day: CalendarDate) throws {
    try db.statement("INSERT OR REPLACE INTO meta (key, value) VALUES ('rolledOverTo', ?)").run([.text(day.description)]
    )
  }
}

/// `close(2)`, named apart from `SQLiteStorage.close()`.
func closeDescriptor(_ fd: Int32) {
  close(fd)
}
