import JSON
import JSONRPC
import TaskwireCore
import TaskwireProtocol

/// Reads taskwire's own export: `{"format": "taskwire", "version": 1, "tasks": [...]}`, each
/// task as the protocol writes it plus `rank` and `matrixRank` (its place in its list and in
/// its quadrant). Dates are taken as they are, past ones too.
public struct TaskwireDocumentReader {
  public static let version = 1
  let now: String

  public init(now: String) { self.now = now }

  static let own: Set<String> = [
    "id", "completed", "completedAt", "createdAt", "updatedAt", "rank", "matrixRank", "uuid", "kind", "parent",
    "parentRank", "checklist", "display", "cancelled",
  ]

  public func read(_ document: JSONObject) throws(ImportError) -> ImportBatch {
    guard let version = document["version"]?.integerValue else { throw ImportError("the file has no format version") }
    guard version <= Self.version else {
      throw ImportError(
        "the file was written by a newer taskwire (format version \(version); this one reads \(Self.version))")
    }
    guard let records = document["tasks"]?.arrayValue else { throw ImportError("the file has no \"tasks\" array") }
    var batch = ImportBatch(format: .taskwire)
    for (index, value) in records.enumerated() {
      batch.report.read += 1
      guard let object = value.objectValue else {
        throw ImportError(record: index, "is \(value.typeName), not a task object")
      }
      batch.tasks.append(try task(object, index: index, report: &batch.report))
    }
    return batch
  }

  private func task(_ object: JSONObject, index: Int, report: inout ImportReport) throws(ImportError) -> ImportedTask {
    func failing<T>(_ body: () throws(RPCError) -> T) throws(ImportError) -> T {
      do { return try body() } catch { throw ImportError(record: index, Self.problem(error)) }
    }
    let reader = try failing { () throws(RPCError) in try ParamReader(.object(object), allowed: Set(object.keys)) }
    var patch = try failing { () throws(RPCError) in try TaskFields.patch(reader) }
    guard patch.title != nil else { throw ImportError(record: index, "has no title") }
    func date(_ name: String) throws(ImportError) -> CalendarDate? {
      guard let text = try failing({ () throws(RPCError) in try reader.nullableString(name) }) ?? nil else {
        return nil
      }
      guard let date = CalendarDate(iso: text) else {
        throw ImportError(record: index, "\(name) is not a date (YYYY-MM-DD): \(text)")
      }
      return date
    }
    func timestamp(_ name: String) throws(ImportError) -> String? {
      guard let text = try failing({ () throws(RPCError) in try reader.string(name) }) else { return nil }
      guard DayClock.instant(of: text) != nil else {
        throw ImportError(record: index, "\(name) is not a timestamp (2026-11-24T15:30:00Z): \(text)")
      }
      return text
    }
    var draft = TaskRecord(
      id: 0, title: "", createdAt: now, updatedAt: now, rank: Int64(index), matrixRank: Int64(index))
    // Past dates are what an export holds: set as they are, not through the patch's check.
    draft.scheduledDate = try date("scheduledDate")
    draft.dueDate = try date("dueDate")
    patch.scheduledDate = nil
    patch.dueDate = nil
    var task: TaskRecord
    do {
      task = try patch.applied(to: draft, today: draft.scheduledDate ?? CalendarDate(dayNumber: 0))
    } catch {
      throw ImportError(record: index, Self.problem(RPCError(error)))
    }
    task.createdAt = try timestamp("createdAt") ?? now
    task.updatedAt = try timestamp("updatedAt") ?? task.createdAt
    task.completed = try failing { () throws(RPCError) in try reader.bool("completed") } ?? false
    if task.completed { task.completedAt = try timestamp("completedAt") ?? task.updatedAt }
    if let rank = object["rank"]?.integerValue { task.rank = rank }
    if let rank = object["matrixRank"]?.integerValue { task.matrixRank = rank }
    try readStructure(object, into: &task, index: index)
    task.cancelled = task.cancelled && task.completed
    for key in object.keys where !TaskFields.names.contains(key) && !Self.own.contains(key) {
      report.unmapped("\(key): dropped", example: task.title)
    }
    let key = object["id"]?.integerValue.map { String($0) }
    return ImportedTask(key: key, task: task, record: index)
  }

  /// The item's identity and place in the structure: its uuid (kept), kind, parent (the file's
  /// id of it, mapped to the store's when the batch is planned) and checklist.
  func readStructure(_ object: JSONObject, into task: inout TaskRecord, index: Int) throws(ImportError) {
    if let value = object["uuid"], !value.isNull {
      guard let uuid = value.stringValue.flatMap(ItemUUID.init), uuid != .none else {
        throw ImportError(record: index, "uuid is not a UUID: \(JSONWriter.string(value))")
      }
      task.uuid = uuid
    }
    if let value = object["kind"], !value.isNull {
      guard let kind = value.stringValue.flatMap(ItemKind.init) else {
        throw ImportError(record: index, "kind must be task, project, heading or area: \(JSONWriter.string(value))")
      }
      task.kind = kind
    }
    if let value = object["parent"], !value.isNull {
      guard let parent = value.integerValue, parent > 0 else {
        throw ImportError(record: index, "parent is not an id: \(JSONWriter.string(value))")
      }
      task.parentID = parent
    }
    task.parentRank = object["parentRank"]?.integerValue ?? Int64(index)
    if let value = object["cancelled"], !value.isNull {
      guard let cancelled = value.boolValue else { throw ImportError(record: index, "cancelled is not true or false") }
      task.cancelled = cancelled
    }
    if let value = object["checklist"], !value.isNull {
      guard let items = value.arrayValue else { throw ImportError(record: index, "checklist is not an array") }
      task.checklist = try items.enumerated().map { (n, item) throws(ImportError) -> ChecklistItem in
        guard let title = item["title"]?.stringValue, !title.isEmpty else {
          throw ImportError(record: index, "checklist item \(n) has no title")
        }
        let uuid = item["uuid"]?.stringValue.flatMap(ItemUUID.init) ?? .none
        return ChecklistItem(uuid: uuid, title: title, done: item["done"]?.boolValue ?? false)
      }
    }
  }

  /// An invalid field's problem without the JSON-RPC prefix: "priority must be 1 (low), …".
  static func problem(_ error: RPCError) -> String {
    let prefix = "Invalid params: "
    return error.message.hasPrefix(prefix) ? String(error.message.dropFirst(prefix.count)) : error.message
  }
}
