import JSON
import TaskwireCore

/// The wire form of the domain's values.
extension TaskRecord {
  public var json: JSONValue {
    var recurrenceObject: JSONObject = ["pattern": .string(recurrence.pattern.rawValue)]
    if let weekdays = recurrence.weekdays {
      recurrenceObject["weekdays"] = .array(weekdays.map(JSONValue.int))
    }
    if recurrence.pattern == .monthly { recurrenceObject["monthDay"] = recurrence.monthDay.map(JSONValue.int) ?? .null }
    if recurrence.interval != 1 { recurrenceObject["interval"] = .int(recurrence.interval) }
    if recurrence.afterCompletion { recurrenceObject["afterCompletion"] = .bool(true) }
    let object: JSONObject = [
      "id": .int64(id),
      "title": .string(title),
      "notes": notes.json,
      "tags": .array(tags.map(JSONValue.string)),
      "priority": .int(priority),
      "urgent": .bool(urgent),
      "durationMinutes": .int(durationMinutes),
      "type": .string(type.rawValue),
      "scheduledDate": scheduledDate?.description.json ?? .null,
      "dueDate": dueDate?.description.json ?? .null,
      "recurrence": .object(recurrenceObject),
      "completed": .bool(completed),
      "completedAt": completedAt.json,
      "createdAt": .string(createdAt),
      "updatedAt": .string(updatedAt),
    ]
    return .object(object)
  }
}

extension String {
  var json: JSONValue { .string(self) }
}

extension ViewSnapshot {
  public var json: JSONValue {
    .object([
      "view": .string(view.rawValue),
      "today": .string(today.description),
      "groups": .array(groups.map(\.json)),
    ])
  }
}

extension ViewSnapshot.Group {
  public var json: JSONValue {
    .object([
      "key": .string(key.groupKey),
      "title": .string(title),
      "date": date?.description.json ?? .null,
      "tasks": .array(tasks.map(\.json)),
    ])
  }
}

/// Where a task is after a change: its view, group and index there; all null for a task that
/// is in no list (completed).
public struct TaskPlace: Sendable {
  public var task: TaskRecord
  public var list: ListKey?
  public var index: Int?

  public init(task: TaskRecord, list: ListKey?, index: Int?) {
    self.task = task
    self.list = list
    self.index = index
  }

  public var json: JSONValue {
    .object([
      "task": task.json,
      "view": list.map { .string($0.view.rawValue) } ?? .null,
      "group": list.map { .string($0.groupKey) } ?? .null,
      "index": index.map(JSONValue.int) ?? .null,
    ])
  }
}
