import Foundation
import TaskwireCore
import TaskwireStore

/// Builds a store of `count` tasks through the store module (the schema lives there only), in
/// one transaction: 10% in Inbox, 10% in Today, 80% over 60 Upcoming days; the dated ones in
/// projects (`projectCount`: 1,000 at 100k), the projects in 10 areas.
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
  /// How many projects a store of `count` tasks has: one per 100 tasks, at least 10.
  static func projectCount(_ count: Int) -> Int { max(10, count / 100) }

  /// The id of the `n`th project (0-based): after the tasks'.
  static func projectID(_ n: Int, count: Int) -> Int { count + 1 + n }

  /// The benchmark's tasks, projects and areas, as creations.
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
        matrixRank: Int64(n) << 20,
        parentID: date == nil ? nil : Int64(projectID(n % projectCount(count), count: count)),
        parentRank: Int64(n) << 20)
      changes.append(TaskChange(before: nil, after: task))
    }
    let projects = projectCount(count)
    let areas = (0..<10).map { Int64(projectID(projects + $0, count: count)) }
    for (n, area) in areas.enumerated() {
      let item = TaskRecord(
        id: area, title: "Area \(n)", createdAt: stamp, updatedAt: stamp, rank: 0, kind: .area,
        parentRank: Int64(n) << 20)
      changes.append(TaskChange(before: nil, after: item))
    }
    for n in 0..<projects {
      let item = TaskRecord(
        id: Int64(projectID(n, count: count)), title: "Project \(n)", createdAt: stamp, updatedAt: stamp, rank: 0,
        kind: .project, parentID: areas[n % areas.count], parentRank: Int64(n) << 20)
      changes.append(TaskChange(before: nil, after: item))
    }
    return changes
  }
}

struct BenchError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
