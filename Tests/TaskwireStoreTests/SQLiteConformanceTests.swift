import CSQLite
import Foundation
import TaskwireCore
import TaskwireStore
import TaskwireTestSupport
import Testing

/// A SQLite file in a temporary folder, opened as often as a test likes.
final class SQLiteFileFixture: StorageFixture {
  let path: String
  init() throws { path = try temporaryFolder().appendingPathComponent("tasks.sqlite").path }
  func open() throws -> any Storage { try SQLiteStorage(location: .file(path)) }
  var sharesStore: Bool { true }
  func setNewerSchema() throws {
    var db: OpaquePointer? = nil
    guard sqlite3_open(path, &db) == SQLITE_OK else { throw CocoaError(.fileReadUnknown) }
    sqlite3_exec(db, "PRAGMA user_version = 99", nil, nil, nil)
    sqlite3_close(db)
  }
  func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// A private in-memory store: every `open` is a new, empty one.
final class SQLiteMemoryFixture: StorageFixture {
  func open() throws -> any Storage { try SQLiteStorage(location: .memory) }
  var sharesStore: Bool { false }
  func setNewerSchema() throws {}
  func remove() {}
}

/// The storage conformance suite on the SQLite backend: a file and memory.
@Suite struct SQLiteConformanceTests {
  static let names = StorageConformance.checks.map(\.name)

  func run(_ name: String, on fixture: StorageFixture) throws {
    defer { fixture.remove() }
    let check = try #require(StorageConformance.checks.first { $0.name == name })
    try check.run(fixture)
  }

  @Test(arguments: names) func file(_ check: String) throws {
    try run(check, on: try SQLiteFileFixture())
  }

  @Test(arguments: names) func memory(_ check: String) throws {
    try run(check, on: SQLiteMemoryFixture())
  }

  /// A store of schema version 1 (before the matrix rank and the meta table) is upgraded in
  /// place, its tasks kept, the matrix order starting as the list order.
  @Test func migratesAVersion1Store() throws {
    let path = try temporaryFolder().appendingPathComponent("v1.sqlite").path
    var db: OpaquePointer? = nil
    #expect(sqlite3_open(path, &db) == SQLITE_OK)
    sqlite3_exec(
      db,
      """
      CREATE TABLE tasks (id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL, notes TEXT, tags TEXT NOT NULL DEFAULT '[]',
        priority INTEGER NOT NULL, urgent INTEGER NOT NULL, duration_minutes INTEGER NOT NULL, type TEXT NOT NULL,
        scheduled_date TEXT, due_date TEXT, recurrence TEXT NOT NULL, completed INTEGER NOT NULL, completed_at TEXT,
        created_at TEXT NOT NULL, updated_at TEXT NOT NULL, rank INTEGER NOT NULL);
      CREATE INDEX tasks_open ON tasks (completed, scheduled_date, rank);
      CREATE TABLE history_steps (id INTEGER PRIMARY KEY AUTOINCREMENT, label TEXT NOT NULL, client TEXT NOT NULL,
        at TEXT NOT NULL, undone INTEGER NOT NULL DEFAULT 0);
      CREATE TABLE history_ops (step_id INTEGER NOT NULL, position INTEGER NOT NULL, task_id INTEGER NOT NULL,
        before TEXT, after TEXT, PRIMARY KEY (step_id, position)) WITHOUT ROWID;
      CREATE TABLE changes (seq INTEGER PRIMARY KEY AUTOINCREMENT, task_id INTEGER NOT NULL);
      INSERT INTO tasks VALUES (1, 'old', NULL, '["a"]', 2, 0, 30, 'errand', NULL, NULL, '{"pattern":"none"}', 0, NULL,
        '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z', 4096);
      PRAGMA user_version = 1;
      """, nil, nil, nil)
    sqlite3_close(db)
    let storage = try SQLiteStorage(location: .file(path))
    defer { storage.close() }
    #expect(try storage.schemaVersion() == 14)
    #expect(try storage.externalIDs(source: "taskwarrior").isEmpty)
    let task = try #require(try storage.task(id: 1))
    #expect(task.title == "old" && task.tags == ["a"] && task.matrixRank == 4096)
    #expect(try storage.rolledOverTo() == nil)
  }

