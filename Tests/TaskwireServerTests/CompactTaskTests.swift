import JSON
import TaskwireTestSupport
import Testing

/// `initializationOptions.compactTasks`: a task inserted by a diff leaves out the members at
/// their defaults, and the defaults the guide lists make it whole again.
@Suite struct CompactTaskTests {
  /// The defaults of Protocol/README.md ("Compact tasks"), as a client fills them in.
  static let defaults: [String: JSONValue] = [
    "notes": .null, "tags": .array([]), "priority": .int(1), "urgent": .bool(false), "durationMinutes": .int(15),
    "type": .string("maintenance"), "scheduledDate": .null, "dueDate": .null,
    "recurrence": ["pattern": "none"], "completed": .bool(false), "completedAt": .null,
  ]

  static func filled(_ task: JSONValue) -> JSONValue {
    var object = task.objectValue ?? JSONObject()
    for (key, value) in defaults where object[key] == nil { object[key] = value }
    return .object(object)
  }

  static func started(compact: Bool?) throws -> (InProcessClient, JSONValue) {
    let client = try InProcessClient.started(initialize: false)
    var params: JSONObject = ["clientInfo": ["name": "tests"]]
    if let compact { params["initializationOptions"] = ["compactTasks": .bool(compact), "other": "left alone"] }
    let reply = try client.result("initialize", .object(params))
    return (client, reply)
  }

  /// The task of the first insert op among a change's notifications.
  static func inserted(_ notes: [JSONValue]) throws -> JSONValue {
    let ops = notes.flatMap { $0["params"]?["ops"]?.arrayValue ?? [] }
    return try #require(ops.first { $0["op"]?.stringValue == "insert" }?["task"])
  }

  @Test func withoutTheOptionAnInsertCarriesTheWholeTask() throws {
    let (client, reply) = try Self.started(compact: nil)
    #expect(reply["compactTasks"] == nil)
    #expect(reply["capabilities"]?["compactTasks"] == .bool(true))
    _ = try client.result("view/subscribe", ["view": "today"])
    let (_, notes) = try client.resultAndNotifications("task/create", ["title": "Buy milk", "view": "today"])
    let task = try Self.inserted(notes)
    #expect(task.objectValue?.count == 16)
    #expect(task["notes"] == .null)
    #expect(task["tags"] == .array([]))
  }

  @Test func aCompactInsertLeavesOutTheDefaultsAndTheDefaultsMakeItWhole() throws {
    let (client, reply) = try Self.started(compact: true)
    #expect(reply["compactTasks"] == .bool(true))
    _ = try client.result("view/subscribe", ["view": "today"])
    let upcoming = try client.result("view/subscribe", ["view": "upcoming"])
    var applier = try SnapshotApplier(subscribeResult: upcoming)

    // A plain task: only what every task has, and the day it is on.
    let (response, notes) = try client.resultAndNotifications("task/create", ["title": "Buy milk", "view": "today"])
    let created = try #require(response["result"])
    let plain = try Self.inserted(notes)
    let today = try #require(plain["scheduledDate"])
    #expect(Set(plain.objectValue?.keys ?? []) == ["id", "uuid", "title", "scheduledDate", "createdAt", "updatedAt"])
    #expect(Self.filled(plain) == created["task"])

    // A task with every member set, dragged to a day in Upcoming: each one is in the insert.
    let id = try #require(created["task"]?["id"])
    _ = try client.result(
      "task/update",
      [
        "id": id, "notes": "two litres", "tags": ["shop"], "priority": 3, "urgent": true, "durationMinutes": 30,
        "type": "errand", "dueDate": "2026-02-20", "recurrence": ["pattern": "daily"],
      ])
    let (_, moved) = try client.resultAndNotifications(
      "task/move", ["id": id, "view": "upcoming", "date": "2026-02-14", "index": 0])
    let rich = try Self.inserted(moved)
    #expect(rich["scheduledDate"] == .string("2026-02-14") && rich["scheduledDate"] != today)
    for member in ["notes", "tags", "priority", "urgent", "durationMinutes", "type", "dueDate", "recurrence"] {
      #expect(rich[member] != nil, "\(member) is not at its default and must be sent")
    }
    #expect(rich["completed"] == nil && rich["completedAt"] == nil)
    let whole = try client.result("task/get", ["id": id])["task"]
    #expect(Self.filled(rich) == whole)

    // The subscriber's copy, with the defaults filled in, is what view/list says.
    #expect(moved.allSatisfy { $0["params"]?["view"] == nil }, "the subscription names the view")
    for note in moved where note["params"]?["subscription"] == upcoming["subscription"] {
      try applier.apply(try #require(note["params"]), fillingIn: Self.defaults)
    }
    var listed = try #require(try client.result("view/list", ["view": "upcoming"]).objectValue)
    listed["version"] = nil
    #expect(applier.snapshot == listed)
  }

  /// A compact client is told `today` only when a notification is of another day than the
  /// subscription's last version; a client that did not ask gets it in every notification.
  @Test func aCompactNotificationSaysTodayOnlyOnANewDay() throws {
    for compact in [true, false] {
      let (client, _) = try Self.started(compact: compact)
      let subscribed = try client.result("view/subscribe", ["view": "upcoming"])
      var applier = try SnapshotApplier(subscribeResult: subscribed)
      let (_, sameDay) = try client.resultAndNotifications(
        "task/create", ["title": "Dentist", "scheduledDate": "2026-02-14"])
      let first = try #require(sameDay.first?["params"])
      #expect((first["today"] == nil) == compact, "compact \(compact): \(first)")
      #expect((first["view"] == nil) == compact, "compact \(compact): \(first)")
      try applier.apply(first, fillingIn: Self.defaults)
      let (_, nextDay) = try client.resultAndNotifications("test/setClock", ["now": "2026-02-13T09:00:00Z"])
      let second = try #require(nextDay.first?["params"])
      #expect(second["today"] == .string("2026-02-13"), "compact \(compact): \(second)")
      try applier.apply(second, fillingIn: Self.defaults)
      var listed = try #require(try client.result("view/list", ["view": "upcoming"]).objectValue)
      listed["version"] = nil
      #expect(applier.snapshot == listed)
    }
  }

  @Test func aBadOptionIsRefusedAndChangesNothing() throws {
    let client = try InProcessClient.started(initialize: false)
    let error = try client.error(
      "initialize", ["clientInfo": ["name": "tests"], "initializationOptions": ["compactTasks": "yes"]])
    #expect(error["code"] == .int(-32602))
    #expect(error["message"]?.stringValue?.contains("compactTasks") == true)
    // Any other value is LSP's own business (LSPAny): accepted, and no compact tasks.
    let again = try client.result("initialize", ["clientInfo": ["name": "tests"], "initializationOptions": "other"])
    #expect(again["compactTasks"] == nil)
  }
}
