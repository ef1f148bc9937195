/// A device of a shared store: 64 random bits, kept in its replica (Protocol/devices.md).
public struct DeviceID: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var bits: UInt64
  public init(_ bits: UInt64) { self.bits = bits }

  /// 16 lowercase hex digits.
  public var description: String { hex(bits, digits: 16) }

  public init?(_ text: String) {
    guard let bits = parseHex(Substring(text), digits: 16) else { return nil }
    self.bits = bits
  }

  public static func < (a: DeviceID, b: DeviceID) -> Bool { a.bits < b.bits }
}

/// A hybrid logical clock's time (Kulkarni, Demirbas et al., 2014): the greatest wall time seen
/// in milliseconds, a counter among equal wall times, and the device that made it. Ordered by
/// (wall, counter, device), which is also the order of its fixed-width text, so no two records'
/// times are ever equal: a time names one record.
public struct HybridTime: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var wall: UInt64
  public var counter: UInt16
  public var device: DeviceID

  public init(wall: UInt64, counter: UInt16, device: DeviceID) {
    self.wall = wall & 0xFFFF_FFFF_FFFF
    self.counter = counter
    self.device = device
  }

  /// Before every time a device makes: what a register nobody set holds.
  public static let zero = HybridTime(wall: 0, counter: 0, device: DeviceID(0))

  /// `019ac1f2e4a00003-5e2a9c0d13f47b80`: 12 hex of wall ms, 4 of counter, 16 of device.
  /// (Written into one buffer: a time is made and written with every commit of a replica.)
  public var description: String {
    String(unsafeUninitializedCapacity: 33) { buffer in
      writeHex(wall, digits: 12, into: buffer, at: 0)
      writeHex(UInt64(counter), digits: 4, into: buffer, at: 12)
      buffer[16] = UInt8(ascii: "-")
      writeHex(device.bits, digits: 16, into: buffer, at: 17)
      return 33
    }
  }

  public init?(_ text: String) {
    var text = text
    let parsed = text.withUTF8 { bytes -> (UInt64, UInt64, UInt64)? in
      guard bytes.count == 33, bytes[16] == UInt8(ascii: "-"), let wall = readHex(bytes, 0, 12),
        let counter = readHex(bytes, 12, 4), let device = readHex(bytes, 17, 16)
      else { return nil }
      return (wall, counter, device)
    }
    guard let (wall, counter, device) = parsed else { return nil }
    self.init(wall: wall, counter: UInt16(counter), device: DeviceID(device))
  }

  public static func < (a: HybridTime, b: HybridTime) -> Bool {
    (a.wall, a.counter, a.device.bits) < (b.wall, b.counter, b.device.bits)
  }
}

/// A device's clock: every record it makes gets a time above every time it has made or seen,
/// and close to the wall clock while the wall clocks agree.
public struct HybridClock: Sendable {
  public let device: DeviceID
  /// The newest (wall, counter) made or seen.
  public private(set) var wall: UInt64 = 0
  public private(set) var counter: UInt16 = 0

  public init(device: DeviceID, after latest: HybridTime? = nil) {
    self.device = device
    if let latest { (wall, counter) = (latest.wall, latest.counter) }
  }

  /// The greatest wall time a clock holds (48 bits of milliseconds, the year 10889): a time
  /// received near it (a hostile or broken device) saturates there instead of wrapping to 0,
  /// which would make every later record of this device lose.
  public static let maxWall: UInt64 = 0xFFFF_FFFF_FFFF

  /// A time for a record made now (`now`: wall milliseconds).
  public mutating func tick(now: UInt64) -> HybridTime {
    let now = min(now, Self.maxWall)
    if now > wall {
      (wall, counter) = (now, 0)
    } else if counter < .max {
      counter += 1
    } else if wall < Self.maxWall {
      (wall, counter) = (wall + 1, 0)
    }
    return HybridTime(wall: wall, counter: counter, device: device)
  }

  /// Takes in a time another device made (a record pulled): the next tick is above it.
  public mutating func receive(_ time: HybridTime, now: UInt64) {
    let newest = min(max(wall, time.wall, now), Self.maxWall)
    let bump: UInt16
    switch (newest == wall, newest == time.wall) {
    case (true, true): bump = max(counter, time.counter)
    case (true, false): bump = counter
    case (false, true): bump = time.counter
    case (false, false):
      (wall, counter) = (newest, 0)
      return
    }
    wall = newest
    // The next tick adds one; a counter at its top moves the wall on instead.
    counter = bump
  }
}

func hex(_ value: UInt64, digits: Int) -> String {
  String(unsafeUninitializedCapacity: digits) { buffer in
    writeHex(value, digits: digits, into: buffer, at: 0)
    return digits
  }
}

/// The low `digits` nibbles of `value` as lowercase hex, most significant first.
func writeHex(_ value: UInt64, digits: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
  var rest = value
  for index in stride(from: start + digits - 1, through: start, by: -1) {
    let nibble = UInt8(truncatingIfNeeded: rest & 0xF)
    buffer[index] = nibble < 10 ? 48 + nibble : 87 + nibble
    rest >>= 4
  }
}

/// `count` lowercase hex digits at `start`, or nil.
func readHex(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> UInt64? {
  var value: UInt64 = 0
  for byte in bytes[start..<start + count] {
    switch byte {
    case 48...57: value = value << 4 | UInt64(byte - 48)
    case 97...102: value = value << 4 | UInt64(byte - 87)
    default: return nil
    }
  }
  return value
}

func parseHex(_ text: Substring, digits: Int) -> UInt64? {
  guard text.count == digits, text.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else {
    return nil
  }
  return UInt64(text, radix: 16)
}
