import JSON
import JSONRPC
import TaskwireCore

/// Creates a task at the end of its list. `view` picks the default date when `scheduledDate`
/// is not given: Inbox none, Today today, Upcoming tomorrow. Result: `TaskPlace`.
public enum TaskCreateRequest: RequestType {
  public static let method = "task/create"
  public static let parameterNames: Set<String>? = TaskFields.names.union(["view"])
  public typealias Response = TaskPlace

  public struct Params: Sendable {
    public var patch: TaskPatch
    public var view: ViewKind
  }

  public static func decode(_ json: JSONValue?, context: DecodingContext) throws(RPCError) -> Params {
    let reader = try reader(json)
    _ = try reader.requiredString("title")
    let view = try reader.choice("view", ViewKind.self) ?? .inbox
    guard [.inbox, .today, .upcoming].contains(view) else {
      throw .invalidParams("view", "must be inbox, today or upcoming: it picks the default date")
    }
    return Params(patch: try TaskFields.patch(reader), view: view)
  }
}
