import Foundation
import JSON
import TaskwireTestSupport
import Testing

/// task/schedule and task/scheduleOptions: the long-press date pick.
@Suite struct ScheduleTests {
  @Test func eachKindOfInput() throws {
    let server = try InProcessClient.started()
    try server.result("task/create", ["title": "a"])
    try server.result("task/create", ["title": "b", "view": "today"])
    // Thursday 2026-02-12.
    let cases: [(JSONValue, JSONValue, String, String)] = [
      ("today", "2026-02-12", "today", "today"),
      ("tomorrow", "2026-02-13", "upcoming", "2026-02-13"),
      ("2026-03-05", "2026-03-05", "upcoming", "2026-03-05"),
      ("fri", "2026-02-13", "upcoming", "2026-02-13"),
      ("next monday", "2026-02-16", "upcoming", "2026-02-16"),
      ("in 3 days", "2026-02-15", "upcoming", "2026-02-15"),
      ("+2w", "2026-02-26", "upcoming", "2026-02-26"),
      ("dec 24", "2026-12-24", "upcoming", "2026-12-24"),
      ("eom", "2026-02-28", "upcoming", "2026-02-28"),
      ("End of Month", "2026-02-28", "upcoming", "2026-02-28"),
      (.null, .null, "inbox", "inbox"),
    ]
    for (input, date, view, group) in cases {
      let place = try server.result("task/schedule", ["id": 1, "date": input])
      #expect(place["task"]?["scheduledDate"] == date, "\(input)")
      #expect(place["view"] == .string(view), "\(input)")
      #expect(place["group"] == .string(group), "\(input)")
    }
    // Landing in Today puts the task at the end of Today.
    let today = try server.result("task/schedule", ["id": 1, "date": "today"])
    #expect(today["index"] == 1)
  }

  @Test func errorsLeaveTheTaskUnchanged() throws {
    let server = try InProcessClient.started()
    try server.result("task/create", ["title": "a", "view": "upcoming"])
    let past = try server.error("task/schedule", ["id": 1, "date": "2026-02-11"])
    #expect(past["code"] == -32012)
    #expect(try server.error("task/schedule", ["id": 1, "date": "yesterday"])["code"] == -32012)
    let phrase = try server.error("task/schedule", ["id": 1, "date": "when pigs fly"])
    #expect(phrase["code"] == -32602)
    #expect(phrase["data"]?["param"] == "date")
    #expect(phrase["message"]?.stringValue?.contains("when pigs fly") == true, "the error names the phrase")
    #expect(try server.error("task/schedule", ["id": 1])["data"]?["param"] == "date")
    #expect(try server.error("task/schedule", ["id": 1, "date": 5])["data"]?["param"] == "date")
    #expect(try server.error("task/schedule", ["id": 42, "date": "today"])["code"] == -32010)
    #expect(try server.result("task/get", ["id": 1])["task"]?["scheduledDate"] == "2026-02-13")
  }

  @Test func scheduleOptionsMarkTheCurrentPlace() throws {
    let server = try InProcessClient.started()
    try server.result("task/create", ["title": "a"])
    try server.result("task/create", ["title": "b", "scheduledDate": "2026-02-20"])
    let inbox = try server.result("task/scheduleOptions", ["id": 1])
    let options = try #require(inbox["options"]?.arrayValue)
    #expect(options.map { $0["id"] } == ["today", "tomorrow", "choose", "inbox"])
    #expect(options.map { $0["label"] } == ["Today", "Tomorrow", "Choose date…", "Inbox"])
    #expect(options.map { $0["date"] } == ["2026-02-12", "2026-02-13", .null, .null])
    #expect(options.map { $0["current"] } == [false, false, false, true])
    #expect(inbox["picker"] == ["default": "2026-02-13", "minimum": "2026-02-12"])
    let later = try server.result("task/scheduleOptions", ["id": 2])
    #expect(later["options"]?.arrayValue?.map { $0["current"] } == [false, false, true, false])
    #expect(later["options"]?[2]?["date"] == "2026-02-20")
    // Asking for the menu changes nothing and records no step.
    #expect(try server.result("history/list")["steps"]?.arrayValue?.count == 2)
  }
}
