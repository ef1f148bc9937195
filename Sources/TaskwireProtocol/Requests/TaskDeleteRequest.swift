import JSON
import JSONRPC

/// Deletes a task for good (undo brings it back). Result: `{ "deleted": id }`.
public enum TaskDeleteRequest: RequestType {
  public static let method = "task/delete"
  public static let parameterNames: Set<String>? = ["id"]

  public static func decode(_ json: JSONValue?, context: DecodingContext) throws(RPCError) -> Int64 {
    try reader(json).id()
  }

  public struct Response: TreeResponse {
    public var deleted: Int64
    public init(deleted: Int64) { self.deleted = deleted }
    public var json: JSONValue { ["deleted": .int64(deleted)] }
  }
}
