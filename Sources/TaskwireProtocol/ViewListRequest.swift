import JSON
import JSONRPC
import TaskwireCore

/// A view's groups and tasks in manual order. Result: `ViewSnapshot`.
public enum ViewListRequest {
  public static let method = "view/list"

  public static func params(_ json: JSONValue?) throws(RPCError) -> ViewKind {
    let reader = try ParamReader(json, allowed: ["view"])
    return try reader.require("view", try reader.choice("view", ViewKind.self))
  }
}
