import Foundation
import JSON
import TaskwireTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Files another local user planted beside a store in a shared folder, and hostile sizes, as a
/// second adversarial review found them (issue 26): refused or ignored, never served from.
@Suite struct ForeignFilesTests {
  /// A file as another user (`nobody`) would plant it: theirs, writable by all.
  static func plant(_ path: String, fifo: Bool = false) throws {
    if fifo {
      try #require(mkfifo(path, 0o666) == 0)
    } else {
      try #require(FileManager.default.createFile(atPath: path, contents: Data()))
    }
    chmod(path, 0o666)
    chown(path, 65534, 65534)
  }

  static let initialize = #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}"# + "\n"

  static let asRoot = geteuid() == 0

  @Test(.enabled(if: asRoot, "planting a file as another user needs root"), arguments: ["-wal", "-shm", ""])
  func aStoreFileAnotherUserMadeIsRefused(_ suffix: String) throws {
    let db = try temporaryFolder().appendingPathComponent("shared.sqlite").path
    try Self.plant(db + suffix)
    let outcome = try TaskwireProcess.run(["--db", db], input: Self.initialize)
    #expect(outcome.status == 1)
    #expect(outcome.stderr.contains("belongs to another user"), "\(outcome.stderr)")
    if !suffix.isEmpty { #expect(!FileManager.default.fileExists(atPath: db), "no store made beside it") }
  }

  @Test func aNewStoresJournalFilesAreItsOwnAndPrivate() throws {
    let db = try temporaryFolder().appendingPathComponent("new.sqlite").path
    let server = try TaskwireProcess.started(["--db", db])
    try server.result("task/create", ["title": "mine"])
    for suffix in ["", "-wal", "-shm", ".notice"] {
      let attributes = try FileManager.default.attributesOfItem(atPath: db + suffix)
      #expect(attributes[.posixPermissions] as? Int == 0o600, "\(suffix)")
    }
  }

  @Test(.enabled(if: asRoot, "planting a file as another user needs root"))
  func aNoticeFileAnotherUserPlantedIsNotUsed() throws {
    for fifo in [false, true] {
      let db = try temporaryFolder().appendingPathComponent("notice.sqlite").path
      try Self.plant(db + ".notice", fifo: fifo)
      let server = try TaskwireProcess.started(["--db", db])
      try server.result("task/create", ["title": "one"])
      #expect(try server.result("view/list", ["view": "inbox"])["groups"]?[0]?["tasks"]?.arrayValue?.count == 1)
      if !fifo {
        #expect(try Data(contentsOf: URL(fileURLWithPath: db + ".notice")).isEmpty, "nothing written into theirs")
      }
    }
  }

  @Test func anObjectOfManyMembersIsReadInLinearTime() throws {
    let server = try TaskwireProcess.started()
    let members = (0..<100_000).map { #""k\#($0)":1"# }.joined(separator: ",")
    server.send(#"{"jsonrpc":"2.0","id":7,"method":"task/get","params":{"id":1,\#(members)}}"#)
    // (Quadratic, this took over two minutes; the read's timeout is ten seconds.)
    let reply = try server.readMessage()
    #expect(reply["id"] == 7)
    #expect(reply["error"]?["code"] == -32602)
  }

  @Test func anExportNearTheNameLimitIsWritten() throws {
    let folder = try temporaryFolder().path
    let name = String(repeating: "e", count: 240)
    let server = try TaskwireProcess.started()
    try server.result("task/create", ["title": "x"])
    #expect(try server.result("store/export", ["path": .string(folder + "/" + name)])["count"] == 1)
    #expect(FileManager.default.fileExists(atPath: folder + "/" + name))
  }

  @Test func aPasswordOnTheCommandLineIsWarnedAbout() throws {
    let outcome = try TaskwireProcess.run(["--db", "postgresql://u:s3cret@127.0.0.1:1/db"])
    #expect(outcome.stderr.contains("TASKWIRE_DB, ~/.pgpass or PGPASSWORD"), "\(outcome.stderr)")
    #expect(!outcome.stderr.contains("s3cret"))
  }
}
