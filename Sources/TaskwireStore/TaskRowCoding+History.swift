import JSON
import TaskwireCore

/// A task as history keeps it: its row's values as one JSON array, written field by field.
extension TaskRowCoding {
  /// The task as one history entry: `values` in column order, as a JSON array.
  public static func historyText(_ task: TaskRecord?) -> RowValue {
    guard let task else { return .null }
    var writer = JSONWriter(capacity: 512)
    writeHistory(task, into: &writer)
    return .text(writer.text)
  }

  /// A step's changes as SQLite's history keeps them, one text: `[[taskID, before, after], …]`,
  /// each side a `historyText` array or null; an `after` of the same task as `before` is only
  /// what changed, `{"column": value, …}` by column position (a move's after is its rank, not
  /// a second whole row: half the text to write, and more steps to a page of history).
  public static func historyOpsText(_ changes: [TaskChange]) -> String {
    var writer = JSONWriter(capacity: 640 * changes.count)
    writer.append(raw: "[")
    for (position, change) in changes.enumerated() {
      writer.append(raw: position == 0 ? "[" : ",[")
      writer.append(integer: change.taskID)
      writer.append(raw: ",")
      if let before = change.before { writeHistory(before, into: &writer) } else { writer.append(raw: "null") }
      writer.append(raw: ",")
      if let before = change.before, let after = change.after, before.id == after.id {
        writePatch(changedValues(from: before, to: after), into: &writer)
      } else if let after = change.after {
        writeHistory(after, into: &writer)
      } else {
        writer.append(raw: "null")
      }
      writer.append(raw: "]")
    }
    writer.append(raw: "]")
    return writer.text
  }

  private static func writePatch(_ changed: [(column: Int, value: RowValue)], into writer: inout JSONWriter) {
    writer.append(raw: "{")
    for (position, change) in changed.enumerated() {
      writer.append(raw: position == 0 ? "\"" : ",\"")
      writer.append(integer: Int64(change.column))
      writer.append(raw: "\":")
      switch change.value {
      case .null: writer.append(raw: "null")
      case .integer(let number): writer.append(integer: number)
      case .text(let text): writer.writeString(text)
      }
    }
    writer.append(raw: "}")
  }

  /// The changes `historyOpsText` wrote (a side that cannot be read is nil).
  public static func changes(fromHistoryOpsText text: String?) -> [TaskChange] {
    guard let text, let ops = (try? JSONParser.parse(text))?.arrayValue else { return [] }
    return ops.map { op in
      let before = op[1]?.arrayValue
      var after = op[2]?.arrayValue
      if let patch = op[2]?.objectValue, var values = before {
        for (key, value) in patch {
          guard let column = Int(key), (0..<columnCount).contains(column) else { continue }
          if column >= values.count { values += Array(repeating: .null, count: column + 1 - values.count) }
          values[column] = value
        }
        after = values
      }
      return TaskChange(
        before: before.map { task(from: HistoryRow(values: $0)) },
        after: after.map { task(from: HistoryRow(values: $0)) })
    }
  }

  /// The task as a history array, written straight to text, field by field in `values`' column
  /// order, without the row of values in between (it made a String of every column, and the
  /// tags' JSON as a tree: a change writes two of these, and they were a fifth of a move's
  /// instructions).
  static func writeHistory(_ task: TaskRecord, into writer: inout JSONWriter) {
    writer.append(raw: "[")
    writer.append(integer: task.id)
    writer.append(raw: ",")
    writer.writeString(task.title)
    writer.append(raw: ",")
    if let notes = task.notes { writer.writeString(notes) } else { writer.append(raw: "null") }
    writer.append(raw: ",")
    if task.tags.isEmpty { writer.append(raw: #""[]""#) } else { writer.writeString(tagsText(task.tags)) }
    writer.append(raw: ",")
    writer.append(integer: Int64(task.priority))
    writer.append(raw: task.urgent ? ",1," : ",0,")
    writer.append(integer: Int64(task.durationMinutes))
    writer.append(raw: ",")
    writer.writeString(task.type.rawValue)
    writer.append(raw: ",")
    writeDate(task.scheduledDate, into: &writer)
    writer.append(raw: ",")
    writeDate(task.dueDate, into: &writer)
    writer.append(raw: ",")
    if task.recurrence == .none {
      writer.append(raw: #""{\"pattern\":\"none\"}""#)
    } else {
      writer.writeString(recurrenceText(task.recurrence))
    }
    writer.append(raw: task.completed ? ",1," : ",0,")
    if let completedAt = task.completedAt { writer.writeString(completedAt) } else { writer.append(raw: "null") }
    writer.append(raw: ",")
    writer.writeString(task.createdAt)
    writer.append(raw: ",")
    writer.writeString(task.updatedAt)
    writer.append(raw: ",")
    writer.append(integer: task.rank)
    writer.append(raw: ",")
    writer.append(integer: task.matrixRank)
    writer.append(raw: ",")
    if task.uuid == .none { writer.append(raw: "null") } else { writer.writeString(task.uuid.description) }
    writer.append(raw: ",")
    writer.writeString(task.kind.rawValue)
    writer.append(raw: ",")
    if let parentID = task.parentID { writer.append(integer: parentID) } else { writer.append(raw: "null") }
    writer.append(raw: ",")
    writer.append(integer: task.parentRank)
    writer.append(raw: ",")
    if task.checklist.isEmpty {
      writer.append(raw: #""[]""#)
    } else {
      writer.writeString(checklistText(task.checklist))
    }
    writer.append(raw: task.someday ? ",1" : ",0")
    writer.append(raw: task.cancelled ? ",1," : ",0,")
    if let time = task.scheduledTime { writer.writeString(time.description) } else { writer.append(raw: "null") }
    writer.append(raw: task.evening ? ",1," : ",0,")
    if let reminders = Reminder.storedText(task.reminders) {
      writer.writeString(reminders)
    } else {
      writer.append(raw: "null")
    }
    writer.append(raw: ",")
    if let time = task.dueTime { writer.writeString(time.description) } else { writer.append(raw: "null") }
    writer.append(raw: "]")
  }

  /// A date column's value in history: its text, or null.
  fileprivate static func writeDate(_ date: CalendarDate?, into writer: inout JSONWriter) {
    guard let date else { return writer.append(raw: "null") }
    writer.writeString(date.description)
  }

  /// `historyText` as the row of values reads (what it must equal; tests).
  public static func historyTextOfValues(_ task: TaskRecord) -> String {
    var writer = JSONWriter(capacity: 512)
    writer.append(raw: "[")
    for (index, value) in values(task).enumerated() {
      if index > 0 { writer.append(raw: ",") }
      switch value {
      case .null: writer.append(raw: "null")
      case .integer(let number): writer.append(integer: number)
      case .text(let text): writer.writeString(text)
      }
    }
    writer.append(raw: "]")
    return writer.text
  }

  /// A history row written before schema 5 (17 columns) with its item's uuid added as the 18th
  /// column; any other row as it is. Both backends upgrade their history with it.
  public static func historyText(_ text: String?, addingUUID uuid: () -> String) -> String? {
    guard let text, case .array(var values)? = try? JSONParser.parse(text), values.count == 17 else { return text }
    values.append(.string(uuid()))
    return JSONWriter.string(.array(values))
  }

  public static func task(fromHistoryText text: String?) -> TaskRecord? {
    guard let text, let values = (try? JSONParser.parse(text))?.arrayValue else { return nil }
    return task(from: HistoryRow(values: values))
  }
}
