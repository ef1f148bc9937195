import TaskwireCore
import Testing

/// SHA-1 against FIPS 180 examples, and version 5 uuids against RFC 9562's.
@Suite struct NameBasedUUIDTests {
  static func hex(_ bytes: [UInt8]) -> String {
    bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  }

  @Test func sha1MatchesTheStandardsExamples() {
    #expect(Self.hex(SHA1.digest([])) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
    #expect(Self.hex(SHA1.digest(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
    #expect(
      Self.hex(SHA1.digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
        == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
    #expect(
      Self.hex(SHA1.digest([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)))
        == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
  }

  @Test func version5MatchesRFC9562() throws {
    let dns = try #require(ItemUUID("6ba7b810-9dad-11d1-80b4-00c04fd430c8"))
    #expect(
      ItemUUID.nameBased(namespace: dns, name: "www.example.com").description == "2ed6657d-e927-568b-95e1-2665a8aea6a2")
  }

  /// The next occurrence of a task is the same item wherever it is made, and another task's is
  /// another.
  @Test func theSameNameInTheSameNamespaceIsTheSameUUID() throws {
    let task = try #require(ItemUUID("0f8e4c2a-1b3d-4e5f-8a9b-0c1d2e3f4a5b"))
    let other = try #require(ItemUUID("0f8e4c2a-1b3d-4e5f-8a9b-0c1d2e3f4a5c"))
    #expect(ItemUUID.nameBased(namespace: task, name: "next") == ItemUUID.nameBased(namespace: task, name: "next"))
    #expect(ItemUUID.nameBased(namespace: task, name: "next") != ItemUUID.nameBased(namespace: other, name: "next"))
  }
}
