import JSON
import JSONRPC
import TaskwireCore

/// A view's groups and tasks, optionally filtered and sorted. Result: `ViewSnapshot`.
public enum ViewListRequest {
  public static let method = "view/list"

  /// Reads `view`, `filter` and `sort`; date bounds may be phrases, read against `today`.
  public static func params(_ json: JSONValue?, today: CalendarDate) throws(RPCError) -> ViewQuery {
    let reader = try ParamReader(json, allowed: ["view", "filter", "sort"])
    var query = ViewQuery(view: try reader.require("view", try reader.choice("view", ViewKind.self)))
    query.sort = try reader.choice("sort", TaskSort.self) ?? .manual
    guard let filter = try reader.nested(
      "filter",
      allowed: ["tagsAny", "tagsAll", "types", "priorities", "urgent", "dueBefore", "dueAfter", "text", "hasRecurrence"])
    else { return query }
    query.filter.tagsAny = try filter.strings("tagsAny")
    query.filter.tagsAll = try filter.strings("tagsAll")
    if let types = try filter.strings("types") {
      query.filter.types = try types.map { name throws(RPCError) in
        guard let type = TaskType(rawValue: name) else {
          throw .invalidParams("filter.types", "must hold only \(TaskType.allCases.map(\.rawValue).joined(separator: ", "))")
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
    query.filter.dueBefore = try date(filter, "dueBefore", today: today)
    query.filter.dueAfter = try date(filter, "dueAfter", today: today)
    return query
  }
}

extension ViewListRequest {
  /// A filter's date bound: a date or a phrase, read against today.
  static func date(_ filter: ParamReader, _ name: String, today: CalendarDate) throws(RPCError) -> CalendarDate? {
    guard let text = try filter.string(name) else { return nil }
    do {
      return try TaskPatch.resolve(text, field: "filter.\(name)", today: today)
    } catch {
      throw RPCError(error)
    }
  }
}

/// The tags of open tasks with how many use each, by name. Result: `{ tags: [{tag, count}] }`.
public enum TagsListRequest {
  public static let method = "tags/list"
  public static func params(_ json: JSONValue?) throws(RPCError) {
    _ = try ParamReader(json, allowed: [])
  }
}
