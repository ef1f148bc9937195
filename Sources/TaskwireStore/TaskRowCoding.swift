import JSON
import TaskwireCore

/// A column value as every backend binds it.
public enum RowValue: Sendable, Equatable {
  case null
  case integer(Int64)
  case text(String)
}

/// Something a task can be read from by column position: a result row of a backend, or a
/// history entry.
public protocol TaskRowSource {
  func int(_ column: Int32) -> Int64
  func text(_ column: Int32) -> String?
  /// The tags column read as tags (a source may hand out an array it read before).
  func tagList(_ column: Int32) -> [String]
}

extension TaskRowSource {
  public func tagList(_ column: Int32) -> [String] { TaskRowCoding.tags(from: text(column)) }
}

/// A task saved in history: the row's values as a JSON array, in column order.
struct HistoryRow: TaskRowSource {
  let values: [JSONValue]
  // Steps recorded by an older schema have fewer columns: the missing ones read as 0 or null.
  func int(_ column: Int32) -> Int64 {
    if values.indices.contains(Int(column)) { return values[Int(column)].integerValue ?? 0 }
    // Schema 1 had no matrix_rank; the migration copied rank into it, and so does this.
    return column == 16 ? int(15) : 0
  }
  func text(_ column: Int32) -> String? { values.indices.contains(Int(column)) ? values[Int(column)].stringValue : nil }
}

/// How a task maps to a row of the `tasks` table, and to the JSON text kept in history: the
/// same on every backend, so that history rows mean the same everywhere.
public enum TaskRowCoding {
  public static let columns =
    "id, title, notes, tags, priority, urgent, duration_minutes, type, scheduled_date, due_date, recurrence, completed, completed_at, created_at, updated_at, rank, matrix_rank, uuid, kind, parent_id, parent_rank, checklist, someday, cancelled, scheduled_time, evening, reminders, due_time"
  public static let columnCount = 28
  public static let columnNames = columns.split(separator: ", ").map(String.init)

  public static func values(_ task: TaskRecord) -> [RowValue] {
    [
      .integer(task.id), .text(task.title), task.notes.map(RowValue.text) ?? .null,
      .text(tagsText(task.tags)),
      .integer(Int64(task.priority)), .integer(task.urgent ? 1 : 0),
      .integer(Int64(task.durationMinutes)), .text(task.type.rawValue),
      task.scheduledDate.map { .text($0.description) } ?? .null,
      task.dueDate.map { .text($0.description) } ?? .null,
      .text(recurrenceText(task.recurrence)),
      .integer(task.completed ? 1 : 0), task.completedAt.map(RowValue.text) ?? .null,
      .text(task.createdAt), .text(task.updatedAt), .integer(task.rank), .integer(task.matrixRank),
      task.uuid == .none ? .null : .text(task.uuid.description), .text(task.kind.rawValue),
      task.parentID.map(RowValue.integer) ?? .null,
      .integer(task.parentRank), .text(checklistText(task.checklist)),
      .integer(task.someday ? 1 : 0), .integer(task.cancelled ? 1 : 0),
      task.scheduledTime.map { .text($0.description) } ?? .null, .integer(task.evening ? 1 : 0),
      Reminder.storedText(task.reminders).map(RowValue.text) ?? .null,
      task.dueTime.map { .text($0.description) } ?? .null,
    ]
  }

