import JSON
import JSONRPC

/// Completes a task (`completed` true, the default) or reopens it (false); `cancelled` true
/// completes it by giving it up (Things' cancel: a project's open tasks are cancelled with it,
/// and a repeat makes no next occurrence).
/// Result: `TaskPlace`.
public enum TaskCompleteRequest: RequestType {
  public static let method = "task/complete"
  public static let parameterNames: Set<String>? = ["id", "completed", "cancelled"]
  public typealias Response = TaskPlace

  public struct Params: Sendable {
    public var id: Int64
    public var completed: Bool
    /// Nil: as the item was (a new completion: done).
    public var cancelled: Bool? = nil
  }

  public static func decode(_ json: JSONValue?, context: DecodingContext) throws(RPCError) -> Params {
    let reader = try reader(json)
    var params = Params(id: try reader.id(), completed: try reader.bool("completed") ?? true)
    params.cancelled = try reader.bool("cancelled")
    if params.cancelled == true, !params.completed {
      throw .invalidParams("cancelled", "goes with a completion, not with \"completed\": false")
    }
    return params
  }
}
