import JSON
import JSONRPC
import TaskwireCore

/// Subscribes to a view, with the same `filter` and `sort` as view/list. Result:
/// `{ subscription, version, snapshot }`; `view/changed` notifications follow whenever the
/// content the query selects changes, tasks entering and leaving the filter included.
public enum ViewSubscribeRequest: RequestType {
  public static let method = "view/subscribe"
  public static let parameterNames = ViewListRequest.parameterNames

  public static func decode(_ json: JSONValue?, context: DecodingContext) throws(RPCError) -> ViewQuery {
    try ViewListRequest.decode(json, context: context)
  }

  public struct Response: ResponseType {
    public var subscription: Int
    public var list: ViewListRequest.Response
    public init(subscription: Int, list: ViewListRequest.Response) {
      self.subscription = subscription
      self.list = list
    }
    public var output: OutgoingJSON {
      .object([
        ("subscription", .value(.int(subscription))), ("version", .value(.int(list.version))),
        ("snapshot", list.output),
      ])
    }
  }
}
