import CSQLite
import Foundation

/// The change log (`changes`: one row per touched task id, in commit order) and SQLite's
/// `data_version`, which moves when another connection commits to the file.
extension SQLiteStorage {
  public var changeFeed: any ChangeFeed { self }

  public func changeNotice() throws -> Int64 {
    let version = try scalar(constant: "PRAGMA data_version")
    if isWriting { versionInTransaction = version }
    return version
  }

  /// `data_version` moves at every other connection's commit, and under the write lock none
  /// can come in between.
  public var noticeIsExactInTransaction: Bool { true }

  public var noticesMayBeQueued: Bool { false }

  /// SQLite pushes nothing, but every taskwire process writes `STORE.notice` after a commit
  /// (`CommitNotice`): an inotify watch on it wakes the server, which then checks
  /// `changeNotice`. Nil in memory, and where inotify is missing (the server then polls).
  public var noticeDescriptor: Int32? { fileWatch?.descriptor }

  public func drainNotices() -> Bool { fileWatch?.drain() ?? false }

  public func othersMayHaveWritten() -> Bool { commitNotice?.othersMayHaveWritten() ?? true }

  /// The inotify watch is made on demand: closing one costs the kernel an RCU grace period
  /// (10–20 ms here), which a one-shot client like `tw add` would wait for at every exit.
  public func listenForOtherWriters() {
    guard !isListening, case .file(let file) = location, !file.hasPrefix("file:") else { return }
    isListening = true
    fileWatch = FileWatch(file: file + ".notice")
  }

  public var isPrivate: Bool { location == .memory }

  /// (Inside a write transaction that logged changes, the last one it logged: the newest, as
  /// no one else writes meanwhile; a query saved on every commit.)
  public func latestChange() throws -> ChangeCursor {
    try flushChangeLog()  // (inside a write transaction: what it changed is logged first)
    // Under the write lock, with no other commit since this connection's last: the heads it
    // knew, moved by what this transaction logged.
    let known = knownHeads.flatMap { $0.version == versionInTransaction ? $0.cursor : nil }
    let changes = try loggedInTransaction ?? known?.changes ?? scalar(constant: "SELECT max(seq) FROM changes")
    let steps = try stepInTransaction ?? known?.steps ?? scalar(constant: "SELECT max(id) FROM history_steps")
    let cursor = ChangeCursor(changes: changes, steps: steps)
    if let versionInTransaction { headsInTransaction = (cursor, versionInTransaction) }
    return cursor
  }

  /// The tasks of the change log's entries after the cursor's, and of the undo steps after its
  /// step (each step's ops name its tasks).
  public func changes(after cursor: ChangeCursor) throws -> ChangeLogRead? {
    // A newer taskwire that upgraded the file meanwhile may log in ways this one cannot read:
    // it stops here (every read and write says why) rather than miss changes.
    let version = try scalar(constant: "PRAGMA user_version")
    guard version <= Schema.version else {
      throw SQLiteError(
        code: SQLITE_MISMATCH,
        message:
          "a newer taskwire upgraded the store to schema version \(version) (this one knows \(Schema.version)): restart the server"
      )
    }
    // A step whose ops cannot be read names no tasks: the reader reloads (and json_each, which
    // fails the whole query on one, is not asked).
    if try scalar("SELECT count(*) FROM history_steps WHERE id > ? AND NOT json_valid(ops)", [.integer(cursor.steps)])
      > 0
    {
      return nil
    }
    var read = ChangeLogRead(ids: [], latest: cursor)
    let logged = try db.statement("SELECT seq, task_id FROM changes WHERE seq > ? ORDER BY seq")
      .bind([.integer(cursor.changes)])
    while try logged.step() {
      read.latest.changes = logged.int(0)
      read.ids.insert(logged.int(1))
    }
    let stepped = try db.statement(
      "SELECT h.id, json_extract(op.value, '$[0]') FROM history_steps AS h, json_each(h.ops) AS op WHERE h.id > ? ORDER BY h.id"
    ).bind([.integer(cursor.steps)])
    while try stepped.step() {
      read.latest.steps = stepped.int(0)
      read.ids.insert(stepped.int(1))
    }
    // Both reached back to the cursor when nothing after it was pruned (or trimmed, for steps).
    // Asked after the reads: another process may prune between them (outside a transaction
    // each statement reads on its own), and pruning only ever takes the oldest entries.
    if try scalar("SELECT min(seq) FROM changes") > cursor.changes + 1 { return nil }
    if try scalar("SELECT min(id) FROM history_steps") > cursor.steps + 1 { return nil }
    return read
  }

  /// Copies the WAL's committed pages into the database without waiting for readers or
  /// writers (a passive checkpoint), and prunes the change log once it is twice the kept size.
  public func idle() {
    guard case .file = location, !isReadOnly else { return }
    var logFrames: Int32 = 0
    var copied: Int32 = 0
    _ = sqlite3_wal_checkpoint_v2(db.handle, nil, SQLITE_CHECKPOINT_PASSIVE, &logFrames, &copied)
    pruneChangeLog()
  }

  /// Deletes all but the newest `StorageLimits.changeLogKept` entries, when there are twice as
  /// many. The newest entries are kept, so numbering goes on past the deleted ones.
  func pruneChangeLog() {
    guard let oldest = try? scalar("SELECT min(seq) FROM changes"),
      let latest = try? latestChange().changes, latest - oldest >= 2 * StorageLimits.changeLogKept
    else { return }
    try? db.statement("DELETE FROM changes WHERE seq <= ?").run([.integer(latest - StorageLimits.changeLogKept)])
  }
}
