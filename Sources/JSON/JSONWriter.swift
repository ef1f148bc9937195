/// Writes JSON compactly on one line, members in their stored order. U+2028 and U+2029 are
/// escaped as well as control characters, so that a message never spans two lines for any
/// reader, JavaScript's included.
public struct JSONWriter: ~Copyable {
  // The text in a buffer of the writer's own, not an `[UInt8]`: an array's append checks
  // uniqueness and capacity through a generic path (about 90 instructions for a 10-byte
  // constant, measured with callgrind), and a list of 10k tasks makes millions of them. A writer
  // is not copyable, so the buffer has one owner and is freed once.
  @usableFromInline var base: UnsafeMutablePointer<UInt8>
  @usableFromInline var used = 0
  @usableFromInline var capacity: Int
  /// Where the text goes once a chunk is full (nil: it is all kept). A writer that spills holds
  /// at most about `spillSize` bytes, however long the value.
  private let spill: ((UnsafeRawBufferPointer) -> Void)?
  public static let spillSize = 1 << 18

  public init(capacity: Int = 256) {
    self.capacity = max(16, capacity)
    base = .allocate(capacity: self.capacity)
    spill = nil
  }

  /// A writer that hands its text to `spill` in chunks of about `spillSize` bytes as it is
  /// written; call `finish()` for the rest.
  public init(spillingTo spill: @escaping (UnsafeRawBufferPointer) -> Void) {
    capacity = Self.spillSize + 4096
    base = .allocate(capacity: capacity)
    self.spill = spill
  }

  /// A spilling writer that writes into `buffer` (taken over: the writer frees it, or hands it
  /// back with `takeBuffer`): whoever writes message after message reuses one buffer instead of
  /// allocating one per message (a quarter of a MiB is mapped and unmapped by malloc each time).
  public init(
    reusing buffer: UnsafeMutableBufferPointer<UInt8>, spillingTo spill: @escaping (UnsafeRawBufferPointer) -> Void
  ) {
    if let start = buffer.baseAddress, buffer.count >= Self.spillSize + 4096 {
      base = start
      capacity = buffer.count
    } else {
      buffer.deallocate()
      capacity = Self.spillSize + 4096
      base = .allocate(capacity: capacity)
    }
    self.spill = spill
  }

  deinit { base.deallocate() }

  /// Takes the buffer away, its text forgotten, for the next writer to reuse: the caller owns
  /// it then (and frees it when it is done with it).
  public mutating func takeBuffer() -> UnsafeMutableBufferPointer<UInt8> {
    let taken = UnsafeMutableBufferPointer(start: base, count: capacity)
    capacity = 16
    base = .allocate(capacity: capacity)
    used = 0
    return taken
  }

