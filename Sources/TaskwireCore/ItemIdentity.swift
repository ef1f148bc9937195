/// A stable identity beside the short integer id the protocol uses: what a CalDAV server, an
/// export and (later) another device know an item by. Minted once, kept through every change,
/// export and import; 128 bits held inline (no heap block per task), written as the usual
/// lowercase 8-4-4-4-12 text.
public struct ItemUUID: Hashable, Sendable, Comparable, CustomStringConvertible {
  public var high: UInt64
  public var low: UInt64

  public init(high: UInt64, low: UInt64) {
    self.high = high
    self.low = low
  }

  /// None yet (an item read from a store written before items had one; the store mints them).
  public static let none = ItemUUID(high: 0, low: 0)

  /// A version 4 (random) UUID from `random`.
  public static func random(using random: inout some RandomNumberGenerator) -> ItemUUID {
    let high = random.next() & ~0xF000 | 0x4000  // version 4
    let low = random.next() & ~(0xC000_0000_0000_0000 as UInt64) | 0x8000_0000_0000_0000  // RFC 4122 variant
    return ItemUUID(high: high, low: low)
  }

  /// A new item's uuid: random; under the test clock (`deterministic`) made from `key` (an id)
  /// and `salt` (a replica's device, 0 for a plain store), so that the same session on a fresh
  /// store mints the same uuids and replays, and two test devices' task 13 are two items.
  public static func minted(for key: Int64, deterministic: Bool, salt: UInt64 = 0) -> ItemUUID {
    if deterministic {
      var seeded = SeededGenerator(
        seed: UInt64(bitPattern: key) ^ 0x7461_736B_7769_7265 ^ salt &* 0x9E37_79B9_7F4A_7C15)
      return random(using: &seeded)
    }
    var system = SystemRandomNumberGenerator()
    return random(using: &system)
  }

  /// Reads `0f8e…-…` (any case); nil for anything else. Straight over the text's bytes: every
  /// task read from the store has one, so a load of 100k tasks reads 100k of them.
  public init?(_ text: String) {
    var text = text
    guard let parsed = text.withUTF8({ Self.parse($0) }) else { return nil }
    self = parsed
  }

  static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> ItemUUID? {
    guard bytes.count == 36 else { return nil }
    var high: UInt64 = 0
    var low: UInt64 = 0
    var digits = 0
    for position in 0..<36 {
      let byte = bytes[position]
      if position == 8 || position == 13 || position == 18 || position == 23 {
        guard byte == UInt8(ascii: "-") else { return nil }
        continue
      }
      guard let nibble = nibble(byte) else { return nil }
      if digits < 16 { high = high << 4 | nibble } else { low = low << 4 | nibble }
      digits += 1
    }
    return ItemUUID(high: high, low: low)
  }

  static func nibble(_ digit: UInt8) -> UInt64? {
    switch digit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt64(digit - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt64(digit - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt64(digit - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  /// The 36 characters, written into one string of that capacity (a change writes a task's
  /// uuid into its row and history several times).
  public var description: String {
    String(unsafeUninitializedCapacity: 36) { write(into: $0) }
  }

  /// Writes the 36 characters at the start of `buffer` (at least 36 long) and returns 36: the
  /// one encoder of the text, for `description` and for the JSON written per task in a list.
  @discardableResult
  public func write(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
    var out = 0
    for position in 0..<32 {
      if position == 8 || position == 12 || position == 16 || position == 20 {
        buffer[out] = UInt8(ascii: "-")
        out += 1
      }
      let word = position < 16 ? high : low
      let nibble = UInt8(truncatingIfNeeded: word >> UInt64(60 - 4 * (position % 16)) & 0xF)
      buffer[out] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
      out += 1
    }
    return out
  }

  public static func < (a: ItemUUID, b: ItemUUID) -> Bool { (a.high, a.low) < (b.high, b.low) }
}

/// A seeded generator (SplitMix64): the same UUIDs for the same store and input under the test
/// clock, so that recorded sessions replay.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
  var state: UInt64
  public init(seed: UInt64) { state = seed }
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E4B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// What an item is. Tasks fill the lists; a project groups tasks (under headings), an area
/// groups projects and tasks (Things' structure: Protocol/README.md, "Projects").
public enum ItemKind: String, CaseIterable, Sendable {
  case task
  case project
  case heading
  case area

  /// "a task", "an area": the kind as a refusal names it.
  public var withArticle: String { (self == .area ? "an " : "a ") + rawValue }
}

/// One line of a task's checklist.
public struct ChecklistItem: Equatable, Sendable {
  public var uuid: ItemUUID
  public var title: String
  public var done: Bool

  public init(uuid: ItemUUID, title: String, done: Bool = false) {
    self.uuid = uuid
    self.title = title
    self.done = done
  }
}
