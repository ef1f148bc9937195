import CSQLite
import Foundation

/// The physical floor of a change (what a change is judged against, measured in the same run):
/// the pipe's round trip (the echo child's) plus one SQLite commit in the store's own mode
/// (WAL, `synchronous=NORMAL`) of a one-row UPDATE on a file in the same folder, raw through
/// the C library: what no server that answers after committing can go under.
enum CommitFloor {
  static func measure(in folder: URL, iterations: Int) throws -> Stats {
    let path = folder.appendingPathComponent("floor.sqlite").path
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
    // (SQLite set up as the server sets it up: without its memory statistics.)
    _ = taskwire_sqlite3_skip_memory_statistics()
    var db: OpaquePointer?
    guard sqlite3_open(path, &db) == SQLITE_OK, let db else { throw BenchError("cannot open \(path)") }
    defer { sqlite3_close(db) }
    func run(_ sql: String) throws {
      guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
        throw BenchError("\(sql): \(String(cString: sqlite3_errmsg(db)))")
      }
    }
    try run("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA wal_autocheckpoint = 0;")
    try run("CREATE TABLE t (id INTEGER PRIMARY KEY, title TEXT NOT NULL); INSERT INTO t VALUES (1, 'task');")
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(db, "UPDATE t SET title = ? WHERE id = 1", -1, &statement, nil) == SQLITE_OK else {
      throw BenchError("prepare: \(String(cString: sqlite3_errmsg(db)))")
    }
    defer { sqlite3_finalize(statement) }
    var samples: [UInt64] = []
    for n in 0..<iterations {
      let start = BenchPipe.now()
      try run("BEGIN IMMEDIATE")
      sqlite3_bind_int64(statement, 1, Int64(n))
      guard sqlite3_step(statement) == SQLITE_DONE else { throw BenchError("update failed") }
      sqlite3_reset(statement)
      try run("COMMIT")
      samples.append(BenchPipe.now() - start)
    }
    return Stats(nanoseconds: samples)
  }
}
