import Foundation
import JSON
import TaskwireTestSupport
import Testing

/// Recurrence, the matrix, the logbook, `all`, filters, sorting and tags, through the binary.
@Suite struct ModelTests {
  func titles(_ list: JSONValue, group: Int = 0) -> [String] {
    list["groups"]?[group]?["tasks"]?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []
  }

  @Test func completingARecurringTaskCreatesTheNextOneAndUndoTakesBothBack() throws {
    let server = try TaskwireProcess.started()
    try server.result(
      "task/create",
      [
        "title": "Water plants", "view": "today", "recurrence": ["pattern": "weekly", "weekdays": [1, 4]],
        "tags": ["home"], "priority": 2, "urgent": true, "durationMinutes": 5, "type": "errand",
        "notes": "the ferns too", "dueDate": "2026-02-13",
      ])
    try server.result("task/complete", ["id": 1])
    let next = try #require(try server.result("task/get", ["id": 2])["task"])
    #expect(next["scheduledDate"] == "2026-02-16")
    #expect(next["dueDate"] == "2026-02-17", "the due date moves by as many days")
    for field in ["title", "notes", "tags", "priority", "urgent", "durationMinutes", "type", "recurrence"] {
      #expect(next[field] == (try server.result("task/get", ["id": 1])["task"]?[field]), "\(field) is kept")
    }
    #expect(titles(try server.result("view/list", ["view": "logbook"])) == ["Water plants"])
    let undone = try server.result("history/undo")
    #expect(undone["undone"]?["label"] == "Complete 'Water plants', next on Feb 16")
    #expect(try server.error("task/get", ["id": 2])["code"] == -32010)
    #expect(try server.result("task/get", ["id": 1])["task"]?["completed"] == false)
    #expect(try server.result("view/list", ["view": "logbook"])["groups"] == [])
  }

  /// Each pattern through the binary, completed on days that cross a month end, a leap day and
  /// the night Berlin's clocks spring forward.
  /// (recurrence, scheduled, completed at (UTC), next occurrence)
  static let recurrenceExamples: [(JSONValue, String, String, String)] = [
    // (recurrence, scheduled, completed at (UTC), next)
    (["pattern": "daily"], "2028-02-28", "2028-02-28T10:00:00Z", "2028-02-29"),
    (["pattern": "weekly", "weekdays": [7]], "2026-03-22", "2026-03-29T00:30:00Z", "2026-04-05"),
    (["pattern": "biweekly", "weekdays": [1, 4]], "2026-01-29", "2026-01-29T10:00:00Z", "2026-02-09"),
    (["pattern": "monthly", "monthDay": 31], "2026-01-31", "2026-01-31T10:00:00Z", "2026-02-28"),
    (["pattern": "monthly", "monthDay": 32], "2028-01-31", "2028-01-31T10:00:00Z", "2028-02-29"),
    (["pattern": "monthly", "monthDay": 30], "2026-02-28", "2026-02-28T10:00:00Z", "2026-03-30"),
    (["pattern": "daily", "interval": 2, "afterCompletion": true], "2026-03-27", "2026-03-28T23:30:00Z", "2026-03-31"),
  ]

