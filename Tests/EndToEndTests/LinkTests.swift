import Foundation
import JSON
import TaskwireTestSupport
import Testing

/// `link/set`, `link/remove`, `link/list`: which task a record elsewhere is (a CalDAV bridge's
/// VTODO by UID), shared by every process on the store, never an undo step.
@Suite struct LinkTests {
  static let source = "caldav:http://127.0.0.1:5232/me/tasks/"

  static func keys(_ server: TaskwireProcess, _ source: String = source) throws -> [String] {
    try server.result("link/list", ["source": .string(source)])["links"]?.arrayValue?.compactMap {
      $0["key"]?.stringValue
    } ?? []
  }

  @Test func linksAreSharedByProcessesAndOutliveTheirTasks() throws {
    let folder = try temporaryFolder()
    let store = ["--db", folder.appendingPathComponent("tasks.sqlite").path]
    let first = try TaskwireProcess.started(store)
    let second = try TaskwireProcess.started(store)
    let a = try #require(try first.result("task/create", ["title": "Call Anna", "view": "inbox"])["task"])
    let b = try #require(try first.result("task/create", ["title": "Buy milk", "view": "inbox"])["task"])
    let set = try first.result(
      "link/set",
      [
        "source": .string(Self.source),
        "links": [["key": "uid-b", "id": b["id"]!, "version": "\"e1\""], ["key": "uid-a", "id": a["id"]!]],
      ])
    #expect(set == ["count": 2])
    let listed = try second.result("link/list", ["source": .string(Self.source)])
    #expect(
      listed == [
        "links": [
          ["key": "uid-a", "id": a["id"]!, "uuid": a["uuid"]!, "version": .null],
          ["key": "uid-b", "id": b["id"]!, "uuid": b["uuid"]!, "version": "\"e1\""],
        ]
      ])
    #expect(try Self.keys(second, "caldav:elsewhere").isEmpty, "links are per source")
    // Not an undo step: undo takes back the second create, not the links.
    #expect(try second.result("history/list")["steps"]?.arrayValue?.count == 2)
    _ = try second.result("task/delete", ["id": b["id"]!])
    let gone = try first.result("link/list", ["source": .string(Self.source)])["links"]?[1]
    #expect(
      gone == ["key": "uid-b", "id": b["id"]!, "uuid": .null, "version": "\"e1\""],
      "the link outlives its task, which is named gone")
    #expect(
      try second.result("link/remove", ["source": .string(Self.source), "keys": ["uid-b", "never"]]) == ["removed": 1])
    #expect(try Self.keys(first) == ["uid-a"])
  }

  @Test func badInputIsRefusedAndRecordsNothing() throws {
    let server = try TaskwireProcess.started()
    let task = try #require(try server.result("task/create", ["title": "Call Anna", "view": "inbox"])["task"])
    func problem(_ method: String, _ params: JSONValue) throws -> String? {
      try server.error(method, params)["data"]?["param"]?.stringValue
    }
    #expect(
      try problem("link/set", ["source": "taskwarrior", "links": [["key": "k", "id": task["id"]!]]]) == "source")
    #expect(try problem("link/set", ["source": "", "links": []]) == "source")
    #expect(try problem("link/set", ["source": .string(Self.source)]) == "links")
    #expect(
      try problem("link/set", ["source": .string(Self.source), "links": [["key": "", "id": 1]]]) == "links[0].key")
    #expect(
      try problem(
        "link/set",
        ["source": .string(Self.source), "links": [["key": .string(String(repeating: "x", count: 1025)), "id": 1]]])
        == "links[0].key")
    #expect(
      try problem("link/set", ["source": .string(Self.source), "links": [["key": "k", "uid": 1]]]) == "links[0].uid")
    #expect(try problem("link/remove", ["source": .string(Self.source), "keys": [1]]) == "keys")
    #expect(
      try problem("link/set", ["source": .string(Self.source), "links": [["key": "k", "id": 1, "version": 7]]])
        == "links[0].version")
    // A task that is not there: nothing of the request is recorded.
    let missing = try server.error(
      "link/set",
      ["source": .string(Self.source), "links": [["key": "a", "id": task["id"]!], ["key": "b", "id": 99]]])
    #expect(missing["code"] == -32010)
    #expect(try Self.keys(server).isEmpty)
    #expect(try server.result("view/list", ["view": "inbox"])["groups"]?[0]?["tasks"]?.arrayValue?.count == 1)
  }
}
