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

/// A store made by the release before Someday (schema 5, `Tests/fixtures/store-v5.sqlite`: an
/// area Home (1) › project Garden (2) › heading Spring (3), "Buy seeds" (4) under the heading,
/// "Dig beds" (5) in the project with a two-line checklist, "Call mom" (6) and "Pay rent" (7)
/// for 2026-11-20, nine undo steps) opens in place with its structure, and takes Someday.
@Suite struct StoreVersion5UpgradeTests {
  @Test func aSchemaFiveStoreKeepsItsStructureAndTakesSomeday() throws {
    let path = try temporaryFolder().appendingPathComponent("v5.sqlite").path
    try FileManager.default.copyItem(
      atPath: ContractTests.root.appendingPathComponent("Tests/fixtures/store-v5.sqlite").path, toPath: path)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    let server = try TaskwireProcess.started(["--db", path])
    #expect(
      try ProjectTests.outline(server, ["view": "project", "project": 2]) == [
        "tasks:2 Garden: Dig beds", "tasks:3 Spring: Buy seeds",
      ])
    #expect(
      try ProjectTests.outline(server, ["view": "anytime"]) == [
        "tasks:2 Garden: Dig beds", "tasks:3 Garden › Spring: Buy seeds",
      ])
    let dig = try server.result("task/get", ["id": 5])["task"]
    #expect(dig?["checklist"]?.arrayValue?.map { $0["title"] } == ["Tomatoes", "Basil"])
    #expect(dig?["uuid"] == "7e0d5da7-365f-44dc-b371-43d2c7e98c6f" && dig?["someday"] == nil)
    // The newest step, recorded by the old release, still undoes.
    #expect(try server.result("history/undo")["undone"]?["label"] == "Create 'Pay rent'")
    _ = try server.result("history/redo")
    _ = try server.result("task/move", ["id": 5, "view": "someday"])
    #expect(try ProjectTests.outline(server, ["view": "someday"]) == ["tasks:2 Garden: Dig beds"])
    _ = try server.result("history/undo")
    #expect(try server.result("task/get", ["id": 5])["task"]?["someday"] == nil)
  }
}
