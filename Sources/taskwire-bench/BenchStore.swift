import Foundation
import TaskwireCore
import TaskwireStore

/// Builds a store of `count` tasks through the store module (the schema lives there only), in
/// one transaction: 10% in Inbox, 10% in Today, 80% over 60 Upcoming days.
enum BenchStore {
  static func build(at path: String, count: Int, server: URL, today: String) throws {
    // A fresh file each time (a later round must not find the last round's store and WAL).
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    let storage = try SQLiteStorage(location: .file(path))
    defer { storage.close() }
    let changes = tasks(count: count, today: today)
    try storage.write { txn in try txn.writeRows(changes) }
    // Leaves the change log as a store in use has it: pruned, not 100k entries long.
    storage.idle()
  }
}

extension BenchStore {
  /// The benchmark's tasks, as creations.
  static func tasks(count: Int, today: String) -> [TaskChange] {
    let day = CalendarDate(iso: today)!
    let stamp = "2026-02-12T08:00:00Z"
    var changes: [TaskChange] = []
    changes.reserveCapacity(count)
    for n in 0..<count {
      let date: CalendarDate? =
        switch n % 10 {
        case 0: nil
        case 1: day
        default: day.adding(days: 1 + n % 60)
        }
      let task = TaskRecord(
        id: Int64(n + 1), title: "Benchmark task number \(n)", tags: ["bench"], priority: n % 3 + 1,
        urgent: n % 2 == 1, scheduledDate: date, createdAt: stamp, updatedAt: stamp, rank: Int64(n) << 20,
        matrixRank: Int64(n) << 20)
      changes.append(TaskChange(before: nil, after: task))
    }
    return changes
  }
}

struct BenchError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
