import TaskwireCore
import Testing

/// A uuid reads and writes as the usual 8-4-4-4-12 text, any case in, lowercase out, and
/// nothing else reads as one.
@Suite struct ItemUUIDTests {
  @Test func textRoundTrips() {
    var random = SeededGenerator(seed: 29)
    for _ in 0..<1000 {
      let uuid = ItemUUID.random(using: &random)
      let text = uuid.description
      #expect(text.count == 36 && text == text.lowercased())
      #expect(ItemUUID(text) == uuid)
      #expect(ItemUUID(text.uppercased()) == uuid)
    }
    #expect(ItemUUID("0f8e2a9c-1b2d-4c3e-8f40-5a6b7c8d9e0f")?.description == "0f8e2a9c-1b2d-4c3e-8f40-5a6b7c8d9e0f")
  }

  @Test func anythingElseIsRefused() {
    for text in [
      "", "0f8e2a9c1b2d4c3e8f405a6b7c8d9e0f", "0f8e2a9c-1b2d-4c3e-8f40-5a6b7c8d9e0",
      "0f8e2a9c-1b2d-4c3e-8f40-5a6b7c8d9e0ff",
      "0f8e2a9c-1b2d-4c3e-8f405-a6b7c8d9e0f", "0f8e2a9g-1b2d-4c3e-8f40-5a6b7c8d9e0f",
      "0f8e2a9c-1b2d-4c3e-8f40-5a6b7c8d9é",
      "0f8e2a9c_1b2d-4c3e-8f40-5a6b7c8d9e0f", "{f8e2a9c-1b2d-4c3e-8f40-5a6b7c8d9e0f}",
    ] {
      #expect(ItemUUID(text) == nil, "\(text)")
    }
  }
}