  /// Schema 14 finds a replica's unsent records through an index of them, from a store of
  /// schema 13: a push reads the unsent records, not every record the replica ever kept.
  @Test func schemaFourteenIndexesTheUnsentRecords() throws {
    let path = try temporaryFolder().appendingPathComponent("v13.sqlite").path
    try SQLiteStorage(location: .file(path)).close()
    var db: OpaquePointer? = nil
    #expect(sqlite3_open(path, &db) == SQLITE_OK)
    sqlite3_exec(db, "DROP INDEX sync_records_unsent; PRAGMA user_version = 13;", nil, nil, nil)
    sqlite3_close(db)
    let storage = try SQLiteStorage(location: .file(path))
    #expect(try storage.schemaVersion() == 14)
    storage.close()
    #expect(sqlite3_open(path, &db) == SQLITE_OK)
    defer { sqlite3_close(db) }
    var statement: OpaquePointer? = nil
    sqlite3_prepare_v2(db, "EXPLAIN QUERY PLAN " + SQLiteStorage.unsentRecords, -1, &statement, nil)
    defer { sqlite3_finalize(statement) }
    var plan = ""
    while sqlite3_step(statement) == SQLITE_ROW { plan += String(cString: sqlite3_column_text(statement, 3)) + "\n" }
    #expect(plan.contains("USING INDEX sync_records_unsent") && !plan.contains("TEMP B-TREE"), "\(plan)")
  }

  /// Schema 7 drops history's index on `undone` (the undone steps are the newest: the queries
  /// walk back from the newest step), schema 8 adds the time of day and schema 9 the reminders,
  /// from a store of schema 6.
  @Test func schemaSevenDropsTheIndexOnUndone() throws {
    let path = try temporaryFolder().appendingPathComponent("v6.sqlite").path
    try SQLiteStorage(location: .file(path)).close()
    var db: OpaquePointer? = nil
    #expect(sqlite3_open(path, &db) == SQLITE_OK)
    sqlite3_exec(
      db,
      """
      ALTER TABLE tasks DROP COLUMN scheduled_time;
      ALTER TABLE tasks DROP COLUMN evening;
      ALTER TABLE tasks DROP COLUMN reminders;
      ALTER TABLE tasks DROP COLUMN due_time;
      DROP TABLE reminder_states;
      \(Self.historyOfSchema9)
      CREATE INDEX history_steps_undone ON history_steps (undone, id);
      PRAGMA user_version = 6;
      """, nil, nil, nil)
    sqlite3_close(db)
    let storage = try SQLiteStorage(location: .file(path))
    #expect(try storage.schemaVersion() == 14)
    storage.close()
    #expect(sqlite3_open(path, &db) == SQLITE_OK)
    var statement: OpaquePointer? = nil
    sqlite3_prepare_v2(
      db, "SELECT count(*) FROM sqlite_master WHERE name = 'history_steps_undone'", -1, &statement, nil)
    #expect(sqlite3_step(statement) == SQLITE_ROW && sqlite3_column_int(statement, 0) == 0)
    sqlite3_finalize(statement)
    sqlite3_close(db)
  }

  /// Schema 9's undo history and change log (a table of ops beside the steps, AUTOINCREMENT) and
  /// its links (no version).
  static let historyOfSchema9 = """
    ALTER TABLE external_ids DROP COLUMN version;
    DROP TABLE history_steps;
    DROP TABLE changes;
    CREATE TABLE history_steps (id INTEGER PRIMARY KEY AUTOINCREMENT, label TEXT NOT NULL, client TEXT NOT NULL,
      at TEXT NOT NULL, undone INTEGER NOT NULL DEFAULT 0);
    CREATE TABLE history_ops (step_id INTEGER NOT NULL, position INTEGER NOT NULL, task_id INTEGER NOT NULL,
      before TEXT, after TEXT, PRIMARY KEY (step_id, position)) WITHOUT ROWID;
    CREATE TABLE changes (seq INTEGER PRIMARY KEY AUTOINCREMENT, task_id INTEGER NOT NULL);
    """

