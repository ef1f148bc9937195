import JSON
import TaskwireCore

/// Something a task can be read from by column position: a SQLite row, or a history entry.
protocol TaskRowSource {
  func int(_ column: Int32) -> Int64
  func text(_ column: Int32) -> String?
}

extension SQLiteStatement: TaskRowSource {}

/// A task saved in history: the row's values as a JSON array, in column order.
struct HistoryRow: TaskRowSource {
  let values: [JSONValue]
  func int(_ column: Int32) -> Int64 { values[Int(column)].integerValue ?? 0 }
  func text(_ column: Int32) -> String? { values[Int(column)].stringValue }
}

/// How a task maps to a row of the `tasks` table, and to the JSON text kept in history.
enum TaskRowCoding {
  static let columns =
    "id, title, notes, tags, priority, urgent, duration_minutes, type, scheduled_date, due_date, recurrence, completed, completed_at, created_at, updated_at, rank"
  static let columnCount = 16

  static func values(_ task: TaskRecord) -> [SQLiteValue] {
    [
      .integer(task.id), .text(task.title), task.notes.map(SQLiteValue.text) ?? .null,
      .text(JSONWriter.string(.array(task.tags.map(JSONValue.string)))),
      .integer(Int64(task.priority)), .integer(task.urgent ? 1 : 0),
      .integer(Int64(task.durationMinutes)), .text(task.type.rawValue),
      task.scheduledDate.map { .text($0.description) } ?? .null,
      task.dueDate.map { .text($0.description) } ?? .null,
      .text(JSONWriter.string(recurrenceJSON(task.recurrence))),
      .integer(task.completed ? 1 : 0), task.completedAt.map(SQLiteValue.text) ?? .null,
      .text(task.createdAt), .text(task.updatedAt), .integer(task.rank),
    ]
  }

  /// Reads a task from a row selected with `columns`.
  static func task(from row: some TaskRowSource) -> TaskRecord {
    TaskRecord(
      id: row.int(0), title: row.text(1) ?? "", notes: row.text(2),
      tags: (try? JSONParser.parse(row.text(3) ?? "[]"))?.arrayValue?.compactMap(\.stringValue) ?? [],
      priority: Int(row.int(4)), urgent: row.int(5) != 0, durationMinutes: Int(row.int(6)),
      type: TaskType(rawValue: row.text(7) ?? "") ?? .maintenance,
      scheduledDate: row.text(8).flatMap(CalendarDate.init(iso:)),
      dueDate: row.text(9).flatMap(CalendarDate.init(iso:)),
      recurrence: recurrence(from: (try? JSONParser.parse(row.text(10) ?? "{}")) ?? .null),
      completed: row.int(11) != 0, completedAt: row.text(12), createdAt: row.text(13) ?? "",
      updatedAt: row.text(14) ?? "", rank: row.int(15))
  }

  static func recurrenceJSON(_ recurrence: Recurrence) -> JSONValue {
    var object: JSONObject = ["pattern": .string(recurrence.pattern)]
    if let weekdays = recurrence.weekdays { object["weekdays"] = .array(weekdays.map(JSONValue.int)) }
    if let day = recurrence.monthDay { object["monthDay"] = .int(day) }
    return .object(object)
  }

  static func recurrence(from json: JSONValue) -> Recurrence {
    let object = json.objectValue ?? JSONObject()
    let weekdays = object["weekdays"]?.arrayValue?.compactMap { $0.integerValue.map(Int.init) }
    let day = object["monthDay"]?.integerValue.map(Int.init)
    let pattern = object["pattern"]?.stringValue ?? "none"
    return (try? Recurrence.make(pattern: pattern, weekdays: weekdays, monthDay: day)) ?? .none
  }

  static func historyText(_ task: TaskRecord?) -> SQLiteValue {
    guard let task else { return .null }
    let values = values(task).map { value -> JSONValue in
      switch value {
      case .null: .null
      case .integer(let number): .int64(number)
      case .text(let text): .string(text)
      }
    }
    return .text(JSONWriter.string(.array(values)))
  }

  static func task(fromHistoryText text: String?) -> TaskRecord? {
    guard let text, let values = (try? JSONParser.parse(text))?.arrayValue,
      values.count == columnCount
    else { return nil }
    return task(from: HistoryRow(values: values))
  }
}
