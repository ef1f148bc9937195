import JSON
import TaskwireProtocol

/// Checks messages against Protocol/openrpc.json: a successful request's params, every result
/// and error, and every notification the server sends.
public struct ContractChecker {
  let validator: SchemaValidator
  let methods: [String: JSONObject]
  let document: JSONValue
  let notifications: [String: JSONValue]
  /// Errors any message may get whatever its method: they come before a method is known.
  static let envelopeErrors: Set<Int> = [-32700, -32600, -32601]

  public init(document: JSONValue) {
    validator = SchemaValidator(document: document)
    self.document = document
    var methods: [String: JSONObject] = [:]
    for method in document["methods"]?.arrayValue ?? [] {
      if let object = method.objectValue, let name = object["name"]?.stringValue { methods[name] = object }
    }
    self.methods = methods
    var notifications: [String: JSONValue] = [:]
    for note in document["x-notifications"]?.arrayValue ?? [] {
      if let name = note["name"]?.stringValue { notifications[name] = note["params"]?["schema"] ?? .null }
    }
    self.notifications = notifications
  }

  public var methodNames: Set<String> { Set(methods.keys) }

  /// The documented error codes of a method.
  public func errorCodes(of method: String) -> Set<Int> {
    var codes = Set<Int>()
    for reference in methods[method]?["errors"]?.arrayValue ?? [] {
      if let path = reference["$ref"]?.stringValue, let code = validator.resolve(path)?["code"]?.integerValue {
        codes.insert(Int(code))
      }
    }
    return codes
  }

  /// Checks a reply to `method` (nil when the request could not be read), and the request's
  /// params when the reply is a success.
  public func check(reply: JSONValue, method: String?, params: JSONValue?) -> String? {
    if let error = reply["error"] {
      guard let code = error["code"]?.integerValue.map(Int.init), error["message"]?.stringValue != nil else {
        return "an error object needs an integer code and a string message"
      }
      if Self.envelopeErrors.contains(code) { return nil }
      guard let method else { return "error \(code) for an unreadable request" }
      return errorCodes(of: method).contains(code) ? nil : "error \(code) is not documented for \(method)"
    }
    guard let method, let spec = methods[method] else { return "a result for an undocumented method" }
    if let problem = validator.validate(
      reply["result"] ?? .null, against: spec["result"]?["schema"] ?? .null, path: "result")
    {
      return "\(method) result: \(problem)"
    }
    return checkParams(params, of: method, spec: spec)
  }

  func checkParams(_ params: JSONValue?, of method: String, spec: JSONObject) -> String? {
    let given = params?.objectValue ?? JSONObject()
    let declared = OpenRPCDocument.params(of: .object(spec), in: document)
    let lenient = method == "initialize"
    for param in declared {
      guard let name = param["name"]?.stringValue else { continue }
      if let value = given[name] {
        if let problem = validator.validate(value, against: param["schema"] ?? .null, path: "params/\(name)") {
          return "\(method) accepted params the document refuses: \(problem)"
        }
      } else if param["required"] == .bool(true) {
        return "\(method) accepted a request without the required param \(name)"
      }
    }
    let names = Set(declared.compactMap { $0["name"]?.stringValue })
    if !lenient, let extra = given.keys.first(where: { !names.contains($0) }) {
      return "\(method) accepted the undocumented param \(extra)"
    }
    return nil
  }

  public func check(notification: JSONValue) -> String? {
    guard let name = notification["method"]?.stringValue, let schema = notifications[name] else {
      return "an undocumented notification"
    }
    return validator.validate(notification["params"] ?? .null, against: schema, path: "params").map { "\(name): \($0)" }
  }
}
