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

private struct Scanner {
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
      object.appendUnchecked(key, value)
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

  mutating func parseString() throws(JSONParseError) -> String {
    position += 1
    // Plain ASCII without escapes (every member name, most values): the String is made from
    // the bytes in place, with no array in between (seven strings in a small request).
    var end = position
    while end < bytes.count {
      let byte = bytes[end]
      if byte == UInt8(ascii: "\"") {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<end]), as: UTF8.self)
        position = end + 1
        return text
      }
      guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\") else { break }
      end += 1
    }
    var utf8 = Array(bytes[position..<end])
    position = end
    while true {
      guard position < bytes.count else { throw fail("unterminated string") }
      let byte = bytes[position]
      switch byte {
      case UInt8(ascii: "\""):
        position += 1
        return String(decoding: utf8, as: UTF8.self)
      case UInt8(ascii: "\\"):
        position += 1
        try parseEscape(into: &utf8)
      case 0..<0x20:
        throw fail("control character in a string")
      case 0..<0x80:
        utf8.append(byte)
        position += 1
      default:
        try copyUTF8Sequence(into: &utf8)
      }
    }
  }

  mutating func parseEscape(into utf8: inout [UInt8]) throws(JSONParseError) {
    guard position < bytes.count else { throw fail("unterminated escape") }
    let byte = bytes[position]
    position += 1
    switch byte {
    case UInt8(ascii: "\""): utf8.append(0x22)
    case UInt8(ascii: "\\"): utf8.append(0x5C)
    case UInt8(ascii: "/"): utf8.append(0x2F)
    case UInt8(ascii: "b"): utf8.append(0x08)
    case UInt8(ascii: "f"): utf8.append(0x0C)
    case UInt8(ascii: "n"): utf8.append(0x0A)
    case UInt8(ascii: "r"): utf8.append(0x0D)
    case UInt8(ascii: "t"): utf8.append(0x09)
    case UInt8(ascii: "u"):
      var scalar = try parseHex4()
      if (0xD800..<0xDC00).contains(scalar) {
        guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
          bytes[position + 1] == UInt8(ascii: "u")
        else { throw fail("lone surrogate in \\u escape") }
        position += 2
        let low = try parseHex4()
        guard (0xDC00..<0xE000).contains(low) else { throw fail("lone surrogate in \\u escape") }
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
      } else if (0xDC00..<0xE000).contains(scalar) {
        throw fail("lone surrogate in \\u escape")
      }
      guard let unicode = Unicode.Scalar(scalar) else { throw fail("invalid \\u escape") }
      utf8.append(contentsOf: Array(String(Character(unicode)).utf8))
    default:
      throw fail("invalid escape")
    }
  }

  mutating func parseHex4() throws(JSONParseError) -> UInt32 {
    guard position + 4 <= bytes.count else { throw fail("invalid \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[position]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - 0x30)
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - 0x61 + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - 0x41 + 10)
      default: throw fail("invalid \\u escape")
      }
      value = value << 4 | digit
      position += 1
    }
    return value
  }

  /// Copies one multi-byte UTF-8 sequence, refusing overlong forms, surrogates and values past
  /// U+10FFFF: invalid UTF-8 is an error, never silently repaired.
  mutating func copyUTF8Sequence(into utf8: inout [UInt8]) throws(JSONParseError) {
    let lead = bytes[position]
    let length: Int
    let minimum: UInt32
    var scalar: UInt32
    switch lead {
    case 0xC2...0xDF: (length, minimum, scalar) = (2, 0x80, UInt32(lead & 0x1F))
    case 0xE0...0xEF: (length, minimum, scalar) = (3, 0x800, UInt32(lead & 0x0F))
    case 0xF0...0xF4: (length, minimum, scalar) = (4, 0x10000, UInt32(lead & 0x07))
    default: throw fail("invalid UTF-8")
    }
    guard position + length <= bytes.count else { throw fail("invalid UTF-8") }
    for offset in 1..<length {
      let byte = bytes[position + offset]
      guard byte & 0xC0 == 0x80 else { throw fail("invalid UTF-8") }
      scalar = scalar << 6 | UInt32(byte & 0x3F)
    }
    guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800..<0xE000).contains(scalar) else {
      throw fail("invalid UTF-8")
    }
    for offset in 0..<length { utf8.append(bytes[position + offset]) }
    position += length
  }
}
