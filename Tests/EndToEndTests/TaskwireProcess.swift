import Foundation
import JSON
import TaskwireReplay
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The built `taskwire` binary, run as a real subprocess over real pipes. A test may write
/// from one thread while it reads on another: the two touch separate pipes and state.
final class TaskwireProcess: @unchecked Sendable {
  static var binary: URL {
    if let path = ProcessInfo.processInfo.environment["TASKWIRE_BIN"] {
      return URL(fileURLWithPath: path)
    }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    return root.appendingPathComponent(".build/debug/taskwire")
  }

  /// A fixed clock: Thursday 2026-02-12, 09:00 in Berlin.
  static let clockArguments = ["--clock", "2026-02-12T08:00:00Z", "--time-zone", "Europe/Berlin"]

  let pipe: ServerPipe
  var process: Process { pipe.process }
  var input: Pipe { pipe.input }
  var output: Pipe { pipe.output }
  private var nextID = 1
  /// Notifications read while waiting for a reply.
  var skippedNotifications: [JSONValue] = []

  init(_ arguments: [String]) throws {
    pipe = try ServerPipe(executable: Self.binary, arguments: arguments)
  }

  /// A server on a fresh in-memory store with the fixed clock, already initialized.
  static func started(_ extra: [String] = ["--memory"], initialize: Bool = true) throws -> TaskwireProcess {
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

  func send(_ line: String) {
    sendBytes(Array(line.utf8) + [0x0A])
  }

  func sendBytes(_ bytes: [UInt8]) { pipe.write(bytes) }

  func send(_ value: JSONValue) { send(JSONWriter.string(value)) }

  func closeInput() { pipe.closeInput() }

  /// The next line the server writes, or nil after `timeout` seconds or at end of output.
  func readLine(timeout: Double = 10) -> String? { pipe.readLine(timeout: timeout) }

  /// Reads exactly `count` bytes (for Content-Length framing).
  func readBytes(_ count: Int, timeout: Double = 10) -> [UInt8]? { pipe.readBytes(count, timeout: timeout) }

  func readMessage(timeout: Double = 10) throws -> JSONValue {
    let line = try #require(readLine(timeout: timeout), "the server sent no line")
    return try JSONParser.parse(line)
  }

  /// Sends a request and returns the whole response message.
  func call(_ method: String, _ params: JSONValue? = nil) throws -> JSONValue {
    let id = nextID
    nextID += 1
    var message: JSONObject = ["jsonrpc": "2.0", "id": .int(id), "method": .string(method)]
    if let params { message["params"] = params }
    send(.object(message))
    var response = try readMessage()
    // Notifications may come before the reply; a client sets them aside.
    while response["id"] == nil, response["method"] != nil {
      skippedNotifications.append(response)
      response = try readMessage()
    }
    #expect(response.objectValue?["id"] == .int(id), "reply to \(method) has the request's id")
    return response
  }

  /// Sends a request and returns its result, failing the test on an error.
  @discardableResult
  func result(_ method: String, _ params: JSONValue? = nil) throws -> JSONValue {
    let response = try call(method, params)
    let object = try #require(response.objectValue)
    #expect(object["error"] == nil, "\(method) \(params.map(JSONWriter.string) ?? "") failed: \(JSONWriter.string(response))")
    return try #require(object["result"], "\(method) has no result: \(JSONWriter.string(response))")
  }

  /// Sends a request that must fail, and returns its error object.
  func error(_ method: String, _ params: JSONValue? = nil) throws -> JSONObject {
    let response = try call(method, params)
    let error = try #require(
      response.objectValue?["error"]?.objectValue, "\(method) should fail: \(JSONWriter.string(response))")
    return error
  }

  func waitForExit(timeout: Double = 10) -> Int32? {
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning {
      if Date() > deadline { return nil }
      usleep(5000)
    }
    return process.terminationStatus
  }
}

extension TaskwireProcess {
  /// A view's content as a user sees it: `view/list` without its version counter.
  func content(_ view: String) throws -> JSONValue {
    var list = try #require(try result("view/list", ["view": .string(view)]).objectValue)
    list["version"] = nil
    return .object(list)
  }
}

/// A fresh temporary folder for a test's store files.
func temporaryFolder() throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent(
    "taskwire-tests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}
