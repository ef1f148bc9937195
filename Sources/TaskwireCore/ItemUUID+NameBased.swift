/// Name-based uuids (RFC 9562 §5.5, version 5: SHA-1 of a namespace uuid and a name): the same
/// item made on two devices that never talked gets the same uuid when both derive it from the
/// same thing, e.g. a recurring task's next occurrence from the occurrence completed
/// (Protocol/devices.md, "Recurring tasks").
extension ItemUUID {
  /// The version 5 uuid of `name` in the namespace `namespace`.
  public static func nameBased(namespace: ItemUUID, name: String) -> ItemUUID {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(16 + name.utf8.count)
    for shift in stride(from: 56, through: 0, by: -8) {
      bytes.append(UInt8(truncatingIfNeeded: namespace.high >> UInt64(shift)))
    }
    for shift in stride(from: 56, through: 0, by: -8) {
      bytes.append(UInt8(truncatingIfNeeded: namespace.low >> UInt64(shift)))
    }
    bytes.append(contentsOf: name.utf8)
    let digest = SHA1.digest(bytes)
    var high: UInt64 = 0
    var low: UInt64 = 0
    for index in 0..<8 { high = high << 8 | UInt64(digest[index]) }
    for index in 8..<16 { low = low << 8 | UInt64(digest[index]) }
    high = high & ~0xF000 | 0x5000  // version 5
    low = low & ~(0xC000_0000_0000_0000 as UInt64) | 0x8000_0000_0000_0000  // RFC 4122 variant
    return ItemUUID(high: high, low: low)
  }
}

/// SHA-1 (FIPS 180-4), only for name-based uuids: no security rests on it (the names are not
/// secret and a collision would only merge two items' identities). In tree because the
/// toolchain's Foundation on Linux has no digest and taskwire takes no package dependencies.
public enum SHA1 {
  public static func digest(_ message: [UInt8]) -> [UInt8] {
    var state: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
    var padded = message
    padded.append(0x80)
    while padded.count % 64 != 56 { padded.append(0) }
    let bits = UInt64(message.count) &* 8
    for shift in stride(from: 56, through: 0, by: -8) {
      padded.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift)))
    }
    var words = [UInt32](repeating: 0, count: 80)
    for block in stride(from: 0, to: padded.count, by: 64) {
      for index in 0..<16 {
        let at = block + index * 4
        words[index] =
          UInt32(padded[at]) << 24 | UInt32(padded[at + 1]) << 16 | UInt32(padded[at + 2]) << 8 | UInt32(padded[at + 3])
      }
      for index in 16..<80 {
        let mixed = words[index - 3] ^ words[index - 8] ^ words[index - 14] ^ words[index - 16]
        words[index] = mixed << 1 | mixed >> 31
      }
      var (a, b, c, d, e) = (state[0], state[1], state[2], state[3], state[4])
      for index in 0..<80 {
        let (f, k): (UInt32, UInt32)
        switch index {
        case 0..<20: (f, k) = (b & c | ~b & d, 0x5A82_7999)
        case 20..<40: (f, k) = (b ^ c ^ d, 0x6ED9_EBA1)
        case 40..<60: (f, k) = (b & c | b & d | c & d, 0x8F1B_BCDC)
        default: (f, k) = (b ^ c ^ d, 0xCA62_C1D6)
        }
        let next = (a << 5 | a >> 27) &+ f &+ e &+ k &+ words[index]
        (e, d, c, b, a) = (d, c, b << 30 | b >> 2, a, next)
      }
      state[0] &+= a
      state[1] &+= b
      state[2] &+= c
      state[3] &+= d
      state[4] &+= e
    }
    return state.flatMap { word in [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: word >> UInt32($0)) } }
  }
}
