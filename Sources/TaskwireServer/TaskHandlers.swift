import JSON
import JSONRPC
import TaskwireCore
import TaskwireProtocol

/// The task methods: each reads its params, commits its change, and says where the task is.
extension Server {
  func create(_ params: JSONValue?) throws -> JSONValue {
    let request = try TaskCreateRequest.params(params)
    let set = try commit {
      try planner.create(id: try store.nextTaskID(), patch: request.patch, view: request.view)
    }
    return try place(of: set.changes[0].taskID).json
  }

  func get(_ params: JSONValue?) throws -> JSONValue {
    try place(of: try TaskGetRequest.params(params)).json
  }

  func update(_ params: JSONValue?) throws -> JSONValue {
    let request = try TaskUpdateRequest.params(params)
    try commit { try planner.update(try task(request.id), patch: request.patch) }
    return try place(of: request.id).json
  }

  func delete(_ params: JSONValue?) throws -> JSONValue {
    let id = try TaskDeleteRequest.params(params)
    try commit { planner.delete(try task(id)) }
    return .object(["deleted": .int64(id)])
  }

  func complete(_ params: JSONValue?) throws -> JSONValue {
    let request = try TaskCompleteRequest.params(params)
    try commit {
      planner.complete(try task(request.id), completed: request.completed, nextID: try store.nextTaskID())
    }
    return try place(of: request.id).json
  }

  func move(_ params: JSONValue?) throws -> JSONValue {
    let request = try TaskMoveRequest.params(params)
    try commit {
      let target: ListKey
      switch request.view {
      case .inbox: target = .inbox
      case .today: target = .today
      case .upcoming:
        target = .day(try TaskPatch.resolve(request.date ?? "", field: "date", today: index.today))
      case .matrix: target = .quadrant(request.quadrant!)
      case .all, .logbook: throw RPCError.invalidParams("view", "is not a drag target")
      }
      try check(version: request.version, of: target.view)
      return try planner.move(try task(request.id), to: target, at: request.index)
    }
    return try place(of: request.id, in: request.view).json
  }

  func schedule(_ params: JSONValue?) throws -> JSONValue {
    let request = try TaskScheduleRequest.params(params)
    try commit {
      let date = try request.date.map {
        try TaskPatch.resolve($0, field: "date", today: index.today)
      }
      let target = date.map { $0 <= index.today ? ViewKind.today : .upcoming } ?? .inbox
      try check(version: request.version, of: target)
      return try planner.schedule(try task(request.id), to: date)
    }
    return try place(of: request.id).json
  }

  func scheduleOptions(_ params: JSONValue?) throws -> JSONValue {
    let task = try task(try TaskScheduleOptionsRequest.params(params))
    let menu = ScheduleOptions(for: task, today: index.today)
    return .object([
      "id": .int64(task.id),
      "options": .array(
        menu.options.map { option in
          .object([
            "id": .string(option.id), "label": .string(option.label),
            "date": option.date.map { .string($0.description) } ?? .null,
            "current": .bool(option.current),
          ])
        }),
      "picker": .object([
        "default": .string(menu.pickerDefault.description),
        "minimum": .string(menu.pickerMinimum.description),
      ]),
    ])
  }

}
