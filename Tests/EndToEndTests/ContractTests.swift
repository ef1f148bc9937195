import Foundation
import JSON
import TaskwireReplay
import TaskwireTestSupport
import Testing

/// Protocol/openrpc.json against the server, and the recorded sessions against both.
@Suite struct ContractTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  func document() throws -> JSONValue {
    try JSONParser.parse(try Data(contentsOf: Self.root.appendingPathComponent("Protocol/openrpc.json")))
  }

  func sessions() throws -> [URL] {
    let folder = Self.root.appendingPathComponent("Protocol/sessions")
    return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jsonl") }
      .sorted().map { folder.appendingPathComponent($0) }
  }

  @Test func rpcDiscoverAnswersTheDocument() throws {
    let server = try TaskwireProcess.started()
    #expect(
      try server.result("rpc.discover") == (try document()), "run Protocol/regenerate.sh after editing openrpc.json")
  }

  @Test func everyMethodIsDocumentedAndRecorded() throws {
    let listed = Set(
      (try TaskwireProcess.started(initialize: false).result("initialize", [:])["methods"]?.arrayValue ?? [])
        .compactMap(\.stringValue))
    let documented = Set((try document()["methods"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue })
    #expect(listed == documented, "initialize's methods and openrpc.json's methods")
    var recorded = Set<String>()
    for session in try sessions() {
      for line in try String(contentsOf: session, encoding: .utf8).split(separator: "\n") {
        let entry = try JSONParser.parse(String(line))
        for message in entry["in"]?.arrayValue ?? [entry["in"]].compactMap({ $0 }) {
          if let method = message["method"]?.stringValue { recorded.insert(method) }
        }
      }
    }
    #expect(
      listed.subtracting(recorded).isEmpty,
      "methods without a recorded session: \(listed.subtracting(recorded).sorted())")
  }

  /// Every documented error code is in a recorded session, except those that a single process
  /// on a fresh store cannot produce; each of those has its own test.
  @Test func everyErrorCodeIsRecorded() throws {
    let documented = Set(
      (try document()["components"]?["errors"]?.objectValue?.values ?? []).compactMap { $0["code"]?.integerValue })
    var recorded = Set<Int64>()
    for session in try sessions() {
      for line in try String(contentsOf: session, encoding: .utf8).split(separator: "\n") {
        let entry = try JSONParser.parse(String(line))
        for message in entry["out"]?.arrayValue ?? [entry["out"]].compactMap({ $0 }) {
          if let code = message["error"]?["code"]?.integerValue { recorded.insert(code) }
        }
      }
    }
    // -32603: only a bug produces it. -32015: only an outside writer (StoreTests).
    // -32020 and -32021: a locked or unwritable store (StoreTests).
    let unrecordable: Set<Int64> = [-32603, -32015, -32020, -32021]
    #expect(
      documented.subtracting(recorded).subtracting(unrecordable).isEmpty,
      "codes without a recorded session: \(documented.subtracting(recorded).subtracting(unrecordable).sorted())")
  }

  func replay(_ text: String) throws -> (Int32, String) {
    let file = try temporaryFolder().appendingPathComponent("session.jsonl")
    try Data(text.utf8).write(to: file)
    let process = Process()
    process.executableURL = TaskwireProcess.binary
    process.arguments = ["replay", file.path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  @Test func replayNamesTheFirstDifferenceAndAcceptsTheMarker() throws {
    let session = try String(
      contentsOf: try sessions().first { $0.lastPathComponent == "undo-redo.jsonl" }!, encoding: .utf8)
    #expect(try replay(session).0 == 0)
    let changed = session.replacingOccurrences(
      of: #""label":"Create 'Buy milk'""#, with: #""label":"Create 'Buy oat milk'""#)
    let (status, output) = try replay(changed)
    #expect(status == 1)
    #expect(output.contains("differs at /result/steps/4/label"), "\(output)")
    #expect(output.contains("expected:") && output.contains("actual:"))
    let marked = changed.replacingOccurrences(of: #""label":"Create 'Buy oat milk'""#, with: #""label":"<any>""#)
    #expect(try replay(marked).0 == 0, "the <any> marker accepts any value")
    let missing = session.split(separator: "\n").dropLast().joined(separator: "\n")
    let extra = try replay(missing)
    #expect(extra.0 == 1)
    #expect(extra.1.contains("more than was recorded"))
  }

  @Test func theCheckerCatchesShapesTheDocumentRefuses() throws {
    let checker = ContractChecker(document: try document())
    let good: JSONValue = ["jsonrpc": "2.0", "id": 1, "result": ["deleted": 3]]
    #expect(checker.check(reply: good, method: "task/delete", params: ["id": 3]) == nil)
    let wrongShape: JSONValue = ["jsonrpc": "2.0", "id": 1, "result": ["deleted": "3"]]
    #expect(checker.check(reply: wrongShape, method: "task/delete", params: ["id": 3]) != nil)
    let undocumentedError: JSONValue = ["jsonrpc": "2.0", "id": 1, "error": ["code": -32013, "message": "x"]]
    #expect(checker.check(reply: undocumentedError, method: "task/delete", params: ["id": 3]) != nil)
    #expect(checker.check(reply: good, method: "task/delete", params: ["id": 3, "force": true]) != nil)
    let note: JSONValue = [
      "jsonrpc": "2.0", "method": "view/changed",
      "params": [
        "subscription": 1, "view": "today", "from": 1, "to": 2, "today": "2026-02-12", "ops": [["op": "teleport"]],
      ],
    ]
    #expect(checker.check(notification: note) != nil)
  }
}
