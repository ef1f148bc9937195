import JSON

/// A call that expects an answer.
public struct Request: Sendable {
  public var id: RequestID
  public var method: String
  public var params: JSONValue?

  public init(id: RequestID, method: String, params: JSONValue?) {
    self.id = id
    self.method = method
    self.params = params
  }
}

/// A call that is never answered.
public struct Notification: Sendable {
  public var method: String
  public var params: JSONValue?

  public init(method: String, params: JSONValue?) {
    self.method = method
    self.params = params
  }

  public var json: JSONValue {
    var object: JSONObject = ["jsonrpc": "2.0", "method": .string(method)]
    if let params { object["params"] = params }
    return .object(object)
  }
}

extension Notification {
  /// A notification to send, whose params may hold raw JSON text.
  public static func outgoing(method: String, params: OutgoingJSON) -> OutgoingJSON {
    .object([("jsonrpc", "2.0"), ("method", .value(.string(method))), ("params", params)])
  }
}

/// The answer to a request; `id` is nil only when the request's id could not be read.
public struct Response: Sendable, Error {
  public var id: RequestID?
  public var outcome: Result<OutgoingJSON, RPCError>

  public init(id: RequestID?, outcome: Result<OutgoingJSON, RPCError>) {
    self.id = id
    self.outcome = outcome
  }

  public var json: OutgoingJSON {
    switch outcome {
    case .success(let result): .object([("jsonrpc", "2.0"), ("id", .value(id?.json ?? .null)), ("result", result)])
    case .failure(let error):
      .object([("jsonrpc", "2.0"), ("id", .value(id?.json ?? .null)), ("error", .value(error.json))])
    }
  }
}

/// One incoming JSON-RPC message, already checked against the envelope's rules.
public enum Message: Sendable {
  case request(Request)
  case notification(Notification)
  /// A response sent by the client; taskwire sends no requests, so it is logged and dropped.
  case response(JSONValue)

  private static let envelopeMembers: Set<String> = [
    "jsonrpc", "id", "method", "params", "result", "error",
  ]

  /// Reads one message object. A failure carries the id when it could be read, so that the
  /// error goes back to the right request.
  public static func decode(_ value: JSONValue) -> Result<Message, Response> {
    guard case .object(let object) = value else {
      return .failure(Response(id: nil, outcome: .failure(.invalidRequest("a message must be an object"))))
    }
    var id: RequestID? = nil
    if let rawID = object["id"] {
      guard let parsed = RequestID(rawID) else {
        return .failure(
          Response(
            id: nil,
            outcome: .failure(
              .invalidRequest(
                "id must be a string or an integer, got \(rawID.typeName == "a number" ? "a non-integer number" : rawID.typeName)"
              ))))
      }
      id = parsed
    }
    func refuse(_ detail: String) -> Result<Message, Response> {
      .failure(Response(id: id, outcome: .failure(.invalidRequest(detail))))
    }
    guard object["jsonrpc"] == .string("2.0") else { return refuse("\"jsonrpc\" must be \"2.0\"") }
    if let unknown = object.keys.first(where: { !envelopeMembers.contains($0) }) {
      return refuse("unknown member \"\(unknown)\"")
    }
    guard let methodValue = object["method"] else {
      if id != nil, object["result"] != nil || object["error"] != nil {
        return .success(.response(value))
      }
      return refuse("\"method\" is missing")
    }
    guard case .string(let method) = methodValue else { return refuse("\"method\" must be a string") }
    if object["result"] != nil || object["error"] != nil {
      return refuse("a request carries no \"result\" or \"error\"")
    }
    var params = object["params"]
    switch params {
    case nil, .object?, .array?: break
    // Several client libraries (jsonrpc.el, pygls) write `null` for "no params", and Neovim
    // encodes an empty Lua table as `[]`: both mean none.
    case .null?: params = nil
    default: return refuse("\"params\" must be an object, an array or null")
    }
    if params?.arrayValue?.isEmpty == true { params = nil }
    if let id {
      return .success(.request(Request(id: id, method: method, params: params)))
    }
    return .success(.notification(Notification(method: method, params: params)))
  }
}