  @Test(arguments: recurrenceExamples)
  func patternsAcrossMonthEndsLeapDaysAndDaylightSaving(example: (JSONValue, String, String, String)) throws {
    let (recurrence, scheduled, completedAt, next) = example
    let server = try TaskwireProcess(["--memory", "--clock", "\(scheduled)T08:00:00Z", "--time-zone", "Europe/Berlin"])
    try server.result("initialize", [:])
    try server.result(
      "task/create", ["title": "repeat", "scheduledDate": .string(scheduled), "recurrence": recurrence])
    try server.result("test/setClock", ["now": .string(completedAt)])
    try server.result("task/complete", ["id": 1])
    #expect(
      try server.result("task/get", ["id": 2])["task"]?["scheduledDate"] == .string(next),
      "\(JSONWriter.string(recurrence))")
  }

  @Test func aLongOverdueDailyTaskComesBackTomorrow() throws {
    let server = try TaskwireProcess.started()
    try server.result("task/create", ["title": "Floss", "view": "today", "recurrence": ["pattern": "daily"]])
    try server.result("test/setClock", ["now": "2026-02-20T08:00:00Z"])
    try server.result("task/complete", ["id": 1])
    #expect(try server.result("task/get", ["id": 2])["task"]?["scheduledDate"] == "2026-02-21")
  }

  @Test func theMatrixGroupsAndDrags() throws {
    let server = try TaskwireProcess.started()
    try server.result("task/create", ["title": "fire", "priority": 3, "urgent": true])
    try server.result("task/create", ["title": "plan", "priority": 2])
    try server.result("task/create", ["title": "call back", "urgent": true])
    try server.result("task/create", ["title": "tidy"])
    let matrix = try server.result("view/list", ["view": "matrix"])
    #expect(matrix["groups"]?.arrayValue?.map { $0["key"] } == ["do", "schedule", "delegate", "eliminate"])
    #expect(
      matrix["groups"]?.arrayValue?.map { $0["title"] } == ["Urgent & important", "Important", "Urgent", "Neither"])
    #expect((0..<4).map { titles(matrix, group: $0) } == [["fire"], ["plan"], ["call back"], ["tidy"]])
    // Drag "tidy" above "fire": it becomes urgent and important (priority 2).
    let moved = try server.result("task/move", ["id": 4, "view": "matrix", "quadrant": "do", "index": 0])
    #expect(moved["group"] == "do")
    #expect(moved["index"] == 0)
    #expect(moved["task"]?["urgent"] == true)
    #expect(moved["task"]?["priority"] == 2)
    // "fire" keeps priority 3 when it only stops being urgent.
    let fire = try server.result("task/move", ["id": 1, "view": "matrix", "quadrant": "schedule", "index": 1])
    #expect(fire["task"]?["priority"] == 3)
    #expect(fire["task"]?["urgent"] == false)
    let after = try server.result("view/list", ["view": "matrix"])
    #expect((0..<4).map { titles(after, group: $0) } == [["tidy"], ["plan", "fire"], ["call back"], []])
    #expect(
      titles(try server.result("view/list", ["view": "inbox"])) == ["fire", "plan", "call back", "tidy"],
      "the date list keeps its order")
    try server.result("history/undo")
    try server.result("history/undo")
    let restored = try server.result("view/list", ["view": "matrix"])
    #expect((0..<4).map { titles(restored, group: $0) } == [["fire"], ["plan"], ["call back"], ["tidy"]])
  }

  @Test func eachFilterAndSortAloneAndCombined() throws {
    let server = try TaskwireProcess.started()
    let tasks: [JSONValue] = [
      [
        "title": "Alpha", "tags": ["Home"], "priority": 1, "durationMinutes": 30, "dueDate": "2026-02-20",
        "type": "errand",
      ],
      [
        "title": "bravo", "tags": ["work", "home"], "priority": 3, "durationMinutes": 5, "urgent": true,
        "notes": "see the Budget",
      ],
      [
        "title": "Charlie", "tags": ["work"], "priority": 2, "durationMinutes": 60, "dueDate": "2026-02-14",
        "recurrence": ["pattern": "daily"],
      ],
      ["title": "delta", "priority": 3, "durationMinutes": 30, "type": "errand"],
    ]
    for task in tasks { try server.result("task/create", task) }
    func list(_ filter: JSONValue?, sort: String? = nil) throws -> [String] {
      var params: JSONObject = ["view": "inbox"]
      if let filter { params["filter"] = filter }
      if let sort { params["sort"] = .string(sort) }
      return titles(try server.result("view/list", .object(params)))
    }
    #expect(try list(["tagsAny": ["HOME"]]) == ["Alpha", "bravo"])
    #expect(try list(["tagsAll": ["home", "work"]]) == ["bravo"])
    #expect(try list(["types": ["errand"]]) == ["Alpha", "delta"])
    #expect(try list(["priorities": [2, 3]]) == ["bravo", "Charlie", "delta"])
    #expect(try list(["urgent": true]) == ["bravo"])
    #expect(try list(["urgent": false]) == ["Alpha", "Charlie", "delta"])
    #expect(try list(["dueBefore": "2026-02-14"]) == ["Charlie"], "inclusive")
    #expect(try list(["dueAfter": "next week"]) == ["Alpha"], "a phrase")
    #expect(try list(["text": "budget"]) == ["bravo"], "notes too, ignoring case")
    #expect(try list(["text": "ALPHA"]) == ["Alpha"])
    #expect(try list(["hasRecurrence": true]) == ["Charlie"])
    #expect(
      try list(nil, sort: "priority") == ["bravo", "delta", "Charlie", "Alpha"], "stable: manual order breaks ties")
    #expect(try list(nil, sort: "duration") == ["bravo", "Alpha", "delta", "Charlie"])
    #expect(try list(nil, sort: "dueDate") == ["Charlie", "Alpha", "bravo", "delta"], "none last")
    #expect(try list(nil, sort: "title") == ["Alpha", "bravo", "Charlie", "delta"], "ignoring case")
    #expect(try list(nil, sort: "manual") == ["Alpha", "bravo", "Charlie", "delta"])
    #expect(try list(["priorities": [3], "tagsAny": ["home", "work"]], sort: "title") == ["bravo"])
    #expect(try list(["types": ["errand"], "urgent": false], sort: "duration") == ["Alpha", "delta"])
    #expect(
      try server.error("view/list", ["view": "inbox", "filter": ["colour": "red"]])["data"]?["param"] == "filter.colour"
    )
    #expect(
      try server.error("view/list", ["view": "inbox", "filter": ["dueBefore": "whenever"]])["data"]?["param"]
        == "filter.dueBefore")
    let tags = try server.result("tags/list")
    #expect(
      tags == [
        "tags": [["tag": "Home", "count": 1], ["tag": "home", "count": 1], ["tag": "work", "count": 2]], "projects": [],
      ])
  }

  @Test func allAndLogbook() throws {
    let server = try TaskwireProcess.started()
    try server.result("task/create", ["title": "inbox"])
    try server.result("task/create", ["title": "later", "scheduledDate": "2026-02-20"])
    try server.result("task/create", ["title": "soon", "view": "upcoming"])
    try server.result("task/create", ["title": "now", "view": "today"])
    #expect(titles(try server.result("view/list", ["view": "all"])) == ["now", "soon", "later", "inbox"])
    try server.result("task/complete", ["id": 1])
    try server.result("test/setClock", ["now": "2026-02-13T10:00:00Z"])
    try server.result("task/complete", ["id": 4])
    try server.result("test/setClock", ["now": "2026-02-13T10:05:00Z"])
    try server.result("task/complete", ["id": 3])
    let logbook = try server.result("view/list", ["view": "logbook"])
    #expect(logbook["groups"]?.arrayValue?.map { $0["title"] } == ["Today", "Yesterday"])
    #expect(titles(logbook, group: 0) == ["soon", "now"], "newest first")
    #expect(titles(logbook, group: 1) == ["inbox"])
    #expect(try server.error("task/create", ["title": "x", "view": "logbook"])["data"]?["param"] == "view")
  }

  @Test func aFilteredSubscriptionSeesTasksEnterAndLeave() throws {
    let server = try TaskwireProcess.started()
    try server.result("task/create", ["title": "a", "view": "today", "tags": ["home"]])
    try server.result("task/create", ["title": "b", "view": "today"])
    var applier = try SnapshotApplier(
      subscribeResult: try server.result("view/subscribe", ["view": "today", "filter": ["tagsAny": ["home"]]]))
    #expect(applier.groups[0]["tasks"]?.arrayValue?.count == 1)
    let steps: [(String, JSONValue)] = [
      ("task/update", ["id": 2, "tags": ["home"]]),
      ("task/update", ["id": 1, "tags": []]),
      ("task/create", ["title": "c", "view": "today", "tags": ["Home"]]),
      ("task/create", ["title": "d", "view": "today"]),
      ("task/move", ["id": 3, "view": "today", "index": 0]),
      ("history/undo", [:]),
      ("task/complete", ["id": 2]),
    ]
    for (method, params) in steps {
      let (_, notes) = try server.resultAndNotifications(method, params)
      for note in notes { try applier.apply(try #require(note["params"])) }
      var list = try #require(
        try server.result("view/list", ["view": "today", "filter": ["tagsAny": ["home"]]]).objectValue)
      list["version"] = nil
      #expect(JSONValue.object(list) == .object(applier.snapshot), "after \(method)")
    }
    #expect(applier.groups[0]["tasks"]?.arrayValue?.compactMap { $0["title"]?.stringValue } == ["c"])
  }
}
