import JSON
import TaskwireCore
import TaskwireStore

/// A value that lost a same-field conflict between devices, kept where a person can list it,
/// put it back, or dismiss it (Protocol/devices.md, "Lost values"): the merge picks a winner so
/// that every device agrees; nothing the loser wrote is dropped unseen.
public struct SyncConflict: Sendable, Equatable {
  /// `<lost value's time>/<item uuid>/<register>`: the same on every device, and stable.
  public var id: String
  public var item: ItemUUID
  /// The protocol's name of the field (`title`, `notes`, `scheduledDate`, `tags`, `status`,
  /// `deleted`, …).
  public var field: String
  /// For `tags`: which tag.
  public var tag: String?
  public var kept: JSONValue
  public var lost: JSONValue
  public var keptBy: DeviceID
  public var lostBy: DeviceID
  let register: String
}

extension SyncConflict {
  /// Registers a person can read and put back: a field of the task, a tag, its completion.
  /// (Order keys, links between items and bookkeeping times are not a person's values.)
  static func field(of register: String) -> (field: String, tag: String?)? {
    if register.hasPrefix("tag:") { return ("tags", String(register.dropFirst(4))) }
    switch register {
    case "title", "notes", "priority", "urgent", "type", "recurrence", "someday", "evening", "reminders", "status":
      return (register, nil)
    case "duration_minutes": return ("durationMinutes", nil)
    case "scheduled_date": return ("scheduledDate", nil)
    case "due_date": return ("dueDate", nil)
    case "scheduled_time": return ("scheduledTime", nil)
    case "due_time": return ("dueTime", nil)
    default: return nil
    }
  }
}

extension SyncReplica {
  /// The conflicts still open: a lost value that differs from what the item holds now, on an
  /// item that shows, not dismissed; and a deletion that lost to an edit it had not seen.
  /// Oldest first.
  public func conflicts() throws -> [SyncConflict] {
    try takeInKept(all: true)
    let dismissed = try records.dismissedConflicts()
    var found: [SyncConflict] = []
    var listed: Set<String> = []
    for lost in state.lost {
      guard let (field, tag) = SyncConflict.field(of: lost.register), state.isVisible(lost.item),
        let current = state.items[lost.item]?.registers[lost.register], current.value != lost.lost.value
      else { continue }
      let id = "\(lost.lost.time)/\(lost.item)/\(lost.register)"
      guard !dismissed.contains(id), listed.insert(id).inserted else { continue }
      found.append(
        SyncConflict(
          id: id, item: lost.item, field: field, tag: tag, kept: current.value, lost: lost.lost.value,
          keptBy: current.time.device, lostBy: lost.lost.time.device, register: lost.register))
    }
    for item in state.overriddenDeletions() {
      guard let registers = state.items[item], let deletion = registers.deletion else { continue }
      let id = "\(deletion.time)/\(item)/deleted"
      guard !dismissed.contains(id) else { continue }
      // Kept by the newest edit the deletion had not seen.
      let editor =
        registers.registers.filter { $0.key != "deleted" && !state.covers(deletion.time, $0.value.time) }
        .map(\.value.time).max()?.device ?? deletion.time.device
      found.append(
        SyncConflict(
          id: id, item: item, field: "deleted", tag: nil, kept: false, lost: true, keptBy: editor,
          lostBy: deletion.time.device, register: "deleted"))
    }
    return found
  }

  /// `task` with the conflict's lost value put back (nil for a deletion: the item is to be
  /// deleted again).
  public func restored(_ conflict: SyncConflict, in task: TaskRecord) -> TaskRecord? {
    guard conflict.register != "deleted" else { return nil }
    var values = TaskRowCoding.values(task)
    var tags = task.tags
    func set(_ column: Int, _ value: JSONValue?) {
      values[column] =
        switch value {
        case .string(let text)?: .text(text)
        case .bool(let flag)?: .integer(flag ? 1 : 0)
        case let number? where number.integerValue != nil: .integer(number.integerValue!)
        default: .null
        }
    }
    if let tag = conflict.tag {
      tags.removeAll { $0 == tag }
      if conflict.lost == .bool(true) { tags.append(tag) }
    } else if conflict.register == "status" {
      let parts = conflict.lost.arrayValue ?? []
      set(11, parts.first)
      set(23, parts.count > 1 ? parts[1] : nil)
      set(12, parts.count > 2 ? parts[2] : nil)
    } else if let column = TaskRowCoding.columnNames.firstIndex(of: conflict.register) {
      set(column, conflict.lost)
    }
    return TaskRowCoding.task(from: RestoredRow(values: values, tags: tags))
  }

  /// Dismisses conflicts by id (one unknown is no error); returns how many were open.
  public func dismiss(_ ids: [String]) throws -> Int {
    let open = Set(try conflicts().map(\.id))
    try replica.storage.write { txn in
      for id in ids { try (txn as? SyncRecordTransaction)?.dismissConflict(id) }
    }
    return Set(ids).intersection(open).count
  }
}

/// A task's row values with one value replaced, read back by the row coding.
struct RestoredRow: TaskRowSource {
  let values: [RowValue]
  let tags: [String]

  func int(_ column: Int32) -> Int64 {
    if case .integer(let number) = values[Int(column)] { return number }
    return 0
  }

  func text(_ column: Int32) -> String? {
    switch values[Int(column)] {
    case .text(let text): text
    case .integer(let number): String(number)
    case .null: nil
    }
  }

  func tagList(_ column: Int32) -> [String] { tags }
}
