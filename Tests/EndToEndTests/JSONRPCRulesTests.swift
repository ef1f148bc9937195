import Foundation
import JSON
import TaskwireTestSupport
import Testing

/// The JSON-RPC 2.0 rules, through the real binary over real pipes.
@Suite struct JSONRPCRulesTests {
  @Test func parseErrorHasNullID() throws {
    let server = try TaskwireProcess.started()
    for line in ["{\"jsonrpc\":\"2.0\",", "not json", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"view/list\",}"] {
      server.send(line)
      let reply = try server.readMessage()
      #expect(reply["error"]?["code"] == -32700, "\(line)")
      #expect(reply["id"] == .null)
    }
    // The server keeps serving after bad input.
    #expect(try server.result("view/list", ["view": "inbox"])["view"] == "inbox")
  }

  @Test func invalidUTF8IsAParseErrorNotRepaired() throws {
    let server = try TaskwireProcess.started()
    var bytes = Array(#"{"jsonrpc":"2.0","id":1,"method":"task/create","params":{"title":"a"#.utf8)
    bytes += [0xFF, 0xFE]
    bytes += Array(#""}}"#.utf8) + [0x0A]
    server.sendBytes(bytes)
    let reply = try server.readMessage()
    #expect(reply["error"]?["code"] == -32700)
    let inbox = try server.result("view/list", ["view": "inbox"])
    #expect(inbox["groups"]?[0]?["tasks"]?.arrayValue?.isEmpty == true, "nothing was stored")
  }

  @Test func invalidRequests() throws {
    let server = try TaskwireProcess.started()
    let cases: [(String, JSONValue)] = [
      (#"{"jsonrpc":"1.0","id":1,"method":"view/list"}"#, 1),
      (#"{"id":2,"method":"view/list"}"#, 2),
      (#"{"jsonrpc":"2.0","id":3,"method":7}"#, 3),
      (#"{"jsonrpc":"2.0","id":4,"method":"view/list","params":"inbox"}"#, 4),
      (#"{"jsonrpc":"2.0","id":5}"#, 5),
      (#"{"jsonrpc":"2.0","id":6,"method":"view/list","extra":true}"#, 6),
      (#"{"jsonrpc":"2.0","id":null,"method":"view/list"}"#, .null),
      (#"{"jsonrpc":"2.0","id":1.5,"method":"view/list"}"#, .null),
      (#"{"jsonrpc":"2.0","id":1e400,"method":"view/list"}"#, .null),
      (#"{"jsonrpc":"2.0","id":{"a":1},"method":"view/list"}"#, .null),
      (#"{"jsonrpc":"2.0","id":7,"method":"view/list","id":8}"#, .null),
      ("42", .null),
    ]
    for (line, id) in cases {
      server.send(line)
      let reply = try server.readMessage()
      #expect(reply["error"]?["code"] == -32600, "\(line) → \(JSONWriter.string(reply))")
      #expect(reply["id"] == id, "\(line) → \(JSONWriter.string(reply))")
    }
  }

  @Test func idsAreEchoedExactly() throws {
    let server = try TaskwireProcess.started()
    for id in ["9007199254740993", "\"abc\"", "\"\"", "-5", "0", "\"\\u2028x\""] {
      server.send(#"{"jsonrpc":"2.0","id":\#(id),"method":"view/list","params":{"view":"today"}}"#)
      let line = try #require(server.readLine())
      #expect(line.hasPrefix(#"{"jsonrpc":"2.0","id":\#(id),"result":"#), "\(line)")
    }
  }

  @Test func methodNotFoundAndInvalidParams() throws {
    let server = try TaskwireProcess.started()
    let missing = try server.error("task/explode")
    #expect(missing["code"] == -32601)
    #expect(missing["data"]?["method"] == "task/explode")

    let wrongType = try server.error("task/create", ["title": 5])
    #expect(wrongType["code"] == -32602)
    #expect(wrongType["data"]?["param"] == "title")
    #expect(wrongType["data"]?["problem"] == "must be a string, got a number")

    let unknown = try server.error("task/create", ["title": "x", "priorty": 2])
    #expect(unknown["data"]?["param"] == "priorty")

    let array = try server.error("view/list", ["inbox"])
    #expect(array["data"]?["param"] == "params")
  }

  @Test func notificationsAreNeverAnswered() throws {
    let server = try TaskwireProcess.started()
    server.send(#"{"jsonrpc":"2.0","method":"task/create","params":{"title":"silent"}}"#)
    server.send(#"{"jsonrpc":"2.0","method":"no/such/method"}"#)
    server.send(#"{"jsonrpc":"2.0","method":"task/create","params":{"title":""}}"#)
    let inbox = try server.result("view/list", ["view": "inbox"])
    // The first notification's change is made; neither it nor the failures produce output.
    #expect(inbox["groups"]?[0]?["tasks"]?[0]?["title"] == "silent")
    server.closeInput()
    #expect(server.readLine(timeout: 5) == nil)
    #expect(server.waitForExit() == 0)
  }

  @Test func batches() throws {
    let server = try TaskwireProcess.started()
    server.send(
      #"[{"jsonrpc":"2.0","id":"a","method":"task/create","params":{"title":"one"}},{"jsonrpc":"2.0","method":"task/create","params":{"title":"two"}},{"jsonrpc":"2.0","id":"c","method":"nope"},5]"#
    )
    let replies = try #require(try server.readMessage().arrayValue)
    #expect(replies.count == 3)
    #expect(replies[0]["id"] == "a")
    #expect(replies[0]["result"]?["task"]?["title"] == "one")
    #expect(replies[1]["error"]?["code"] == -32601)
    #expect(replies[2]["error"]?["code"] == -32600)

    server.send("[]")
    let empty = try server.readMessage()
    #expect(empty["error"]?["code"] == -32600)
    #expect(empty.arrayValue == nil, "an empty batch gets one error, not an array")

    server.send(#"[{"jsonrpc":"2.0","method":"task/create","params":{"title":"three"}}]"#)
    let inbox = try server.result("view/list", ["view": "inbox"])
    #expect(inbox["groups"]?[0]?["tasks"]?.arrayValue?.map { $0["title"] } == ["one", "two", "three"])
  }

  @Test func contentLengthFraming() throws {
    let server = try TaskwireProcess(["--memory"] + TaskwireProcess.clockArguments)
    func exchange(_ body: String) throws -> JSONValue {
      server.sendBytes(Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8))
      let header = try #require(server.readLine())
      #expect(header.hasPrefix("Content-Length: "))
      let length = try #require(Int(header.dropFirst(16).trimmingCharacters(in: .whitespacesAndNewlines)))
      #expect(server.readLine() == "\r")
      return try JSONParser.parse(try #require(server.readBytes(length)))
    }
    let initialize = try exchange(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#)
    #expect(initialize["result"]?["protocolVersion"] == "1")
    let created = try exchange(
      #"{"jsonrpc":"2.0","id":2,"method":"task/create","params":{"title":"Über\nall","view":"today"}}"#)
    #expect(created["result"]?["task"]?["title"] == "Über\nall")
  }

  @Test func lifecycle() throws {
    let server = try TaskwireProcess.started(initialize: false)
    let early = try server.error("view/list", ["view": "inbox"])
    #expect(early["code"] == -32002)
    let badVersion = try server.error("initialize", ["protocolVersion": "99"])
    #expect(badVersion["data"]?["param"] == "protocolVersion")
    let reply = try server.result("initialize", ["clientInfo": ["name": "t", "version": "1"], "protocolVersion": "1"])
    #expect(reply["serverInfo"]?["name"] == "taskwire")
    let methods = try #require(reply["methods"]?.arrayValue)
    for method in ["task/create", "task/move", "view/list", "history/undo", "task/scheduleOptions"] {
      #expect(methods.contains(.string(method)))
    }
    #expect(try server.error("initialize")["code"] == -32600)
    #expect(try server.result("shutdown") == .null)
    #expect(try server.error("view/list", ["view": "inbox"])["code"] == -32600)
    server.send(#"{"jsonrpc":"2.0","method":"exit"}"#)
    #expect(server.waitForExit() == 0)
  }

  @Test func exitWithoutShutdownIsOne() throws {
    let server = try TaskwireProcess.started()
    server.send(#"{"jsonrpc":"2.0","method":"exit"}"#)
    #expect(server.waitForExit() == 1)
  }

  @Test func endOfInputAnswersWhatIsInFlightThenExitsZero() throws {
    let server = try TaskwireProcess.started()
    // Blank lines and CRLF are tolerated; a last line without a newline is still served.
    server.sendBytes(
      Array("\n\r\n{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"view/list\",\"params\":{\"view\":\"today\"}}\r\n".utf8))
    server.sendBytes(Array(#"{"jsonrpc":"2.0","id":8,"method":"view/list","params":{"view":"inbox"}}"#.utf8))
    server.closeInput()
    #expect(try server.readMessage()["id"] == 7)
    #expect(try server.readMessage()["id"] == 8)
    #expect(server.waitForExit() == 0)
  }

  @Test func oversizedLineIsRefusedAndTheNextServed() throws {
    let server = try TaskwireProcess.started()
    let huge =
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"task/create\",\"params\":{\"title\":\""
      + String(repeating: "x", count: 9 * 1024 * 1024) + "\"}}"
    server.send(huge)
    let reply = try server.readMessage()
    #expect(reply["error"]?["code"] == -32600)
    #expect(try server.result("view/list", ["view": "inbox"])["groups"]?[0]?["tasks"] == [])
  }

  @Test func deepNestingIsRefused() throws {
    let server = try TaskwireProcess.started()
    for depth in [513, 100_000] {
      server.send(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
      #expect(try server.readMessage()["error"]?["code"] == -32700)
    }
    server.send(String(repeating: "[", count: 512) + String(repeating: "]", count: 512))
    #expect(try server.readMessage()[0]?["error"]?["code"] == -32600)
  }

  @Test func outputStaysOneLinePerMessage() throws {
    let server = try TaskwireProcess.started()
    server.send(#"{"jsonrpc":"2.0","id":1,"method":"task/create","params":{"title":"a\u2028b\u0000c\nd"}}"#)
    let line = try #require(server.readLine())
    #expect(line.contains(#"a\u2028b\u0000c\nd"#))
  }
}
