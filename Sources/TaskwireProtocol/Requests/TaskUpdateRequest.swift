import JSON
import JSONRPC
import TaskwireCore

/// Changes some fields of a task: a field left out stays as it is, `null` clears it.
/// Result: `TaskPlace`.
public enum TaskUpdateRequest: RequestType {
  public static let method = "task/update"
  public static let parameterNames: Set<String>? = TaskFields.names.union(["id", "text"])
  public typealias Response = TaskPlace

  public struct Params: Sendable {
    public var id: Int64
    public var patch: TaskPatch
  }

  public static func decode(_ json: JSONValue?, context: DecodingContext) throws(RPCError) -> Params {
    let reader = try reader(json)
    let id = try reader.id()
    // `text` re-reads the title and its tokens; fields given beside it win.
    let text = try reader.string("text")
    if text != nil, reader.has("title") {
      throw .invalidParams("text", "and title exclude each other: text holds the title and its tokens")
    }
    let explicit = try TaskFields.patch(reader)
    guard let text else { return Params(id: id, patch: explicit) }
    let parsed = try QuickAdd.reading(text, field: "text", today: context.today)
    return Params(id: id, patch: parsed.patch.overridden(by: explicit))
  }
}
