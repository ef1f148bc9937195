// Test support is built only where Swift Testing is (a release build of the package has no
// Testing module, and links none of this).
#if canImport(Testing)
  import Foundation
  import TaskwireCore
  import TaskwireStore
  import Testing

  /// How the conformance suite gets stores of one backend. Each test makes a new fixture: a
  /// fresh, empty store that `open` connects to (again and again, for a second connection).
  public protocol StorageFixture: AnyObject {
    /// A new connection to this fixture's store.
    func open() throws -> any Storage
    /// Whether `open` reaches the same store twice (false for a private in-memory store).
    var sharesStore: Bool { get }
    /// Makes the store look written by a newer taskwire (for the refusal test).
    func setNewerSchema() throws
    /// Removes the store.
    func remove()
  }

  /// One set of checks written against `Storage`, run on every backend (like TaskChampion's
  /// `storage_tests!`): each backend's test target calls each check with its fixture.
  public enum StorageConformance {
    public static let checks: [(name: String, run: @Sendable (StorageFixture) throws -> Void)] =
      [
        ("rowsRoundTrip", rowsRoundTrip),
        ("idsAreNeverReused", idsAreNeverReused),
        ("rolledBackWritesLeaveNothing", rolledBackWritesLeaveNothing),
        ("historySteps", historySteps),
        ("changeLogSeenByASecondConnection", changeLogSeenByASecondConnection),
        ("aNewStepDropsAnotherConnectionsUndo", aNewStepDropsAnotherConnectionsUndo),
        ("rolloverDay", rolloverDay),
        ("newerSchemaIsRefusedAndUntouched", newerSchemaIsRefusedAndUntouched),
      ] + exchangeChecks + loadChecks + replayChecks + reminderChecks

    static func task(_ id: Int64, _ title: String, date: CalendarDate? = nil, rank: Int64 = 0) -> TaskRecord {
      TaskRecord(
        id: id, title: title, scheduledDate: date, createdAt: "2026-02-12T08:00:00Z",
        updatedAt: "2026-02-12T08:00:00Z", rank: rank, matrixRank: rank * 2)
    }

    static func create(_ storage: any Storage, _ tasks: [TaskRecord]) throws {
      try storage.write { txn in try txn.writeRows(tasks.map { TaskChange(before: nil, after: $0) }) }
    }

    /// Every field, NUL and non-ASCII text included, comes back as written; completed tasks are
    /// listed newest first; deletes remove.
    public static func rowsRoundTrip(_ fixture: StorageFixture) throws {
      let storage = try fixture.open()
      defer { storage.close() }
      var full = task(1, "Zahnarzt 🦷 \u{0}nach NUL", date: CalendarDate(iso: "2026-02-13"), rank: 1 << 40)
      full.notes = "line 1\nline 2"
      full.tags = ["work", "straße"]
      full.priority = 3
      full.urgent = true
      full.durationMinutes = 90
      full.type = .deepWork
      full.dueDate = CalendarDate(iso: "2026-02-20")
      full.recurrence = try Recurrence.make(
        pattern: "weekly", weekdays: [1, 4], monthDay: nil, interval: 2, afterCompletion: false)
      // The structure's columns (schema 5): uuid, kind, parent and its rank, the checklist.
      full.uuid = ItemUUID("6f1c2a9e-3b1d-4c55-9a0e-1d2c3b4a5f60")!
      full.parentID = 7
      full.parentRank = -(1 << 41)
      full.checklist = [
        ChecklistItem(
          uuid: ItemUUID("0f8e2a9c-1b2d-4c3e-8f40-5a6b7c8d9e0f")!, title: "Karte \"mit\" \u{0}", done: true),
        ChecklistItem(uuid: ItemUUID("1f8e2a9c-1b2d-4c3e-8f40-5a6b7c8d9e0f")!, title: "zweite"),
      ]
      // Schema 8's time of day on the scheduled date (midnight is a time too).
      full.scheduledTime = WallTime(iso: "00:00")
      full.evening = true
      // Schema 9's reminders: at a wall time, and minutes before the task's time.
      full.reminders = [.at(WallMoment(iso: "2026-03-29T02:30")!), .before(minutes: 90)]
      full.dueTime = WallTime(iso: "17:45")
      var project = task(5, "Garten", rank: 3)
      project.kind = .project
      project.uuid = ItemUUID("2f8e2a9c-1b2d-4c3e-8f40-5a6b7c8d9e0f")!
      // Schema 6's flags: a project on Someday; a task cancelled (completed, given up).
      project.someday = true
      var done1 = task(2, "done first")
      done1.completed = true
      done1.cancelled = true
      done1.completedAt = "2026-02-12T09:00:00Z"
      var done2 = task(3, "done later")
      done2.completed = true
      done2.completedAt = "2026-02-12T10:00:00Z"
      try create(storage, [full, done1, done2, task(4, "plain", rank: -5), project])
      #expect(try storage.task(id: 1) == full)
      #expect(try storage.task(id: 5) == project)
      #expect(try storage.task(id: 99) == nil)
      #expect(try storage.loadOpenTasks().sorted { $0.id < $1.id } == [full, task(4, "plain", rank: -5), project])
      #expect(try storage.completedTasks(limit: 10).map(\.id) == [3, 2])
      #expect(try storage.task(id: 2) == done1)
      #expect(try storage.completedTasks(limit: 1).map(\.id) == [3])
      try storage.write { txn in try txn.writeRows([TaskChange(before: full, after: nil)]) }
      #expect(try storage.task(id: 1) == nil)
    }

    /// The next id follows the highest ever written, even after deletes.
    public static func idsAreNeverReused(_ fixture: StorageFixture) throws {
      let storage = try fixture.open()
      defer { storage.close() }
      #expect(try storage.write { txn in try txn.nextTaskID() } == 1)
      try create(storage, [task(1, "a"), task(2, "b")])
      #expect(try storage.write { txn in try txn.nextTaskID() } == 3)
      try storage.write { txn in try txn.writeRows([TaskChange(before: task(2, "b"), after: nil)]) }
      #expect(try storage.write { txn in try txn.nextTaskID() } == 3)
    }

    /// A transaction that throws writes nothing: no rows, no steps, no log entries.
    public static func rolledBackWritesLeaveNothing(_ fixture: StorageFixture) throws {
      let storage = try fixture.open()
      defer { storage.close() }
      struct Refused: Error {}
      let latest = try storage.changeFeed.latestChange()
      #expect(throws: Refused.self) {
        try storage.write { txn in
          try txn.writeRows([TaskChange(before: nil, after: task(1, "never"))])
          try txn.appendStep(label: "never", client: "t", at: "now", changes: [])
          throw Refused()
        }
      }
      #expect(try storage.task(id: 1) == nil)
      #expect(try storage.steps(limit: 10).isEmpty)
      #expect(try storage.changeFeed.latestChange() == latest)
      #expect(try storage.write { txn in try txn.nextTaskID() } == 1)
    }

    /// Steps stack up newest first; undoing flips them; a new step drops the redo side; each
    /// step brings back its changes, before and after, whole.
    public static func historySteps(_ fixture: StorageFixture) throws {
      let storage = try fixture.open()
      defer { storage.close() }
      let created = TaskChange(before: nil, after: task(1, "a"))
      let renamed = TaskChange(before: task(1, "a"), after: task(1, "b", rank: 7))
      try storage.write { txn in
        try txn.writeRows([created])
        try txn.appendStep(label: "Create 'a'", client: "me 1.0", at: "2026-02-12T08:00:00Z", changes: [created])
      }
      try storage.write { txn in
        try txn.writeRows([renamed])
        try txn.appendStep(label: "Rename", client: "me 1.0", at: "2026-02-12T08:01:00Z", changes: [renamed])
      }
      #expect(try storage.steps(limit: 10).map(\.label) == ["Rename", "Create 'a'"])
      #expect(try storage.steps(limit: 1).map(\.label) == ["Rename"])
      let undoable = try #require(try storage.latestUndoable())
      #expect(undoable.label == "Rename" && undoable.changes == [renamed] && undoable.client == "me 1.0")
      #expect(try storage.hasStep(undone: true) == false)
      try storage.write { txn in try txn.markStep(undoable.id, undone: true) }
      #expect(try storage.latestUndoable()?.label == "Create 'a'")
      #expect(try storage.latestRedoable()?.changes == [renamed])
      #expect(try storage.hasStep(undone: true))
      try storage.write { txn in try txn.appendStep(label: "Other", client: "me", at: "x", changes: [created]) }
      #expect(try storage.latestRedoable() == nil, "a new step drops the redo side")
      #expect(try storage.steps(limit: 10).map(\.label) == ["Other", "Create 'a'"])
      #expect(try storage.steps(limit: 10).map(\.id) == [3, 1], "step ids are never reused")
      try storage.write { txn in try txn.markStep(3, undone: true) }
      #expect(try storage.latestRedoable()?.id == 3, "the dropped redo side is never redone")
      try storage.write { txn in try txn.markStep(3, undone: false) }

      // Two steps undone (the newest first), one redone (the oldest undone first), then
      // everything undone: the undo side and the redo side meet where they should.
      try storage.write { txn in try txn.appendStep(label: "Fourth", client: "me", at: "x", changes: [renamed]) }
      try storage.write { txn in try txn.markStep(4, undone: true) }
      try storage.write { txn in try txn.markStep(3, undone: true) }
      #expect(try storage.latestUndoable()?.id == 1 && storage.latestRedoable()?.id == 3)
      try storage.write { txn in try txn.markStep(3, undone: false) }
      #expect(try storage.latestUndoable()?.id == 3 && storage.latestRedoable()?.id == 4)
      for id: Int64 in [3, 1] { try storage.write { txn in try txn.markStep(id, undone: true) } }
      #expect(try storage.latestUndoable() == nil && storage.latestRedoable()?.id == 1)
      #expect(try storage.hasStep(undone: true) && !storage.hasStep(undone: false))
      try storage.write { txn in try txn.appendStep(label: "Fresh", client: "me", at: "y", changes: [created]) }
      #expect(try storage.steps(limit: 10).map(\.label) == ["Fresh"], "the whole redo side went")
      #expect(try storage.hasStep(undone: false) && !storage.hasStep(undone: true))
    }

    /// Another connection's commits move this one's change notice and show in the change log;
    /// this connection's own commits do not move its notice.
    public static func changeLogSeenByASecondConnection(_ fixture: StorageFixture) throws {
      guard fixture.sharesStore else { return }
      let writer = try fixture.open()
      let reader = try fixture.open()
      defer {
        writer.close()
        reader.close()
      }
      let cursor = try reader.changeFeed.latestChange()
      let notice = try reader.changeFeed.changeNotice()
      let ownNotice = try writer.changeFeed.changeNotice()
      try create(writer, [task(1, "a"), task(2, "b")])
      try writer.write { txn in try txn.writeRows([TaskChange(before: task(1, "a"), after: task(1, "a2"))]) }
      #expect(try writer.changeFeed.changeNotice() == ownNotice, "a connection's own commits are not news to it")
      // A pushed notice (PostgreSQL's NOTIFY) arrives a moment after the commit.
      var moved = false
      for _ in 0..<200 where !moved {
        moved = try reader.changeFeed.changeNotice() != notice
        if !moved { usleep(10_000) }
      }
      #expect(moved, "another connection's commit moves the notice")
      let read = try #require(try reader.changeFeed.changes(after: cursor))
      #expect(read.ids == [1, 2])
      #expect(read.latest == (try writer.changeFeed.latestChange()))
      #expect(try reader.changeFeed.changes(after: read.latest) == ChangeLogRead(ids: [], latest: read.latest))
      #expect(try reader.task(id: 1)?.title == "a2")
    }

    /// A new step drops the redo side that another connection's undo made, and its own undo's:
    /// each write reads the change notice first, as a replica's commit does (a backend may then
    /// know that the newest step is done without a query, while no one else committed).
    public static func aNewStepDropsAnotherConnectionsUndo(_ fixture: StorageFixture) throws {
      guard fixture.sharesStore else { return }
      let mine = try fixture.open()
      let other = try fixture.open()
      defer {
        mine.close()
        other.close()
      }
      let created = TaskChange(before: nil, after: task(1, "a"))
      func step(_ storage: any Storage, _ label: String) throws {
        try storage.write { txn in
          _ = try storage.changeFeed.changeNotice()
          try txn.appendStep(label: label, client: "t", at: "now", changes: [created])
        }
      }
      func undo(_ storage: any Storage) throws {
        let newest = try #require(try storage.latestUndoable())
        try storage.write { txn in
          _ = try storage.changeFeed.changeNotice()
          try txn.markStep(newest.id, undone: true)
        }
      }
      try step(mine, "First")
      try step(mine, "Second")
      try undo(other)
      #expect(try mine.latestRedoable()?.label == "Second")
      try step(mine, "Third")
      #expect(try other.latestRedoable() == nil, "the other connection's undo was dropped by the new step")
      #expect(try mine.steps(limit: 10).map(\.label) == ["Third", "First"])
      try undo(mine)
      try step(mine, "Fourth")
      #expect(try mine.latestRedoable() == nil, "this connection's own undo was dropped by the new step")
      #expect(try mine.steps(limit: 10).map(\.label) == ["Fourth", "First"])
    }

    /// The rollover day is kept for every connection.
    public static func rolloverDay(_ fixture: StorageFixture) throws {
      let storage = try fixture.open()
      defer { storage.close() }
      #expect(try storage.rolledOverTo() == nil)
      try storage.write { txn in try txn.setRolledOverTo(CalendarDate(iso: "2026-02-12")!) }
      try storage.write { txn in try txn.setRolledOverTo(CalendarDate(iso: "2026-02-13")!) }
      #expect(try storage.rolledOverTo() == CalendarDate(iso: "2026-02-13"))
    }

    /// A store written by a newer taskwire is refused, as a storage failure, and not changed.
    public static func newerSchemaIsRefusedAndUntouched(_ fixture: StorageFixture) throws {
      guard fixture.sharesStore else { return }
      let storage = try fixture.open()
      try create(storage, [task(1, "kept")])
      storage.close()
      try fixture.setNewerSchema()
      do {
        let reopened = try fixture.open()
        reopened.close()
        Issue.record("a newer schema was opened")
      } catch let error as any StorageFailure {
        #expect(!error.isBusy)
        #expect(error.description.contains("schema"))
      }
    }
  }
#endif
