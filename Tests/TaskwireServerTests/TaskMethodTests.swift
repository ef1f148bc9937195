import Foundation
import JSON
import TaskwireTestSupport
import Testing

/// task/create, task/get, task/update, task/delete, task/complete and their validation.
@Suite struct TaskMethodTests {
  @Test func createNormalisesEveryField() throws {
    let server = try InProcessClient.started()
    let place = try server.result(
      "task/create",
      [
        "title": "  Write report \n", "notes": "   ", "tags": [" work", "work", "", "deep "],
        "priority": 3, "urgent": true, "durationMinutes": 60, "type": "deepWork",
        "dueDate": "2026-02-20", "recurrence": ["pattern": "weekly", "weekdays": [5, 1]],
      ])
    let task = try #require(place["task"])
    #expect(task["id"] == 1)
    #expect(task["title"] == "Write report")
    #expect(task["notes"] == .null)
    #expect(task["tags"] == ["work", "deep"])
    #expect(task["priority"] == 3)
    #expect(task["urgent"] == true)
    #expect(task["durationMinutes"] == 60)
    #expect(task["type"] == "deepWork")
    #expect(task["dueDate"] == "2026-02-20")
    #expect(task["recurrence"] == ["pattern": "weekly", "weekdays": [1, 5]])
    #expect(task["completed"] == false)
    #expect(task["createdAt"] == "2026-02-12T08:00:00Z")
    #expect(place["view"] == "inbox")
  }

  @Test func defaults() throws {
    let server = try InProcessClient.started()
    let task = try #require(try server.result("task/create", ["title": "x"])["task"])
    #expect(task["priority"] == 1)
    #expect(task["urgent"] == false)
    #expect(task["durationMinutes"] == 15)
    #expect(task["type"] == "maintenance")
    #expect(task["tags"] == [])
    #expect(task["scheduledDate"] == .null)
    #expect(task["recurrence"] == ["pattern": "none"])
  }

  @Test func createValidation() throws {
    let server = try InProcessClient.started()
    let cases: [(JSONValue, String)] = [
      (["title": "   "], "title"),
      ([:], "title"),
      (["title": "x", "priority": 4], "priority"),
      (["title": "x", "priority": 0], "priority"),
      (["title": "x", "priority": .number("1.5")], "priority"),
      (["title": "x", "urgent": "yes"], "urgent"),
      (["title": "x", "durationMinutes": 0], "durationMinutes"),
      (["title": "x", "type": "nap"], "type"),
      (["title": "x", "tags": "work"], "tags"),
      (["title": "x", "tags": [1]], "tags"),
      (["title": "x", "view": "someday"], "view"),
      (["title": "x", "scheduledDate": "2026-13-01"], "scheduledDate"),
      (["title": "x", "scheduledDate": "soonish"], "scheduledDate"),
      (["title": "x", "dueDate": "02/20/2026"], "dueDate"),
      (["title": "x", "recurrence": ["pattern": "hourly"]], "recurrence.pattern"),
      (["title": "x", "recurrence": ["pattern": "daily", "weekdays": [1]]], "recurrence.weekdays"),
      (["title": "x", "recurrence": ["pattern": "weekly", "weekdays": [8]]], "recurrence.weekdays"),
      (["title": "x", "recurrence": ["pattern": "weekly", "monthDay": 3]], "recurrence.monthDay"),
      (["title": "x", "recurrence": ["pattern": "monthly", "monthDay": 33]], "recurrence.monthDay"),
      (["title": "x", "recurrence": ["weekdays": [1]]], "recurrence.pattern"),
    ]
    for (params, param) in cases {
      let error = try server.error("task/create", params)
      #expect(error["code"] == -32602, "\(JSONWriter.string(params))")
      #expect(
        error["data"]?["param"] == .string(param), "\(JSONWriter.string(params)) → \(JSONWriter.string(.object(error)))"
      )
    }
    let past = try server.error("task/create", ["title": "x", "scheduledDate": "2026-02-11"])
    #expect(past["code"] == -32012)
    #expect(past["data"]?["today"] == "2026-02-12")
    #expect(try server.result("view/list", ["view": "inbox"])["groups"]?[0]?["tasks"] == [], "nothing stored")
  }

  @Test func sqlMetacharactersAreStoredLiterally() throws {
    let server = try InProcessClient.started()
    let title = "Robert'); DROP TABLE tasks;-- \" % _ \\"
    try server.result("task/create", ["title": .string(title), "tags": ["a'b", "%"]])
    let task = try server.result("task/get", ["id": 1])["task"]
    #expect(task?["title"] == .string(title))
    #expect(task?["tags"] == ["a'b", "%"])
  }

  @Test func getUpdateAndClear() throws {
    let server = try InProcessClient.started()
    try server.result("task/create", ["title": "Plan", "notes": "n", "dueDate": "2026-03-01", "tags": ["a"]])
    let updated = try server.result(
      "task/update", ["id": 1, "title": "Plan trip", "notes": .null, "dueDate": .null, "priority": 2])
    let task = try #require(updated["task"])
    #expect(task["title"] == "Plan trip")
    #expect(task["notes"] == .null)
    #expect(task["dueDate"] == .null)
    #expect(task["priority"] == 2)
    #expect(task["tags"] == ["a"], "a field left out stays")
    #expect(try server.result("task/get", ["id": 1])["task"] == task)

    #expect(try server.error("task/update", ["id": 1, "title": ""])["data"]?["param"] == "title")
    #expect(try server.error("task/update", ["id": 99, "title": "x"])["code"] == -32010)
    #expect(try server.error("task/get", ["id": 99])["code"] == -32010)
    #expect(try server.error("task/get", ["id": "1"])["data"]?["param"] == "id")
    #expect(try server.error("task/get", [:])["data"]?["param"] == "id")
    #expect(try server.error("task/get", ["id": 0])["data"]?["param"] == "id")
  }

  @Test func updateDateMovesToTheEndOfTheNewList() throws {
    let server = try InProcessClient.started()
    try server.result("task/create", ["title": "a", "view": "today"])
    try server.result("task/create", ["title": "b", "view": "inbox"])
    let place = try server.result("task/update", ["id": 2, "scheduledDate": "today"])
    #expect(place["view"] == "today")
    #expect(place["index"] == 1)
  }

  @Test func deleteAndComplete() throws {
    let server = try InProcessClient.started()
    try server.result("task/create", ["title": "a", "view": "today"])
    try server.result("task/create", ["title": "b", "view": "today"])
    let done = try server.result("task/complete", ["id": 1])
    #expect(done["task"]?["completed"] == true)
    #expect(done["task"]?["completedAt"] == "2026-02-12T08:00:00Z")
    #expect(done["view"] == .null)
    var today = try server.result("view/list", ["view": "today"])
    #expect(today["groups"]?[0]?["tasks"]?.arrayValue?.map { $0["title"] } == ["b"])
    #expect(try server.error("task/move", ["id": 1, "view": "inbox", "index": 0])["code"] == -32011)

    let reopened = try server.result("task/complete", ["id": 1, "completed": false])
    #expect(reopened["task"]?["completedAt"] == .null)
    #expect(reopened["index"] == 1, "a reopened task goes to the end of its list")

    #expect(try server.result("task/delete", ["id": 2]) == ["deleted": 2])
    #expect(try server.error("task/delete", ["id": 2])["code"] == -32010)
    today = try server.result("view/list", ["view": "today"])
    #expect(today["groups"]?[0]?["tasks"]?.arrayValue?.map { $0["title"] } == ["a"])
  }
}
