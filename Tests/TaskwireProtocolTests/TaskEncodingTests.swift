import JSON
import TaskwireCore
import TaskwireProtocol
import Testing

/// The one task encoder (straight to bytes): every member in the documented order, text escaped
/// so that any JSON parser reads it back, and the compact form without the defaults.
@Suite struct TaskEncodingTests {
  static let full = try! TaskRecord(
    id: 9_007_199_254_740_993, title: "quote \" slash \\ line\n\u{2028}", notes: "n\u{0}", tags: ["a", "b\"c"],
    priority: 3, urgent: true, durationMinutes: 60, type: .deepWork,
    scheduledDate: CalendarDate(iso: "2026-02-13"), dueDate: CalendarDate(iso: "2027-01-01"),
    recurrence: Recurrence.make(pattern: "weekly", weekdays: [1, 5], monthDay: nil, interval: 2),
    completed: true, completedAt: "2026-02-12T09:00:00Z", createdAt: "c", updatedAt: "u", rank: 5,
    uuid: ItemUUID("0F8E2A9C-1B2D-4C3E-8F40-5A6B7C8D9E0F")!)

  @Test func everyMemberInOrderReadBackExactly() throws {
    let text = String(decoding: Self.full.encodedBytes, as: UTF8.self)
    let keys = [
      "id", "uuid", "title", "notes", "tags", "priority", "urgent", "durationMinutes", "type", "scheduledDate",
      "dueDate",
      "recurrence", "completed", "completedAt", "createdAt", "updatedAt",
    ]
    #expect(Self.full.json.objectValue?.keys == keys, "\(text)")
    #expect(
      text.hasPrefix(
        #"{"id":9007199254740993,"uuid":"0f8e2a9c-1b2d-4c3e-8f40-5a6b7c8d9e0f","title":"quote \" slash \\ line\n\u2028","#
      ))
    let expected: JSONValue = [
      "id": .number("9007199254740993"), "uuid": "0f8e2a9c-1b2d-4c3e-8f40-5a6b7c8d9e0f",
      "title": "quote \" slash \\ line\n\u{2028}", "notes": "n\u{0}",
      "tags": ["a", "b\"c"], "priority": 3, "urgent": true, "durationMinutes": 60, "type": "deepWork",
      "scheduledDate": "2026-02-13", "dueDate": "2027-01-01",
      "recurrence": ["pattern": "weekly", "weekdays": [1, 5], "interval": 2], "completed": true,
      "completedAt": "2026-02-12T09:00:00Z", "createdAt": "c", "updatedAt": "u",
    ]
    #expect(Self.full.json == expected)
  }

  @Test func theCompactFormLeavesOutTheDefaults() throws {
    let plain = TaskRecord(id: 1, title: "plain", createdAt: "c", updatedAt: "u", rank: 0)
    var writer = JSONWriter()
    plain.write(into: &writer, omittingDefaults: true)
    #expect(
      String(decoding: writer.bytes, as: UTF8.self)
        == #"{"id":1,"uuid":"00000000-0000-0000-0000-000000000000","title":"plain","createdAt":"c","updatedAt":"u"}"#)
    let monthly = try TaskRecord(
      id: 3, title: "monthly",
      recurrence: Recurrence.make(pattern: "monthly", weekdays: nil, monthDay: nil, afterCompletion: true),
      createdAt: "c", updatedAt: "u", rank: 1)
    #expect(monthly.json["recurrence"] == ["pattern": "monthly", "monthDay": nil, "afterCompletion": true])
  }
}

/// Display parts are written with a constant opening per kind: each must say its own kind.
@Suite struct DisplayPartEncodingTests {
  @Test func everyKindIsWrittenAsItsName() throws {
    let parts = DisplayPart.Kind.allCases.map { DisplayPart($0, "x \"\($0.rawValue)\"") }
    let task = TaskRecord(id: 1, title: "T", createdAt: "c", updatedAt: "u", rank: 0)
    var writer = JSONWriter()
    task.write(into: &writer, omittingDefaults: true, display: parts)
    let written = try JSONParser.parse(writer.bytes)["display"]
    #expect(written == parts.json)
    #expect(written?[0]?["kind"] == "time")
  }
}

/// Items' uuids: read in any case, written lowercase, the same through JSON and back; minted
/// ones are version 4 (random), and under the test clock the same for the same id.
@Suite struct ItemUUIDTests {
  @Test func readWrittenAndMinted() throws {
    let text = "0f8e2a9c-1b2d-4c3e-8f40-5a6b7c8d9e0f"
    #expect(ItemUUID(text.uppercased())?.description == text)
    for bad in ["", "0f8e2a9c1b2d4c3e8f405a6b7c8d9e0f", "0f8e2a9c-1b2d-4c3e-8f40-5a6b7c8d9e0g", text + "0"] {
      #expect(ItemUUID(bad) == nil, "\(bad)")
    }
    let random = ItemUUID.minted(for: 1, deterministic: false)
    #expect(random != ItemUUID.minted(for: 1, deterministic: false))
    #expect(random.description.dropFirst(14).first == "4")
    #expect("89ab".contains(random.description.dropFirst(19).first!))
    #expect(ItemUUID.minted(for: 7, deterministic: true) == ItemUUID.minted(for: 7, deterministic: true))
    #expect(ItemUUID.minted(for: 7, deterministic: true) != ItemUUID.minted(for: 8, deterministic: true))
    var writer = JSONWriter()
    TaskRecord(id: 1, title: "t", createdAt: "c", updatedAt: "u", rank: 0, uuid: random).write(into: &writer)
    #expect(try JSONParser.parse(writer.bytes)["uuid"] == .string(random.description))
  }
}
