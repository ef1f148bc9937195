import JSON
import JSONRPC
import TaskwireCore

/// A view's groups and tasks, optionally filtered and sorted. Result: `ViewSnapshot` with the
/// view's `version`.
public enum ViewListRequest: RequestType {
  public static let method = "view/list"
  public static let parameterNames: Set<String>? = ["view", "filter", "sort", "project", "area"]
  static let filterNames: Set<String> = [
    "tagsAny", "tagsAll", "types", "priorities", "urgent", "dueBefore", "dueAfter", "text", "hasRecurrence",
    "project", "area",
  ]

  /// Reads `view`, `filter` and `sort`; date bounds may be phrases, read against today.
  public static func decode(_ json: JSONValue?, context: DecodingContext) throws(RPCError) -> ViewQuery {
    let reader = try reader(json)
    var query = ViewQuery(view: try reader.require("view", try reader.choice("view", ViewKind.self)))
    query.target = try target(reader, view: query.view)
    query.sort = try reader.choice("sort", TaskSort.self) ?? .manual
    guard let filter = try reader.nested("filter", allowed: filterNames) else { return query }
    query.filter.tagsAny = try filter.strings("tagsAny")
    query.filter.tagsAll = try filter.strings("tagsAll")
    if let types = try filter.strings("types") {
      query.filter.types = try types.map { name throws(RPCError) in
        guard let type = TaskType(rawValue: name) else {
          throw .invalidParams(
            "filter.types", "must hold only \(TaskType.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return type
      }
    }
    if let priorities = try filter.ints("priorities") {
      guard priorities.allSatisfy({ (1...3).contains($0) }) else {
        throw .invalidParams("filter.priorities", "must hold only 1, 2 or 3")
      }
      query.filter.priorities = priorities
    }
    query.filter.urgent = try filter.bool("urgent")
    query.filter.text = try filter.string("text")
    query.filter.hasRecurrence = try filter.bool("hasRecurrence")
    query.filter.project = filter.has("project") ? try filter.id("project") : nil
    query.filter.area = filter.has("area") ? try filter.id("area") : nil
    query.filter.dueBefore = try date(filter, "dueBefore", today: context.today)
    query.filter.dueAfter = try date(filter, "dueAfter", today: context.today)
    return query
  }

  /// A `project` view names its project, an `area` view its area; no other view takes either.
  static func target(_ reader: ParamReader, view: ViewKind) throws(RPCError) -> Int64? {
    for (name, owner) in [("project", ViewKind.project), ("area", .area)] where reader.has(name) && view != owner {
      throw .invalidParams(name, "is only taken with view \"\(owner.rawValue)\"")
    }
    guard view == .project || view == .area else { return nil }
    return try reader.id(view.rawValue)
  }

  /// A filter's date bound: a date or a phrase, read against today.
  static func date(_ filter: ParamReader, _ name: String, today: CalendarDate) throws(RPCError) -> CalendarDate? {
    guard let text = try filter.string(name) else { return nil }
    return try RPCError.resolving { () throws(DomainError) in
      try TaskPatch.resolve(text, field: "filter.\(name)", today: today)
    }
  }

  public struct Response: ResponseType {
    public var snapshot: ViewSnapshot
    /// The view's version: the one a drop is checked against, filtered or not.
    public var version: Int
    /// For a client that asked for display parts (`displayParts`).
    public var presenter: TaskPresenter?
    public init(snapshot: ViewSnapshot, version: Int, presenter: TaskPresenter? = nil) {
      self.snapshot = snapshot
      self.version = version
      self.presenter = presenter
    }

    public var output: OutgoingJSON {
      guard case .object(let members) = snapshot.output(presenter: presenter) else { return .value(.null) }
      return .object(members + [("version", .value(.int(version)))])
    }
  }
}