  /// The text written so far (a copy).
  public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: used)) }

  /// The text written so far as a String (no array in between).
  public var text: String { String(decoding: UnsafeBufferPointer(start: base, count: used), as: UTF8.self) }

  /// How many bytes are written and not yet handed over.
  public var count: Int { used }

  /// Hands a full chunk over (spilling writers only): writers of long values call it between
  /// their parts (`write` does, between the elements of an array).
  public mutating func flushIfFull() {
    guard let spill, used >= Self.spillSize else { return }
    spill(UnsafeRawBufferPointer(start: base, count: used))
    used = 0
  }

  /// Hands the rest over (spilling writers only).
  public mutating func finish() {
    guard let spill, used > 0 else { return }
    spill(UnsafeRawBufferPointer(start: base, count: used))
    used = 0
  }

  @usableFromInline mutating func grow(toHold needed: Int) {
    let larger = max(needed, capacity * 2)
    let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
    moved.initialize(from: base, count: used)
    base.deallocate()
    base = moved
    capacity = larger
  }

  /// Appends `count` bytes from `source`.
  @inlinable @inline(__always)
  public mutating func append(_ source: UnsafePointer<UInt8>, count: Int) {
    if capacity - used < count { grow(toHold: used + count) }
    (base + used).initialize(from: source, count: count)
    used += count
  }

  /// Appends one byte.
  @inlinable @inline(__always)
  public mutating func append(byte: UInt8) {
    if used == capacity { grow(toHold: used + 1) }
    base[used] = byte
    used += 1
  }

  /// Appends raw JSON text, for encoders that write their members by hand.
  @inlinable @inline(__always)
  public mutating func append(raw text: StaticString) {
    append(text.utf8Start, count: text.utf8CodeUnitCount)
  }

  /// Appends JSON text that is already encoded.
  public mutating func append(encoded: [UInt8]) {
    encoded.withUnsafeBufferPointer { if let start = $0.baseAddress { append(start, count: $0.count) } }
  }

  /// Appends JSON text that is already encoded.
  public mutating func append(encoded: UnsafeBufferPointer<UInt8>) {
    if let start = encoded.baseAddress { append(start, count: encoded.count) }
  }

  /// Appends JSON text that is already encoded.
  public mutating func append(encoded: UnsafeRawBufferPointer) {
    append(encoded: encoded.bindMemory(to: UInt8.self))
  }

  /// Appends a string's UTF-8 as it is (no quotes, no escaping).
  mutating func append(utf8 text: String) {
    var text = text
    text.withUTF8 { append(encoded: $0) }
  }

  /// An integer's decimal digits, written without a String in between.
  public mutating func append(integer value: Int64) {
    var magnitude = value.magnitude
    // (20 digits and a sign at most.)
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { digits in
      var at = 24
      repeat {
        at -= 1
        digits[at] = UInt8(48 + magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      if value < 0 {
        at -= 1
        digits[at] = 0x2D
      }
      append(encoded: UnsafeBufferPointer(rebasing: digits[at...]))
    }
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
    case .null: append(raw: "null")
    case .bool(let flag): if flag { append(raw: "true") } else { append(raw: "false") }
    case .number(let text): append(utf8: text)
    case .string(let text): writeString(text)
    case .array(let elements): writeArray(elements) { $0.write($1) }
    case .object(let object):
      writeObject(object.count, key: { object.keys[$0] }, value: { $0.write(object.values[$1]) })
    }
  }

  /// `[…]`, handing over a full chunk after each element (the trees and what is sent share it).
  @inline(__always)
  private mutating func writeArray<Element>(_ elements: [Element], _ write: (inout JSONWriter, Element) -> Void) {
    append(byte: UInt8(ascii: "["))
    for index in elements.indices {
      if index > 0 { append(byte: UInt8(ascii: ",")) }
      write(&self, elements[index])
      flushIfFull()
    }
    append(byte: UInt8(ascii: "]"))
  }

  /// `{…}` of `count` members, by position.
  @inline(__always)
  private mutating func writeObject(_ count: Int, key: (Int) -> String, value: (inout JSONWriter, Int) -> Void) {
    append(byte: UInt8(ascii: "{"))
    for index in 0..<count {
      if index > 0 { append(byte: UInt8(ascii: ",")) }
      writeString(key(index))
      append(byte: UInt8(ascii: ":"))
      value(&self, index)
    }
    append(byte: UInt8(ascii: "}"))
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  public mutating func writeString(_ text: String) {
    var text = text
    text.withUTF8 { writeString(utf8: $0) }
  }

  /// A string given as its UTF-8: the runs that need no escaping are copied in one go (most
  /// strings are one run; "↻ Mo–Fr" is three).
  public mutating func writeString(utf8: UnsafeBufferPointer<UInt8>) {
    append(byte: UInt8(ascii: "\""))
    guard let start = utf8.baseAddress else { return append(byte: UInt8(ascii: "\"")) }
    let count = utf8.count
    var run = 0
    var at = 0
    while at < count {
      // Eight bytes at a time past the ones that need no look (most of every string).
      if at + 8 <= count, !Self.mayNeedEscaping(UnsafeRawPointer(start + at).loadUnaligned(as: UInt64.self)) {
        at += 8
        continue
      }
      let byte = start[at]
      // (0xE2: the first byte of U+2028 and U+2029, and of many characters that are sent as
      // they are: the three bytes are looked at.)
      guard byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0xE2 else {
        at += 1
        continue
      }
      if byte == 0xE2 && !(at + 2 < count && start[at + 1] == 0x80 && (start[at + 2] == 0xA8 || start[at + 2] == 0xA9))
      {
        at += 1
        continue
      }
      append(start + run, count: at - run)
      switch byte {
      case 0x22: append(raw: "\\\"")
      case 0x5C: append(raw: "\\\\")
      case 0x0A: append(raw: "\\n")
      case 0x0D: append(raw: "\\r")
      case 0x09: append(raw: "\\t")
      case 0xE2:
        appendUnicodeEscape(start[at + 2] == 0xA8 ? 0x2028 : 0x2029)
        at += 2
      default: appendUnicodeEscape(UInt16(byte))
      }
      at += 1
      run = at
    }
    append(start + run, count: count - run)
    append(byte: UInt8(ascii: "\""))
  }

  /// Whether any of eight bytes is below 0x20, a quote, a backslash or 0xE2 (exact for the word
  /// as a whole: the bit tricks of "Bit Twiddling Hacks", hasless and haszero).
  @inline(__always)
  static func mayNeedEscaping(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    @inline(__always) func hasZero(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }
    let control = (word &- ones &* 0x20) & ~word & highs
    return (control | hasZero(word ^ (ones &* 0x22)) | hasZero(word ^ (ones &* 0x5C)) | hasZero(word ^ (ones &* 0xE2)))
      != 0
  }

  private mutating func appendUnicodeEscape(_ unit: UInt16) {
    append(raw: "\\u")
    for shift in stride(from: 12, through: 0, by: -4) {
      append(byte: Self.hexDigits[Int((unit >> UInt16(shift)) & 0xF)])
    }
  }
}
