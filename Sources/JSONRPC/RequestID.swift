import JSON

/// A request id as the client wrote it: a string, or an integer kept as its exact digits.
public enum RequestID: Hashable, Sendable, CustomStringConvertible {
  case number(String)
  case string(String)

  public var json: JSONValue {
    switch self {
    case .number(let digits): .number(digits)
    case .string(let text): .string(text)
    }
  }

  /// The id of a JSON value, when it is a valid one: a string or an integer literal. Ids with
  /// fractions or exponents (`1.5`, `1e400`) are refused, as JSON-RPC advises against them and
  /// they cannot be echoed without rounding in many clients.
  public init?(_ value: JSONValue) {
    switch value {
    case .string(let text): self = .string(text)
    case .number(let text):
      guard text.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || $0 == UInt8(ascii: "-") }) else {
        return nil
      }
      self = .number(text)
    default: return nil
    }
  }

  public var description: String {
    switch self {
    case .number(let digits): digits
    case .string(let text): "\"\(text)\""
    }
  }
}
