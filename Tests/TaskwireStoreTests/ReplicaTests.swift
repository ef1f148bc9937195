import Foundation
import TaskwireCore
import TaskwireStore
import TaskwireTestSupport
import Testing

/// A storage that counts what the replica asks of it, around a real SQLite store: its
/// transactions, the rows they write, and the notices it checks.
final class CountingStorage: Storage, ChangeFeed {
  let base: SQLiteStorage
  var notices = 0
  var transactions = 0
  var rowsWritten = 0
  init(_ base: SQLiteStorage) { self.base = base }
  var summary: String { base.summary }
  var isReadOnly: Bool { base.isReadOnly }
  func schemaVersion() throws -> Int64 { try base.schemaVersion() }
  func close() { base.close() }

  /// The base's transaction, counting the rows written through it.
  struct CountingTransaction: StorageTransaction {
    let base: any StorageTransaction
    let owner: CountingStorage
    func nextTaskID() throws -> Int64 { try base.nextTaskID() }
    func writeRows(_ changes: [TaskChange]) throws {
      owner.rowsWritten += changes.count
      try base.writeRows(changes)
    }
    func setLinks(source: String, _ links: [ExternalLink]) throws { try base.setLinks(source: source, links) }
    func removeExternalIDs(source: String, keys: [String]) throws -> Int {
      try base.removeExternalIDs(source: source, keys: keys)
    }
    func appendStep(label: String, client: String, at: String, changes: [TaskChange]) throws -> Int64 {
      try base.appendStep(label: label, client: client, at: at, changes: changes)
    }
    func markStep(_ id: Int64, undone: Bool) throws { try base.markStep(id, undone: undone) }
    func setRolledOverTo(_ day: CalendarDate) throws { try base.setRolledOverTo(day) }
    func claimReminder(task: String, at: String, due: String, firedAt: String, snoozedUntil: String?) throws -> Bool {
      try base.claimReminder(task: task, at: at, due: due, firedAt: firedAt, snoozedUntil: snoozedUntil)
    }
    func setReminderState(
      task: String, at: String, phase: ReminderState.Phase, until: String?, at now: String
    ) throws {
      try base.setReminderState(task: task, at: at, phase: phase, until: until, at: now)
    }
  }
  func liveReminderStates() throws -> [ReminderState] { try base.liveReminderStates() }
  func reminderState(task: String, at: String) throws -> ReminderState? {
    try base.reminderState(task: task, at: at)
  }

  func write<T>(_ body: (any StorageTransaction) throws -> T) throws -> T {
    transactions += 1
    return try base.write { txn in try body(CountingTransaction(base: txn, owner: self)) }
  }
  func forEachOpenTask(_ body: (consuming TaskRecord) -> Void) throws { try base.forEachOpenTask(body) }
  func task(id: Int64) throws -> TaskRecord? { try base.task(id: id) }
  func taskID(uuid: ItemUUID) throws -> Int64? { try base.taskID(uuid: uuid) }
  func completedTasks(limit: Int) throws -> [TaskRecord] { try base.completedTasks(limit: limit) }
  func forEachTask(includingCompleted completed: Bool, _ body: (TaskRecord) throws -> Void) throws {
    try base.forEachTask(includingCompleted: completed, body)
  }
  func links(source: String) throws -> [ExternalLink] { try base.links(source: source) }
  func latestUndoable() throws -> HistoryStep? { try base.latestUndoable() }
  func latestRedoable() throws -> HistoryStep? { try base.latestRedoable() }
  func steps(limit: Int) throws -> [HistoryStep] { try base.steps(limit: limit) }
  func hasStep(undone: Bool) throws -> Bool { try base.hasStep(undone: undone) }
  func rolledOverTo() throws -> CalendarDate? { try base.rolledOverTo() }
  var changeFeed: any ChangeFeed { self }
  func changeNotice() throws -> Int64 {
    notices += 1
    return try base.changeNotice()
  }
  var noticeDescriptor: Int32? { nil }
  func drainNotices() -> Bool { false }
  var isPrivate: Bool { base.isPrivate }
  func latestChange() throws -> ChangeCursor { try base.latestChange() }
  func changes(after cursor: ChangeCursor) throws -> ChangeLogRead? { try base.changes(after: cursor) }
  func idle() { base.idle() }
}

