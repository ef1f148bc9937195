import JSON
import JSONRPC

/// A task and where it is. Result: `TaskPlace`.
public enum TaskGetRequest: RequestType {
  public static let method = "task/get"
  public static let parameterNames: Set<String>? = ["id"]
  public typealias Response = TaskPlace

  public static func decode(_ json: JSONValue?, context: DecodingContext) throws(RPCError) -> Int64 {
    try reader(json).id()
  }
}
