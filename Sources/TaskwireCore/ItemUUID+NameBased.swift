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
    var state: (UInt32, UInt32, UInt32, UInt32, UInt32) = (
      0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0
    )
    // The whole blocks straight from the message, the last one or two from a padded copy; the
    // schedule in a buffer on the stack (a replica's every commit takes one digest: arrays for
    // the padding and the schedule made it five times dearer).
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 80) { words in
      message.withUnsafeBytes { bytes in
        let whole = bytes.count / 64 * 64
        var block = 0
        while block < whole {
          compress(UnsafeRawBufferPointer(rebasing: bytes[block..<block + 64]), into: &state, words)
          block += 64
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { tail in
          let rest = bytes.count - whole
          let length = rest < 56 ? 64 : 128
          for index in 0..<length { tail[index] = index < rest ? bytes[whole + index] : 0 }
          tail[rest] = 0x80
          let bits = UInt64(bytes.count) &* 8
          for index in 0..<8 { tail[length - 1 - index] = UInt8(truncatingIfNeeded: bits >> UInt64(index * 8)) }
          let padded = UnsafeRawBufferPointer(tail)
          for start in stride(from: 0, to: length, by: 64) {
            compress(UnsafeRawBufferPointer(rebasing: padded[start..<start + 64]), into: &state, words)
          }
        }
      }
    }
    var digest: [UInt8] = []
    digest.reserveCapacity(20)
    for word in [state.0, state.1, state.2, state.3, state.4] {
      for shift: UInt32 in [24, 16, 8, 0] { digest.append(UInt8(truncatingIfNeeded: word >> shift)) }
    }
    return digest
  }

  /// One 64-byte block into the state (FIPS 180-4, 6.1.2).
  @inline(__always)
  private static func compress(
    _ block: UnsafeRawBufferPointer, into state: inout (UInt32, UInt32, UInt32, UInt32, UInt32),
    _ words: UnsafeMutableBufferPointer<UInt32>
  ) {
    for index in 0..<16 {
      let at = index * 4
      words[index] =
        UInt32(block[at]) << 24 | UInt32(block[at + 1]) << 16 | UInt32(block[at + 2]) << 8 | UInt32(block[at + 3])
    }
    for index in 16..<80 {
      let mixed = words[index - 3] ^ words[index - 8] ^ words[index - 14] ^ words[index - 16]
      words[index] = mixed << 1 | mixed >> 31
    }
    var (a, b, c, d, e) = state
    @inline(__always) func round(_ f: UInt32, _ k: UInt32, _ word: UInt32) {
      let next = (a << 5 | a >> 27) &+ f &+ e &+ k &+ word
      (e, d, c, b, a) = (d, c, b << 30 | b >> 2, a, next)
    }
    for index in 0..<20 { round(b & c | ~b & d, 0x5A82_7999, words[index]) }
    for index in 20..<40 { round(b ^ c ^ d, 0x6ED9_EBA1, words[index]) }
    for index in 40..<60 { round(b & c | b & d | c & d, 0x8F1B_BCDC, words[index]) }
    for index in 60..<80 { round(b ^ c ^ d, 0xCA62_C1D6, words[index]) }
    state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e)
  }
}
