import Foundation
import JSON
import TaskwirePostgres

#if canImport(Glibc)
  import Glibc
#endif

/// Replays a recorded session against a fresh server: sends the client's messages and checks
/// that every message the server sends is the recorded one, JSON-equal and in the same order,
/// and that each agrees with the OpenRPC document.
public struct Replayer {
  public let server: URL
  public let checker: ContractChecker
  /// When set, each session's store is a fresh schema of this PostgreSQL database instead of
  /// memory or a file, dropped afterwards: the same sessions pass on both backends.
  public var postgres: String? = nil

  public init(server: URL, checker: ContractChecker) {
    self.server = server
    self.checker = checker
  }

  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  public func replay(_ session: SessionFile, name: String) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("taskwire-replay-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    var flags = session.flags
    if let db = flags.firstIndex(of: "--db"), db + 1 < flags.count {
      flags[db + 1] = folder.appendingPathComponent("replay.sqlite").path
    }
    if let postgres {
      let schema = "replay_\(UUID().uuidString.prefix(8).lowercased())"
      flags.removeAll { $0 == "--memory" }
      if let db = flags.firstIndex(of: "--db") { flags.removeSubrange(db...(db + 1)) }
      flags = ["--db", PostgresConninfo.with(schema: schema, postgres)] + flags
      defer { try? PostgresStorage.administer(postgres) { "DROP SCHEMA IF EXISTS \"\(schema)\" CASCADE" } }
      return try replay(session, name: name, flags: flags)
    }
    return try replay(session, name: name, flags: flags)
  }

  func replay(_ session: SessionFile, name: String, flags: [String]) throws {
    // One server per process of the session, each started at its first entry.
    var pipes: [Int: ServerPipe] = [:]
    var requests: [String: (method: String, params: JSONValue?)] = [:]
    for (number, entry) in session.entries.enumerated() {
      let process = session.processes[number]
      if pipes[process] == nil { pipes[process] = try ServerPipe(executable: server, arguments: flags) }
      let pipe = pipes[process]!
      switch entry {
      case .input(let bytes):
        pipe.write(bytes + [0x0A])
        if let value = try? JSONParser.parse(bytes) {
          for message in value.arrayValue ?? [value] {
            if let id = message["id"], let method = message["method"]?.stringValue {
              requests[JSONWriter.string(id)] = (method, message["params"])
            }
          }
        }
      case .output(let expected):
        guard let line = pipe.readLine(timeout: 10) else {
          throw Failure(
            description:
              "\(name): entry \(number + 2): the server sent nothing; expected\n  \(JSONWriter.string(expected))")
        }
        guard let actual = try? JSONParser.parse(line) else {
          throw Failure(
            description: "\(name): entry \(number + 2): the server sent a line that is not JSON:\n  \(line)")
        }
        if let path = JSONMatch.firstDifference(expected, actual) {
          throw Failure(
            description: """
              \(name): entry \(number + 2) differs at \(path)
                expected: \(JSONWriter.string(expected))
                actual:   \(line)
              """)
        }
        for message in actual.arrayValue ?? [actual] {
          let problem: String?
          if message["id"] == nil {
            problem = checker.check(notification: message)
          } else {
            let request = message["id"].flatMap { requests[JSONWriter.string($0)] }
            problem = checker.check(reply: message, method: request?.method, params: request?.params)
          }
          if let problem {
            throw Failure(
              description:
                "\(name): entry \(number + 2) disagrees with Protocol/openrpc.json: \(problem)\n  \(JSONWriter.string(message))"
            )
          }
        }
      }
    }
    for (_, pipe) in pipes.sorted(by: { $0.key < $1.key }) {
      pipe.closeInput()
      if let extra = pipe.readLine(timeout: 5) {
        throw Failure(description: "\(name): the server sent more than was recorded:\n  \(extra)")
      }
      pipe.wait()
    }
  }
}

/// A server subprocess over real pipes, read line by line (or byte count) with a timeout:
/// `taskwire replay` drives its servers with it, and the end-to-end tests theirs.
public final class ServerPipe {
  public let process = Process()
  public let input = Pipe()
  public let output = Pipe()
  private var buffer: [UInt8] = []

  /// `environment`: variables set (or, as nil, removed) over this process's own.
  public init(executable: URL, arguments: [String], environment: [String: String?] = [:]) throws {
    process.executableURL = executable
    process.arguments = arguments
    if !environment.isEmpty {
      var merged = ProcessInfo.processInfo.environment
      for (name, value) in environment { merged[name] = value }
      process.environment = merged
    }
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
  }

  public func write(_ bytes: [UInt8]) {
    try? input.fileHandleForWriting.write(contentsOf: Data(bytes))
  }

  public func closeInput() { try? input.fileHandleForWriting.close() }

  public func wait() { process.waitUntilExit() }

  /// The next line, without its newline; nil after `timeout` seconds or at end of output.
  public func readLine(timeout: Double) -> String? {
    let deadline = Date().addingTimeInterval(timeout)
    // Only new bytes are searched: rescanning a growing buffer after every pipe read would
    // make reading a long reply quadratic.
    var searched = 0
    while true {
      if let newline = buffer[searched...].firstIndex(of: 0x0A) {
        defer { buffer.removeSubrange(...newline) }
        return String(decoding: buffer[..<newline], as: UTF8.self)
      }
      searched = buffer.count
      guard fill(until: deadline) else { return nil }
    }
  }

  /// Exactly `count` bytes (a Content-Length body); nil after `timeout` or at end of output.
  public func readBytes(_ count: Int, timeout: Double) -> [UInt8]? {
    let deadline = Date().addingTimeInterval(timeout)
    while buffer.count < count {
      guard fill(until: deadline) else { return nil }
    }
    defer { buffer.removeSubrange(..<count) }
    return Array(buffer[..<count])
  }

  /// Waits for output until `deadline` and appends what one read(2) returns.
  private func fill(until deadline: Date) -> Bool {
    let remaining = deadline.timeIntervalSinceNow
    guard remaining > 0 else { return false }
    let fd = output.fileHandleForReading.fileDescriptor
    var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, Int32(remaining * 1000)) > 0 else { return false }
    var chunk = [UInt8](repeating: 0, count: 65536)
    let count = read(fd, &chunk, chunk.count)
    guard count > 0 else { return false }
    buffer.append(contentsOf: chunk[..<count])
    return true
  }
}
