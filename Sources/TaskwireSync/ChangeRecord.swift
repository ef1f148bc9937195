import JSON
import TaskwireCore

/// What one local commit changed, as the other devices apply it: per item, the registers it set
/// (Protocol/devices.md, "The change record"). Sending it twice is harmless: it is known by its
/// `id`, and applying it again sets every register to what it already holds.
public struct ChangeRecord: Equatable, Sendable {
  /// The largest `legacyId` taken in (2^31 - 1): far past any store's ids, and low enough that
  /// a hostile record cannot push a device's next ids past where ties go by uuid (2^32,
  /// `OrderedList.Entry`) or past what a client's doubles hold exactly.
  public static let largestLegacyID = Int64(Int32.max)

  public enum Kind: String, Sendable, CaseIterable {
    case action, undo, redo, rollover, bookkeeping, genesis
  }

  /// The format's version: a replica refuses to apply a newer one.
  public static let version = 1

  public var id: ItemUUID
  public var hlc: HybridTime
  /// The device's pull cursor when it made the record: the log's records up to this seq were
  /// all applied there (what a deletion had seen).
  public var seen: Int64
  public var kind: Kind
  public var label: String
  public var client: String
  public var at: String
  public var items: [ItemChange]

  public init(
    id: ItemUUID, hlc: HybridTime, seen: Int64, kind: Kind = .action, label: String = "", client: String = "",
    at: String = "", items: [ItemChange]
  ) {
    self.id = id
    self.hlc = hlc
    self.seen = seen
    self.kind = kind
    self.label = label
    self.client = client
    self.at = at
    self.items = items
  }

  public var device: DeviceID { hlc.device }
}

/// One item's part of a record.
public struct ItemChange: Equatable, Sendable {
  public enum Operation: String, Sendable {
    /// Every register of a new item.
    case create
    /// The registers that changed.
    case update
    /// The item is gone (unless an edit this record had not seen says otherwise).
    case delete
  }

  public var uuid: ItemUUID
  public var op: Operation
  /// Register name → new value, in the order written (`Register` names the fields).
  public var set: [(name: String, value: JSONValue)]
  /// Tag → present (true) or removed (false).
  public var tags: [(name: String, present: Bool)]
  /// Checklist line → its changed members (`title`, `done`, `order`), or nil when removed.
  public var lines: [(uuid: ItemUUID, members: [(name: String, value: JSONValue)]?)]
  /// In a genesis record, the item's integer id in the store it came from (`legacyId`): every
  /// device gives it that id when it is free there, so nobody's numbers change on upgrade
  /// (Protocol/devices.md, "Short integer ids"). Older readers skip the member.
  public var legacyID: Int64? = nil

  public init(
    uuid: ItemUUID, op: Operation, set: [(name: String, value: JSONValue)] = [],
    tags: [(name: String, present: Bool)] = [],
    lines: [(uuid: ItemUUID, members: [(name: String, value: JSONValue)]?)] = []
  ) {
    self.uuid = uuid
    self.op = op
    self.set = set
    self.tags = tags
    self.lines = lines
  }

  public static func == (a: ItemChange, b: ItemChange) -> Bool {
    a.uuid == b.uuid && a.op == b.op && a.legacyID == b.legacyID
      && a.set.elementsEqual(b.set) { $0.name == $1.name && $0.value == $1.value }
      && a.tags.elementsEqual(b.tags) { $0.name == $1.name && $0.present == $1.present }
      && a.lines.elementsEqual(b.lines) { x, y in
        guard x.uuid == y.uuid else { return false }
        switch (x.members, y.members) {
        case (nil, nil): return true
        case (let p?, let q?): return p.elementsEqual(q) { $0.name == $1.name && $0.value == $1.value }
        default: return false
        }
      }
  }
}
