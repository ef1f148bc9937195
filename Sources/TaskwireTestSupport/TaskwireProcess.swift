// Test support is built only where Swift Testing is (a release build of the package has no
// Testing module, and links none of this).
#if canImport(Testing)
  import Foundation
  import JSON
  import TaskwireReplay
  import Testing

  #if canImport(Glibc)
    import Glibc
  #endif

  /// The built `taskwire` binary, run as a real subprocess over real pipes. A test may write
  /// from one thread while it reads on another: the two touch separate pipes and state.
  public final class TaskwireProcess: TaskwireClient, @unchecked Sendable {
    public static var binary: URL {
      if let path = ProcessInfo.processInfo.environment["TASKWIRE_BIN"] {
        return URL(fileURLWithPath: path)
      }
      let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
      return root.appendingPathComponent(".build/debug/taskwire")
    }

    /// Runs the binary to its end with `lines` on stdin (then closed) and stdout thrown away;
    /// returns what it wrote on stderr.
    public static func stderr(of arguments: [String], sending lines: [String]) throws -> String {
      try run(arguments, input: lines.map { $0 + "\n" }.joined()).stderr
    }

    /// Runs the binary to its end with `input` on stdin (then closed) and stdout thrown away,
    /// with these environment variables set (nil: removed); returns its exit status and what it
    /// wrote on stderr.
    public static func run(
      _ arguments: [String], input: String = "", environment: [String: String?] = [:]
    ) throws -> (status: Int32, stderr: String) {
      let process = Process()
      process.executableURL = binary
      process.arguments = arguments
      if !environment.isEmpty {
        var merged = ProcessInfo.processInfo.environment
        for (name, value) in environment { merged[name] = value }
        process.environment = merged
      }
      let stdin = Pipe()
      let errors = Pipe()
      process.standardInput = stdin
      process.standardOutput = FileHandle.nullDevice
      process.standardError = errors
      try process.run()
      try stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
      try stdin.fileHandleForWriting.close()
      let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      return (process.terminationStatus, text)
    }

    /// A fixed clock: Thursday 2026-02-12, 09:00 in Berlin.
    public static let clockArguments = ["--clock", "2026-02-12T08:00:00Z", "--time-zone", "Europe/Berlin"]

    public let pipe: ServerPipe
    public var process: Process { pipe.process }
    public var input: Pipe { pipe.input }
    public var output: Pipe { pipe.output }
    private var nextID = 1
    /// Notifications read while waiting for a reply.
    public var skippedNotifications: [JSONValue] = []

    public init(_ arguments: [String], environment: [String: String?] = [:]) throws {
      _ = Self.ignoreBrokenPipes
      pipe = try ServerPipe(executable: Self.binary, arguments: arguments, environment: environment)
    }

    /// A server that ended early (a test about failures, or a slow machine's timeout) must fail
    /// its test, not kill the whole test process with SIGPIPE when the test writes to it.
    private static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    /// A server on a fresh in-memory store with the fixed clock, already initialized.
    public static func started(_ extra: [String] = ["--memory"], initialize: Bool = true) throws -> TaskwireProcess {
      let server = try TaskwireProcess(extra + clockArguments)
      if initialize {
        _ = try server.result(
          "initialize", ["clientInfo": ["name": "tests"], "protocolVersion": "1"])
      }
      return server
    }

    deinit {
      if process.isRunning { process.terminate() }
    }

    public func send(_ line: String) {
      sendBytes(Array(line.utf8) + [0x0A])
    }

    public func sendBytes(_ bytes: [UInt8]) { pipe.write(bytes) }

    public func send(_ value: JSONValue) { send(JSONWriter.string(value)) }

    public func closeInput() { pipe.closeInput() }

    /// The next line the server writes, or nil after `timeout` seconds or at end of output.
    public func readLine(timeout: Double = 10) -> String? { pipe.readLine(timeout: timeout) }

    /// Reads exactly `count` bytes (for Content-Length framing).
    public func readBytes(_ count: Int, timeout: Double = 10) -> [UInt8]? { pipe.readBytes(count, timeout: timeout) }

    public func readMessage(timeout: Double = 10) throws -> JSONValue {
      let line = try #require(readLine(timeout: timeout), "the server sent no line")
      return try JSONParser.parse(line)
    }

    public func nextRequestID() -> Int {
      defer { nextID += 1 }
      return nextID
    }

    public func waitForExit(timeout: Double = 10) -> Int32? {
      let deadline = Date().addingTimeInterval(timeout)
      while process.isRunning {
        if Date() > deadline { return nil }
        usleep(5000)
      }
      return process.terminationStatus
    }
  }
#endif
