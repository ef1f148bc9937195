import JSON
import TaskwireCore

/// What an item's registers show: a pure function of the merged state, so every device that
/// applied the same records shows the same (Protocol/devices.md, "Registers and
/// materialization").
public struct ItemView: Equatable, Sendable {
  public var uuid: ItemUUID
  /// Every field register's value by name (`status` as `[completed, cancelled, completedAt]`).
  public var fields: [String: JSONValue]
  public var createdAt: JSONValue?
  /// The parent as shown: its register's uuid while that item shows and may hold this one.
  public var parent: ItemUUID?
  /// Present tags, in the order they were added (ties by name).
  public var tags: [String]
  public var lines: [ChecklistItem]
}

extension MergeState {
  /// Every item that shows, by uuid.
  public func views() -> [ItemUUID: ItemView] {
    var views: [ItemUUID: ItemView] = [:]
    for uuid in items.keys where isVisible(uuid) { views[uuid] = view(of: uuid) }
    return views
  }

  /// The item as it shows (nil when it does not).
  public func view(of uuid: ItemUUID) -> ItemView? {
    guard isVisible(uuid), let registers = items[uuid] else { return nil }
    var fields: [String: JSONValue] = [:]
    var tags: [(name: String, time: HybridTime)] = []
    var lineNames: Set<ItemUUID> = []
    for (name, register) in registers.registers {
      if name.hasPrefix("tag:") {
        if register.value == .bool(true) { tags.append((String(name.dropFirst(4)), register.time)) }
      } else if name.hasPrefix("line:") {
        if let line = ItemUUID(String(name.dropFirst(5).prefix(36))) { lineNames.insert(line) }
      } else if name != "deleted", name != "parent" {
        fields[name] = register.value
      }
    }
    // A time shows only with its date; This Evening only when set after the date was (a later
    // date takes a task out of the evening, as the setter does).
    if fields["scheduled_date"] ?? .null == .null { fields["scheduled_time"] = .null }
    if fields["due_date"] ?? .null == .null { fields["due_time"] = .null }
    if let evening = registers["evening"], let date = registers["scheduled_date"], evening.time < date.time {
      fields["evening"] = .number("0")
    }
    let lines = lineNames.compactMap { line -> (order: Int64, item: ChecklistItem)? in
      let names = ItemRegisters.lineNames(line)
      guard let present = registers[names.present] else { return nil }
      // A line removed by a record that had not seen an edit of it shows again with the edit.
      let edits = [names.title, names.done, names.order].compactMap { registers[$0] }
      guard present.value == .bool(true) || edits.contains(where: { !covers(present.time, $0.time) }) else {
        return nil
      }
      let item = ChecklistItem(
        uuid: line, title: registers[names.title]?.value.stringValue ?? "",
        done: registers[names.done]?.value.boolValue ?? false)
      return (registers[names.order]?.value.integerValue ?? 0, item)
    }
    return ItemView(
      uuid: uuid, fields: fields, createdAt: registers.created?.value, parent: effectiveParent(of: uuid, registers),
      tags: tags.sorted { ($0.time, $0.name) < ($1.time, $1.name) }.map(\.name),
      lines: lines.sorted { ($0.order, $0.item.uuid) < ($1.order, $1.item.uuid) }.map(\.item))
  }

  /// The parent register's item while it shows and its kind may hold this item's kind (a task
  /// goes into a project, heading or area; a heading into a project; a project into an area):
  /// kinds only ever go up, so no cycle can show.
  func effectiveParent(of uuid: ItemUUID, _ registers: ItemRegisters) -> ItemUUID? {
    guard let text = registers["parent"]?.value.stringValue, let parent = ItemUUID(text), parent != uuid,
      isVisible(parent), let parentRegisters = items[parent]
    else { return nil }
    let kind = ItemKind(rawValue: registers["kind"]?.value.stringValue ?? "task") ?? .task
    let parentKind = ItemKind(rawValue: parentRegisters["kind"]?.value.stringValue ?? "task") ?? .task
    let allowed: [ItemKind] =
      switch kind {
      case .task: [.project, .heading, .area]
      case .heading: [.project]
      case .project: [.area]
      case .area: []
      }
    return allowed.contains(parentKind) ? parent : nil
  }
}
