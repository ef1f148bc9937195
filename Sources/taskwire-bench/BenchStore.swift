import CSQLite
import Foundation

/// Builds a store of `count` tasks straight through SQLite, in one transaction, by starting
/// taskwire once to create the schema: 10% in Inbox, 10% in Today, 80% over 60 Upcoming days.
enum BenchStore {
  static func build(at path: String, count: Int, server: URL, today: String) throws {
    let pipe = try BenchPipe(server: server, arguments: ["--db", path, "--time-zone", "UTC"], pinned: false)
    _ = try pipe.request(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}"#)
    pipe.close()
    var db: OpaquePointer? = nil
    guard sqlite3_open(path, &db) == SQLITE_OK else { throw BenchError("cannot open \(path)") }
    defer { sqlite3_close(db) }
    sqlite3_exec(db, "BEGIN", nil, nil, nil)
    var statement: OpaquePointer? = nil
    sqlite3_prepare_v2(
      db,
      "INSERT INTO tasks (title, notes, tags, priority, urgent, duration_minutes, type, scheduled_date, due_date, recurrence, completed, completed_at, created_at, updated_at, rank, matrix_rank) VALUES (?, NULL, '[\"bench\"]', ?, ?, 15, 'maintenance', ?, NULL, '{\"pattern\":\"none\"}', 0, NULL, '2026-02-12T08:00:00Z', '2026-02-12T08:00:00Z', ?, ?)",
      -1, &statement, nil)
    let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    let base = dayNumber(today)
    for n in 0..<count {
      sqlite3_reset(statement)
      sqlite3_bind_text(statement, 1, "Benchmark task number \(n)", -1, transient)
      sqlite3_bind_int64(statement, 2, Int64(n % 3 + 1))
      sqlite3_bind_int64(statement, 3, Int64(n % 2))
      switch n % 10 {
      case 0: sqlite3_bind_null(statement, 4)
      case 1: sqlite3_bind_text(statement, 4, today, -1, transient)
      default: sqlite3_bind_text(statement, 4, date(base + 1 + n % 60), -1, transient)
      }
      sqlite3_bind_int64(statement, 5, Int64(n) << 20)
      sqlite3_bind_int64(statement, 6, Int64(n) << 20)
      guard sqlite3_step(statement) == SQLITE_DONE else { throw BenchError("insert failed") }
    }
    sqlite3_finalize(statement)
    sqlite3_exec(db, "COMMIT", nil, nil, nil)
  }

  static func dayNumber(_ iso: String) -> Int {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    return Int(formatter.date(from: iso)!.timeIntervalSince1970 / 86400)
  }

  static func date(_ dayNumber: Int) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    return formatter.string(from: Date(timeIntervalSince1970: Double(dayNumber) * 86400))
  }
}

struct BenchError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
