import JSON
import TaskwireCore

/// A field's value with the time of the record that set it: the later time wins.
public struct Register: Equatable, Sendable {
  public var value: JSONValue
  public var time: HybridTime

  public init(value: JSONValue, time: HybridTime) {
    self.value = value
    self.time = time
  }
}

/// Every register of one item (Protocol/devices.md, "Registers and materialization"). Names:
/// a field's (the store's column: `title`, `scheduled_date`, …; `status` for completed,
/// cancelled and completed_at together; `parent` as the parent's uuid), `deleted`,
/// `tag:NAME`, and per checklist line `line:UUID` (present), `line:UUID:title`, `:done`,
/// `:order`.
public struct ItemRegisters: Equatable, Sendable {
  public var registers: [String: Register] = [:]
  /// `created_at`: the first create's (the one with the least time), not the last writer's.
  public var created: Register?

  public init() {}

  public subscript(name: String) -> Register? { registers[name] }

  /// Whether the deletion register says gone (visibility also asks what the deletion saw).
  public var deletion: Register? {
    guard let deleted = registers["deleted"], deleted.value == .bool(true) else { return nil }
    return deleted
  }

  /// The names of the registers that keep a line: its presence and members.
  static func lineNames(_ line: ItemUUID) -> (present: String, title: String, done: String, order: String) {
    let prefix = "line:" + line.description
    return (prefix, prefix + ":title", prefix + ":done", prefix + ":order")
  }
}

/// A value that lost to another on the same register, neither record having seen the other's:
/// kept so that a person can list it and put it back.
public struct LostValue: Equatable, Sendable {
  public var item: ItemUUID
  public var register: String
  public var kept: Register
  public var lost: Register

  public init(item: ItemUUID, register: String, kept: Register, lost: Register) {
    self.item = item
    self.register = register
    self.kept = kept
    self.lost = lost
  }
}

extension ItemChange {
  /// The register writes of this change, in order (`created_at` apart: `created`).
  public var writes: [(name: String, value: JSONValue)] {
    var writes: [(name: String, value: JSONValue)] = []
    switch op {
    case .create: writes.append(("deleted", .bool(false)))
    case .delete: writes.append(("deleted", .bool(true)))
    case .update: break
    }
    writes += set.filter { $0.name != "created_at" }
    for tag in tags { writes.append(("tag:" + tag.name, .bool(tag.present))) }
    for line in lines {
      let names = ItemRegisters.lineNames(line.uuid)
      guard let members = line.members else {
        writes.append((names.present, .bool(false)))
        continue
      }
      writes.append((names.present, .bool(true)))
      for member in members {
        switch member.name {
        case "title": writes.append((names.title, member.value))
        case "done": writes.append((names.done, member.value))
        case "order": writes.append((names.order, member.value))
        default: continue
        }
      }
    }
    return writes
  }
}
