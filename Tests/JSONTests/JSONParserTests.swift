import Foundation
import JSON
import Testing

@Suite struct JSONParserTests {
  func kind(_ text: String) -> JSONParseError.Kind? {
    do {
      _ = try JSONParser.parse(text)
      return nil
    } catch {
      return error.kind
    }
  }

  @Test func refusesWhatFoundationAccepts() {
    for text in [
      "[1,]", "{\"a\":1,}", "[1,,2]", "{\"a\":1}x", "01", "1.", ".5", "+1", "NaN", "'a'", "[\"\t\"]", "\u{FEFF}{}",
    ] {
      #expect(kind(text) == .syntax, "\(text)")
    }
  }

  @Test func invalidUTF8IsRefused() throws {
    for bytes: [UInt8] in [
      [0x22, 0xFF, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22],
      [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],
    ] {
      #expect(throws: JSONParseError.self) { try JSONParser.parse(bytes) }
    }
    #expect(kind("\"\\ud800\"") == .syntax, "a lone surrogate escape")
    #expect(try JSONParser.parse("\"\\ud83d\\ude00\"") == .string("😀"))
  }

  /// Plain ASCII strings are read in place; one that turns out to hold an escape or a non-ASCII
  /// character part-way keeps the part before it.
  @Test func stringsWithAndWithoutEscapes() throws {
    #expect(
      try JSONParser.parse(#"["task/get","ab\ncd","naïve","a\"b","\u00e9t\u00e9",""]"#)
        == .array([
          .string("task/get"), .string("ab\ncd"), .string("naïve"), .string("a\"b"), .string("été"), .string(""),
        ]))
    #expect(try JSONParser.parse(#"{"key with spaces":"value"}"#)["key with spaces"] == .string("value"))
    #expect(kind("[\"abc\u{1}def\"]") == .syntax, "a control character after plain text")
    #expect(kind("\"abc") == .syntax, "unterminated after plain text")
    do {
      _ = try JSONParser.parse("[\"abcd\u{7}\"]")
      Issue.record("a control character was accepted")
    } catch {
      #expect(error.offset == 6, "the offset names the control character")
    }
  }

  @Test func depthLimit() throws {
    let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
    #expect(throws: Never.self) { try JSONParser.parse(ok) }
    let deep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
    #expect(kind(deep) == .tooDeep)
  }

  @Test func duplicateKeysAreReportedAfterTheSyntax() {
    #expect(kind("{\"a\":1,\"a\":2}") == .duplicateKey)
    #expect(kind("{\"a\":1,\"a\":2") == .syntax)
  }

  @Test func numbersKeepTheirText() throws {
    #expect(try JSONParser.parse("9007199254740993") == .number("9007199254740993"))
    #expect(try JSONParser.parse("9007199254740993").integerValue == 9_007_199_254_740_993)
    #expect(try JSONParser.parse("1e400").integerValue == nil)
    #expect(try JSONParser.parse("-0.5e-3") == .number("-0.5e-3"))
  }

  @Test func writerEscapesLineSeparatorsAndControls() throws {
    let text = JSONWriter.string(.string("a\u{2028}b\u{2029}c\u{0}d\n\"\\/é"))
    #expect(text == #""a\u2028b\u2029c\u0000d\n\"\\/é""#)
    let object: JSONValue = ["b": 1, "a": [true, nil, "x"]]
    #expect(JSONWriter.string(object) == #"{"b":1,"a":[true,null,"x"]}"#, "members keep their order")
    #expect(try JSONParser.parse(JSONWriter.string(object)) == object)
  }

  /// nst/JSONTestSuite: every y_ file parses, every n_ file is refused, no i_ file crashes.
  @Test func jsonTestSuite() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("shared/corpora/JSONTestSuite/test_parsing")
    guard let files = try? FileManager.default.contentsOfDirectory(atPath: root.path) else {
      print("skipped: no ../shared")
      return
    }
    #expect(files.count > 300)
    for file in files where file.hasSuffix(".json") {
      let bytes = try [UInt8](Data(contentsOf: root.appendingPathComponent(file)))
      let result = Result { try JSONParser.parse(bytes) }
      if file.hasPrefix("y_") {
        if case .failure(let error) = result {
          #expect((error as? JSONParseError)?.kind == .duplicateKey, "\(file) should parse: \(error)")
        }
      } else if file.hasPrefix("n_") {
        if case .success = result { Issue.record("\(file) should be refused") }
      }
    }
  }
}
