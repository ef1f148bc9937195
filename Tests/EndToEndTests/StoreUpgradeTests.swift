import Foundation
import JSON
import TaskwireTestSupport
import Testing

/// A store made by the release before items (schema 4, `Tests/fixtures/store-v4.sqlite`: four
/// tasks, one completed with its next occurrence, five undo steps) opens in place: every item
/// gets a uuid of its own that stays, and the old steps still undo and redo.
@Suite struct StoreUpgradeTests {
  static let fixture = ContractTests.root.appendingPathComponent("Tests/fixtures/store-v4.sqlite")

  func upgradedCopy() throws -> String {
    let path = try temporaryFolder().appendingPathComponent("old.sqlite").path
    try FileManager.default.copyItem(atPath: Self.fixture.path, toPath: path)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    return path
  }

  func uuids(_ server: TaskwireProcess) throws -> [Int: String] {
    var found: [Int: String] = [:]
    for id in 1...4 { found[id] = try server.result("task/get", ["id": .int(id)])["task"]?["uuid"]?.stringValue }
    return found
  }

  @Test func aSchemaFourStoreOpensWithAUUIDPerTaskAndItsHistory() throws {
    let path = try upgradedCopy()
    let first: [Int: String]
    do {
      let server = try TaskwireProcess.started(["--db", path])
      first = try uuids(server)
      #expect(first.count == 4 && Set(first.values).count == 4, "\(first)")
      #expect(first.values.allSatisfy { $0.count == 36 && $0 != "00000000-0000-0000-0000-000000000000" })
      #expect(try server.result("task/get", ["id": 3])["task"]?["title"] == "Pay the rent")
      // The newest step was recorded without uuids: it undoes, and the task keeps its uuid.
      #expect(try server.result("history/undo")["undone"]?["label"] == "Update 'Pay the rent'")
      let undone = try server.result("task/get", ["id": 3])["task"]
      #expect(undone?["title"] == "Pay rent" && undone?["uuid"]?.stringValue == first[3])
      _ = try server.result("history/redo")
      // Undoing the completion takes the next occurrence (created then) away again.
      _ = try server.result("history/undo")
      _ = try server.result("history/undo")
      #expect(try server.error("task/get", ["id": 4])["code"] == -32010)
      #expect(try server.result("task/get", ["id": 2])["task"]?["completed"] == false)
      _ = try server.result("history/redo")
      _ = try server.result("history/redo")
    }
    // Opened again: the same uuids (they were stored, not made up at each start).
    let again = try TaskwireProcess.started(["--db", path])
    #expect(try uuids(again) == first)
  }
}
