import CSQLite
import Foundation
import TaskwireCore

#if canImport(Glibc)
  import Glibc
#endif

/// What import and export need of the SQLite store: every task in batches, the keys imported
/// tasks had elsewhere, and an online backup.
extension SQLiteStorage {
  public func forEachTask(includingCompleted completed: Bool, _ body: (TaskRecord) throws -> Void) throws {
    // One statement stepped to the end reads one snapshot (a read transaction of its own)
    // while holding one row at a time.
    let filter = completed ? "" : "WHERE completed = 0 "
    let statement = try db.statement("SELECT \(TaskRowCoding.columns) FROM tasks \(filter)ORDER BY id")
    defer { statement.finish() }
    while try statement.step() { try body(TaskRowCoding.task(from: statement)) }
  }

  public func links(source: String) throws -> [ExternalLink] {
    let statement = try db.statement("SELECT key, task_id, version FROM external_ids WHERE source = ? ORDER BY key")
      .bind([.text(source)])
    defer { statement.finish() }
    var links: [ExternalLink] = []
    while try statement.step() {
      links.append(ExternalLink(key: statement.text(0) ?? "", taskID: statement.int(1), version: statement.text(2)))
    }
    return links
  }

  func setLinks(source: String, _ links: [ExternalLink]) throws {
    for link in links {
      try db.statement("INSERT OR REPLACE INTO external_ids (source, key, task_id, version) VALUES (?, ?, ?, ?)")
        .run([.text(source), .text(link.key), .integer(link.taskID), link.version.map(RowValue.text) ?? .null])
    }
  }

  func removeExternalIDs(source: String, keys: [String]) throws -> Int {
    var removed = 0
    for key in keys {
      try db.statement("DELETE FROM external_ids WHERE source = ? AND key = ?").run([.text(source), .text(key)])
      removed += Int(db.changedRows)
    }
    return removed
  }

  /// Copies the store into a new file at `path` with SQLite's online backup, in one step: one
  /// read transaction, so the copy is one consistent snapshot; in WAL mode the other processes
  /// go on writing meanwhile (a copy in several steps would restart after each of their commits).
  /// The copy is made in a private folder beside `path` (SQLite's journal beside it is then ours
  /// too), mode 0600, and linked to `path` only when whole: never written through a link planted
  /// under the name, and never over a file that exists.
  public func backup(to path: String) throws {
    let folder = try SafeFile.createPrivateFolder(beside: path)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let copy = folder + "/backup.sqlite"
    let fd = open(copy, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw SafeFile.Failure("cannot write \(path): \(String(cString: strerror(errno)))") }
    fchmod(fd, 0o600)
    closeDescriptor(fd)
    try copyInto(copy)
    guard link(copy, path) == 0 else {
      throw SafeFile.Failure(
        errno == EEXIST
          ? "\(path) exists; a backup is written to a new file only"
          : "cannot write \(path): \(String(cString: strerror(errno)))")
    }
  }

  private func copyInto(_ path: String) throws(SQLiteError) {
    let target = try SQLiteDatabase(path: path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX)
    defer { target.close() }
    guard let backup = sqlite3_backup_init(target.handle, "main", db.handle, "main") else {
      throw target.error(sqlite3_errcode(target.handle))
    }
    var code = sqlite3_backup_step(backup, -1)
    var waited: Int32 = 0
    while (code == SQLITE_BUSY || code == SQLITE_LOCKED) && waited < Self.busyTimeoutMilliseconds {
      sqlite3_sleep(10)
      waited += 10
      code = sqlite3_backup_step(backup, -1)
    }
    let finished = sqlite3_backup_finish(backup)
    guard code == SQLITE_DONE, finished == SQLITE_OK else { throw target.error(code == SQLITE_DONE ? finished : code) }
    // The copy is a file of its own: leave it in rollback-journal mode, complete in one file.
    try target.execute("PRAGMA journal_mode = DELETE")
  }
}
