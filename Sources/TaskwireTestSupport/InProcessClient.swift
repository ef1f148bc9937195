// Test support is built only where Swift Testing is (a release build of the package has no
// Testing module, and links none of this).
#if canImport(Testing)
  import Foundation
  import JSON
  import JSONRPC
  import TaskwireServer
  import Testing

  /// A whole server in this process, driven through the memory connection: each message is
  /// handled when it is sent, and what the server writes is read back from the memory sink. No
  /// timer runs: call `poll()` to do what the loop's timer does.
  public final class InProcessClient: TaskwireClient {
    public let server: Server
    public let connection: Connection
    public let sink: MemorySink
    private var received: [JSONValue] = []
    private var nextID = 1
    public var skippedNotifications: [JSONValue] = []

    /// A server with these command-line flags (`--memory` or `--db PATH`, `--clock`, …).
    public init(_ arguments: [String]) throws {
      guard case .serve(let options) = ServerOptions.parse(arguments, environment: ProcessInfo.processInfo.environment)
      else {
        throw InProcessError("not a serving command line: \(arguments)")
      }
      server = Server(storage: try ServerMain.openStorage(options), options: options)
      (connection, sink) = Connection.memory(handler: server)
    }

    deinit { server.replica.storage.close() }

    /// A server on a fresh in-memory store with the fixed clock, already initialized.
    public static func started(_ extra: [String] = ["--memory"], initialize: Bool = true) throws -> InProcessClient {
      let client = try InProcessClient(extra + TaskwireProcess.clockArguments)
      if initialize {
        _ = try client.result("initialize", ["clientInfo": ["name": "tests"], "protocolVersion": "1"])
      }
      return client
    }

    public func send(_ line: String) {
      connection.receive(.message(Array(line.utf8)), framing: .newline)
      received += sink.take().compactMap { try? JSONParser.parse($0) }
    }

    /// What the loop's timer does: other writers, the day, and the notifications they cause.
    public func poll() {
      server.poll()
      connection.flush()
      received += sink.take().compactMap { try? JSONParser.parse($0) }
    }

    public func readMessage(timeout: Double = 0) throws -> JSONValue {
      guard !received.isEmpty else { throw InProcessError("the server sent nothing more") }
      return received.removeFirst()
    }

    public func nextRequestID() -> Int {
      defer { nextID += 1 }
      return nextID
    }

    /// The notifications written after the last reply, taken.
    public func takeNotifications() -> [JSONValue] {
      defer { received.removeAll() }
      return received
    }
  }

  struct InProcessError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }
#endif
