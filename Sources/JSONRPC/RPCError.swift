import JSON

/// A JSON-RPC error object. The standard codes are here; an application adds its own in the
/// -32000…-32099 range through `init(code:message:data:)`.
public struct RPCError: Error, Equatable, Sendable {
  public var code: Int
  public var message: String
  public var data: JSONValue?

  public init(code: Int, message: String, data: JSONValue? = nil) {
    self.code = code
    self.message = message
    self.data = data
  }

  public static let parseErrorCode = -32700
  public static let invalidRequestCode = -32600
  public static let methodNotFoundCode = -32601
  public static let invalidParamsCode = -32602
  public static let internalErrorCode = -32603

  public static func parseError(_ detail: String) -> RPCError {
    RPCError(code: parseErrorCode, message: "Parse error: \(detail)")
  }

  public static func invalidRequest(_ detail: String) -> RPCError {
    RPCError(code: invalidRequestCode, message: "Invalid request: \(detail)")
  }

  public static func methodNotFound(_ method: String) -> RPCError {
    RPCError(
      code: methodNotFoundCode, message: "Method not found: \(method)",
      data: ["method": .string(method)])
  }

  /// Invalid params, with `data` naming the parameter and what is wrong with it.
  public static func invalidParams(_ param: String, _ problem: String) -> RPCError {
    RPCError(
      code: invalidParamsCode, message: "Invalid params: \(param) \(problem)",
      data: ["param": .string(param), "problem": .string(problem)])
  }

  public static func internalError(_ detail: String) -> RPCError {
    RPCError(code: internalErrorCode, message: "Internal error: \(detail)")
  }

  public var json: JSONValue {
    var object: JSONObject = ["code": .int(code), "message": .string(message)]
    if let data { object["data"] = data }
    return .object(object)
  }
}
