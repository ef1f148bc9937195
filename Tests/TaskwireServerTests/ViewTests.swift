import Foundation
import JSON
import TaskwireTestSupport
import Testing

/// The rules of Inbox, Today and Upcoming.
@Suite struct ViewTests {
  func titles(_ group: JSONValue?) -> [JSONValue] {
    group?["tasks"]?.arrayValue?.map { $0["title"] ?? .null } ?? []
  }

  @Test func creationDefaultsPerView() throws {
    let server = try InProcessClient.started()
    #expect(try server.result("task/create", ["title": "i", "view": "inbox"])["task"]?["scheduledDate"] == .null)
    #expect(
      try server.result("task/create", ["title": "t", "view": "today"])["task"]?["scheduledDate"] == "2026-02-12")
    #expect(
      try server.result("task/create", ["title": "u", "view": "upcoming"])["task"]?["scheduledDate"] == "2026-02-13")
    let explicit = try server.result("task/create", ["title": "e", "view": "today", "scheduledDate": "2026-03-01"])
    #expect(explicit["view"] == "upcoming")
    #expect(explicit["group"] == "2026-03-01")
  }

  @Test func upcomingGroupsAndTitles() throws {
    let server = try InProcessClient.started()
    for (title, date) in [("far", "2027-01-04"), ("b", "2026-02-14"), ("tomorrow", "2026-02-13"), ("a", "2026-02-14")] {
      try server.result("task/create", ["title": .string(title), "scheduledDate": .string(date)])
    }
    let upcoming = try server.result("view/list", ["view": "upcoming"])
    #expect(upcoming["today"] == "2026-02-12")
    let groups = try #require(upcoming["groups"]?.arrayValue)
    #expect(groups.map { $0["title"] } == ["Tomorrow", "Feb 14", "Jan 4, 2027"])
    #expect(groups.map { $0["key"] } == ["2026-02-13", "2026-02-14", "2027-01-04"])
    #expect(groups.map { $0["date"] } == ["2026-02-13", "2026-02-14", "2027-01-04"])
    #expect(titles(groups[1]) == ["b", "a"], "creation order is the manual order")
    let today = try server.result("view/list", ["view": "today"])
    #expect(today["groups"]?[0]?["key"] == "today")
    #expect(today["groups"]?[0]?["title"] == "Today")
    #expect(titles(today["groups"]?[0]) == [])
  }

  @Test func overdueTasksStayInToday() throws {
    let server = try InProcessClient.started()
    try server.result("task/create", ["title": "due tomorrow", "view": "upcoming"])
    try server.result("task/create", ["title": "in three days", "scheduledDate": "2026-02-15"])
    try server.result("task/create", ["title": "today", "view": "today"])
    // Two days later (Berlin time), the first and third are overdue and still in Today.
    let clock = try server.result("test/setClock", ["now": "2026-02-14T10:00:00Z"])
    #expect(clock["today"] == "2026-02-14")
    let today = try server.result("view/list", ["view": "today"])
    #expect(titles(today["groups"]?[0]) == ["today", "due tomorrow"], "arrivals join Today's end")
    let upcoming = try server.result("view/list", ["view": "upcoming"])
    #expect(upcoming["groups"]?[0]?["title"] == "Tomorrow")
    // Saving an overdue task unchanged is allowed; moving it to a new past date is not.
    try server.result("task/update", ["id": 1, "scheduledDate": "2026-02-13", "title": "renamed"])
    #expect(try server.error("task/update", ["id": 1, "scheduledDate": "2026-02-12"])["code"] == -32012)
  }

  @Test func dayBoundaryFollowsTheTimeZone() throws {
    // 23:30 UTC on Feb 12 is already Feb 13 in Berlin, still Feb 12 in New York.
    let berlin = try InProcessClient(["--memory", "--clock", "2026-02-12T23:30:00Z", "--time-zone", "Europe/Berlin"])
    let newYork = try InProcessClient([
      "--memory", "--clock", "2026-02-12T23:30:00Z", "--time-zone", "America/New_York",
    ])
    for server in [berlin, newYork] { try server.result("initialize", [:]) }
    #expect(try berlin.result("view/list", ["view": "today"])["today"] == "2026-02-13")
    #expect(try newYork.result("view/list", ["view": "today"])["today"] == "2026-02-12")
  }

  @Test func setClockNeedsTheFlag() throws {
    let server = try InProcessClient(["--memory"])
    try server.result("initialize", [:])
    #expect(try server.error("test/setClock", ["now": "2026-02-14T10:00:00Z"])["code"] == -32600)
  }
}
