import Foundation
import JSON
import TaskwireTestSupport
import Testing

/// The model-based check of the structure (issue 29): random project, heading and area
/// gestures with undo and redo, after each of which every subscribed view, patched by its
/// diffs, equals a fresh list of it, and every refused gesture left the views as they were.
@Suite struct ProjectModelTests {
  @Test(arguments: [7, 1234]) func diffsReplayToTheListsAfterRandomStructureGestures(seed: Int) throws {
    let server = try TaskwireProcess.started(initialize: false)
    _ = try server.result("initialize", ["initializationOptions": ["displayParts": true]])
    // An area (1), two projects (2 in the area, 3 in none), two headings of project 2 (4, 5).
    for params: JSONValue in [
      ["title": "Home", "kind": "area"], ["title": "Garden", "kind": "project", "parent": 1],
      ["title": "Taxes", "kind": "project"], ["title": "Spring", "kind": "heading", "parent": 2],
      ["title": "Autumn", "kind": "heading", "parent": 2],
    ] {
      _ = try server.result("task/create", params)
    }
    let queries: [JSONValue] = [
      ["view": "project", "project": 2], ["view": "project", "project": 3], ["view": "projects"],
      ["view": "area", "area": 1], ["view": "today"], ["view": "inbox"], ["view": "matrix"],
      ["view": "anytime"], ["view": "someday"],
      ["view": "anytime", "filter": ["area": 1], "sort": "title"], ["view": "today", "sort": "project"],
      ["view": "all"],
    ]
    var appliers = try queries.map { try SnapshotApplier(subscribeResult: try server.result("view/subscribe", $0)) }
    var random = Generator(seed: UInt64(seed))
    var nextID = 6
    var tasks: [Int] = []
    var applied = 0
    var refused = 0
    // How often Anytime and Someday (queries 7 and 8) held something: the gestures reach them.
    var gatheredSeen = [0, 0]
    for step in 0..<200 {
      // A task a view shows now (most gestures are taken), or now and then any id made so far.
      var seen = Set<Int>()
      for applier in appliers {
        for group in applier.groups {
          for item in group["tasks"]?.arrayValue ?? [] where item["kind"] == nil {
            if let id = item["id"]?.integerValue { seen.insert(Int(id)) }
          }
        }
      }
      let shown = seen.sorted()
      let pool = random.next(5) == 0 || shown.isEmpty ? tasks : shown
      let task: JSONValue = pool.isEmpty ? 99 : .int(pool[random.next(pool.count)])
      let into: [JSONValue] = [
        ["view": "project", "project": 2], ["view": "project", "project": 2, "heading": 4],
        ["view": "project", "project": 2, "heading": 5], ["view": "project", "project": 3],
        ["view": "area", "area": 1],
        ["view": "inbox"], ["view": "today"], ["view": "someday"], ["view": "anytime"],
      ]
      var params: JSONObject = [:]
      let method: String
      switch random.next(16) {
      case 0, 1:
        method = "task/create"
        params = ["title": .string("t\(nextID)"), "view": random.next(2) == 0 ? "today" : "inbox"]
        let parents: [JSONValue] = [2, 3, 4, 5, 1, .null]
        params["parent"] = parents[random.next(parents.count)]
      case 2, 3, 4:
        method = "task/move"
        params = into[random.next(into.count)].objectValue!
        params["id"] = task
        params["index"] = .int(random.next(3))
      case 5:
        method = "task/move"  // a heading among its project's headings, a project among areas
        params =
          random.next(2) == 0
          ? ["id": .int(4 + random.next(2)), "view": "project", "project": 2, "index": .int(random.next(2))]
          : ["id": .int(2 + random.next(2)), "view": "projects", "area": random.next(2) == 0 ? 1 : .null, "index": 0]
      case 6:
        method = "task/complete"
        params = ["id": task, "completed": .bool(random.next(3) > 0)]
      case 7:
        method = "task/checklist"
        params = ["id": task, "action": "add", "title": .string("line \(step)")]
      case 8:
        method = "task/delete"
        params = ["id": task]
      case 9, 10:
        method = "history/undo"
      case 11:
        method = "history/redo"
      case 12:
        // A project on or off Someday, or cancelled (its tasks with it); now and then reopened.
        let project = JSONValue.int(2 + random.next(2))
        switch random.next(4) {
        case 0: (method, params) = ("task/update", ["id": project, "someday": .bool(random.next(2) == 0)])
        case 1: (method, params) = ("task/complete", ["id": project, "cancelled": true])
        case 2: (method, params) = ("task/complete", ["id": project, "completed": false])
        default: (method, params) = ("task/update", ["id": task, "someday": true])
        }
      case 13, 14:
        method = "task/move"
        params = ["id": task, "view": "someday"]
      default:
        method = "task/convert"
        params = ["id": task, "to": "project"]
      }
      let (reply, notes) = try server.resultAndNotifications(method, params.isEmpty ? nil : .object(params))
      if reply["error"] != nil { refused += 1 }
      applied += notes.count
      if method == "task/create", let id = reply["result"]?["task"]?["id"]?.integerValue {
        tasks.append(Int(id))
        nextID += 1
      }
      if method == "task/convert", reply["error"] == nil, let id = task.integerValue {
        tasks.removeAll { $0 == Int(id) }
      }
      for note in notes {
        let params = try #require(note["params"])
        try appliers[Int(try #require(params["subscription"]?.integerValue)) - 1].apply(params)
      }
      for (slot, offset) in [7, 8].enumerated() where !appliers[offset].groups.isEmpty { gatheredSeen[slot] += 1 }
      for (offset, query) in queries.enumerated() {
        var list = try #require(try server.result("view/list", query).objectValue)
        list["version"] = nil
        #expect(
          JSONValue.object(list) == .object(appliers[offset].snapshot),
          "seed \(seed) step \(step) after \(method) \(JSONWriter.string(.object(params))): \(JSONWriter.string(query))"
        )
        if JSONValue.object(list) != .object(appliers[offset].snapshot) { return }
      }
    }
    // The gestures did change the views (most of them were taken, some refused).
    #expect(applied > 150 && refused < 100, "\(applied) diffs applied, \(refused) gestures refused")
    #expect(gatheredSeen.allSatisfy { $0 > 20 }, "steps with Anytime and Someday showing tasks: \(gatheredSeen)")
  }
}
