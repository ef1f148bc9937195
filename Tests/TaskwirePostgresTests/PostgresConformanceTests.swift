import Foundation
import TaskwireCore
import TaskwirePostgres
import TaskwireStore
import TaskwireTestSupport
import Testing

/// A fresh schema in the test cluster (`TASKWIRE_TEST_POSTGRES`, started by Tests/all.sh
/// through Tests/support/postgres.sh), dropped afterwards.
final class PostgresFixture: StorageFixture {
  static let base = ProcessInfo.processInfo.environment["TASKWIRE_TEST_POSTGRES"]
  let schema = "test_\(UUID().uuidString.prefix(8).lowercased())"
  /// The application name marks this fixture's connections, so a test can end exactly them.
  var conninfo: String { PostgresConninfo.with(schema: schema, Self.base!) + "&application_name=\(schema)" }

  func open() throws -> any Storage { try PostgresStorage(conninfo: conninfo) }
  var sharesStore: Bool { true }
  func setNewerSchema() throws {
    try PostgresStorage.administer(Self.base!) {
      "UPDATE \"\(schema)\".meta SET value = '99' WHERE key = 'schema_version'"
    }
  }
  func remove() {
    try? PostgresStorage.administer(Self.base!) { "DROP SCHEMA IF EXISTS \"\(schema)\" CASCADE" }
  }
}

/// The storage conformance suite on PostgreSQL.
@Suite(.enabled(if: PostgresFixture.base != nil, "TASKWIRE_TEST_POSTGRES is not set: Tests/all.sh starts a cluster"))
struct PostgresConformanceTests {
  @Test(arguments: StorageConformance.checks.map(\.name)) func postgres(_ name: String) throws {
    let fixture = PostgresFixture()
    defer { fixture.remove() }
    let check = try #require(StorageConformance.checks.first { $0.name == name })
    try check.run(fixture)
  }

  /// A store made by the first schema (before imports kept their keys, before items had uuids)
  /// is upgraded on opening: its tasks untouched but for a uuid each, which the undo history's
  /// rows of the task (recorded with 17 columns) get too.
  @Test func migratesASchemaVersion1Store() throws {
    let fixture = PostgresFixture()
    defer { fixture.remove() }
    let first = try fixture.open()
    try first.write { txn in try txn.writeRows([TaskwireCoreTaskFactory.change(1)]) }
    first.close()
    let schema = "\"\(fixture.schema)\""
    // As the store writes text: backslashes doubled (PostgresText).
    let oldRow = #"[1,"t",null,"[]",1,0,15,"maintenance",null,null,"{\"pattern\":\"none\"}",0,null,"c","u",0,0]"#
      .replacingOccurrences(of: "\\", with: "\\\\")
    try PostgresStorage.administer(PostgresFixture.base!) {
      """
      DROP TABLE \(schema).external_ids; DROP TABLE \(schema).reminder_states; DROP INDEX \(schema).tasks_uuid;
      ALTER TABLE \(schema).tasks DROP COLUMN uuid, DROP COLUMN kind, DROP COLUMN parent_id, DROP COLUMN parent_rank,
        DROP COLUMN checklist, DROP COLUMN someday, DROP COLUMN cancelled, DROP COLUMN scheduled_time, DROP COLUMN evening,
        DROP COLUMN reminders, DROP COLUMN due_time;
      INSERT INTO \(schema).history_steps (id, label, client, at) VALUES (1, 'Create t', 'old', 'c');
      INSERT INTO \(schema).history_ops (step_id, position, task_id, before, after) VALUES (1, 0, 1, NULL, '\(oldRow)');
      UPDATE \(schema).meta SET value = '1' WHERE key = 'schema_version';
      UPDATE \(schema).meta SET value = '1' WHERE key = 'last_step_id'
      """
    }
    let storage = try fixture.open()
    defer { storage.close() }
    #expect(try storage.schemaVersion() == 7)
    let task = try #require(try storage.task(id: 1))
    #expect(task.uuid != .none)
    let step = try #require(try storage.latestUndoable())
    #expect(step.label == "Create t")
    let after = try #require(step.changes.first?.after)
    #expect(after.uuid == task.uuid)
    try storage.write { txn in try txn.setExternalIDs(source: "taskwarrior", [(key: "u", taskID: 1)]) }
    #expect(try storage.externalIDs(source: "taskwarrior") == ["u": 1])
  }

  /// Another connection's commit makes the socket readable and moves the notice; our own does
  /// not move ours.
  @Test func notifyWakesTheOtherConnection() throws {
    let fixture = PostgresFixture()
    defer { fixture.remove() }
    let mine = try fixture.open()
    let theirs = try fixture.open()
    defer {
      mine.close()
      theirs.close()
    }
    let before = try mine.changeFeed.changeNotice()
    try theirs.write { txn in try txn.writeRows([TaskwireCoreTaskFactory.change(1)]) }
    var descriptor = pollfd(fd: try #require(mine.changeFeed.noticeDescriptor), events: Int16(POLLIN), revents: 0)
    #expect(poll(&descriptor, 1, 2000) == 1, "the socket became readable")
    #expect(mine.changeFeed.drainNotices())
    #expect(try mine.changeFeed.changeNotice() != before)
    let own = try theirs.changeFeed.changeNotice()
    try theirs.write { txn in try txn.writeRows([TaskwireCoreTaskFactory.change(2)]) }
    #expect(try theirs.changeFeed.changeNotice() == own)
  }

  /// A dropped connection is a clear failure, and the next call after the backoff reconnects.
  @Test func aDroppedConnectionFailsThenRecovers() throws {
    let fixture = PostgresFixture()
    defer { fixture.remove() }
    let storage = try fixture.open()
    defer { storage.close() }
    try PostgresStorage.administer(PostgresFixture.base!) {
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = '\(fixture.schema)'"
    }
    var recovered = false
    for _ in 0..<40 where !recovered {
      do {
        _ = try storage.loadOpenTasks()
        recovered = true
      } catch let failure as any StorageFailure {
        #expect(failure.detail.contains("unreachable") || failure.detail.contains("terminat"))
        usleep(100_000)
      }
    }
    #expect(recovered)
  }
}

enum TaskwireCoreTaskFactory {
  static func change(_ id: Int64) -> TaskChange {
    TaskChange(
      before: nil,
      after: TaskRecord(
        id: id, title: "t\(id)", createdAt: "2026-02-12T08:00:00Z", updatedAt: "2026-02-12T08:00:00Z", rank: id))
  }
}