  /// Schema 10 moves each step's ops into its row, in their order, and the logs lose
  /// AUTOINCREMENT: a step of two changes written by schema 9 undoes and redoes the same after
  /// the upgrade, ids and the change log go on where they were.
  @Test func schemaTenKeepsEveryStepWhole() throws {
    let path = try temporaryFolder().appendingPathComponent("v9.sqlite").path
    try SQLiteStorage(location: .file(path)).close()
    func row(_ task: TaskRecord?) -> String {
      guard case .text(let text) = TaskRowCoding.historyText(task) else { return "NULL" }
      return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }
    var a = TaskRecord(id: 1, title: "a's", createdAt: "c", updatedAt: "c", rank: 1)
    a.uuid = ItemUUID("6f1c2a9e-3b1d-4c55-9a0e-1d2c3b4a5f60")!
    var b = a
    b.id = 2
    b.title = "b"
    b.uuid = ItemUUID("7f1c2a9e-3b1d-4c55-9a0e-1d2c3b4a5f60")!
    var movedA = a
    movedA.rank = 9
    var movedB = b
    movedB.rank = 3
    var db: OpaquePointer? = nil
    #expect(sqlite3_open(path, &db) == SQLITE_OK)
    let sql = """
      \(Self.historyOfSchema9)
      INSERT INTO tasks (\(TaskRowCoding.columns)) VALUES (1, 'a''s', NULL, '[]', 1, 0, 15, 'maintenance', NULL, NULL,
        '{"pattern":"none"}', 0, NULL, 'c', 'c', 9, 0, '\(a.uuid)', 'task', NULL, 0, '[]', 0, 0, NULL, 0, NULL, NULL);
      INSERT INTO tasks (\(TaskRowCoding.columns)) VALUES (2, 'b', NULL, '[]', 1, 0, 15, 'maintenance', NULL, NULL,
        '{"pattern":"none"}', 0, NULL, 'c', 'c', 3, 0, '\(b.uuid)', 'task', NULL, 0, '[]', 0, 0, NULL, 0, NULL, NULL);
      INSERT INTO history_steps (id, label, client, at) VALUES (4, 'Create', 'me', 'x'), (7, 'Move both', 'me', 'y');
      INSERT INTO history_ops VALUES (7, 1, 2, \(row(b)), \(row(movedB)));
      INSERT INTO history_ops VALUES (7, 0, 1, \(row(a)), \(row(movedA)));
      INSERT INTO history_ops VALUES (4, 0, 1, NULL, \(row(a)));
      INSERT INTO changes (seq, task_id) VALUES (40, 1), (41, 2);
      PRAGMA user_version = 9;
      """
    #expect(sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK)
    sqlite3_close(db)
    let storage = try SQLiteStorage(location: .file(path))
    defer { storage.close() }
    #expect(try storage.schemaVersion() == 14)
    let step = try #require(try storage.latestUndoable())
    #expect(step.id == 7 && step.label == "Move both")
    #expect(step.changes == [TaskChange(before: a, after: movedA), TaskChange(before: b, after: movedB)])
    #expect(try storage.steps(limit: 5).map(\.id) == [7, 4])
    #expect(try storage.changeFeed.latestChange() == ChangeCursor(changes: 41, steps: 7))
    let next = try storage.write { txn in
      try txn.writeRows([TaskChange(before: movedA, after: a)])
      return try txn.appendStep(label: "Back", client: "me", at: "z", changes: [TaskChange(before: movedA, after: a)])
    }
    #expect(next == 8)
    // The step's row names its task: the change log gets no entry of its own.
    #expect(try storage.changeFeed.latestChange() == ChangeCursor(changes: 41, steps: 8))
    #expect(
      try storage.changeFeed.changes(after: ChangeCursor(changes: 41, steps: 7))
        == ChangeLogRead(ids: [1], latest: ChangeCursor(changes: 41, steps: 8)))
    // Schema 11: open tasks by day, without their rank (a drag leaves the index as it was).
    var check: OpaquePointer? = nil
    #expect(sqlite3_open(path, &check) == SQLITE_OK)
    defer { sqlite3_close(check) }
    var statement: OpaquePointer? = nil
    sqlite3_prepare_v2(
      check, "SELECT group_concat(name, ',') FROM pragma_index_info('tasks_open')", -1, &statement, nil)
    defer { sqlite3_finalize(statement) }
    #expect(sqlite3_step(statement) == SQLITE_ROW)
    #expect(sqlite3_column_text(statement, 0).map { String(cString: $0) } == "completed,scheduled_date")
  }

