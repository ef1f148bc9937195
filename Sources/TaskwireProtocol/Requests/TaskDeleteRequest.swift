import JSON
import JSONRPC
import TaskwireCore

/// Deletes a task for good (undo brings it back). A project, heading or area with open items
/// in it takes `children`: `delete` (with it) or `keep` (moved up to its parent); there is no
/// default. Result: `{ "deleted": id }`.
public enum TaskDeleteRequest: RequestType {
  public static let method = "task/delete"
  public static let parameterNames: Set<String>? = ["id", "children"]

  public struct Params: Sendable {
    public var id: Int64
    public var children: DeleteChildren?
  }

  public static func decode(_ json: JSONValue?, context: DecodingContext) throws(RPCError) -> Params {
    let reader = try reader(json)
    return Params(id: try reader.id(), children: try reader.choice("children", DeleteChildren.self))
  }

  public struct Response: TreeResponse {
    public var deleted: Int64
    public init(deleted: Int64) { self.deleted = deleted }
    public var json: JSONValue { ["deleted": .int64(deleted)] }
  }
}
