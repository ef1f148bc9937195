/// FNV-1a, 64 bits: a hash that is the same on every machine and every run (Swift's `Hasher` is
/// seeded per process), for names and keys derived from text: the PostgreSQL store's advisory
/// lock, a default replica's file name, an exported task's uuid.
public enum FNV1a {
  public static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325

  public static func hash(_ text: String, seed: UInt64 = offsetBasis) -> UInt64 {
    var hash = seed
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return hash
  }
}
