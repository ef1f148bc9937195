import Foundation
import JSON
import TaskwireTestSupport
import Testing

/// view/subscribe and the view/changed diffs.
@Suite struct SubscriptionTests {
  let views: [JSONValue] = ["inbox", "today", "upcoming"]

  @Test func notificationsFollowTheReplyAndOnlyAffectedSubscriptions() throws {
    let server = try TaskwireProcess.started()
    let inbox = try server.result("view/subscribe", ["view": "inbox"])
    let today = try server.result("view/subscribe", ["view": "today"])
    #expect(inbox["subscription"] == 1)
    #expect(today["subscription"] == 2)
    server.send(#"{"jsonrpc":"2.0","id":"c","method":"task/create","params":{"title":"a","view":"today"}}"#)
    #expect(try server.readMessage()["id"] == "c", "the reply comes first")
    let note = try server.readMessage()
    #expect(note["method"] == "view/changed")
    #expect(note["params"]?["subscription"] == 2, "only Today's subscription hears of it")
    #expect(note["params"]?["from"] == 1)
    #expect(note["params"]?["to"] == 2)
    // A request that changes nothing pushes nothing.
    let (_, none) = try server.resultAndNotifications("task/move", ["id": 1, "view": "today", "index": 0])
    #expect(none.isEmpty)
    #expect(try server.result("view/unsubscribe", ["subscription": 2]) == ["unsubscribed": 2])
    let (_, after) = try server.resultAndNotifications("task/create", ["title": "b", "view": "today"])
    #expect(after.isEmpty, "an ended subscription hears nothing")
    #expect(try server.error("view/unsubscribe", ["subscription": 2])["data"]?["param"] == "subscription")
  }

  /// With display parts (`displayParts`), the parts and headers too: each task's parts and each
  /// group's header change with the task, the tasks beside it (totals), the day and the language.
  @Test(arguments: [false, true]) func diffsReplayToTheListAfterEveryStep(displayParts: Bool) throws {
    let server = try TaskwireProcess.started(initialize: false)
    _ = try server.result(
      "initialize", ["protocolVersion": "1", "initializationOptions": ["displayParts": .bool(displayParts)]])
    var appliers: [SnapshotApplier] = []
    let queries: [JSONValue] = [
      ["view": "inbox"], ["view": "today"], ["view": "upcoming"], ["view": "matrix"], ["view": "all"],
      ["view": "logbook"], ["view": "all", "filter": ["priorities": [2, 3]], "sort": "title"],
    ]
    for query in queries {
      appliers.append(try SnapshotApplier(subscribeResult: try server.result("view/subscribe", query)))
    }
    var random = Generator(seed: 42)
    let dates = ["today", "tomorrow", "2026-02-14", "2026-02-20"]
    var nextID = 1
    for step in 0..<250 {
      let id = JSONValue.int(random.next(max(nextID - 1, 1)) + 1)
      let method: String
      let params: JSONValue?
      switch random.next(12) {
      case 0, 1:
        method = "task/create"
        params = [
          "title": .string("t\(nextID)"), "view": views[random.next(3)], "priority": .int(random.next(3) + 1),
          "recurrence": random.next(4) == 0 ? ["pattern": "daily"] : .null,
          "durationMinutes": .int([15, 30, 60][random.next(3)]),
          "dueDate": random.next(3) == 0 ? .string(dates[random.next(4)]) : .null,
        ]
      case 2:
        method = "task/update"
        params = [
          "id": id, "title": .string("u\(step)"), "priority": .int(random.next(3) + 1),
          "urgent": .bool(random.next(2) == 0),
        ]
      case 3:
        method = "task/complete"
        params = ["id": id, "completed": .bool(random.next(3) > 0)]
      case 4:
        method = "task/delete"
        params = ["id": id]
      case 5, 6:
        let target = random.next(5)
        method = "task/move"
        var object: JSONObject = ["id": id, "index": .int(random.next(4))]
        if target < 2 {
          object["view"] = views[target]
          // Into Today's This Evening section, half the time.
          if views[target] == "today", random.next(2) == 0 { object["evening"] = true }
        } else if target == 4 {
          object["view"] = "matrix"
          object["quadrant"] = .string(["do", "schedule", "delegate", "eliminate"][random.next(4)])
        } else {
          object["view"] = "upcoming"
          object["date"] = .string(dates[target])
        }
        params = .object(object)
      case 7:
        method = "task/schedule"
        params = ["id": id, "date": random.next(5) == 0 ? .null : .string(dates[random.next(4)])]
      case 8, 9:
        method = "history/undo"
        params = nil
      case 10:
        method = "history/redo"
        params = nil
      case 11 where random.next(3) == 0:
        method = "locale/set"
        params = ["locale": random.next(2) == 0 ? "de" : "en"]
      default:
        method = "test/setClock"
        params = ["now": .string("2026-02-\(12 + step / 60)T\(10 + random.next(12)):00:00Z")]
      }
      let (response, notifications) = try server.resultAndNotifications(method, params)
      if method == "task/create", response["result"] != nil { nextID += 1 }
      for note in notifications {
        let params = try #require(note["params"])
        let subscription = Int(try #require(params["subscription"]?.integerValue))
        try appliers[subscription - 1].apply(params)
        let ops = params["ops"]?.arrayValue ?? []
        if method.hasPrefix("task/") && method != "task/delete" {
          #expect(ops.count <= 4, "one action is a handful of ops: \(JSONWriter.string(note))")
        }
      }
      for (offset, query) in queries.enumerated() {
        var list = try #require(try server.result("view/list", query).objectValue)
        if query["filter"] == nil {
          #expect(
            list["version"] == .int(appliers[offset].version), "\(JSONWriter.string(query)) version at step \(step)")
        }
        list["version"] = nil
        #expect(
          JSONValue.object(list) == .object(appliers[offset].snapshot),
          "\(JSONWriter.string(query)) at step \(step) after \(method)")
        if JSONValue.object(list) != .object(appliers[offset].snapshot) { return }
      }
    }
  }

