#if canImport(Testing)
  import Testing
  import TaskwireCore
  import TaskwireStore

  /// The check of the index load: a backend may share what repeats from row to row (tags,
  /// times), but every task reads back as written, however its neighbours look.
  extension StorageConformance {
    static let loadChecks: [(name: String, run: @Sendable (StorageFixture) throws -> Void)] = [
      ("openTasksReadBackWhateverRepeats", openTasksReadBackWhateverRepeats)
    ]

    public static func openTasksReadBackWhateverRepeats(_ fixture: StorageFixture) throws {
      let storage = try fixture.open()
      defer { storage.close() }
      let tagSets = [["a"], ["a"], ["b"], [], ["a"], ["a", "b"], [], ["a", "b"], ["b", "a"]]
      let times = ["2026-02-12T08:00:00Z", "2026-02-12T08:00:00Z", "2026-02-12T08:00:01Z", "2026-02-12T08:00:00Z"]
      let day = CalendarDate(iso: "2026-02-12")!
      let tasks = (1...90).map { id -> TaskRecord in
        var record = task(
          Int64(id), "task \(id)", date: id % 4 == 0 ? nil : day.adding(days: id % 3 - 1), rank: Int64(id))
        record.tags = tagSets[id % tagSets.count]
        // Deadlines before, on and after the day: one that has come brings a later or undated
        // task into Today's quick list.
        if id % 5 == 0 { record.dueDate = day.adding(days: id % 3 - 1) }
        record.createdAt = times[id % times.count]
        record.updatedAt = times[(id / 2) % times.count]
        return record
      }
      try create(storage, tasks)
      var loaded: [TaskRecord] = []
      try storage.forEachOpenTask { loaded.append($0) }
      #expect(loaded.sorted { $0.id < $1.id } == tasks)
      var today: [TaskRecord] = []
      try storage.forEachOpenTask(scheduledOnOrBefore: day) { today.append($0) }
      #expect(
        today.sorted { $0.id < $1.id }
          == tasks.filter { ($0.scheduledDate.map { $0 <= day } ?? false) || ($0.dueDate.map { $0 <= day } ?? false) }
      )
    }
  }
#endif
