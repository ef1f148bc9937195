import JSON
import JSONRPC

/// Completes a task (`completed` true, the default) or reopens it (false).
/// Result: `TaskPlace`.
public enum TaskCompleteRequest: RequestType {
  public static let method = "task/complete"
  public static let parameterNames: Set<String>? = ["id", "completed"]
  public typealias Response = TaskPlace

  public struct Params: Sendable {
    public var id: Int64
    public var completed: Bool
  }

  public static func decode(_ json: JSONValue?, context: DecodingContext) throws(RPCError) -> Params {
    let reader = try reader(json)
    return Params(id: try reader.id(), completed: try reader.bool("completed") ?? true)
  }
}
