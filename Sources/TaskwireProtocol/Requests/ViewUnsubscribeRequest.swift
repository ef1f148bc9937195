import JSON
import JSONRPC

/// Ends a subscription. Result: `{ "unsubscribed": id }`.
public enum ViewUnsubscribeRequest: RequestType {
  public static let method = "view/unsubscribe"
  public static let parameterNames: Set<String>? = ["subscription"]

  public static func decode(_ json: JSONValue?, context: DecodingContext) throws(RPCError) -> Int {
    try reader(json).requiredInt("subscription", in: 1...Int.max)
  }

  public struct Response: TreeResponse {
    public var unsubscribed: Int
    public init(unsubscribed: Int) { self.unsubscribed = unsubscribed }
    public var json: JSONValue { ["unsubscribed": .int(unsubscribed)] }
  }
}
