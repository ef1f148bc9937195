import JSON
import JSONRPC

/// Completes a task (`completed` true, the default) or reopens it (false).
/// Result: `TaskPlace`.
public enum TaskCompleteRequest {
  public static let method = "task/complete"

  public struct Params: Sendable {
    public var id: Int64
    public var completed: Bool
  }

  public static func params(_ json: JSONValue?) throws(RPCError) -> Params {
    let reader = try ParamReader(json, allowed: ["id", "completed"])
    return Params(id: try reader.id(), completed: try reader.bool("completed") ?? true)
  }
}
