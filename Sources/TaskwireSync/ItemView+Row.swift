import JSON
import TaskwireCore
import TaskwireStore

/// An item's view as a row of the `tasks` table, read by the same coding as every row: the task
/// a replica stores for it, with the replica's own ids (Protocol/devices.md, "Short integer
/// ids": ids are per device).
struct ItemViewRow: TaskRowSource {
  let view: ItemView
  let id: Int64
  let parentID: Int64?

  private var status: [JSONValue] { view.fields["status"]?.arrayValue ?? [] }

  private func value(_ column: Int32) -> JSONValue? {
    switch column {
    case 11: status.first
    case 12: status.count > 2 ? status[2] : nil
    case 13: view.createdAt
    case 23: status.count > 1 ? status[1] : nil
    default: view.fields[TaskRowCoding.columnNames[Int(column)]]
    }
  }

  func int(_ column: Int32) -> Int64 {
    switch column {
    case 0: return id
    case 19: return parentID ?? 0
    default:
      guard let value = value(column) else { return 0 }
      if let bool = value.boolValue { return bool ? 1 : 0 }
      return value.integerValue ?? 0
    }
  }

  func text(_ column: Int32) -> String? {
    switch column {
    case 17: return view.uuid.description
    case 21: return JSONWriter.string(TaskRowCoding.checklistJSON(view.lines))
    default: return value(column)?.stringValue
    }
  }

  func tagList(_ column: Int32) -> [String] { view.tags }
}

extension ItemView {
  /// The task this item is on a replica whose ids for it and its parent are these.
  public func task(id: Int64, parentID: Int64?) -> TaskRecord {
    TaskRowCoding.task(from: ItemViewRow(view: self, id: id, parentID: parentID))
  }
}
