import JSON
import Testing

@Suite struct JSONWriterTests {
  /// A long array written as raw text inside what is sent, as a reply of many tasks is built.
  static let value: OutgoingJSON = .object([
    ("view", "inbox"),
    (
      "tasks",
      .raw(
        RawJSON(writing: { writer in
          writer.append(raw: "[")
          for n in 0..<20_000 {
            if n > 0 { writer.append(raw: ",") }
            writer.write(["id": .int(n), "title": .string("task \(n) \u{2028} ✓")])
            writer.flushIfFull()
          }
          writer.append(raw: "]")
        }))
    ),
    ("more", .value(.array((0..<5000).map { .string("element \($0)") }))),
  ])

  @Test func aSpillingWriterWritesTheSameTextInBoundedChunks() throws {
    var chunks: [[UInt8]] = []
    var writer = JSONWriter { chunks.append(Array($0)) }
    writer.write(Self.value)
    writer.finish()
    let whole = JSONWriter.encode(Self.value)
    #expect(chunks.count > 2)
    #expect(chunks.flatMap { $0 } == whole)
    // A chunk is handed over once it is full: it never grows far past the size.
    #expect(chunks.allSatisfy { $0.count < JSONWriter.spillSize + 1024 })
    #expect(try JSONParser.parse(whole)["tasks"]?[19_999]?["id"] == 19_999)
  }

  @Test func rawTextIsWrittenAsItIsAndReadBackAsItsValue() throws {
    let sent: OutgoingJSON = .object([("a", .raw(RawJSON(bytes: Array("[1,2,{\"a\":null}]".utf8)))), ("b", 3)])
    #expect(String(decoding: JSONWriter.encode(sent), as: UTF8.self) == #"{"a":[1,2,{"a":null}],"b":3}"#)
    #expect(sent.parsed == ["a": [1, 2, ["a": nil]], "b": 3])
  }
}
