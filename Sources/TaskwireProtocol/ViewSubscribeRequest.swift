import JSON
import JSONRPC
import TaskwireCore

/// Subscribes to a view. Result: `{ subscription, version, snapshot }`; `view/changed`
/// notifications follow whenever the view's content changes.
public enum ViewSubscribeRequest {
  public static let method = "view/subscribe"

  public static func params(_ json: JSONValue?) throws(RPCError) -> ViewKind {
    try ViewListRequest.params(json)
  }
}

/// Ends a subscription. Result: `{ "unsubscribed": id }`.
public enum ViewUnsubscribeRequest {
  public static let method = "view/unsubscribe"

  public static func params(_ json: JSONValue?) throws(RPCError) -> Int {
    try ParamReader(json, allowed: ["subscription"]).requiredInt("subscription", in: 1...Int.max)
  }
}
