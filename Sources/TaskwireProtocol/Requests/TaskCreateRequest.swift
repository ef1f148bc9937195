import JSON
import JSONRPC
import TaskwireCore

/// Creates a task at the end of its list. `view` picks the default date when `scheduledDate`
/// is not given: Inbox none, Today today, Upcoming tomorrow. Result: `TaskPlace`.
public enum TaskCreateRequest: RequestType {
  public static let method = "task/create"
  public static let parameterNames: Set<String>? = TaskFields.names.union(["view", "text"])
  public typealias Response = TaskPlace

  public struct Params: Sendable {
    public var patch: TaskPatch
    public var view: ViewKind
  }

  public static func decode(_ json: JSONValue?, context: DecodingContext) throws(RPCError) -> Params {
    let reader = try reader(json)
    // `text` is quick add: the fields it means, under the fields given beside it.
    let text = try reader.string("text")
    if text != nil, reader.has("title") {
      throw .invalidParams("text", "and title exclude each other: text holds the title and its tokens")
    }
    if text == nil { _ = try reader.requiredString("title") }
    let view = try reader.choice("view", ViewKind.self) ?? .inbox
    guard [.inbox, .today, .upcoming].contains(view) else {
      throw .invalidParams("view", "must be inbox, today or upcoming: it picks the default date")
    }
    let explicit = try TaskFields.patch(reader)
    guard let text else { return Params(patch: explicit, view: view) }
    let parsed = try QuickAdd.reading(text, field: "text", today: context.today)
    return Params(patch: parsed.patch.overridden(by: explicit), view: view)
  }
}
