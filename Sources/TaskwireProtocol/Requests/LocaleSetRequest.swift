import JSON
import JSONRPC

/// Changes the language of titles, labels and messages (`de`, `en-US`; others fall back to
/// English). Subscribed views get their new titles as a diff. Result: `{locale,
/// requestedLocale?}` as in `initialize`.
public enum LocaleSetRequest: RequestType {
  public static let method = "locale/set"
  public static let parameterNames: Set<String>? = ["locale"]

  public static func decode(_ json: JSONValue?, context: DecodingContext) throws(RPCError) -> String {
    try reader(json).requiredString("locale")
  }

  public struct Response: TreeResponse {
    public var locale: String
    public var requestedLocale: String?
    public init(locale: String, requestedLocale: String?) {
      self.locale = locale
      self.requestedLocale = requestedLocale
    }
    public var json: JSONValue {
      var object: JSONObject = ["locale": .string(locale)]
      if let requestedLocale { object["requestedLocale"] = .string(requestedLocale) }
      return .object(object)
    }
  }
}
