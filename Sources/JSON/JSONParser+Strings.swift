/// Strings: RFC 8259's escapes, and UTF-8 checked byte by byte (a protocol endpoint refuses
/// what Foundation would repair).
extension Scanner {
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
