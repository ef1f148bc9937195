import JSON
import TaskwireCore
import TaskwireSync
import Testing

@Suite struct ChangeRecordTests {
  static func uuid(_ n: UInt64) -> ItemUUID { ItemUUID(high: 0x4000 | n << 16, low: 0x8000_0000_0000_0000 | n) }

  @Test func aRecordReadsBackFromItsText() throws {
    let record = ChangeRecord(
      id: Self.uuid(1), hlc: HybridTime(wall: 77, counter: 2, device: DeviceID(5)), seen: 41, kind: .undo,
      label: "Move 'Buy \"milk\"'", client: "tw", at: "2026-11-27T08:00:00Z",
      items: [
        ItemChange(uuid: Self.uuid(2), op: .update, set: [("title", "ü"), ("rank", 5), ("notes", .null)]),
        ItemChange(
          uuid: Self.uuid(3), op: .update, tags: [("home", true), ("shop", false)],
          lines: [(Self.uuid(4), [("done", .bool(true))]), (Self.uuid(6), nil)]),
        ItemChange(uuid: Self.uuid(7), op: .delete),
      ])
    #expect(try ChangeRecord(text: record.text) == record)
    // The text is written straight, not from the tree: the same document.
    #expect(try JSONParser.parse(record.text) == record.json)
  }

  /// A genesis item's id in its old store (`legacyId`) reads back; one no server could give (a
  /// hostile record's) is passed over, and the item read without it.
  @Test func aGenesisItemKeepsItsLegacyIDWithinBounds() throws {
    var item = ItemChange(uuid: Self.uuid(2), op: .create, set: [("title", "Buy milk")])
    item.legacyID = 12
    let record = ChangeRecord(
      id: Self.uuid(1), hlc: HybridTime(wall: 0, counter: 0, device: DeviceID(0)), seen: 0, kind: .genesis,
      label: "genesis", client: "taskwire", at: "", items: [item])
    #expect(record.text.contains(#""legacyId":12"#))
    #expect(try ChangeRecord(text: record.text) == record)
    #expect(try JSONParser.parse(record.text) == record.json)
    for hostile in ["9223372036854775807", "0", "-4", "\"12\""] {
      let text = record.text.replacingOccurrences(of: #""legacyId":12"#, with: #""legacyId":"# + hostile)
      #expect(try ChangeRecord(text: text).items.first?.legacyID == nil, "\(hostile)")
    }
  }

  @Test func aNewerFormatOrABrokenRecordIsRefusedWithItsReason() {
    #expect(throws: ChangeRecord.Unreadable(description: "format 2 is newer than this taskwire's 1")) {
      try ChangeRecord(text: #"{"v":2}"#)
    }
    #expect(throws: ChangeRecord.Unreadable(description: "not JSON")) { try ChangeRecord(text: "{") }
    #expect(throws: ChangeRecord.Unreadable.self) {
      try ChangeRecord(
        text: #"{"v":1,"id":"x","hlc":"0000000000010000-0000000000000005","seen":0,"kind":"action","items":[]}"#)
    }
  }
}
