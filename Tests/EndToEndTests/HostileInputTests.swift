import Foundation
import JSON
import TaskwireTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What another local user or a hostile client can do to a running server (issue 26): read a
/// password off its command line, freeze it with one long line, keep the resident server's
/// door busy, or stop reading so that a shutdown signal is never served.
@Suite struct HostileInputTests {
  /// A loopback socket that accepts connections and never answers: libpq waits on it, so the
  /// server stays alive with its arguments in place.
  final class SilentListener {
    let descriptor: Int32
    let port: UInt16
    init() throws {
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let ok = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(fd, $0, length) == 0 && listen(fd, 8) == 0 && getsockname(fd, $0, &length) == 0
        }
      }
      try #require(ok)
      descriptor = fd
      port = UInt16(bigEndian: address.sin_port)
    }
    deinit { close(descriptor) }
  }

  static func commandLine(of pid: Int32) -> String {
    let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") ?? Data()
    return String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
  }

  @Test(arguments: [
    "postgresql://u:s3cret@127.0.0.1:PORT/db",
    "host=127.0.0.1 port=PORT dbname=x password='a s3cret b'",
    "postgresql://u@127.0.0.1:PORT/db?%70assword=s3cret",
  ])
  func aPasswordLeavesTheCommandLineAtStart(_ template: String) throws {
    let listener = try SilentListener()
    let server = try TaskwireProcess(["--db", template.replacingOccurrences(of: "PORT", with: "\(listener.port)")])
    defer { server.process.terminate() }
    var seen = Self.commandLine(of: server.process.processIdentifier)
    for _ in 0..<100 where seen.contains("s3cret") || !seen.contains("--db") {
      usleep(20_000)
      seen = Self.commandLine(of: server.process.processIdentifier)
    }
    #expect(seen.contains("--db"), "\(seen)")
    #expect(!seen.contains("s3cret"), "\(seen)")
  }

  @Test func theStoreMayComeFromTheEnvironment() throws {
    let db = try temporaryFolder().appendingPathComponent("env.sqlite").path
    let process = Process()
    process.executableURL = TaskwireProcess.binary
    process.arguments = []
    process.environment = ProcessInfo.processInfo.environment.merging(["TASKWIRE_DB": db]) { $1 }
    let input = Pipe()
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let lines = [
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#,
      #"{"jsonrpc":"2.0","id":2,"method":"task/create","params":{"title":"from env"}}"#,
    ]
    try input.fileHandleForWriting.write(contentsOf: Data((lines.joined(separator: "\n") + "\n").utf8))
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    let reader = try TaskwireProcess.started(["--db", db])
    #expect(try reader.result("task/get", ["id": 1])["task"]?["title"] == "from env")
  }

  @Test func quickAddRefusesAHugeLineAtOnceAndReadsAFullOneExactly() throws {
    let server = try TaskwireProcess.started()
    let huge = String(repeating: "a ", count: 800_000)
    for method in ["task/parse", "task/create"] {
      let error = try server.error(method, ["text": .string(huge)])
      #expect(error["code"] == -32602)
      #expect(error["message"]?.stringValue?.contains("at most 4096 bytes") == true, "\(error)")
    }
    // 4096 bytes of tokens, some of two UTF-16 units: every span where it is, counted once.
    let unit = "😀 #t "  // 4 + 1 + 2 + 1 bytes; 2 + 1 + 2 + 1 UTF-16 units; 1 + 1 + 2 + 1 scalars
    let line = String(repeating: unit, count: 512)
    let spans = try #require(try server.result("task/parse", ["text": .string(line)])["spans"]?.arrayValue)
    #expect(spans.count == 512)
    #expect(spans.last?["byteStart"] == .int(511 * 8 + 5))
    #expect(spans.last?["start"] == .int(511 * 6 + 3))
    #expect(spans.last?["scalarStart"] == .int(511 * 5 + 2))
    #expect(spans.last?["scalarEnd"] == .int(511 * 5 + 4))
  }

  @Test func aHugeDatePhraseIsRefusedWithoutEchoingIt() throws {
    let server = try TaskwireProcess.started()
    let id = try #require(try server.result("task/create", ["title": "x"])["task"]?["id"])
    let phrase = String(repeating: "tomorrowx", count: 180_000)
    let error = try server.error("task/schedule", ["id": id, "date": .string(phrase)])
    #expect(error["code"] == -32602)
    let message = try #require(error["message"]?.stringValue)
    #expect(message.utf8.count < 400, "the phrase is not echoed whole")
    #expect(message.contains("at most 64"))
    #expect(
      try server.result("task/schedule", ["id": id, "date": "tomorrow"])["task"]?["scheduledDate"] == "2026-02-13")
  }

  @Test func aShutdownSignalEndsAServerStuckWritingToAClientThatStoppedReading() throws {
    let process = Process()
    process.executableURL = TaskwireProcess.binary
    process.arguments = ["--memory"]
    let input = Pipe()
    let output = Pipe()  // never read
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    let title = String(repeating: "x", count: 4000)
    var lines = [#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}"#]
    lines += [#"{"jsonrpc":"2.0","id":1,"method":"task/create","params":{"title":"\#(title)"}}"#]
    lines += (2..<60).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"view/list","params":{"view":"inbox"}}"# }
    try input.fileHandleForWriting.write(contentsOf: Data((lines.joined(separator: "\n") + "\n").utf8))
    usleep(500_000)  // the replies (~240 KB) fill the pipe (64 KB): the server blocks in a write
    kill(process.processIdentifier, SIGTERM)
    var waited = 0
    while process.isRunning && waited < 40 {
      usleep(50_000)
      waited += 1
    }
    #expect(!process.isRunning, "SIGTERM ended the server within 2 s")
  }
}
