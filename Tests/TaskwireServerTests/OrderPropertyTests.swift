import Foundation
import JSON
import TaskwireTestSupport
import Testing

/// Random sequences of moves, schedules, undos and redos through the real server, checked after
/// every step against a simple reference model of the lists.
@Suite struct OrderPropertyTests {
  /// The model: every list as an array of ids; undo and redo as stacks of whole models.
  struct Model: Equatable {
    var lists: [String: [Int]] = [:]

    func key(of id: Int) -> String? { lists.first { $0.value.contains(id) }?.key }

    mutating func remove(_ id: Int) {
      for (key, ids) in lists {
        lists[key] = ids.filter { $0 != id }
        if lists[key]!.isEmpty && key != "inbox" && key != "today" { lists[key] = nil }
      }
    }

    mutating func insert(_ id: Int, into key: String, at index: Int?) {
      var ids = lists[key] ?? []
      ids.insert(id, at: index ?? ids.count)
      lists[key] = ids
    }
  }

  func actual(_ server: InProcessClient) throws -> Model {
    var model = Model()
    for view in ["inbox", "today", "upcoming"] {
      for group in try server.result("view/list", ["view": .string(view)])["groups"]?.arrayValue ?? [] {
        let key = group["key"]!.stringValue!
        model.lists[key] = group["tasks"]!.arrayValue!.map { Int($0["id"]!.integerValue!) }
      }
    }
    return model
  }

  @Test(arguments: [1, 2, 3])
  func randomSequencesMatchTheModel(seed: UInt64) throws {
    let server = try InProcessClient.started()
    var random = Generator(seed: seed)
    var model = Model(lists: ["inbox": [], "today": []])
    let dates = ["2026-02-13", "2026-02-14", "2026-02-20"]
    let keys = ["inbox", "today"] + dates
    for id in 1...12 {
      let key = keys[random.next(keys.count)]
      let date: JSONValue = key == "inbox" ? .null : key == "today" ? "2026-02-12" : .string(key)
      try server.result("task/create", ["title": .string("t\(id)"), "scheduledDate": date])
      model.insert(id, into: key, at: nil)
    }
    var undo: [Model] = []
    var redo: [Model] = []
    for step in 0..<150 {
      let before = model
      switch random.next(10) {
      case 0..<5:
        let id = random.next(12) + 1
        let key = keys[random.next(keys.count)]
        var target = model
        target.remove(id)
        let count = target.lists[key]?.count ?? 0
        let index = random.next(count + 1)
        var params: JSONObject = ["id": .int(id), "index": .int(index)]
        switch key {
        case "inbox", "today": params["view"] = .string(key)
        default:
          params["view"] = "upcoming"
          params["date"] = .string(key)
        }
        try server.result("task/move", .object(params))
        target.insert(id, into: key, at: index)
        model = target
      case 5..<7:
        let id = random.next(12) + 1
        let key = keys[random.next(keys.count)]
        try server.result(
          "task/schedule", ["id": .int(id), "date": key == "inbox" ? .null : .string(key == "today" ? "today" : key)])
        if model.key(of: id) != key {
          model.remove(id)
          model.insert(id, into: key, at: nil)
        }
      case 7..<9:
        // The creates are undoable too, but they are not the model's business.
        guard let last = undo.popLast() else { continue }
        try server.result("history/undo")
        redo.append(model)
        model = last
        #expect(try actual(server) == model, "seed \(seed) step \(step) (undo)")
        continue
      default:
        guard let next = redo.popLast() else {
          #expect(try server.error("history/redo")["code"] == -32014)
          continue
        }
        try server.result("history/redo")
        undo.append(model)
        model = next
        #expect(try actual(server) == model, "seed \(seed) step \(step) (redo)")
        continue
      }
      if model != before {
        undo.append(before)
        redo.removeAll()
      }
      let seen = try actual(server)
      #expect(seen == model, "seed \(seed) step \(step)")
      let all = seen.lists.values.flatMap { $0 }
      #expect(all.sorted() == Array(1...12), "every task exactly once")
      if seen != model { return }
    }
  }
}
