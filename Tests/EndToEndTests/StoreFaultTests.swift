import Foundation
import JSON
import TaskwireTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The store under faults: locks, crashes, concurrent writers, read-only files, a full disk.
@Suite struct StoreFaultTests {
  /// Every change of every undo step, one row each (`op.value` is `[task_id, before, after]`).
  static let historyOps = "history_steps, json_each(history_steps.ops) AS op"
  static let opTask = "json_extract(op.value, '$[0]')"

  func sqlite(_ db: String, _ sql: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    process.arguments = [db, sql]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test func aStoreLockedPastTheTimeoutIsADocumentedErrorNotAHang() throws {
    let db = try temporaryFolder().appendingPathComponent("t.sqlite").path
    let server = try TaskwireProcess.started(["--db", db])
    try server.result("task/create", ["title": "a"])
    let holder = Process()
    holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    holder.arguments = [
      "python3", "-c",
      "import sqlite3,sys,time; c=sqlite3.connect(sys.argv[1], isolation_level=None); c.execute('BEGIN IMMEDIATE'); print('locked', flush=True); time.sleep(9)",
      db,
    ]
    let ready = Pipe()
    holder.standardOutput = ready
    try holder.run()
    defer { holder.terminate() }
    _ = ready.fileHandleForReading.availableData
    let started = Date()
    let error = try server.error("task/create", ["title": "b"])
    let waited = Date().timeIntervalSince(started)
    #expect(error["code"] == -32020)
    #expect(waited < 6.5, "within the 5 s busy timeout + 1 s, took \(waited)")
    // Reads keep working while another process holds the write lock.
    #expect(try server.result("task/get", ["id": 1])["task"]?["title"] == "a")
  }

  @Test func killedAtRandomPointsLosesNothingAcknowledged() throws {
    let db = try temporaryFolder().appendingPathComponent("t.sqlite").path
    var acknowledged = Set<String>()
    for round in 0..<8 {
      let server = try TaskwireProcess.started(["--db", db])
      let writer = Thread {
        for n in 0..<400 {
          server.send(
            #"{"jsonrpc":"2.0","id":"\#(round)-\#(n)","method":"task/create","params":{"title":"r\#(round)-\#(n)","view":"today"}}"#
          )
          server.send(
            #"{"jsonrpc":"2.0","id":"m\#(round)-\#(n)","method":"task/move","params":{"id":1,"view":"today","index":0}}"#
          )
        }
      }
      writer.start()
      let deadline = Date().addingTimeInterval(0.05 + Double(round % 4) * 0.07)
      while Date() < deadline, let line = server.readLine(timeout: 1) {
        if let reply = try? JSONParser.parse(line), let title = reply["result"]?["task"]?["title"]?.stringValue,
          title.hasPrefix("r")
        {
          acknowledged.insert(title)
        }
      }
      kill(server.process.processIdentifier, SIGKILL)
      _ = server.waitForExit()
    }
    #expect(acknowledged.count > 10)
    #expect(try sqlite(db, "PRAGMA integrity_check") == "ok")
    let server = try TaskwireProcess.started(["--db", db])
    let titles = Set(
      (try server.result("view/list", ["view": "today"])["groups"]?[0]?["tasks"]?.arrayValue ?? []).compactMap {
        $0["title"]?.stringValue
      })
    #expect(acknowledged.subtracting(titles).isEmpty, "lost: \(acknowledged.subtracting(titles).sorted().prefix(5))")
    // Every step is whole: no recorded create without its task, no task without its step.
    #expect(
      try sqlite(
        db,
        "SELECT count(*) FROM \(Self.historyOps) WHERE json_type(op.value, '$[1]') = 'null' AND \(Self.opTask) NOT IN (SELECT id FROM tasks)"
      ) == "0")
    #expect(
      try sqlite(
        db,
        "SELECT count(*) FROM tasks WHERE id > (SELECT min(\(Self.opTask)) FROM \(Self.historyOps)) AND id NOT IN (SELECT \(Self.opTask) FROM \(Self.historyOps))"
      ) == "0")
  }

  @Test(arguments: [2, 4])
  func concurrentWritersLoseNothing(processes: Int) throws {
    let db = try temporaryFolder().appendingPathComponent("t.sqlite").path
    let servers = try (0..<processes).map { _ in try TaskwireProcess.started(["--db", db]) }
    let perProcess = 40
    let failures = ManagedCount()
    let threads = servers.enumerated().map { offset, server in
      Thread {
        for n in 0..<perProcess {
          let reply = try? server.call("task/create", ["title": .string("p\(offset)-\(n)"), "view": "today"])
          if reply?["result"] == nil { failures.add() }
          if n % 5 == 0, (try? server.call("task/move", ["id": 1, "view": "today", "index": 0]))?["result"] == nil {
            failures.add()
          }
        }
        failures.done()
      }
    }
    for thread in threads { thread.start() }
    failures.waitForDone(threads.count)
    #expect(failures.count == 0, "no busy errors under normal contention")
    let list = try servers[0].result("view/list", ["view": "today"])
    #expect(list["groups"]?[0]?["tasks"]?.arrayValue?.count == processes * perProcess)
    // Undo history is consistent: undo from any process walks back through everyone's steps.
    let undone = try servers.last!.result("history/undo")
    #expect(undone["undone"] != nil)
    #expect(try servers[0].result("history/redo")["redone"]?["id"] == undone["undone"]?["id"])
    #expect(try sqlite(db, "PRAGMA integrity_check") == "ok")
  }

  @Test func aReadOnlyStoreServesReadsAndRefusesChanges() throws {
    let folder = try temporaryFolder()
    let db = folder.appendingPathComponent("t.sqlite").path
    do {
      let server = try TaskwireProcess.started(["--db", db])
      try server.result("task/create", ["title": "a"])
      server.closeInput()
      _ = server.waitForExit()
    }
    chmod(db, 0o400)
    chmod(folder.path, 0o500)
    defer { chmod(folder.path, 0o700) }
    // root ignores file modes: there, the file is opened read-only through a SQLite URI.
    let server = try TaskwireProcess.started(["--db", getuid() == 0 ? "file:\(db)?mode=ro" : db])
    #expect(try server.result("task/get", ["id": 1])["task"]?["title"] == "a")
    #expect(try server.error("task/create", ["title": "b"])["code"] == -32021)
  }

  @Test func aFullDiskIsAnErrorAndTheStoreKeepsWorking() throws {
    let db = try temporaryFolder().appendingPathComponent("t.sqlite").path
    let server = try TaskwireProcess.started(["--db", db, "--max-page-count", "12"])
    var refused: JSONObject? = nil
    for n in 0..<2000 {
      let reply = try server.call("task/create", ["title": .string(String(repeating: "long title \(n) ", count: 20))])
      if let error = reply["error"]?.objectValue {
        refused = error
        break
      }
    }
    let error = try #require(refused, "the store filled up")
    #expect(error["code"] == -32021)
    #expect(try server.result("task/get", ["id": 1])["task"] != nil, "reads keep working")
    #expect(try server.result("view/list", ["view": "inbox"])["groups"] != nil)
    #expect(try sqlite(db, "PRAGMA integrity_check") == "ok")
  }

  @Test func aCorruptFileIsRefusedAndNotOverwritten() throws {
    let db = try temporaryFolder().appendingPathComponent("t.sqlite").path
    do {
      let server = try TaskwireProcess.started(["--db", db])
      for n in 0..<50 { try server.result("task/create", ["title": .string("task \(n)")]) }
      server.closeInput()
      _ = server.waitForExit()
    }
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: db)))
    for offset in stride(from: 4096, to: min(bytes.count, 12288), by: 7) { bytes[offset] = 0xA5 }
    try Data(bytes).write(to: URL(fileURLWithPath: db))
    // initialize is answered before the tasks are read; the first request that reads them
    // gets a clear error, and the server keeps answering.
    let server = try TaskwireProcess.started(["--db", db])
    let error = try server.error("view/list", ["view": "inbox"])
    #expect(error["code"] == -32021)
    #expect(
      error["data"]?["sqlite"]?.stringValue?.contains("malformed") == true, "\(JSONWriter.string(.object(error)))")
    #expect(try server.error("task/create", ["title": "x"])["code"] == -32021)
    server.closeInput()
    #expect(server.waitForExit() == 0)
    #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: db))) == bytes, "the file is left as it was")
  }

  @Test func newStoreFilesArePrivateWhateverTheUmask() throws {
    let folder = try temporaryFolder().appendingPathComponent("new")
    let db = folder.appendingPathComponent("t.sqlite").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "umask 000; exec \"$0\" --db \"$1\"", TaskwireProcess.binary.path, db]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    try input.fileHandleForWriting.write(
      contentsOf: Data(#"{"jsonrpc":"2.0","id":1,"method":"initialize"}"#.utf8 + [0x0A]))
    try input.fileHandleForWriting.write(
      contentsOf: Data(#"{"jsonrpc":"2.0","id":2,"method":"task/create","params":{"title":"x"}}"#.utf8 + [0x0A]))
    var received = 0
    while received < 2, !output.fileHandleForReading.availableData.isEmpty { received = 2 }
    Thread.sleep(forTimeInterval: 0.3)
    func mode(_ path: String) -> Int? {
      (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int
    }
    #expect(mode(folder.path) == 0o700)
    #expect(mode(db) == 0o600)
    #expect(mode(db + "-wal") == 0o600)
    #expect(mode(db + "-shm") == 0o600)
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
  }
}

/// Counts failures across threads and waits for them to finish.
final class ManagedCount: @unchecked Sendable {
  private let lock = NSLock()
  private var failures = 0
  private let finished = DispatchSemaphore(value: 0)
  var count: Int { lock.withLock { failures } }
  func add() { lock.withLock { failures += 1 } }
  func done() { finished.signal() }
  func waitForDone(_ threads: Int) { for _ in 0..<threads { finished.wait() } }
}
