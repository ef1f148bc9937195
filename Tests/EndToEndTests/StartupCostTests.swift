import Foundation
import TaskwireTestSupport
import Testing

/// What a start costs a one-shot client, kept from creeping back: libpq (and its ~20 libraries)
/// only for PostgreSQL, no file watch until someone subscribes (closing one costs an RCU grace
/// period at exit), the store's -wal and -shm files kept between runs, and `--quiet`.
@Suite struct StartupCostTests {
  @Test func aSQLiteServerLoadsNoLibpqAndWatchesNothingUntilASubscription() throws {
    let db = try temporaryFolder().appendingPathComponent("t.sqlite").path
    let server = try TaskwireProcess.started(["--db", db])
    try server.result("task/create", ["title": "one"])
    let pid = server.process.processIdentifier
    let maps = try String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8)
    #expect(!maps.contains("libpq"))
    #expect(try watches(pid) == 0)
    try server.result("view/subscribe", ["view": "today"])
    // The watch is made right after the reply is written.
    var count = 0
    for _ in 0..<100 {
      count = try watches(pid)
      if count > 0 { break }
      usleep(10_000)
    }
    #expect(count == 1, "a subscriber hears other processes at once")
  }

  /// A session reads every other process's commit at once, with a file watch (subscribed) or
  /// without.
  @Test(arguments: [false, true]) func aSessionReadsAnotherProcesssCommitAtOnce(subscribed: Bool) throws {
    let db = try temporaryFolder().appendingPathComponent("t.sqlite").path
    let reader = try TaskwireProcess.started(["--db", db])
    let writer = try TaskwireProcess.started(["--db", db])
    func titles() throws -> [String] {
      try reader.result("view/list", ["view": "inbox"])["groups"]?[0]?["tasks"]?.arrayValue?.compactMap {
        $0["title"]?.stringValue
      } ?? []
    }
    if subscribed { try reader.result("view/subscribe", ["view": "today"]) }
    var expected: [String] = []
    for round in 1...30 {
      try writer.result("task/create", ["title": .string("task \(round)")])
      expected.append("task \(round)")
      #expect(try titles() == expected, "read \(round)")
      if round % 10 == 0 {
        try writer.result("history/undo")
        expected.removeLast()
      }
      if round % 10 == 0 { #expect(try titles() == expected, "after an undo in the other process, read \(round)") }
    }
  }

  /// A writer that is not taskwire announces nothing: a read still sees its change within a
  /// second (the full look a second), and a taskwire writer's at once (above).
  @Test func anotherProgramsChangeIsReadWithinASecond() throws {
    let db = try temporaryFolder().appendingPathComponent("t.sqlite").path
    let server = try TaskwireProcess.started(["--db", db])
    try server.result("task/create", ["title": "before"])
    func title() throws -> String? { try server.result("task/get", ["id": 1])["task"]?["title"]?.stringValue }
    #expect(try title() == "before")
    try writeAsAnotherProgram(
      store: db, "UPDATE tasks SET title = 'after' WHERE id = 1; INSERT INTO changes (task_id) VALUES (1);")
    usleep(1_100_000)
    #expect(try title() == "after")
  }

  /// The inotify descriptors a process holds.
  func watches(_ pid: Int32) throws -> Int {
    let folder = "/proc/\(pid)/fd"
    return try FileManager.default.contentsOfDirectory(atPath: folder).filter {
      (try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + $0)) == "anon_inode:inotify"
    }.count
  }

  @Test func theWALFilesStayEmptyBetweenRunsAndQuietLogsNothing() throws {
    let db = try temporaryFolder().appendingPathComponent("t.sqlite").path
    for run in 1...2 {
      let logged = try TaskwireProcess.stderr(
        of: ["--db", db, "--quiet"],
        sending: [
          #"{"jsonrpc":"2.0","id":1,"method":"initialize"}"#,
          #"{"jsonrpc":"2.0","id":2,"method":"task/create","params":{"title":"run \#(run)"}}"#,
        ])
      #expect(logged == (run == 1 ? "taskwire: created a new, empty store at \(db)\n" : ""))
      let wal = try FileManager.default.attributesOfItem(atPath: db + "-wal")[.size] as? Int
      #expect(wal == 0, "checkpointed and emptied, not deleted")
      #expect(FileManager.default.fileExists(atPath: db + "-shm"))
      // The commit notice for the other processes (eight bytes), the owner's only.
      let notice = try FileManager.default.attributesOfItem(atPath: db + ".notice")
      #expect((notice[.posixPermissions] as? Int) == 0o600)
      #expect((notice[.size] as? Int) == 8)
    }
    let server = try TaskwireProcess.started(["--db", db])
    #expect(try server.result("task/get", ["id": 2])["task"]?["title"] == "run 2")
  }
}
