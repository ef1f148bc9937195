#if canImport(Testing)
  import Testing
  import TaskwireCore
  import TaskwireStore

  /// The checks of what import and export need: every task in id order, page after page, and
  /// the keys imported tasks had elsewhere.
  extension StorageConformance {
    static let exchangeChecks: [(name: String, run: @Sendable (StorageFixture) throws -> Void)] = [
      ("everyTaskInIDOrder", everyTaskInIDOrder),
      ("externalIDsAreKeptPerSource", externalIDsAreKeptPerSource),
    ]

    /// 2,500 tasks (more than one page of any backend), a third completed: all of them in id
    /// order, or only the open ones.
    public static func everyTaskInIDOrder(_ fixture: StorageFixture) throws {
      let storage = try fixture.open()
      defer { storage.close() }
      let tasks = (1...2500).map { id -> TaskRecord in
        var record = task(Int64(id), "task \(id)", rank: Int64(2500 - id))
        if id % 3 == 0 {
          record.completed = true
          record.completedAt = "2026-02-12T09:00:00Z"
        }
        return record
      }
      try create(storage, tasks.reversed())
      var all: [TaskRecord] = []
      try storage.forEachTask(includingCompleted: true) { all.append($0) }
      #expect(all == tasks)
      var open: [Int64] = []
      try storage.forEachTask(includingCompleted: false) { open.append($0.id) }
      #expect(open == tasks.filter { !$0.completed }.map(\.id))
    }

    /// Keys are per source, a second write of a key replaces its task, a rolled-back import
    /// leaves no key behind, and a removal forgets only its source's keys.
    public static func externalIDsAreKeptPerSource(_ fixture: StorageFixture) throws {
      let storage = try fixture.open()
      defer { storage.close() }
      #expect(try storage.externalIDs(source: "taskwarrior").isEmpty)
      try storage.write { txn in
        try txn.setExternalIDs(source: "taskwarrior", [(key: "a-uuid", taskID: 1), (key: "b-uuid", taskID: 2)])
        try txn.setExternalIDs(source: "taskwire", [(key: "a-uuid", taskID: 7)])
      }
      try storage.write { txn in try txn.setExternalIDs(source: "taskwarrior", [(key: "b-uuid", taskID: 3)]) }
      struct Refused: Error {}
      #expect(throws: Refused.self) {
        try storage.write { txn in
          try txn.setExternalIDs(source: "taskwarrior", [(key: "c-uuid", taskID: 4)])
          throw Refused()
        }
      }
      #expect(try storage.externalIDs(source: "taskwarrior") == ["a-uuid": 1, "b-uuid": 3])
      #expect(try storage.externalIDs(source: "taskwire") == ["a-uuid": 7])
      // Links carry a version; a second write of a key replaces both; keys come back in order.
      try storage.write { txn in
        try txn.setLinks(
          source: "caldav:x",
          [ExternalLink(key: "b", taskID: 1, version: "\"e1\""), ExternalLink(key: "a", taskID: 2)])
        try txn.setLinks(source: "caldav:x", [ExternalLink(key: "b", taskID: 3, version: "\"e2\"")])
      }
      #expect(
        try storage.links(source: "caldav:x") == [
          ExternalLink(key: "a", taskID: 2), ExternalLink(key: "b", taskID: 3, version: "\"e2\""),
        ])
      #expect(try storage.externalIDs(source: "caldav:x") == ["a": 2, "b": 3])
      // Removal is per source, and says how many keys there were.
      #expect(
        try storage.write { txn in try txn.removeExternalIDs(source: "taskwarrior", keys: ["a-uuid", "zzz"]) } == 1)
      #expect(try storage.externalIDs(source: "taskwarrior") == ["b-uuid": 3])
      #expect(try storage.externalIDs(source: "taskwire") == ["a-uuid": 7])
    }
  }
#endif
