import Foundation
import JSON
import TaskwireProtocol
import TaskwireTestSupport
import Testing

/// Random input at every method: only successes, -32600, -32602 and application errors come
/// back; never -32603, never a crash.
@Suite struct FuzzTests {
  struct Fuzzer {
    var random: Generator
    let keys: [String]

    mutating func value(depth: Int = 0) -> JSONValue {
      switch random.next(depth > 2 ? 8 : 11) {
      case 0: return .null
      case 1: return .bool(random.next(2) == 0)
      case 2: return .int(random.next(7) - 2)
      case 3:
        return .number(
          ["1e400", "-0", "9007199254740993", "0.5", "-1e-9", "123456789012345678901234567890"][random.next(6)])
      case 4:
        return .string(
          [
            "", " ", "today", "tomorrow", "2026-02-29", "2026-13-45", "fri", "in 3 days", "'; DROP TABLE tasks; --",
            "\u{0}", "\u{2028}", "é", String(repeating: "x", count: 300), "inbox", "upcoming", "matrix", "do", "+2w",
          ][random.next(18)])
      case 5: return .int(random.next(1_000_000) - 10)
      case 6, 7: return .string(keys[random.next(keys.count)])
      case 8: return .array((0..<random.next(4)).map { _ in value(depth: depth + 1) })
      default:
        var object = JSONObject()
        for _ in 0..<random.next(5) { object[keys[random.next(keys.count)]] = value(depth: depth + 1) }
        return .object(object)
      }
    }
  }

  static let allowed: Set<Int64> = [-32600, -32602, -32002, -32010, -32011, -32012, -32013, -32014, -32801]

  @Test func randomParamsAtEveryMethod() throws {
    let server = try TaskwireProcess.started()
    let document = try JSONParser.parse(
      try Data(contentsOf: ContractTests.root.appendingPathComponent("Protocol/openrpc.json")))
    let methods = (document["methods"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
      .filter { $0 != "shutdown" && $0 != "initialize" }
    var keys = Set<String>()
    for method in document["methods"]?.arrayValue ?? [] {
      for param in OpenRPCDocument.params(of: method, in: document) {
        if let name = param["name"]?.stringValue { keys.insert(name) }
      }
    }
    keys.formUnion([
      "pattern", "weekdays", "monthDay", "interval", "afterCompletion", "tagsAny", "priorities", "text", "now",
    ])
    var fuzzer = Fuzzer(random: Generator(seed: 7), keys: keys.sorted())
    for _ in 0..<20 { try server.result("task/create", ["title": "seed", "view": "today"]) }
    for step in 0..<1500 {
      let method = methods[fuzzer.random.next(methods.count)]
      var params = fuzzer.value()
      // Mostly objects with the method's own members, sometimes anything at all.
      if fuzzer.random.next(4) > 0 {
        var object = JSONObject()
        for _ in 0..<fuzzer.random.next(5) {
          object[fuzzer.keys[fuzzer.random.next(fuzzer.keys.count)]] = fuzzer.value(depth: 1)
        }
        if fuzzer.random.next(2) == 0 { object["id"] = .int(fuzzer.random.next(25)) }
        params = .object(object)
      }
      if method == "test/setClock" { continue }
      guard let reply = try? server.call(method, params) else {
        Issue.record(
          "step \(step): no reply to \(method) \(JSONWriter.string(params)); server running: \(server.process.isRunning), status \(server.process.isRunning ? -1 : server.process.terminationStatus)"
        )
        return
      }
      if let code = reply["error"]?["code"]?.integerValue {
        #expect(
          Self.allowed.contains(code),
          "step \(step): \(method) \(JSONWriter.string(params)) → \(JSONWriter.string(reply))")
      }
    }
    #expect(try server.result("tags/list")["tags"] != nil, "still serving")
  }

  @Test func mutatedRecordedSessions() throws {
    let folder = ContractTests.root.appendingPathComponent("Protocol/sessions")
    var random = Generator(seed: 11)
    for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".jsonl") {
      let lines = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8).split(separator: "\n")
      let inputs = lines.compactMap { line -> [UInt8]? in
        guard let entry = try? JSONParser.parse(String(line)), let message = entry["in"] else { return nil }
        return JSONWriter.encode(message)
      }
      for round in 0..<3 {
        let server = try TaskwireProcess.started()
        for var bytes in inputs {
          if bytes.count > 2 {
            for _ in 0..<(1 + random.next(3)) where bytes.count > 1 {
              let at = random.next(bytes.count)
              switch random.next(4) {
              case 0: bytes.remove(at: at)
              case 1:
                let alphabet = [UInt8](#"{}[],:"0-9e"#.utf8)
                bytes.insert(alphabet[random.next(alphabet.count)], at: at)
              case 2: bytes[at] = UInt8(random.next(256))
              default: bytes.replaceSubrange(at..<min(bytes.count, at + 3), with: Array(#""x""#.utf8))
              }
            }
          }
          bytes.removeAll { $0 == 0x0A }
          server.sendBytes(bytes + [0x0A])
        }
        server.send(#"{"jsonrpc":"2.0","id":"sentinel","method":"tags/list"}"#)
        while true {
          let reply = try server.readMessage()
          for message in reply.arrayValue ?? [reply] {
            if let code = message["error"]?["code"]?.integerValue {
              #expect(code != -32603, "\(file) round \(round): \(JSONWriter.string(message))")
            }
          }
          if reply["id"] == "sentinel" { break }
        }
      }
    }
  }
}
