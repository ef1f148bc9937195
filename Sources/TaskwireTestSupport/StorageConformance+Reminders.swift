#if canImport(Testing)
  import TaskwireStore
  import Testing

  /// The reminders' table (issue 30): a reminder is fired once however many connections try,
  /// a snooze is fired again only while it still holds, and every state reaches a second
  /// connection.
  extension StorageConformance {
    static let reminderChecks: [(name: String, run: @Sendable (StorageFixture) throws -> Void)] = [
      ("remindersFireOnceAndTheirStatesAreShared", remindersFireOnceAndTheirStatesAreShared)
    ]

    public static func remindersFireOnceAndTheirStatesAreShared(_ fixture: StorageFixture) throws {
      let first = try fixture.open()
      defer { first.close() }
      let second = fixture.sharesStore ? try fixture.open() : first
      defer { if fixture.sharesStore { second.close() } }
      let (task, at, due) = ("6f1c2a9e-3b1d-4c55-9a0e-1d2c3b4a5f60", "2026-03-29T09:00", "2026-03-29T07:00:00Z")
      func claim(_ storage: any Storage, snoozedUntil: String? = nil, at now: String) throws -> Bool {
        try storage.write { txn in
          try txn.claimReminder(task: task, at: at, due: due, firedAt: now, snoozedUntil: snoozedUntil)
        }
      }
      #expect(try first.reminderState(task: task, at: at) == nil)
      #expect(try claim(first, at: "2026-03-29T07:00:01Z"), "the first claim fires it")
      #expect(try !claim(second, at: "2026-03-29T07:00:02Z"), "the second finds it fired")
      let fired = ReminderState(task: task, at: at, phase: .showing, until: due, firedAt: "2026-03-29T07:00:01Z")
      #expect(try second.reminderState(task: task, at: at) == fired)
      #expect(try second.liveReminderStates() == [fired])
      // Snoozed: fired again once, and only while it is snoozed to the same instant.
      try second.write { txn in
        try txn.setReminderState(
          task: task, at: at, phase: .snoozed, until: "2026-03-29T07:10:00Z", at: "2026-03-29T07:01:00Z")
      }
      #expect(try first.reminderState(task: task, at: at)?.phase == .snoozed)
      #expect(try !claim(first, snoozedUntil: "2026-03-29T07:20:00Z", at: "2026-03-29T07:20:00Z"))
      #expect(try claim(first, snoozedUntil: "2026-03-29T07:10:00Z", at: "2026-03-29T07:10:00Z"))
      #expect(try !claim(second, snoozedUntil: "2026-03-29T07:10:00Z", at: "2026-03-29T07:10:01Z"))
      let again = try #require(try second.reminderState(task: task, at: at))
      #expect(
        again.phase == .showing && again.until == "2026-03-29T07:10:00Z" && again.firedAt == "2026-03-29T07:10:00Z")
      // Dismissed: no longer live, and never fired again; another reminder is another row.
      try first.write { txn in
        try txn.setReminderState(task: task, at: at, phase: .dismissed, until: nil, at: "2026-03-29T07:11:00Z")
      }
      #expect(try second.liveReminderStates().isEmpty)
      #expect(try second.reminderState(task: task, at: at)?.phase == .dismissed)
      #expect(try !claim(second, at: "2026-03-29T08:00:00Z"))
      #expect(
        try second.write { txn in
          try txn.claimReminder(task: task, at: "2026-03-29T10:00", due: "x", firedAt: "y", snoozedUntil: nil)
        })
      // A rolled-back claim leaves nothing.
      struct Refused: Error {}
      #expect(throws: Refused.self) {
        try first.write { txn in
          _ = try txn.claimReminder(task: "other", at: at, due: due, firedAt: due, snoozedUntil: nil)
          throw Refused()
        }
      }
      #expect(try second.reminderState(task: "other", at: at) == nil)
    }
  }
#endif
