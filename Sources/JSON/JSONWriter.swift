/// Writes JSON compactly on one line, members in their stored order. U+2028 and U+2029 are
/// escaped as well as control characters, so that a message never spans two lines for any
/// reader, JavaScript's included.
public struct JSONWriter {
  public private(set) var bytes: [UInt8] = []
  /// Where the text goes once a chunk is full (nil: it is all kept in `bytes`). A writer that
  /// spills holds at most about `spillSize` bytes, however long the value.
  private let spill: ((borrowing [UInt8]) -> Void)?
  public static let spillSize = 1 << 18

  public init(capacity: Int = 256) {
    bytes.reserveCapacity(capacity)
    spill = nil
  }

  /// A writer that hands its text to `spill` in chunks of about `spillSize` bytes as it is
  /// written; call `finish()` for the rest.
  public init(spillingTo spill: @escaping (borrowing [UInt8]) -> Void) {
    bytes.reserveCapacity(Self.spillSize + 4096)
    self.spill = spill
  }

  /// A spilling writer that writes into `buffer`, emptied first and its capacity kept: whoever
  /// writes message after message reuses one buffer (`takeBuffer`) instead of allocating one
  /// per message.
  public init(reusing buffer: consuming [UInt8], spillingTo spill: @escaping (borrowing [UInt8]) -> Void) {
    bytes = buffer
    bytes.removeAll(keepingCapacity: true)
    bytes.reserveCapacity(Self.spillSize + 4096)
    self.spill = spill
  }

  /// Takes the buffer away, emptied with its capacity kept, for the next writer to reuse (the
  /// writer is left with none, so the buffer is never shared and never copied).
  public mutating func takeBuffer() -> [UInt8] {
    var buffer: [UInt8] = []
    swap(&buffer, &bytes)
    buffer.removeAll(keepingCapacity: true)
    return buffer
  }

  /// Hands a full chunk over (spilling writers only): writers of long values call it between
  /// their parts (`write` does, between the elements of an array).
  public mutating func flushIfFull() {
    guard let spill, bytes.count >= Self.spillSize else { return }
    spill(bytes)
    bytes.removeAll(keepingCapacity: true)
  }

  /// Hands the rest over (spilling writers only).
  public mutating func finish() {
    guard let spill, !bytes.isEmpty else { return }
    spill(bytes)
    bytes.removeAll(keepingCapacity: true)
  }

  /// Appends raw JSON text, for encoders that write their members by hand.
  public mutating func append(raw text: StaticString) {
    bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Appends JSON text that is already encoded.
  public mutating func append(encoded: some Collection<UInt8>) {
    bytes.append(contentsOf: encoded)
  }

  public mutating func append(integer value: Int64) {
    bytes.append(contentsOf: String(value).utf8)
  }

  public static func encode(_ value: JSONValue) -> [UInt8] {
    var writer = JSONWriter()
    writer.write(value)
    return writer.bytes
  }

  public static func string(_ value: JSONValue) -> String {
    String(decoding: encode(value), as: UTF8.self)
  }

  public static func encode(_ output: OutgoingJSON) -> [UInt8] {
    var writer = JSONWriter()
    writer.write(output)
    return writer.bytes
  }

  /// A value to send: its tree, with its raw members written as they are.
  public mutating func write(_ output: OutgoingJSON) {
    switch output {
    case .value(let value): write(value)
    case .raw(let raw): raw.write(&self)
    case .array(let elements): writeArray(elements) { $0.write($1) }
    case .object(let members):
      writeObject(members.count, key: { members[$0].key }, value: { $0.write(members[$1].value) })
    }
  }

  public mutating func write(_ value: JSONValue) {
    switch value {
    case .null: bytes.append(contentsOf: "null".utf8)
    case .bool(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
    case .number(let text): bytes.append(contentsOf: text.utf8)
    case .string(let text): writeString(text)
    case .array(let elements): writeArray(elements) { $0.write($1) }
    case .object(let object):
      writeObject(object.count, key: { object.keys[$0] }, value: { $0.write(object.values[$1]) })
    }
  }

  /// `[…]`, handing over a full chunk after each element (the trees and what is sent share it).
  @inline(__always)
  private mutating func writeArray<Element>(_ elements: [Element], _ write: (inout JSONWriter, Element) -> Void) {
    bytes.append(UInt8(ascii: "["))
    for index in elements.indices {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      write(&self, elements[index])
      flushIfFull()
    }
    bytes.append(UInt8(ascii: "]"))
  }

  /// `{…}` of `count` members, by position.
  @inline(__always)
  private mutating func writeObject(_ count: Int, key: (Int) -> String, value: (inout JSONWriter, Int) -> Void) {
    bytes.append(UInt8(ascii: "{"))
    for index in 0..<count {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      writeString(key(index))
      bytes.append(UInt8(ascii: ":"))
      value(&self, index)
    }
    bytes.append(UInt8(ascii: "}"))
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  public mutating func writeString(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    // Most strings need no escaping: copy them in one go.
    let plain = text.utf8.withContiguousStorageIfAvailable { buffer -> Bool in
      guard !buffer.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0xE2 }) else { return false }
      bytes.append(contentsOf: buffer)
      return true
    }
    if plain == true {
      bytes.append(UInt8(ascii: "\""))
      return
    }
    var utf8 = Array(text.utf8)[...]
    while let byte = utf8.popFirst() {
      switch byte {
      case 0x22: bytes.append(contentsOf: [0x5C, 0x22])
      case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
      case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
      case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
      case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
      case 0..<0x20: appendUnicodeEscape(UInt16(byte))
      case 0xE2
      where utf8.count >= 2 && utf8[utf8.startIndex] == 0x80
        && (utf8[utf8.startIndex + 1] == 0xA8 || utf8[utf8.startIndex + 1] == 0xA9):
        appendUnicodeEscape(utf8[utf8.startIndex + 1] == 0xA8 ? 0x2028 : 0x2029)
        utf8 = utf8.dropFirst(2)
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  private mutating func appendUnicodeEscape(_ unit: UInt16) {
    bytes.append(contentsOf: [0x5C, UInt8(ascii: "u")])
    for shift in stride(from: 12, through: 0, by: -4) {
      bytes.append(Self.hexDigits[Int((unit >> UInt16(shift)) & 0xF)])
    }
  }
}
