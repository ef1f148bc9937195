import Foundation
import JSON
import TaskwireTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Files taskwire writes in a folder other users can write (issue 26): another user plants
/// links and files under the names taskwire will use; nothing is written through them, and
/// what taskwire writes is its own file, mode 0600, whatever the umask.
@Suite struct SharedFolderTests {
  /// A folder like /tmp: a victim's file elsewhere, and links planted towards it.
  struct Folder {
    let path: String
    let victim: String
    static let victimText = "export PS1='$ '\n"

    init() throws {
      path = try temporaryFolder().path
      victim = path + "/bashrc"
      try Self.victimText.write(toFile: victim, atomically: false, encoding: .utf8)
    }

    func plant(_ name: String) {
      symlink(victim, path + "/" + name)
    }

    var victimUntouched: Bool { (try? String(contentsOfFile: victim, encoding: .utf8)) == Self.victimText }

    func isPrivateFile(_ name: String) -> Bool {
      let found = mode(name)
      return found.mode == 0o600 && found.regular
    }

    /// The file's mode, and whether it is a regular file (not a link).
    func mode(_ name: String) -> (mode: mode_t, regular: Bool) {
      var status = stat()
      guard lstat(path + "/" + name, &status) == 0 else { return (0, false) }
      return (status.st_mode & 0o777, status.st_mode & S_IFMT == S_IFREG)
    }
  }

  static func store(in folder: Folder) throws -> String {
    let db = folder.path + "/tasks.sqlite"
    let server = try TaskwireProcess.started(["--db", db])
    try server.result("task/create", ["title": "$(id >pwned)"])
    server.closeInput()
    _ = server.waitForExit()
    return db
  }

  @Test func exportReplacesPlantedLinksAndWritesItsOwnPrivateFile() throws {
    let folder = try Folder()
    let db = try Self.store(in: folder)
    folder.plant("out.json.taskwire-partial")
    folder.plant("out.json")
    let outcome = try TaskwireProcess.run(["export", "--db", db, "--output", folder.path + "/out.json"])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(folder.victimUntouched)
    #expect(folder.isPrivateFile("out.json"), "\(folder.mode("out.json"))")
    let written = try String(contentsOfFile: folder.path + "/out.json", encoding: .utf8)
    #expect(written.contains("$(id >pwned)"))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".taskwire-") }
        == [], "no temporary file of ours is left")
  }

  @Test func storeExportReplacesPlantedLinksAndWritesItsOwnPrivateFile() throws {
    let folder = try Folder()
    let db = try Self.store(in: folder)
    folder.plant("via-rpc.json")
    folder.plant("via-rpc.json.taskwire-partial")
    let server = try TaskwireProcess.started(["--db", db])
    let reply = try server.result("store/export", ["path": .string(folder.path + "/via-rpc.json")])
    #expect(reply["count"] == 1)
    #expect(folder.victimUntouched)
    #expect(folder.isPrivateFile("via-rpc.json"), "\(folder.mode("via-rpc.json"))")
  }

  @Test func aFailedExportIsTheStoresErrorWithItsReasonNotABug() throws {
    let folder = try Folder()
    let server = try TaskwireProcess.started()
    let error = try server.error("store/export", ["path": .string(folder.path + "/missing/out.json")])
    #expect(error["code"] == -32021)
    #expect(error["message"]?.stringValue?.contains("No such file or directory") == true, "\(error)")
    #expect(try server.result("tags/list") == ["tags": [], "projects": []], "still serving")
  }

  @Test func backupIsPrivateAndNeverWrittenThroughADanglingLink() throws {
    let folder = try Folder()
    let db = try Self.store(in: folder)
    symlink(folder.path + "/created-by-link", folder.path + "/backup.sqlite")
    let refused = try TaskwireProcess.run(["backup", "--db", db, folder.path + "/backup.sqlite"])
    #expect(refused.status == 1)
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/created-by-link"), "nothing through the link")
    let made = try TaskwireProcess.run(["backup", "--db", db, folder.path + "/fresh.sqlite"])
    #expect(made.status == 0, "\(made.stderr)")
    #expect(folder.isPrivateFile("fresh.sqlite"), "\(folder.mode("fresh.sqlite"))")
    let copy = try TaskwireProcess.started(["--db", folder.path + "/fresh.sqlite"])
    #expect(try copy.result("view/list", ["view": "inbox"])["groups"]?[0]?["tasks"]?.arrayValue?.count == 1)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasPrefix(".taskwire-")
    }
    #expect(leftovers.isEmpty)
  }

  @Test func aRecordingReplacesAPlantedLinkAndIsPrivate() throws {
    let folder = try Folder()
    folder.plant("session.jsonl")
    let outcome = try TaskwireProcess.run(
      ["--memory", "--record", folder.path + "/session.jsonl"],
      input: #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"# + "\n")
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(folder.victimUntouched)
    #expect(folder.isPrivateFile("session.jsonl"), "\(folder.mode("session.jsonl"))")
    #expect(try String(contentsOfFile: folder.path + "/session.jsonl", encoding: .utf8).contains("initialize"))
  }

  @Test func theNoticeFileIsNeverWrittenThroughALink() throws {
    let folder = try Folder()
    let db = folder.path + "/tasks.sqlite"
    folder.plant("tasks.sqlite.notice")
    let server = try TaskwireProcess.started(["--db", db])
    try server.result("task/create", ["title": "one"])
    try server.result("task/create", ["title": "two"])
    #expect(folder.victimUntouched)
    #expect(try server.result("view/list", ["view": "inbox"])["groups"]?[0]?["tasks"]?.arrayValue?.count == 2)
  }

  @Test func importOfStandardInputIsRefusedOverTheProtocol() throws {
    let server = try TaskwireProcess.started()
    let error = try server.error("store/import", ["path": "-"])
    #expect(error["code"] == -32602)
    #expect(error["data"]?["param"] == "path")
    #expect(try server.error("store/export", ["path": "-"])["code"] == -32602)
    #expect(try server.result("task/create", ["title": "after"])["task"]?["title"] == "after", "the stream goes on")
  }
}

/// Dates before the Gregorian calendar's adoption in 1582 (issue 26): through Taskwarrior's
/// format and back, every day stays the day it was (the proleptic Gregorian calendar both ways).
@Suite struct AncientDateTests {
  @Test(arguments: ["0001-01-01", "1200-02-29", "1582-10-04", "1582-10-10", "1582-10-15", "1900-03-01"])
  func aDueDateComesBackTheSameDay(_ date: String) throws {
    let server = try TaskwireProcess.started()
    try server.result("task/create", ["title": "old", "dueDate": .string(date)])
    let exported = try #require(
      try server.result("store/export", ["format": "taskwarrior"])["document"])
    let fresh = try TaskwireProcess.started()
    try fresh.result("store/import", ["document": exported, "format": "taskwarrior"])
    #expect(try fresh.result("task/get", ["id": 1])["task"]?["dueDate"] == .string(date))
  }
}
