import JSON
import JSONRPC
import TaskwireCore

/// Changes some fields of a task: a field left out stays as it is, `null` clears it.
/// Result: `TaskPlace`.
public enum TaskUpdateRequest {
  public static let method = "task/update"

  public struct Params: Sendable {
    public var id: Int64
    public var patch: TaskPatch
  }

  public static func params(_ json: JSONValue?) throws(RPCError) -> Params {
    let reader = try ParamReader(json, allowed: TaskFields.names.union(["id"]))
    return Params(id: try reader.id(), patch: try TaskFields.patch(reader))
  }
}
