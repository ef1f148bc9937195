import CSQLite
import Foundation

/// The change log (`changes`: one row per touched task id, in commit order) and SQLite's
/// `data_version`, which moves when another connection commits to the file.
extension SQLiteStorage {
  public var changeFeed: any ChangeFeed { self }

  public func changeNotice() throws -> Int64 { try scalar(constant: "PRAGMA data_version") }

  /// `data_version` moves at every other connection's commit, and under the write lock none
  /// can come in between.
  public var noticeIsExactInTransaction: Bool { true }

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
  public func latestChange() throws -> Int64 {
    if let loggedInTransaction { return loggedInTransaction }
    return try scalar(constant: "SELECT max(seq) FROM changes")
  }

  public func changes(after seq: Int64) throws -> ChangeLogRead? {
    // The log reaches back to `seq` when nothing after it was pruned.
    let oldest = try scalar("SELECT min(seq) FROM changes")
    if oldest > seq + 1 { return nil }
    let statement = try db.statement("SELECT seq, task_id FROM changes WHERE seq > ? ORDER BY seq").bind([.integer(seq)]
    )
    var read = ChangeLogRead(ids: [], latest: seq)
    while try statement.step() {
      read.latest = statement.int(0)
      read.ids.insert(statement.int(1))
    }
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
      let latest = try? latestChange(), latest - oldest >= 2 * StorageLimits.changeLogKept
    else { return }
    try? db.statement("DELETE FROM changes WHERE seq <= ?").run([.integer(latest - StorageLimits.changeLogKept)])
  }
}