  /// The columns whose values differ between two versions of a task, with the new values: what
  /// `values` of each would differ in, found field by field (a move changes a rank or two, and
  /// comparing two whole rows of values made every column's text, the uuid's and the tags'
  /// JSON included, twice per change).
  public static func changedValues(from a: TaskRecord, to b: TaskRecord) -> [(column: Int, value: RowValue)] {
    var changed: [(column: Int, value: RowValue)] = []
    changed.reserveCapacity(4)  // (a drag's: its date, rank and time of change; one allocation)
    if a.id != b.id { changed.append((0, .integer(b.id))) }
    if a.title != b.title { changed.append((1, .text(b.title))) }
    if a.notes != b.notes { changed.append((2, b.notes.map(RowValue.text) ?? .null)) }
    if a.tags != b.tags { changed.append((3, .text(tagsText(b.tags)))) }
    if a.priority != b.priority { changed.append((4, .integer(Int64(b.priority)))) }
    if a.urgent != b.urgent { changed.append((5, .integer(b.urgent ? 1 : 0))) }
    if a.durationMinutes != b.durationMinutes { changed.append((6, .integer(Int64(b.durationMinutes)))) }
    if a.type != b.type { changed.append((7, .text(b.type.rawValue))) }
    if a.scheduledDate != b.scheduledDate {
      changed.append((8, b.scheduledDate.map { .text($0.description) } ?? .null))
    }
    if a.dueDate != b.dueDate { changed.append((9, b.dueDate.map { .text($0.description) } ?? .null)) }
    if a.recurrence != b.recurrence { changed.append((10, .text(recurrenceText(b.recurrence)))) }
    if a.completed != b.completed { changed.append((11, .integer(b.completed ? 1 : 0))) }
    if a.completedAt != b.completedAt { changed.append((12, b.completedAt.map(RowValue.text) ?? .null)) }
    if a.createdAt != b.createdAt { changed.append((13, .text(b.createdAt))) }
    if a.updatedAt != b.updatedAt { changed.append((14, .text(b.updatedAt))) }
    if a.rank != b.rank { changed.append((15, .integer(b.rank))) }
    if a.matrixRank != b.matrixRank { changed.append((16, .integer(b.matrixRank))) }
    if a.uuid != b.uuid { changed.append((17, b.uuid == .none ? .null : .text(b.uuid.description))) }
    if a.kind != b.kind { changed.append((18, .text(b.kind.rawValue))) }
    if a.parentID != b.parentID { changed.append((19, b.parentID.map(RowValue.integer) ?? .null)) }
    if a.parentRank != b.parentRank { changed.append((20, .integer(b.parentRank))) }
    if a.checklist != b.checklist { changed.append((21, .text(checklistText(b.checklist)))) }
    if a.someday != b.someday { changed.append((22, .integer(b.someday ? 1 : 0))) }
    if a.cancelled != b.cancelled { changed.append((23, .integer(b.cancelled ? 1 : 0))) }
    if a.scheduledTime != b.scheduledTime {
      changed.append((24, b.scheduledTime.map { .text($0.description) } ?? .null))
    }
    if a.evening != b.evening { changed.append((25, .integer(b.evening ? 1 : 0))) }
    if a.reminders != b.reminders { changed.append((26, Reminder.storedText(b.reminders).map(RowValue.text) ?? .null)) }
    if a.dueTime != b.dueTime { changed.append((27, b.dueTime.map { .text($0.description) } ?? .null)) }
    return changed
  }

  /// The checklist column: `[{"uuid", "title", "done"}]`; none is a constant.
  static func checklistText(_ items: [ChecklistItem]) -> String {
    items.isEmpty ? "[]" : JSONWriter.string(checklistJSON(items))
  }

  public static func checklistJSON(_ items: [ChecklistItem]) -> JSONValue {
    .array(items.map { ["uuid": .string($0.uuid.description), "title": .string($0.title), "done": .bool($0.done)] })
  }

  static func checklist(from text: String?) -> [ChecklistItem] {
    guard let text, text != "[]", let items = (try? JSONParser.parse(text))?.arrayValue else { return [] }
    return items.compactMap { item in
      guard let uuid = item["uuid"]?.stringValue.flatMap(ItemUUID.init), let title = item["title"]?.stringValue else {
        return nil
      }
      return ChecklistItem(uuid: uuid, title: title, done: item["done"]?.boolValue ?? false)
    }
  }

  /// The tags column's text; no tags is a constant (a change writes a row three times: the
  /// changed columns, and the row before and after in history).
  static func tagsText(_ tags: [String]) -> String {
    guard !tags.isEmpty else { return "[]" }
    var writer = JSONWriter(capacity: 64)
    writer.append(raw: "[")
    for (index, tag) in tags.enumerated() {
      if index > 0 { writer.append(raw: ",") }
      writer.writeString(tag)
    }
    writer.append(raw: "]")
    return writer.text
  }

  /// The recurrence column of a task that does not repeat (most tasks): written and read as is.
  static let noRepeatText = #"{"pattern":"none"}"#

  /// The recurrence column's text; no repeat is a constant.
  static func recurrenceText(_ recurrence: Recurrence) -> String {
    recurrence == .none ? noRepeatText : JSONWriter.string(recurrenceJSON(recurrence))
  }

