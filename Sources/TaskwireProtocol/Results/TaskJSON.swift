import JSON
import TaskwireCore

/// The wire form of the domain's values. A task has one encoder, `write(into:omittingDefaults:)`,
/// straight to bytes; its tree is read back from them where one is needed (an update op's
/// changed fields, tests).
extension TaskRecord {
  /// The task as a tree of values (parsed from its one encoding).
  public var json: JSONValue { (try? JSONParser.parse(encodedBytes)) ?? .null }

  /// The task's JSON text.
  public var encodedBytes: [UInt8] {
    var writer = JSONWriter(capacity: 512)  // a task with a title and a tag or two, without growing
    write(into: &writer)
    return writer.bytes
  }

  /// The task as it is sent: its JSON text, written once.
  public var rawJSON: RawJSON { RawJSON(bytes: encodedBytes) }
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
  /// Writes the task's JSON at the end of `writer`.
  public func write(into writer: inout JSONWriter) { write(into: &writer, omittingDefaults: false) }

  /// `omittingDefaults`: the compact task (`compactTasks`, Protocol/README.md): `id`, `title`,
  /// `createdAt` and `updatedAt` always; the others only when they differ from notes null,
  /// tags [], priority 1, urgent false, durationMinutes 15, type "maintenance", scheduledDate
  /// null, dueDate null, recurrence {"pattern":"none"}, completed false and completedAt null.
  /// `display`: the task's display parts, for a client that asked for them (`displayParts`).
  public func write(into writer: inout JSONWriter, omittingDefaults compact: Bool, display: [DisplayPart]? = nil) {
    writer.append(raw: "{\"id\":")
    writer.append(integer: id)
    writer.append(raw: ",\"uuid\":")
    writer.append(uuid: uuid)
    // The structure's members only where they say something (Protocol/README.md, "Projects"):
    // most items are tasks in no project, with no checklist.
    if kind != .task {
      writer.append(raw: ",\"kind\":")
      writer.writeString(kind.rawValue)
    }
    if let parentID {
      writer.append(raw: ",\"parent\":")
      writer.append(integer: parentID)
    }
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
    // Like the structure's members, only where it says something (most tasks have no time).
    if let scheduledTime {
      writer.append(raw: ",\"scheduledTime\":")
      writer.writeString(scheduledTime.description)
    }
    if !compact || dueDate != nil {
      writer.append(raw: ",\"dueDate\":")
      writer.append(date: dueDate)
    }
    if let dueTime {
      writer.append(raw: ",\"dueTime\":")
      writer.writeString(dueTime.description)
    }
    if !compact || recurrence != Recurrence.none {
      writer.append(raw: ",\"recurrence\":")
      // (Most tasks do not repeat: their recurrence is written without a tree of values.)
      if recurrence == .none { writer.append(raw: "{\"pattern\":\"none\"}") } else { writer.write(recurrence.json) }
    }
    if !reminders.isEmpty {
      writer.append(raw: ",\"reminders\":[")
      for (index, reminder) in reminders.enumerated() {
        writer.append(raw: index > 0 ? "," : "")
        switch reminder {
        case .at(let moment):
          writer.append(raw: "{\"at\":")
          writer.writeString(moment.description)
        case .before(let minutes):
          writer.append(raw: "{\"before\":")
          writer.append(integer: Int64(minutes))
        }
        writer.append(raw: "}")
      }
      writer.append(raw: "]")
    }
    if !checklist.isEmpty {
      writer.append(raw: ",\"checklist\":")
      writer.write(checklistJSON)
    }
    // Like the structure's members, only where they say something (most tasks are neither).
    if someday { writer.append(raw: ",\"someday\":true") }
    if evening { writer.append(raw: ",\"evening\":true") }
    if !compact || completed { writer.append(raw: completed ? ",\"completed\":true" : ",\"completed\":false") }
    if cancelled { writer.append(raw: ",\"cancelled\":true") }
    if !compact || completedAt != nil {
      writer.append(raw: ",\"completedAt\":")
      if let completedAt { writer.writeString(completedAt) } else { writer.append(raw: "null") }
    }
    writer.append(raw: ",\"createdAt\":")
    writer.writeString(createdAt)
    writer.append(raw: ",\"updatedAt\":")
    writer.writeString(updatedAt)
    if let display {
      writer.append(raw: ",\"display\":")
      writer.append(display: display)
    }
    writer.append(raw: "}")
  }
}

