import Foundation
import JSON
import TaskwireTestSupport
import Testing

/// A long reply is written as it is encoded, in chunks of 256 KiB: over a real pipe it must be
/// one whole line, the same as the reply built whole in memory, in order, and the messages
/// after it must follow intact.
@Suite struct LongReplyTests {
  /// 3,000 tasks with long titles: an Inbox of about 1.5 MB, six chunks.
  static let count = 3000

  static func create(_ client: some TaskwireClient) throws {
    let padding = String(repeating: "x", count: 200)
    var batch: [JSONValue] = []
    for n in 1...count {
      batch.append([
        "jsonrpc": "2.0", "method": "task/create", "params": ["title": .string("task \(n) \(padding) ✓")],
      ])
    }
    client.send(.array(batch))
  }

  @Test func aLongListIsOneLineEqualToTheReplyBuiltWhole() throws {
    let db = try temporaryFolder().appendingPathComponent("t.sqlite").path
    let server = try TaskwireProcess.started(["--db", db])
    try Self.create(server)
    let listed = try server.result("view/list", ["view": "inbox"])
    let tasks = try #require(listed["groups"]?[0]?["tasks"]?.arrayValue)
    #expect(tasks.count == Self.count)
    #expect(tasks.first?["title"]?.stringValue?.hasPrefix("task 1 ") == true)
    #expect(tasks.last?["title"]?.stringValue?.hasPrefix("task \(Self.count) ") == true)
    #expect(JSONWriter.encode(listed).count > 4 * JSONWriter.spillSize, "long enough to be written in chunks")

    // The same store in this process, whose replies are built whole in memory (versions are
    // per process: left out).
    let whole = try InProcessClient(["--db", db] + TaskwireProcess.clockArguments)
    _ = try whole.result("initialize", ["clientInfo": ["name": "tests"]])
    var built = try #require(try whole.result("view/list", ["view": "inbox"]).objectValue)
    built["version"] = nil
    var fromPipe = try #require(listed.objectValue)
    fromPipe["version"] = nil
    #expect(built == fromPipe)

    // What follows the long line is read as it was sent.
    #expect(try server.result("task/get", ["id": 7])["task"]?["id"] == 7)
  }

  @Test func aLongSubscriptionSnapshotThroughContentLengthFraming() throws {
    let server = try TaskwireProcess(["--memory"] + TaskwireProcess.clockArguments)
    func exchange(_ body: String) throws -> JSONValue {
      server.sendBytes(Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8))
      let header = try #require(server.readLine())
      let length = try #require(Int(header.dropFirst(16).trimmingCharacters(in: .whitespacesAndNewlines)))
      #expect(server.readLine() == "\r")
      return try JSONParser.parse(try #require(server.readBytes(length)))
    }
    _ = try exchange(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#)
    let padding = String(repeating: "y", count: 200)
    for n in 1...1500 {
      _ = try exchange(
        #"{"jsonrpc":"2.0","id":\#(n + 1),"method":"task/create","params":{"title":"task \#(n) \#(padding)"}}"#)
    }
    let subscribed = try exchange(#"{"jsonrpc":"2.0","id":"s","method":"view/subscribe","params":{"view":"inbox"}}"#)
    let tasks = try #require(subscribed["result"]?["snapshot"]?["groups"]?[0]?["tasks"]?.arrayValue)
    #expect(tasks.count == 1500)
    #expect(tasks.map { $0["id"]?.integerValue ?? 0 } == (1...1500).map(Int64.init))
  }
}