  /// Reads a task from a row selected with `columns`.
  public static func task(from row: some TaskRowSource) -> TaskRecord {
    TaskRecord(
      id: row.int(0), title: row.text(1) ?? "", notes: row.text(2),
      tags: row.tagList(3),
      priority: Int(row.int(4)), urgent: row.int(5) != 0, durationMinutes: Int(row.int(6)),
      type: TaskType(rawValue: row.text(7) ?? "") ?? .maintenance,
      scheduledDate: row.text(8).flatMap(CalendarDate.init(iso:)),
      dueDate: row.text(9).flatMap(CalendarDate.init(iso:)),
      recurrence: recurrence(from: row.text(10)),
      completed: row.int(11) != 0, completedAt: row.text(12), createdAt: row.text(13) ?? "",
      updatedAt: row.text(14) ?? "", rank: row.int(15), matrixRank: row.int(16),
      // (A history row of a store before schema 5 has none of these: a task, no parent, no uuid.)
      uuid: row.text(17).flatMap(ItemUUID.init) ?? .none, kind: row.text(18).flatMap(ItemKind.init) ?? .task,
      parentID: row.int(19) == 0 ? nil : row.int(19), parentRank: row.int(20), checklist: checklist(from: row.text(21)),
      // (Nor, before schema 6, these; nor a time before schema 8, nor reminders and a due time before 9.)
      someday: row.int(22) != 0, cancelled: row.int(23) != 0, scheduledTime: row.text(24).flatMap(WallTime.init(iso:)),
      evening: row.int(25) != 0, reminders: Reminder.list(storedText: row.text(26)),
      dueTime: row.text(27).flatMap(WallTime.init(iso:)))
  }

  /// The tags column: a JSON array of strings. The common shapes (no tags; tags without
  /// escapes) are read directly: loading 100k tasks parsed it 100k times.
  static func tags(from text: String?) -> [String] {
    guard let text, text != "[]" else { return [] }
    // `["a","b"]` with no escapes: the tags are what lies between each pair of quotes.
    let utf8 = text.utf8
    if let simple = utf8.withContiguousStorageIfAvailable({ Self.plainTags($0) }) ?? nil { return simple }
    return (try? JSONParser.parse(text))?.arrayValue?.compactMap(\.stringValue) ?? []
  }

  /// The tags of `["a","b"]` when no tag holds a quote or a backslash; nil otherwise.
  static func plainTags(_ bytes: UnsafeBufferPointer<UInt8>) -> [String]? {
    let quote = UInt8(ascii: "\"")
    let comma = UInt8(ascii: ",")
    guard bytes.count >= 2, bytes.first == UInt8(ascii: "["), bytes.last == UInt8(ascii: "]") else { return nil }
    var tags: [String] = []
    var position = 1
    let end = bytes.count - 1
    while position < end {
      guard bytes[position] == quote else { return nil }
      var close = position + 1
      while close < end && bytes[close] != quote {
        if bytes[close] == UInt8(ascii: "\\") { return nil }
        close += 1
      }
      guard close < end else { return nil }
      tags.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[(position + 1)..<close]), as: UTF8.self))
      position = close + 1
      if position < end {
        guard bytes[position] == comma else { return nil }
        position += 1
      }
    }
    return tags
  }

  /// The recurrence column; most tasks do not repeat, and that text is read without a parse.
  static func recurrence(from text: String?) -> Recurrence {
    guard let text, text != noRepeatText else { return .none }
    return recurrence(from: (try? JSONParser.parse(text)) ?? .null)
  }

  static func recurrenceJSON(_ recurrence: Recurrence) -> JSONValue {
    var object: JSONObject = ["pattern": .string(recurrence.pattern.rawValue)]
    if let weekdays = recurrence.weekdays { object["weekdays"] = .array(weekdays.map(JSONValue.int)) }
    if let day = recurrence.monthDay { object["monthDay"] = .int(day) }
    if recurrence.interval != 1 { object["interval"] = .int(recurrence.interval) }
    if recurrence.afterCompletion { object["afterCompletion"] = .bool(true) }
    return .object(object)
  }

  static func recurrence(from json: JSONValue) -> Recurrence {
    let weekdays = json["weekdays"]?.arrayValue?.compactMap { $0.integerValue.map(Int.init) }
    return
      (try? Recurrence.make(
        pattern: json["pattern"]?.stringValue ?? "none", weekdays: weekdays,
        monthDay: json["monthDay"]?.integerValue.map(Int.init),
        interval: json["interval"]?.integerValue.map(Int.init),
        afterCompletion: json["afterCompletion"]?.boolValue)) ?? .none
  }

}