extension ViewSnapshot {
  public var output: OutgoingJSON { output(presenter: nil) }

  /// `presenter`: tasks and groups carry their display parts (`displayParts`).
  public func output(presenter: TaskPresenter?) -> OutgoingJSON {
    .object([
      ("view", .value(.string(view.rawValue))),
      ("today", .value(.string(today.description))),
      ("groups", .array(groups.map { $0.output(presenter: presenter) })),
    ])
  }

  /// The snapshot as a tree of values (tests).
  public var json: JSONValue { output.parsed }
}

extension ViewSnapshot.Group {
  /// A group's tasks as JSON text written when the reply is: straight into the line being
  /// sent, in chunks, so that a long list is never held whole (a tree of values per task, or
  /// a buffer per group, would be: 26 MB for Upcoming's 80k tasks).
  static func encode(_ tasks: [TaskRecord], key: ListKey, presenter: TaskPresenter?) -> RawJSON {
    RawJSON(writing: { writer in
      writer.append(raw: "[")
      // Each task written where it lies (no copy of the record, which would retain and
      // release its strings).
      tasks.withUnsafeBufferPointer { records in
        for index in records.indices {
          if index > 0 { writer.append(raw: ",") }
          if let presenter {
            let task = records[index]
            task.write(into: &writer, omittingDefaults: false, display: presenter.parts(of: task, in: key))
          } else {
            records[index].write(into: &writer)
          }
          writer.flushIfFull()
        }
      }
      writer.append(raw: "]")
    })
  }

  public var output: OutgoingJSON { output(presenter: nil) }

  public func output(presenter: TaskPresenter?) -> OutgoingJSON {
    var members: [(String, OutgoingJSON)] = [
      ("key", .value(.string(key.groupKey))),
      ("title", .value(.string(title))),
      ("date", .value(date?.description.json ?? .null)),
    ]
    if let presenter { members.append(("display", .value(presenter.parts(of: self).json))) }
    members.append(("tasks", .raw(Self.encode(tasks, key: key, presenter: presenter))))
    return .object(members)
  }
}

/// Where a task is after a change: its view, group and index there; all null for a task that
/// is in no list (completed).
public struct TaskPlace: ResponseType {
  public var task: TaskRecord
  public var list: ListKey?
  public var index: Int?
  /// For a client that asked for display parts: the task's parts where it is now.
  public var presenter: TaskPresenter? = nil
  /// `task/create`'s "where it went", in the session's language (display-parts clients).
  public var message: String? = nil
  /// The view when it is not the list's own (Anytime and Someday gather projects' lists).
  public var view: ViewKind? = nil

  public init(task: TaskRecord, list: ListKey?, index: Int?, presenter: TaskPresenter? = nil) {
    self.task = task
    self.list = list
    self.index = index
    self.presenter = presenter
  }

  public var output: OutgoingJSON {
    var taskJSON = task.rawJSON
    if let presenter {
      var writer = JSONWriter(capacity: 600)
      task.write(into: &writer, omittingDefaults: false, display: presenter.parts(of: task, in: list))
      taskJSON = RawJSON(bytes: writer.bytes)
    }
    var members: [(String, OutgoingJSON)] = [
      ("task", .raw(taskJSON)),
      ("view", .value((view ?? list?.view).map { .string($0.rawValue) } ?? .null)),
      ("group", .value(list.map { .string($0.groupKey) } ?? .null)),
      ("index", .value(index.map(JSONValue.int) ?? .null)),
    ]
    if let message { members.append(("message", .value(.string(message)))) }
    return .object(members)
  }
}

extension TaskRecord {
  /// `[{"uuid", "title", "done"}]`.
  public var checklistJSON: JSONValue {
    .array(
      checklist.map { ["uuid": .string($0.uuid.description), "title": .string($0.title), "done": .bool($0.done)] })
  }
}

extension JSONWriter {
  /// A uuid as its JSON string, written without a String in between (one per task in a list).
  mutating func append(uuid: ItemUUID) {
    // On the stack, not a buffer on the heap.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 38) { text in
      text[0] = 0x22
      uuid.write(into: UnsafeMutableBufferPointer(rebasing: text[1...]))
      text[37] = 0x22
      append(encoded: UnsafeBufferPointer(text))
    }
  }

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
