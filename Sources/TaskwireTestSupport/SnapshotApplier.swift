// Test support is built only where Swift Testing is (a release build of the package has no
// Testing module, and links none of this).
#if canImport(Testing)
  import JSON
  import Testing

  /// Applies `view/changed` operations to a snapshot as Protocol/README.md tells a client to: the
  /// tests' reference implementation of diff application.
  public struct SnapshotApplier {
    public var snapshot: JSONObject
    public var version: Int

    public init(subscribeResult: JSONValue) throws {
      snapshot = try #require(subscribeResult["snapshot"]?.objectValue)
      version = Int(try #require(subscribeResult["version"]?.integerValue))
      snapshot["version"] = nil
    }

    static let memberOrder = [
      "id", "uuid", "kind", "parent", "title", "notes", "tags", "priority", "urgent", "durationMinutes", "type",
      "scheduledDate", "scheduledTime", "dueDate", "dueTime", "recurrence", "reminders", "checklist", "someday",
      "evening", "completed", "cancelled", "completedAt",
      "createdAt", "updatedAt", "display",
    ]

    public var groups: [JSONObject] {
      get { snapshot["groups"]?.arrayValue?.compactMap(\.objectValue) ?? [] }
      set { snapshot["groups"] = .array(newValue.map(JSONValue.object)) }
    }

    func groupIndex(_ key: JSONValue?) throws -> Int {
      try #require(groups.firstIndex { $0["key"] == key }, "no group \(String(describing: key))")
    }

    mutating func tasks(_ group: Int, _ change: (inout [JSONValue]) -> Void) {
      var all = groups
      var tasks = all[group]["tasks"]?.arrayValue ?? []
      change(&tasks)
      all[group]["tasks"] = .array(tasks)
      groups = all
    }

    /// `fillingIn`: the members an inserted task leaves out (compact tasks), with their defaults.
    public mutating func apply(_ params: JSONValue, fillingIn defaults: [String: JSONValue] = [:]) throws {
      #expect(params["from"] == .int(version), "no gap in versions")
      version = Int(try #require(params["to"]?.integerValue))
      if let today = params["today"] { snapshot["today"] = today }  // (compact: only on a new day)
      for op in try #require(params["ops"]?.arrayValue) {
        switch op["op"]?.stringValue {
        case "insert":
          let index = Int(op["index"]!.integerValue!)
          var task = try #require(op["task"]?.objectValue)
          for (key, value) in defaults where task[key] == nil { task[key] = value }
          tasks(try groupIndex(op["group"])) { $0.insert(.object(task), at: index) }
        case "remove":
          let index = Int(op["index"]!.integerValue!)
          tasks(try groupIndex(op["group"])) { tasks in
            #expect(tasks[index]["id"] == op["id"])
            tasks.remove(at: index)
          }
        case "move":
          let from = try #require(op["from"])
          let to = try #require(op["to"])
          var moved: JSONValue = .null
          tasks(try groupIndex(from["group"])) { tasks in
            moved = tasks.remove(at: Int(from["index"]!.integerValue!))
          }
          #expect(moved["id"] == op["id"])
          tasks(try groupIndex(to["group"])) { $0.insert(moved, at: Int(to["index"]!.integerValue!)) }
        case "update":
          let index = Int(op["index"]!.integerValue!)
          tasks(try groupIndex(op["group"])) { tasks in
            guard case .object(var task) = tasks[index] else { return }
            #expect(task["id"] == op["id"])
            for (key, value) in op["fields"]?.objectValue ?? JSONObject() {
              // The members a task has only when set go when cleared (Protocol/README.md, "Tasks").
              // (`JSONValue` reads a `nil` literal as JSON null: removal is spelled out.)
              task[key] =
                value.isNull
                  && [
                    "kind", "parent", "checklist", "someday", "cancelled", "scheduledTime", "evening", "reminders",
                    "dueTime",
                  ].contains(key)
                ? JSONValue?.none : value
            }
            // In the order the server writes a task (a member that appears is not the last).
            let order = Self.memberOrder
            let members = task.map { ($0.0, $0.1) }.sorted {
              (order.firstIndex(of: $0.0) ?? order.count) < (order.firstIndex(of: $1.0) ?? order.count)
            }
            tasks[index] = .object(JSONObject(members))
          }
        case "insertGroup":
          var group = try #require(op["group"]?.objectValue)
          group["tasks"] = []
          var all = groups
          all.insert(group, at: Int(op["index"]!.integerValue!))
          groups = all
        case "removeGroup":
          var all = groups
          let index = Int(op["index"]!.integerValue!)
          #expect(all[index]["key"] == op["key"])
          #expect(all[index]["tasks"] == [], "a group is removed once empty")
          all.remove(at: index)
          groups = all
        case "updateGroup":
          var all = groups
          let index = Int(op["index"]!.integerValue!)
          #expect(all[index]["key"] == op["key"])
          all[index]["title"] = op["title"]
          all[index]["date"] = op["date"]
          // A display-parts session's header: its parts as they are after the diff.
          if let display = op["display"] { all[index]["display"] = display }
          groups = all
        default:
          Issue.record("unknown op \(JSONWriter.string(op))")
        }
      }
    }
  }
#endif
