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

  /// A new item's uuid: random; under the test clock (`deterministic`) made from `key` (an id),
  /// so that the same session on a fresh store mints the same uuids and replays.
  public static func minted(for key: Int64, deterministic: Bool) -> ItemUUID {
    if deterministic {
      var seeded = SeededGenerator(seed: UInt64(bitPattern: key) ^ 0x7461_736B_7769_7265)
      return random(using: &seeded)
    }
    var system = SystemRandomNumberGenerator()
    return random(using: &system)
  }

  /// Reads `0f8e…-…` (any case); nil for anything else.
  public init?(_ text: String) {
    let digits = text.utf8.filter { $0 != UInt8(ascii: "-") }
    guard text.utf8.count == 36, digits.count == 32,
      [8, 13, 18, 23].allSatisfy({ text.utf8[text.utf8.index(text.utf8.startIndex, offsetBy: $0)] == UInt8(ascii: "-") }
      )
    else { return nil }
    var value: (UInt64, UInt64) = (0, 0)
    for (position, digit) in digits.enumerated() {
      guard let nibble = Self.nibble(digit) else { return nil }
      if position < 16 { value.0 = value.0 << 4 | nibble } else { value.1 = value.1 << 4 | nibble }
    }
    self.init(high: value.0, low: value.1)
  }

  static func nibble(_ digit: UInt8) -> UInt64? {
    switch digit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt64(digit - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt64(digit - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt64(digit - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  public var description: String {
    let hex = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(36)
    for position in 0..<32 {
      if [8, 12, 16, 20].contains(position) { text.append(UInt8(ascii: "-")) }
      let word = position < 16 ? high : low
      text.append(hex[Int(word >> UInt64(60 - 4 * (position % 16)) & 0xF)])
    }
    return String(decoding: text, as: UTF8.self)
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