  @Test func movingOneTaskInATenThousandTaskListIsOneSmallOp() throws {
    let server = try TaskwireProcess.started()
    for chunk in 0..<20 {
      let batch = (0..<500).map { n in
        #"{"jsonrpc":"2.0","method":"task/create","params":{"title":"task \#(chunk * 500 + n)","view":"today"}}"#
      }
      server.send("[" + batch.joined(separator: ",") + "]")
    }
    let subscription = try server.result("view/subscribe", ["view": "today"])
    #expect(subscription["snapshot"]?["groups"]?[0]?["tasks"]?.arrayValue?.count == 10_000)
    let version = try #require(subscription["version"])
    server.send(
      #"{"jsonrpc":"2.0","id":1,"method":"task/move","params":{"id":17,"view":"today","index":9000,"version":\#(JSONWriter.string(version))}}"#
    )
    #expect(try server.readMessage()["result"]?["index"] == 9000)
    let line = try #require(server.readLine())
    let note = try JSONParser.parse(line)
    #expect(
      note["params"]?["ops"] == [
        ["op": "move", "id": 17, "from": ["group": "today", "index": 16], "to": ["group": "today", "index": 9000]]
      ])
    #expect(line.utf8.count < 300, "\(line.utf8.count) bytes")
  }

  @Test func aReorderIsOneMoveNamingTheMovedTask() throws {
    let server = try TaskwireProcess.started()
    try server.result("task/create", ["title": "a", "view": "today"])
    try server.result("task/create", ["title": "b", "view": "today"])
    _ = try server.result("view/subscribe", ["view": "today"])
    try server.result("test/setClock", ["now": "2026-02-12T09:30:00Z"])
    let (_, notes) = try server.resultAndNotifications("task/move", ["id": 2, "view": "today", "index": 0])
    #expect(notes.count == 1)
    #expect(
      notes.first?["params"]?["ops"] == [
        ["op": "move", "id": 2, "from": ["group": "today", "index": 1], "to": ["group": "today", "index": 0]]
      ])
    let (_, back) = try server.resultAndNotifications("task/move", ["id": 2, "view": "today", "index": 1])
    #expect(back.first?["params"]?["ops"]?[0]?["id"] == 2)
  }

  @Test func staleDropsAreRefused() throws {
    let server = try TaskwireProcess.started()
    for title in ["a", "b", "c"] { try server.result("task/create", ["title": .string(title), "view": "today"]) }
    let version = try #require(try server.result("view/list", ["view": "today"])["version"])
    try server.result("task/create", ["title": "d", "view": "today"])
    let stale = try server.error("task/move", ["id": 1, "view": "today", "index": 2, "version": version])
    #expect(stale["code"] == -32801)
    #expect(stale["data"]?["view"] == "today")
    let current = try #require(try server.result("view/list", ["view": "today"])["version"])
    #expect(stale["data"]?["current"] == current)
    let titles = try server.result("view/list", ["view": "today"])["groups"]?[0]?["tasks"]?.arrayValue?.map {
      $0["title"]
    }
    #expect(titles == ["a", "b", "c", "d"], "nothing moved")
    try server.result("task/move", ["id": 1, "view": "today", "index": 2, "version": current])
    #expect(try server.error("task/schedule", ["id": 2, "date": "today", "version": version])["code"] == -32801)
  }

  @Test func midnightRolloverIsPushed() throws {
    let server = try TaskwireProcess.started()
    try server.result("task/create", ["title": "now", "view": "today"])
    try server.result("task/create", ["title": "tomorrow", "view": "upcoming"])
    try server.result("task/create", ["title": "later", "scheduledDate": "2026-02-14"])
    var today = try SnapshotApplier(subscribeResult: try server.result("view/subscribe", ["view": "today"]))
    var upcoming = try SnapshotApplier(subscribeResult: try server.result("view/subscribe", ["view": "upcoming"]))
    #expect(upcoming.groups.map { $0["title"] } == ["Tomorrow", "Feb 14"])
    // 23:00 UTC is midnight in Berlin.
    let (_, notes) = try server.resultAndNotifications("test/setClock", ["now": "2026-02-12T23:00:00Z"])
    #expect(notes.count == 2)
    try today.apply(try #require(notes[0]["params"]))
    try upcoming.apply(try #require(notes[1]["params"]))
    #expect(today.snapshot["today"] == "2026-02-13")
    #expect(today.groups[0]["date"] == "2026-02-13")
    #expect(
      today.groups[0]["tasks"]?.arrayValue?.compactMap { $0["title"]?.stringValue } == ["now", "tomorrow"],
      "arrivals go to the end")
    #expect(upcoming.groups.map { $0["title"] } == ["Tomorrow"], "Feb 14 became Tomorrow")
    #expect(upcoming.groups[0]["tasks"]?[0]?["title"] == "later")
  }

  @Test func arrivalsJoinTheEndOfTodayInTheirDaysOrderOncePerStore() throws {
    let db = try temporaryFolder().appendingPathComponent("t.sqlite").path
    let first = try TaskwireProcess.started(["--db", db])
    for title in ["t1", "t2", "t3"] { try first.result("task/create", ["title": .string(title), "view": "today"]) }
    for title in ["u1", "u2"] { try first.result("task/create", ["title": .string(title), "view": "upcoming"]) }
    try first.result("task/create", ["title": "v1", "scheduledDate": "2026-02-14"])
    try first.result("task/move", ["id": 5, "view": "upcoming", "date": "2026-02-13", "index": 0])
    let second = try TaskwireProcess.started(["--db", db])
    try second.result("view/list", ["view": "today"])
    // Two days later both servers see Today's own order, then Feb 13's, then Feb 14's.
    for server in [first, second] { try server.result("test/setClock", ["now": "2026-02-14T08:00:00Z"]) }
    for server in [first, second] {
      let titles = try server.result("view/list", ["view": "today"])["groups"]?[0]?["tasks"]?.arrayValue?.compactMap {
        $0["title"]?.stringValue
      }
      #expect(titles == ["t1", "t2", "t3", "u2", "u1", "v1"])
    }
    // Undo still works across the rollover, and the move it undoes was made before it.
    #expect(try first.result("history/undo")["undone"]?["label"] == "Reorder 'u2' in Tomorrow")
  }

  @Test func dayStartHourDelaysTheRollover() throws {
    let server = try TaskwireProcess(["--memory", "--day-start", "4"] + TaskwireProcess.clockArguments)
    try server.result("initialize", [:])
    // 01:30 Berlin on Feb 13 is still Feb 12 for a night owl; 04:30 is Feb 13.
    #expect(try server.result("test/setClock", ["now": "2026-02-13T00:30:00Z"])["today"] == "2026-02-12")
    #expect(try server.result("test/setClock", ["now": "2026-02-13T03:30:00Z"])["today"] == "2026-02-13")
  }

  @Test func aChangeInAnotherProcessIsPushed() throws {
    let folder = try temporaryFolder()
    let db = folder.appendingPathComponent("shared.sqlite").path
    let vim = try TaskwireProcess.started(["--db", db])
    let gui = try TaskwireProcess.started(["--db", db])
    var applier = try SnapshotApplier(subscribeResult: try vim.result("view/subscribe", ["view": "today"]))
    try gui.result("task/create", ["title": "from the gui", "view": "today"])
    let started = Date()
    let note = try vim.readMessage(timeout: 2)
    #expect(Date().timeIntervalSince(started) < 1.0)
    #expect(note["method"] == "view/changed")
    try applier.apply(try #require(note["params"]))
    #expect(applier.groups[0]["tasks"]?[0]?["title"] == "from the gui")
    // A move from the first process sees the second's change, and undo from either works.
    try vim.result("task/create", ["title": "from vim", "view": "today"])
    try gui.result("task/move", ["id": 2, "view": "today", "index": 0])
    let undone = try vim.result("history/undo")
    #expect(undone["undone"]?["label"] == "Reorder 'from vim' in Today")
    let titles = try gui.result("view/list", ["view": "today"])["groups"]?[0]?["tasks"]?.arrayValue?.map { $0["title"] }
    #expect(titles == ["from the gui", "from vim"])
  }
}
