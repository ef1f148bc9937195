#if canImport(Testing)
  import Foundation
  import Testing
  import TaskwireCore
  import TaskwireStore

  /// The check of undo and redo after a new day (issue 26): after every replayed step, the
  /// replica's memory equals the store, whatever columns the backend writes.
  extension StorageConformance {
    static let replayChecks: [(name: String, run: @Sendable (StorageFixture) throws -> Void)] = [
      ("replayedStepsLeaveMemoryAsStored", replayedStepsLeaveMemoryAsStored)
    ]

    /// Every open task in memory is the row the store holds, and nothing more.
    static func expectMemoryAsStored(_ replica: Replica, _ moment: String) throws {
      let stored = try replica.storage.loadOpenTasks()
      #expect(stored.count == replica.index.tasks.count, "\(moment)")
      for task in stored { #expect(replica.index.tasks[task.id] == task, "\(moment): task \(task.id)") }
    }

    public static func replayedStepsLeaveMemoryAsStored(_ fixture: StorageFixture) throws {
      let storage = try fixture.open()
      defer { storage.close() }
      let berlin = TimeZone(identifier: "Europe/Berlin")!
      let replica = Replica(
        storage: storage, dayClock: DayClock(timeZone: berlin),
        clock: ReplicaClock(fixed: Date(timeIntervalSince1970: 1_770_883_200)))  // 2026-02-12T08:00Z
      try replica.prepare(forChange: true)
      let day = replica.today
      let tasks =
        (1...4).map { id in task(Int64(id), "today \(id)", date: day, rank: Int64(id) << 20) }
        + [task(5, "arrives", date: day.adding(days: 1), rank: 1 << 10)]
      try replica.commit(
        .action { _, _ in ChangeSet(label: "Create", changes: tasks.map { TaskChange(before: nil, after: $0) }) })
      // Yesterday's step changes only the matrix place; the step after, the list place too.
      var matrixMoved = tasks[4]
      matrixMoved.matrixRank = -7
      try replica.commit(
        .action { _, _ in ChangeSet(label: "Matrix", changes: [TaskChange(before: tasks[4], after: matrixMoved)]) })
      var listMoved = tasks[0]
      listMoved.rank = 9 << 20
      try replica.commit(
        .action { _, _ in ChangeSet(label: "Move", changes: [TaskChange(before: tasks[0], after: listMoved)]) })
      replica.clock.set(Date(timeIntervalSince1970: 1_770_883_200 + 86_400))
      try replica.prepare(forChange: true)
      try expectMemoryAsStored(replica, "after the rollover")
      let arrivedRank = try #require(replica.index.tasks[5]?.rank)
      #expect(arrivedRank > 9 << 20, "the arrival went to Today's end")
      for (kind, step) in [
        (Replica.Change.undo, "undo Move"), (.undo, "undo Matrix"), (.redo, "redo Matrix"), (.redo, "redo Move"),
      ] {
        try replica.commit(kind)
        try expectMemoryAsStored(replica, step)
      }
      #expect(replica.index.tasks[5]?.rank == arrivedRank, "a place no step changed stays as the new day made it")
      #expect(replica.index.tasks[5]?.matrixRank == -7)
      #expect(replica.index.tasks[1]?.rank == 9 << 20)
    }
  }
#endif
