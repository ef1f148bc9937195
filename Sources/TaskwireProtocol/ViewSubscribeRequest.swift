import JSON
import JSONRPC
import TaskwireCore

/// Subscribes to a view, with the same `filter` and `sort` as view/list. Result:
/// `{ subscription, version, snapshot }`; `view/changed` notifications follow whenever the
/// content the query selects changes, tasks entering and leaving the filter included.
public enum ViewSubscribeRequest {
  public static let method = "view/subscribe"

  public static func params(_ json: JSONValue?, today: CalendarDate) throws(RPCError) -> ViewQuery {
    try ViewListRequest.params(json, today: today)
  }
}

/// Ends a subscription. Result: `{ "unsubscribed": id }`.
public enum ViewUnsubscribeRequest {
  public static let method = "view/unsubscribe"

  public static func params(_ json: JSONValue?) throws(RPCError) -> Int {
    try ParamReader(json, allowed: ["subscription"]).requiredInt("subscription", in: 1...Int.max)
  }
}
