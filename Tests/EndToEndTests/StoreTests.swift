import Foundation
import JSON
import TaskwireTestSupport
import Testing

/// The SQLite file: created safely, surviving restarts with everything in it.
@Suite struct StoreTests {
  @Test func everythingSurvivesARestartAndUndoWorksFromANewProcess() throws {
    let folder = try temporaryFolder()
    let db = folder.appendingPathComponent("nested/tasks.sqlite").path
    let first = try TaskwireProcess.started(["--db", db])
    try first.result("task/create", ["title": "a", "view": "today", "tags": ["x"], "notes": "n"])
    try first.result("task/create", ["title": "b", "view": "today"])
    try first.result(
      "task/create",
      ["title": "c", "scheduledDate": "2026-02-20", "recurrence": ["pattern": "monthly", "monthDay": 32]])
    try first.result("task/move", ["id": 2, "view": "today", "index": 0])
    try first.result("task/complete", ["id": 3])
    let lists = try ["inbox", "today", "upcoming"].map { try first.content($0) }
    let completed = try first.result("task/get", ["id": 3])
    first.closeInput()
    #expect(first.waitForExit() == 0)

    let second = try TaskwireProcess.started(["--db", db])
    #expect(try ["inbox", "today", "upcoming"].map { try second.content($0) } == lists)
    #expect(try second.result("task/get", ["id": 3]) == completed)
    // Undo works from a new process: the history is in the database.
    let undone = try second.result("history/undo")
    #expect(undone["undone"]?["label"] == "Complete 'c', next on Feb 28")
    #expect(try second.error("task/get", ["id": 4])["code"] == -32010, "undo removed the next occurrence")
    #expect(try second.result("task/get", ["id": 3])["task"]?["completed"] == false)
    try second.result("history/undo")
    let today = try second.result("view/list", ["view": "today"])
    #expect(today["groups"]?[0]?["tasks"]?.arrayValue?.map { $0["title"] } == ["a", "b"])
    second.closeInput()
    #expect(second.waitForExit() == 0)

    // A new store's folder is 0700 and its files 0600.
    let attributes = try FileManager.default.attributesOfItem(atPath: db)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let folderAttributes = try FileManager.default.attributesOfItem(
      atPath: folder.appendingPathComponent("nested").path)
    #expect((folderAttributes[.posixPermissions] as? Int) == 0o700)
  }

  @Test func defaultStoreFollowsXDGDataHome() throws {
    let folder = try temporaryFolder()
    let process = Process()
    process.executableURL = TaskwireProcess.binary
    process.environment = ["XDG_DATA_HOME": folder.path, "HOME": folder.path]
    let input = Pipe()
    process.standardInput = input
    process.standardOutput = Pipe()
    process.standardError = Pipe()
    try process.run()
    try input.fileHandleForWriting.write(
      contentsOf: Data(#"{"jsonrpc":"2.0","id":1,"method":"initialize"}"#.utf8 + [0x0A]))
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(FileManager.default.fileExists(atPath: folder.path + "/taskwire/tasks.sqlite"))
  }

  @Test func aFileThatIsNotAStoreIsRefusedAndKept() throws {
    let folder = try temporaryFolder()
    let path = folder.appendingPathComponent("notes.txt").path
    try Data("my precious notes\n".utf8).write(to: URL(fileURLWithPath: path))
    let server = try TaskwireProcess(["--db", path])
    #expect(server.waitForExit() == 1)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "my precious notes\n")
  }
}

/// The command line.
@Suite struct CommandLineTests {
  func run(_ arguments: [String]) throws -> (Int32, String, String) {
    let process = Process()
    process.executableURL = TaskwireProcess.binary
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = Pipe()
    try process.run()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
  }

  @Test func versionHelpAndBadFlags() throws {
    let version = try run(["--version"])
    #expect(version.0 == 0)
    #expect(version.1.hasPrefix("taskwire 0."))
    let help = try run(["--help"])
    #expect(help.0 == 0)
    #expect(help.1.contains("--db PATH"))
    for bad in [
      ["--frobnicate"], ["--db"], ["--time-zone", "Mars/Olympus"], ["--clock", "noon"], ["--memory", "--db", "x"],
    ] {
      let result = try run(bad)
      #expect(result.0 == 2, "\(bad)")
      #expect(result.1.isEmpty, "nothing on stdout for \(bad)")
      #expect(result.2.contains("taskwire:"), "a message on stderr for \(bad)")
    }
  }
}

/// Changes made to the file by another program than taskwire.
@Suite struct OutsideWriterTests {
  @Test func undoRefusesWhenAnOutsideWriterChangedTheTask() throws {
    let folder = try temporaryFolder()
    let db = folder.appendingPathComponent("tasks.sqlite").path
    let server = try TaskwireProcess.started(["--db", db])
    try server.result("task/create", ["title": "a"])
    try server.result("task/update", ["id": 1, "title": "b"])
    let sqlite = Process()
    sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    sqlite.arguments = [
      db, "UPDATE tasks SET title = 'edited elsewhere' WHERE id = 1; INSERT INTO changes (task_id) VALUES (1);",
    ]
    try sqlite.run()
    sqlite.waitUntilExit()
    let conflict = try server.error("history/undo")
    #expect(conflict["code"] == -32015)
    #expect(try server.result("task/get", ["id": 1])["task"]?["title"] == "edited elsewhere", "nothing changed")
  }
}