  /// An action's changes are logged by its undo step's row alone; a reader further behind than
  /// the history's trimming is told to reload, one within it reads each step's tasks.
  @Test func stepsLogTheirTasksAndTrimmedStepsSendOldReadersToReload() throws {
    let fixture = try SQLiteFileFixture()
    let storage = try fixture.open()
    defer { storage.close() }
    let start = try storage.changeFeed.latestChange()
    let count = Int(StorageLimits.historyLimit + StorageLimits.historyTrim)
    for n in 0..<count {
      let change = TaskwireCoreTask.make(Int64(n % 7 + 1))
      try storage.write { txn in
        try txn.writeRows([change])
        try txn.appendStep(label: "step \(n)", client: "me", at: "t", changes: [change])
      }
    }
    let latest = try storage.changeFeed.latestChange()
    #expect(latest.changes == start.changes, "no change-log entry for a step's changes")
    #expect(try storage.changeFeed.changes(after: start) == nil)
    let near = ChangeCursor(changes: latest.changes, steps: latest.steps - 3)
    #expect(try storage.changeFeed.changes(after: near) == ChangeLogRead(ids: [5, 6, 7], latest: latest))
  }

  /// A step whose ops cannot be read (another program wrote the file) sends a reader to reload
  /// rather than failing every read of the log, and with it every write.
  @Test func aStepThatCannotBeReadSendsReadersToReload() throws {
    let fixture = try SQLiteFileFixture()
    let storage = try fixture.open()
    defer { storage.close() }
    let start = try storage.changeFeed.latestChange()
    let change = TaskwireCoreTask.make(1)
    try storage.write { txn in
      try txn.writeRows([change])
      try txn.appendStep(label: "made", client: "me", at: "t", changes: [change])
    }
    var db: OpaquePointer? = nil
    #expect(sqlite3_open(fixture.path, &db) == SQLITE_OK)
    #expect(sqlite3_exec(db, "UPDATE history_steps SET ops = 'not json'", nil, nil, nil) == SQLITE_OK)
    sqlite3_close(db)
    #expect(try storage.changeFeed.changes(after: start) == nil)
  }

  /// A server already running when a newer taskwire upgrades the file stops reading the logs
  /// (whose form may have changed) and says why, rather than miss changes.
  @Test func aNewerSchemaWrittenMeanwhileStopsTheReader() throws {
    let fixture = try SQLiteFileFixture()
    let storage = try fixture.open()
    defer { storage.close() }
    let start = try storage.changeFeed.latestChange()
    try fixture.setNewerSchema()
    #expect(throws: SQLiteError.self) { try storage.changeFeed.changes(after: start) }
  }

  /// A creation whose uuid another task has fails, and changes nothing: it never replaces the
  /// other task (as INSERT OR REPLACE would, deleting it).
  @Test func aCreationWithAnotherTasksUUIDFailsWithoutLoss() throws {
    let fixture = try SQLiteFileFixture()
    let storage = try fixture.open()
    defer { storage.close() }
    var first = TaskwireCoreTask.make(1).after!
    first.uuid = ItemUUID(high: 0x4000, low: 0x8000_0000_0000_0001)
    var second = TaskwireCoreTask.make(2).after!
    second.uuid = first.uuid
    try storage.write { txn in try txn.writeRows([TaskChange(before: nil, after: first)]) }
    #expect(throws: (any Error).self) {
      try storage.write { txn in try txn.writeRows([TaskChange(before: nil, after: second)]) }
    }
    #expect(try storage.task(id: 1) == first && storage.task(id: 2) == nil)
  }

  /// The change log is pruned to its kept size, and a reader older than that is told to reload.
  @Test func prunedChangeLogSendsOldReadersToReload() throws {
    let fixture = try SQLiteFileFixture()
    let storage = try fixture.open()
    defer { storage.close() }
    let count = Int(2 * StorageLimits.changeLogKept) + 1
    let task = TaskwireCoreTask.make(1)
    try storage.write { txn in
      try txn.writeRows(Array(repeating: task, count: count))
    }
    storage.idle()
    #expect(try storage.changeFeed.changes(after: .start) == nil, "the log no longer reaches back to the start")
    let latest = try storage.changeFeed.latestChange()
    #expect(
      try storage.changeFeed.changes(after: ChangeCursor(changes: latest.changes - 5, steps: latest.steps))?.ids == [1])
  }
}

enum TaskwireCoreTask {
  static func make(_ id: Int64) -> TaskChange {
    TaskChange(
      before: nil,
      after: TaskRecord(
        id: id, title: "t", createdAt: "2026-02-12T08:00:00Z", updatedAt: "2026-02-12T08:00:00Z", rank: 0))
  }
}
