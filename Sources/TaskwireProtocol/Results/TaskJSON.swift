import JSON
import TaskwireCore

/// The wire form of the domain's values.
extension TaskRecord {
  public var json: JSONValue {
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
      "recurrence": recurrence.json,
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

extension Recurrence {
  /// `{"pattern": …}` with the members the pattern has; `interval` and `afterCompletion` only
  /// when they are not the defaults.
  public var json: JSONValue {
    var object: JSONObject = ["pattern": .string(pattern.rawValue)]
    if let weekdays { object["weekdays"] = .array(weekdays.map(JSONValue.int)) }
    if pattern == .monthly { object["monthDay"] = monthDay.map(JSONValue.int) ?? .null }
    if interval != 1 { object["interval"] = .int(interval) }
    if afterCompletion { object["afterCompletion"] = .bool(true) }
    return .object(object)
  }
}

extension TaskRecord {
  /// The same JSON as `json`, written straight to bytes: a view of ten thousand tasks is
  /// listed without building ten thousand trees of values first.
  public var encodedJSON: JSONValue {
    var writer = JSONWriter(capacity: 512)  // a task with a title and a tag or two, without growing
    write(into: &writer)
    return .encoded(writer.bytes)
  }

  /// Writes the task's JSON at the end of `writer`.
  public func write(into writer: inout JSONWriter) { write(into: &writer, omittingDefaults: false) }

  /// `omittingDefaults`: the compact task (`compactTasks`, Protocol/README.md): `id`, `title`,
  /// `createdAt` and `updatedAt` always; the others only when they differ from notes null,
  /// tags [], priority 1, urgent false, durationMinutes 15, type "maintenance", scheduledDate
  /// null, dueDate null, recurrence {"pattern":"none"}, completed false and completedAt null.
  public func write(into writer: inout JSONWriter, omittingDefaults compact: Bool) {
    writer.append(raw: "{\"id\":")
    writer.append(integer: id)
    writer.append(raw: ",\"title\":")
    writer.writeString(title)
    if !compact || notes != nil {
      writer.append(raw: ",\"notes\":")
      if let notes { writer.writeString(notes) } else { writer.append(raw: "null") }
    }
    if !compact || !tags.isEmpty {
      writer.append(raw: ",\"tags\":[")
      for (index, tag) in tags.enumerated() {
        if index > 0 { writer.append(raw: ",") }
        writer.writeString(tag)
      }
      writer.append(raw: "]")
    }
    if !compact || priority != 1 {
      writer.append(raw: ",\"priority\":")
      writer.append(integer: Int64(priority))
    }
    if !compact || urgent { writer.append(raw: urgent ? ",\"urgent\":true" : ",\"urgent\":false") }
    if !compact || durationMinutes != 15 {
      writer.append(raw: ",\"durationMinutes\":")
      writer.append(integer: Int64(durationMinutes))
    }
    if !compact || type != .maintenance {
      writer.append(raw: ",\"type\":")
      writer.writeString(type.rawValue)
    }
    if !compact || scheduledDate != nil {
      writer.append(raw: ",\"scheduledDate\":")
      writer.append(date: scheduledDate)
    }
    if !compact || dueDate != nil {
      writer.append(raw: ",\"dueDate\":")
      writer.append(date: dueDate)
    }
    if !compact || recurrence != Recurrence.none {
      writer.append(raw: ",\"recurrence\":")
      // (Most tasks do not repeat: their recurrence is written without a tree of values.)
      if recurrence == .none { writer.append(raw: "{\"pattern\":\"none\"}") } else { writer.write(recurrence.json) }
    }
    if !compact || completed { writer.append(raw: completed ? ",\"completed\":true" : ",\"completed\":false") }
    if !compact || completedAt != nil {
      writer.append(raw: ",\"completedAt\":")
      if let completedAt { writer.writeString(completedAt) } else { writer.append(raw: "null") }
    }
    writer.append(raw: ",\"createdAt\":")
    writer.writeString(createdAt)
    writer.append(raw: ",\"updatedAt\":")
    writer.writeString(updatedAt)
    writer.append(raw: "}")
  }
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
  /// A group's tasks as JSON text written when the reply is: straight into the line being
  /// sent, in chunks, so that a long list is never held whole (a tree of values per task, or
  /// a buffer per group, would be: 26 MB for Upcoming's 80k tasks).
  static func encode(_ tasks: [TaskRecord]) -> JSONValue {
    .deferred(
      JSONFragment { writer in
        writer.append(raw: "[")
        // Each task written where it lies (no copy of the record, which would retain and
        // release its strings).
        tasks.withUnsafeBufferPointer { records in
          for index in records.indices {
            if index > 0 { writer.append(raw: ",") }
            records[index].write(into: &writer)
            writer.flushIfFull()
          }
        }
        writer.append(raw: "]")
      })
  }

  public var json: JSONValue {
    .object([
      "key": .string(key.groupKey),
      "title": .string(title),
      "date": date?.description.json ?? .null,
      "tasks": Self.encode(tasks),
    ])
  }
}

/// Where a task is after a change: its view, group and index there; all null for a task that
/// is in no list (completed).
public struct TaskPlace: ResponseType {
  public var task: TaskRecord
  public var list: ListKey?
  public var index: Int?

  public init(task: TaskRecord, list: ListKey?, index: Int?) {
    self.task = task
    self.list = list
    self.index = index
  }

  public var json: JSONValue {
    var object = JSONObject(capacity: 4)
    object.appendNew("task", task.encodedJSON)
    object.appendNew("view", list.map { .string($0.view.rawValue) } ?? .null)
    object.appendNew("group", list.map { .string($0.groupKey) } ?? .null)
    object.appendNew("index", index.map(JSONValue.int) ?? .null)
    return .object(object)
  }
}

extension JSONWriter {
  /// A date as its JSON string (`"2026-02-12"`), or null: written digit by digit, without a
  /// String in between (two per task in every list).
  mutating func append(date: CalendarDate?) {
    guard let date else { return append(raw: "null") }
    let (year, month, day) = (date.year, date.month, date.day)
    // A tuple on the stack, not an array on the heap.
    var text: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (
      34, UInt8(48 + year / 1000), UInt8(48 + year / 100 % 10), UInt8(48 + year / 10 % 10), UInt8(48 + year % 10), 45,
      UInt8(48 + month / 10), UInt8(48 + month % 10), 45, UInt8(48 + day / 10), UInt8(48 + day % 10), 34
    )
    withUnsafeBytes(of: &text) { append(encoded: $0) }
  }
}