@Suite struct ReplicaTests {
  static let clock = ReplicaClock(fixed: ISO8601DateFormatter().date(from: "2026-02-12T08:00:00Z"))

  func replica(on path: String) throws -> (Replica, CountingStorage) {
    let storage = CountingStorage(try SQLiteStorage(location: .file(path)))
    let replica = Replica(
      storage: storage, dayClock: DayClock(timeZone: TimeZone(identifier: "UTC")!, dayStartHour: 0), clock: Self.clock)
    return (replica, storage)
  }

  func create(_ title: String) -> Replica.Change {
    .action { replica, txn in
      var patch = TaskPatch()
      patch.title = title
      return try replica.planner.create(id: try txn.nextTaskID(), patch: patch, view: .today)
    }
  }

  /// A change is one transaction that catches up with other writers once, inside it.
  @Test func aChangeCatchesUpOnceInsideItsTransaction() throws {
    let (replica, storage) = try replica(on: try temporaryFolder().appendingPathComponent("a.sqlite").path)
    try replica.prepare(forChange: true)
    _ = replica.takeUpdate()
    storage.notices = 0
    storage.transactions = 0
    try replica.prepare(forChange: true)
    try replica.commit(create("one"))
    #expect(storage.notices == 1)
    #expect(storage.transactions == 1)
    #expect(replica.takeUpdate().changes.map { $0.after?.title } == ["one"])
  }

  /// Another replica's commits are read back from the change log and handed on as changes.
  @Test func anotherWritersChangesArriveAsAnUpdate() throws {
    let path = try temporaryFolder().appendingPathComponent("b.sqlite").path
    let (mine, _) = try replica(on: path)
    let (theirs, _) = try replica(on: path)
    try mine.prepare(forChange: false)
    try theirs.prepare(forChange: true)
    try theirs.commit(create("theirs"))
    _ = mine.takeUpdate()
    try mine.prepare(forChange: false)
    let update = mine.takeUpdate()
    #expect(update.changes.map { $0.after?.title } == ["theirs"])
    #expect(mine.index.tasks(in: .today).map(\.title) == ["theirs"])
  }

  /// Undo applies the step's inverse through the same path, and refuses when a task changed.
  @Test func undoIsACommitAndChecksConflicts() throws {
    let path = try temporaryFolder().appendingPathComponent("c.sqlite").path
    let (replica, _) = try replica(on: path)
    try replica.prepare(forChange: true)
    try replica.commit(create("x"))
    let undone = try replica.commit(.undo)
    #expect(undone.step?.label == "Create 'x'")
    #expect(replica.index.tasks.isEmpty)
    #expect(throws: DomainError.nothingToUndo) { try replica.commit(.undo) }
    try replica.commit(.redo)
    #expect(replica.index.tasks.count == 1)
  }

  /// A drag writes a handful of rows whatever the list's length: the moved task, and the few
  /// neighbours a crowded spot respaces.
  @Test(arguments: [10, 2000]) func aMoveWritesAHandfulOfRows(length: Int) throws {
    let (replica, storage) = try replica(on: try temporaryFolder().appendingPathComponent("m\(length).sqlite").path)
    try replica.prepare(forChange: true)
    let tasks = (1...Int64(length)).map {
      TaskChange(
        before: nil,
        after: TaskRecord(
          id: $0, title: "t\($0)", scheduledDate: replica.today, createdAt: "2026-02-12T08:00:00Z",
          updatedAt: "2026-02-12T08:00:00Z", rank: $0 * DropIndex.gap, matrixRank: $0 * DropIndex.gap))
    }
    try replica.commit(.action { _, _ in ChangeSet(label: "seed", changes: tasks) })
    var random = Generator(seed: UInt64(length))
    var most = 0
    for _ in 0..<50 {
      storage.rowsWritten = 0
      let id = Int64(random.next(length) + 1)
      let index = random.next(length)
      try replica.commit(
        .action { replica, _ in try replica.planner.move(try replica.task(id), to: .today, at: index) })
      most = max(most, storage.rowsWritten)
    }
    #expect(most <= 8, "at most \(most) rows for one move in a list of \(length)")
  }
}
