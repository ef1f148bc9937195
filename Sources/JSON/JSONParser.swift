/// Why a text is not acceptable JSON for taskwire.
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
  public enum Kind: Equatable, Sendable {
    /// Not JSON at all (RFC 8259 grammar, UTF-8).
    case syntax
    /// Nested deeper than the parser's limit.
    case tooDeep
    /// Valid grammar, but an object names the same member twice.
    case duplicateKey
  }
  public var kind: Kind
  public var message: String
  public var offset: Int
  public var description: String { "\(message) at byte \(offset)" }
}

/// A strict RFC 8259 parser over raw bytes. Foundation's parsers accept trailing commas and
/// repair invalid UTF-8; a protocol endpoint must refuse both, so taskwire reads JSON itself.
public struct JSONParser {
  public static let defaultMaxDepth = 512

  public static func parse(
    _ bytes: some Collection<UInt8>, maxDepth: Int = defaultMaxDepth
  ) throws(JSONParseError) -> JSONValue {
    let array = Array(bytes)
    var result: Result<JSONValue, JSONParseError> = .failure(
      JSONParseError(kind: .syntax, message: "empty", offset: 0))
    array.withUnsafeBufferPointer { buffer in
      var parser = Scanner(bytes: buffer, maxDepth: maxDepth)
      result = Result { () throws(JSONParseError) -> JSONValue in try parser.parseDocument() }
    }
    return try result.get()
  }

  public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
    try parse(Array(text.utf8))
  }
}

struct Scanner {
  let bytes: UnsafeBufferPointer<UInt8>
  let maxDepth: Int
  var position = 0
  var depth = 0

  init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
    self.bytes = bytes
    self.maxDepth = maxDepth
  }

  func fail(_ message: String, _ kind: JSONParseError.Kind = .syntax) -> JSONParseError {
    JSONParseError(kind: kind, message: message, offset: position)
  }

  mutating func parseDocument() throws(JSONParseError) -> JSONValue {
    skipWhitespace()
    guard position < bytes.count else { throw fail("no JSON value") }
    let value = try parseValue()
    skipWhitespace()
    guard position == bytes.count else { throw fail("unexpected text after the JSON value") }
    return value
  }

  mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }

  mutating func parseValue() throws(JSONParseError) -> JSONValue {
    guard position < bytes.count else { throw fail("unexpected end of input") }
    switch bytes[position] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"):
      try expectLiteral("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expectLiteral("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expectLiteral("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw fail("unexpected character")
    }
  }

  mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
    let count = literal.utf8CodeUnitCount
    guard position + count <= bytes.count else { throw fail("invalid literal") }
    let expected = UnsafeBufferPointer(start: literal.utf8Start, count: count)
    for index in 0..<count where bytes[position + index] != expected[index] {
      throw fail("invalid literal")
    }
    position += count
  }

  mutating func enter() throws(JSONParseError) {
    depth += 1
    if depth > maxDepth { throw fail("nesting deeper than \(maxDepth) levels", .tooDeep) }
  }

  mutating func parseArray() throws(JSONParseError) -> JSONValue {
    try enter()
    position += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
      position += 1
      depth -= 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue())
      skipWhitespace()
      guard position < bytes.count else { throw fail("unterminated array") }
      let byte = bytes[position]
      position += 1
      if byte == UInt8(ascii: "]") { break }
      guard byte == UInt8(ascii: ",") else { throw fail("expected ',' or ']' in array") }
    }
    depth -= 1
    return .array(elements)
  }

  mutating func parseObject() throws(JSONParseError) -> JSONValue {
    try enter()
    position += 1
    var object = JSONObject()
    var duplicate: (String, Int)? = nil
    skipWhitespace()
    if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
      position += 1
      depth -= 1
      return .object(object)
    }
    object.reserveCapacity(4)
    while true {
      skipWhitespace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
        throw fail("expected a member name")
      }
      let keyOffset = position
      let key = try parseString()
      skipWhitespace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
        throw fail("expected ':' after a member name")
      }
      position += 1
      skipWhitespace()
      let value = try parseValue()
      if duplicate == nil, object[key] != nil { duplicate = (key, keyOffset) }
      object.appendNew(key, value)
      skipWhitespace()
      guard position < bytes.count else { throw fail("unterminated object") }
      let byte = bytes[position]
      position += 1
      if byte == UInt8(ascii: "}") { break }
      guard byte == UInt8(ascii: ",") else { throw fail("expected ',' or '}' in object") }
    }
    depth -= 1
    // A duplicate is reported only once the whole object is known to be valid JSON, so that
    // broken text is always a syntax error first.
    if let (key, offset) = duplicate {
      throw JSONParseError(
        kind: .duplicateKey, message: "duplicate member \"\(key)\"", offset: offset)
    }
    return .object(object)
  }

  mutating func parseNumber() throws(JSONParseError) -> JSONValue {
    let start = position
    if bytes[position] == UInt8(ascii: "-") { position += 1 }
    guard position < bytes.count, isDigit(bytes[position]) else { throw fail("invalid number") }
    if bytes[position] == UInt8(ascii: "0") {
      position += 1
    } else {
      while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }
    if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
      position += 1
      guard position < bytes.count, isDigit(bytes[position]) else {
        throw fail("invalid number")
      }
      while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }
    if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
      position += 1
      if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
        position += 1
      }
      guard position < bytes.count, isDigit(bytes[position]) else {
        throw fail("invalid number")
      }
      while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    return .number(text)
  }

  func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
