import JSON
import TaskwireCore
import TaskwireStore

/// A local step's changes as a record's items (Protocol/devices.md, "A local step → one
/// record"): a creation sets every register, an update the registers that changed, tags and
/// checklist lines one register each; an item changed twice in one step is one entry, the net
/// change.
public enum RecordBuilder {
  /// The items of a record for `changes`; `uuidOf` gives an item's uuid by its local id (for
  /// `parent`), nil when there is none.
  public static func items(for changes: [TaskChange], uuidOf: (Int64) -> ItemUUID?) -> [ItemChange] {
    // (Most steps change one item: its item without the table of items below.)
    if changes.count == 1, let change = changes.first {
      return item(change, uuid: (change.after ?? change.before)?.uuid, uuidOf: uuidOf).map { [$0] } ?? []
    }
    // The first before and the last after of each item, in the order first touched.
    var order: [ItemUUID] = []
    var net: [ItemUUID: TaskChange] = [:]
    for change in changes {
      guard let uuid = (change.after ?? change.before)?.uuid else { continue }
      if var existing = net[uuid] {
        existing.after = change.after
        net[uuid] = existing
      } else {
        order.append(uuid)
        net[uuid] = change
      }
    }
    return order.compactMap { uuid in item(net[uuid]!, uuid: uuid, uuidOf: uuidOf) }
  }

  /// One item's net change (nil when it is none).
  static func item(_ change: TaskChange, uuid: ItemUUID?, uuidOf: (Int64) -> ItemUUID?) -> ItemChange? {
    switch (change.before, change.after) {
    case (nil, nil): nil
    case (nil, let after?): created(after, uuidOf: uuidOf)
    case (_?, nil): uuid.map { ItemChange(uuid: $0, op: .delete) }
    case (let before?, let after?): updated(from: before, to: after, uuidOf: uuidOf)
    }
  }

  /// The registers' names of the store's columns (nil: not a register of its own).
  static let registerNames: [String?] = TaskRowCoding.columnNames.enumerated().map { index, name in
    switch index {
    case 0, 3, 11, 12, 13, 17, 19, 21, 23: nil  // id, tags, status, created_at, uuid, parent, checklist
    default: name
    }
  }

  static func json(_ value: RowValue) -> JSONValue {
    switch value {
    case .null: .null
    case .integer(let number): .number(String(number))
    case .text(let text): .string(text)
    }
  }

  static func status(_ task: TaskRecord) -> JSONValue {
    .array([.bool(task.completed), .bool(task.cancelled), task.completedAt.map(JSONValue.string) ?? .null])
  }

  static func parent(_ task: TaskRecord, uuidOf: (Int64) -> ItemUUID?) -> JSONValue {
    task.parentID.flatMap(uuidOf).map { .string($0.description) } ?? .null
  }

  static func line(_ item: ChecklistItem, at position: Int) -> [(name: String, value: JSONValue)] {
    [("title", .string(item.title)), ("done", .bool(item.done)), ("order", .number(String(position << 20)))]
  }

  static func created(_ task: TaskRecord, uuidOf: (Int64) -> ItemUUID?) -> ItemChange {
    var set: [(name: String, value: JSONValue)] = []
    for (index, value) in TaskRowCoding.values(task).enumerated() {
      if let name = registerNames[index] { set.append((name, json(value))) }
    }
    set.append(("status", status(task)))
    set.append(("parent", parent(task, uuidOf: uuidOf)))
    set.append(("created_at", .string(task.createdAt)))
    return ItemChange(
      uuid: task.uuid, op: .create, set: set, tags: task.tags.map { ($0, true) },
      lines: task.checklist.enumerated().map { ($1.uuid, line($1, at: $0)) })
  }

  static func updated(from before: TaskRecord, to after: TaskRecord, uuidOf: (Int64) -> ItemUUID?) -> ItemChange {
    var set: [(name: String, value: JSONValue)] = []
    var statusChanged = false
    for change in TaskRowCoding.changedValues(from: before, to: after) {
      if let name = registerNames[change.column] {
        set.append((name, json(change.value)))
      } else if change.column == 11 || change.column == 12 || change.column == 23 {
        statusChanged = true
      }
    }
    if statusChanged { set.append(("status", status(after))) }
    if before.parentID != after.parentID { set.append(("parent", parent(after, uuidOf: uuidOf))) }
    var tags: [(name: String, present: Bool)] = []
    if before.tags != after.tags {
      tags += before.tags.filter { !after.tags.contains($0) }.map { ($0, false) }
      tags += after.tags.filter { !before.tags.contains($0) }.map { ($0, true) }
    }
    var lines: [(uuid: ItemUUID, members: [(name: String, value: JSONValue)]?)] = []
    if before.checklist != after.checklist {
      let old = Dictionary(before.checklist.enumerated().map { ($1.uuid, ($0, $1)) }) { first, _ in first }
      let kept = Set(after.checklist.map(\.uuid))
      lines += before.checklist.filter { !kept.contains($0.uuid) }.map { ($0.uuid, nil) }
      for (position, item) in after.checklist.enumerated() {
        let members = line(item, at: position)
        guard let (oldPosition, oldItem) = old[item.uuid] else {
          lines.append((item.uuid, members))
          continue
        }
        let previous = line(oldItem, at: oldPosition)
        let changed = zip(members, previous).filter { $0.0.value != $0.1.value }.map(\.0)
        if !changed.isEmpty { lines.append((item.uuid, changed)) }
      }
    }
    return ItemChange(uuid: after.uuid, op: .update, set: set, tags: tags, lines: lines)
  }
}
