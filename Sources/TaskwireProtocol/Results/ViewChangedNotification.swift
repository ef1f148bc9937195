import JSON
import TaskwireCore

/// `view/changed`: what turns a subscription's snapshot of version `from` into version `to`.
public struct ViewChangedNotification: Sendable {
  public static let method = "view/changed"

  public var subscription: Int
  public var view: ViewKind
  public var from: Int
  public var to: Int
  public var today: CalendarDate
  /// Whether `today` is another day than the subscription's last version had: a compact client
  /// is sent `today` only then.
  public var newDay = true
  public var operations: [DiffOperation]

  public init(
    subscription: Int, view: ViewKind, from: Int, to: Int, today: CalendarDate,
    operations: [DiffOperation]
  ) {
    self.subscription = subscription
    self.view = view
    self.from = from
    self.to = to
    self.today = today
    self.operations = operations
  }

  /// `compactTasks`: inserted tasks leave out the members at their defaults, `view` is left out
  /// (the subscription names it), and so is `today` on the day the subscription already had (the client asked; Protocol/README.md,
  /// "Compact tasks"). `presentation`: tasks and groups carry their display parts (`displayParts`).
  public func params(compactTasks: Bool = false, presentation: DiffPresentation? = nil) -> OutgoingJSON {
    var members: [(key: String, value: OutgoingJSON)] = [("subscription", .value(.int(subscription)))]
    // (The subscription says which view it is: a compact client is not told again.)
    if !compactTasks { members.append(("view", .value(.string(view.rawValue)))) }
    members.append(contentsOf: [("from", .value(.int(from))), ("to", .value(.int(to)))])
    if !compactTasks || newDay { members.append(("today", .value(.string(today.description)))) }
    members.append(
      ("ops", .array(operations.map { $0.output(compactTasks: compactTasks, presentation: presentation) })))
    return .object(members)
  }
}

/// How the tasks of a diff read before it (the client's snapshot) and after: an update op
/// carries `display` when they differ, also for a task whose fields did not change (a new day,
/// `locale/set`).
public struct DiffPresentation: Sendable {
  public var before: TaskPresenter
  public var after: TaskPresenter

  public init(before: TaskPresenter, after: TaskPresenter) {
    self.before = before
    self.after = after
  }
}

extension DiffOperation {
  /// The op as a tree of values (tests).
  public var json: JSONValue { output(compactTasks: false).parsed }

  public func output(compactTasks: Bool, presentation: DiffPresentation? = nil) -> OutgoingJSON {
    switch self {
    case .insert(let group, let index, let task):
      var writer = JSONWriter()
      task.write(
        into: &writer, omittingDefaults: compactTasks, display: presentation?.after.parts(of: task, in: group))
      return .object([
        ("op", "insert"), ("group", .value(.string(group.groupKey))), ("index", .value(.int(index))),
        ("task", .raw(RawJSON(bytes: writer.bytes))),
      ])
    case .update(let group, _, let before, let after):
      guard let presentation, case .object(var op) = tree, case .object(var fields)? = op["fields"] else {
        return .value(tree)
      }
      let parts = presentation.after.parts(of: after, in: group)
      if parts != presentation.before.parts(of: before, in: group) { fields["display"] = parts.json }
      op["fields"] = .object(fields)
      return .value(.object(op))
    case .insertGroup(_, let group), .updateGroup(_, let group):
      guard let presentation, case .object(var op) = tree else { return .value(tree) }
      let display = presentation.after.parts(of: group).json
      if case .object(var header)? = op["group"] {
        header["display"] = display
        op["group"] = .object(header)
      } else {
        op["display"] = display
      }
      return .value(.object(op))
    default: return .value(tree)
    }
  }

  /// Every op but an insert, as a tree of values.
  private var tree: JSONValue {
    switch self {
    case .insert: return .null
    case .remove(let group, let index, let id):
      return ["op": "remove", "group": .string(group.groupKey), "index": .int(index), "id": .int64(id)]
    case .move(let id, let from, let fromIndex, let to, let toIndex):
      return [
        "op": "move", "id": .int64(id),
        "from": ["group": .string(from.groupKey), "index": .int(fromIndex)],
        "to": ["group": .string(to.groupKey), "index": .int(toIndex)],
      ]
    case .update(let group, let index, let before, let after):
      var fields = JSONObject()
      if let old = before.json.objectValue, let new = after.json.objectValue {
        for (key, value) in new where old[key] != value { fields[key] = value }
        // A member written only when set (parent, checklist) that is gone: null, as cleared.
        for (key, _) in old where new[key] == nil { fields[key] = .null }
      }
      var op: JSONObject = [
        "op": "update", "group": .string(group.groupKey), "index": .int(index), "id": .int64(after.id),
        "fields": .object(fields),
      ]
      // Some client libraries (Neovim's vim.lsp.rpc) drop null members when they decode: the
      // fields cleared are also named in a list, so that clearing survives them.
      let cleared = fields.filter { $0.1.isNull }.map { JSONValue.string($0.0) }
      if !cleared.isEmpty { op["cleared"] = .array(cleared) }
      return .object(op)
    case .insertGroup(let index, let group):
      return ["op": "insertGroup", "index": .int(index), "group": group.headerJSON]
    case .removeGroup(let index, let key):
      return ["op": "removeGroup", "index": .int(index), "key": .string(key.groupKey)]
    case .updateGroup(let index, let group):
      return [
        "op": "updateGroup", "index": .int(index), "key": .string(group.key.groupKey),
        "title": .string(group.title), "date": group.date.map { .string($0.description) } ?? .null,
      ]
    }
  }
}

extension ViewSnapshot.Group {
  /// The group without its tasks.
  var headerJSON: JSONValue {
    [
      "key": .string(key.groupKey), "title": .string(title),
      "date": date.map { .string($0.description) } ?? .null,
    ]
  }
}
