import JSON
import JSONRPC
import TaskwireCore

/// Changes some fields of a task: a field left out stays as it is, `null` clears it.
/// Result: `TaskPlace`.
public enum TaskUpdateRequest: RequestType {
  public static let method = "task/update"
  public static let parameterNames: Set<String>? = TaskFields.names.union(["id"])
  public typealias Response = TaskPlace

  public struct Params: Sendable {
    public var id: Int64
    public var patch: TaskPatch
  }

  public static func decode(_ json: JSONValue?, context: DecodingContext) throws(RPCError) -> Params {
    let reader = try reader(json)
    return Params(id: try reader.id(), patch: try TaskFields.patch(reader))
  }
}
