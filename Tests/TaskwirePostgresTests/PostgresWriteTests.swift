import Foundation
import TaskwireCore
import TaskwirePostgres
import TaskwireStore
import TaskwireTestSupport
import Testing

/// A write's transaction on PostgreSQL: what it reads after waiting for the lock, and a
/// connection lost inside it.
@Suite(.enabled(if: PostgresFixture.base != nil, "TASKWIRE_TEST_POSTGRES is not set: Tests/all.sh starts a cluster"))
struct PostgresWriteTests {
  /// A role whose transactions default to repeatable read: a write that waited for the lock
  /// still reads what the writer before it committed (a commit reads the change log only when
  /// the head it reads under the lock moved, so that head must be the latest).
  @Test func aWriteThatWaitedForTheLockSeesTheCommitBeforeIt() throws {
    let fixture = PostgresFixture()
    defer { fixture.remove() }
    let conninfo =
      PostgresFixture.base! + "&application_name=\(fixture.schema)&options=-csearch_path%3D\(fixture.schema)"
      + "%20-cdefault_transaction_isolation%3Drepeatable%5C%20read"
    let second = try PostgresStorage(conninfo: conninfo)
    defer { second.close() }
    let before = try second.changeFeed.changeNotice()
    let holding = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    Thread {
      defer { done.signal() }
      guard let first = try? PostgresStorage(conninfo: conninfo) else {
        holding.signal()
        return
      }
      defer { first.close() }
      // The lock is held from here: the other write waits for it, then this change commits.
      try? first.write { txn in
        holding.signal()
        usleep(300_000)
        try txn.writeRows([TaskwireCoreTaskFactory.change(1)])
      }
    }.start()
    holding.wait()
    usleep(50_000)
    var during = before
    try second.write { _ in during = try second.changeFeed.changeNotice() }
    done.wait()
    #expect(during != before, "the write read the change log's head as it was before it waited")
  }

  /// A connection lost inside a write fails the write and commits nothing of it, even when the
  /// plan swallowed a failed read in between (a new session would hold neither the transaction
  /// nor the lock); the next write reconnects.
  @Test func aConnectionLostInsideAWriteCommitsNothing() throws {
    let fixture = PostgresFixture()
    defer { fixture.remove() }
    let storage = try PostgresStorage(conninfo: fixture.conninfo)
    defer { storage.close() }
    #expect(throws: (any Error).self) {
      try storage.write { txn in
        try PostgresStorage.administer(PostgresFixture.base!) {
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = '\(fixture.schema)'"
        }
        _ = try? storage.task(id: 1)
        _ = try? storage.task(id: 1)
        try txn.writeRows([TaskwireCoreTaskFactory.change(1)])
      }
    }
    var written = false
    for _ in 0..<40 where !written {
      do {
        try storage.write { txn in try txn.writeRows([TaskwireCoreTaskFactory.change(2)]) }
        written = true
      } catch {
        usleep(100_000)
      }
    }
    #expect(written, "the next write reconnects")
    #expect(try storage.task(id: 1) == nil, "nothing of the failed write was committed")
    #expect(try storage.task(id: 2)?.title == "t2")
  }

  /// A schema whose name would not fit the sync log's channel in PostgreSQL's 63-byte names
  /// (every write's `NOTIFY` would fail) is refused at the start, saying why.
  @Test func aSchemaNameLongerThanFiftyBytesIsRefused() throws {
    for (name, fits) in [
      (String(repeating: "a", count: 50), true), (String(repeating: "a", count: 51), false),
      (String(repeating: "ä", count: 25), true), (String(repeating: "ä", count: 26), false),
    ] {
      defer { try? PostgresStorage.administer(PostgresFixture.base!) { "DROP SCHEMA IF EXISTS \"\(name)\" CASCADE" } }
      let conninfo = PostgresConninfo.with(
        schema: name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? name, PostgresFixture.base!)
      do {
        let storage = try PostgresStorage(conninfo: conninfo)
        storage.close()
        #expect(fits, "\(name.utf8.count) bytes")
      } catch {
        #expect(!fits && "\(error)".contains("at most 50 bytes"), "\(name.utf8.count) bytes: \(error)")
      }
    }
  }
}
