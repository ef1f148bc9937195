import JSON
import JSONRPC
import Testing

/// A handler that answers every request with its method name, and records what it carried out.
final class EchoHandler: MessageHandler {
  var carriedOut: [String] = []
  var queued: [OutgoingJSON] = []
  var exitCode: Int32? = nil
  func answer(_ request: Request) -> Result<OutgoingJSON, RPCError> {
    request.method == "fail" ? .failure(.invalidParams("x", "is wrong")) : .success(.value(.string(request.method)))
  }
  func carryOut(_ notification: Notification) { carriedOut.append(notification.method) }
  func takeQueued() -> [OutgoingJSON] {
    defer { queued.removeAll() }
    return queued
  }
  func log(_ text: String) {}
}

/// The JSON-RPC rules of the connection, through its in-memory twin.
@Suite struct ConnectionTests {
  let handler = EchoHandler()

  func exchange(_ line: String, framing: Framing = .newline) throws -> (Connection, [JSONValue]) {
    let (connection, sink) = Connection.memory(handler: handler)
    connection.receive(.message(Array(line.utf8)), framing: framing)
    return (connection, try sink.take().map { try JSONParser.parse($0) })
  }

  @Test func aRequestIsAnsweredWithItsID() throws {
    let (_, sent) = try exchange(#"{"jsonrpc":"2.0","id":"a","method":"ping"}"#)
    #expect(sent == [["jsonrpc": "2.0", "id": "a", "result": "ping"]])
  }

  @Test func aBatchIsAnsweredAsOneArrayWithoutItsNotifications() throws {
    let (_, sent) = try exchange(
      #"[{"jsonrpc":"2.0","id":1,"method":"a"},{"jsonrpc":"2.0","method":"note"},{"jsonrpc":"2.0","id":2,"method":"fail"}]"#
    )
    #expect(sent.count == 1)
    #expect(sent[0].arrayValue?.count == 2)
    #expect(sent[0][1]?["error"]?["code"] == -32602)
    #expect(handler.carriedOut == ["note"])
  }

  @Test func dollarNotificationsAreDropped() throws {
    let (_, sent) = try exchange(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1}}"#)
    #expect(sent.isEmpty)
    #expect(handler.carriedOut.isEmpty)
  }

  @Test func queuedMessagesFollowTheReply() throws {
    handler.queued = [.value(["jsonrpc": "2.0", "method": "later"])]
    let (_, sent) = try exchange(#"{"jsonrpc":"2.0","id":1,"method":"now"}"#)
    #expect(sent.map { $0["method"] ?? $0["result"] } == ["now", "later"])
  }

  @Test func repliesUseTheClientsFraming() throws {
    let (connection, sink) = Connection.memory(handler: handler)
    connection.receive(.message(Array(#"{"jsonrpc":"2.0","id":1,"method":"a"}"#.utf8)), framing: .contentLength)
    #expect(sink.framing == .contentLength)
  }

  @Test func unreadableHeadersCloseTheConnection() throws {
    let (connection, sink) = Connection.memory(handler: handler)
    connection.receive(.badHeader("no length"), framing: .contentLength)
    #expect(connection.closeCode == 1)
    #expect(try JSONParser.parse(sink.take()[0])["error"]?["code"] == -32700)
  }

  @Test func aClosedOutputEndsTheConnectionQuietly() throws {
    let (connection, sink) = Connection.memory(handler: handler)
    sink.isClosed = true
    connection.receive(.message(Array(#"{"jsonrpc":"2.0","id":1,"method":"a"}"#.utf8)), framing: .newline)
    #expect(connection.closeCode == 0)
  }
}
