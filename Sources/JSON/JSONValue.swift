/// A JSON value as it was written: numbers keep their exact text so that an id like
/// `9007199254740993` is echoed digit for digit, and objects keep their key order so that
/// everything taskwire writes is deterministic.
public enum JSONValue: Sendable {
  case null
  case bool(Bool)
  case number(String)
  case string(String)
  case array([JSONValue])
  case object(JSONObject)

  public static func int(_ value: Int) -> JSONValue { .number(String(value)) }
  public static func int64(_ value: Int64) -> JSONValue { .number(String(value)) }

  /// The value as a 64-bit integer, when its text is a plain integer literal that fits.
  public var integerValue: Int64? {
    guard case .number(let text) = self else { return nil }
    return JSONValue.integer(fromLiteral: text)
  }

  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  public var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  public var objectValue: JSONObject? {
    if case .object(let value) = self { return value }
    return nil
  }

  public var arrayValue: [JSONValue]? {
    if case .array(let value) = self { return value }
    return nil
  }

  /// The member `key` of an object; nil for anything else.
  public subscript(key: String) -> JSONValue? { objectValue?[key] }

  /// The element at `index` of an array; nil when out of range or not an array.
  public subscript(index: Int) -> JSONValue? {
    guard let array = arrayValue, array.indices.contains(index) else { return nil }
    return array[index]
  }

  public var isNull: Bool {
    if case .null = self { return true }
    return false
  }

  /// The JSON type's name, for error messages ("expected a string, got a number").
  public var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }

  static func integer(fromLiteral text: String) -> Int64? {
    // (Read in place: every id in every request comes through here.)
    let utf8 = text.utf8
    let digits = utf8.first == UInt8(ascii: "-") ? utf8.dropFirst() : utf8[...]
    guard !digits.isEmpty, digits.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
    return Int64(text)
  }
}

extension JSONValue: Equatable {
  /// JSON equality: object members compare regardless of order, numbers by their value where
  /// both are integers (so `1` and `1` match however they were produced) and by text otherwise.
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)):
      if a == b { return true }
      if let x = Double(a), let y = Double(b), x.isFinite, y.isFinite { return x == y }
      return false
    case (.string(let a), .string(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)): return a == b
    default: return false
    }
  }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByBooleanLiteral, ExpressibleByNilLiteral, ExpressibleByArrayLiteral,
  ExpressibleByDictionaryLiteral
{
  public init(stringLiteral value: String) { self = .string(value) }
  public init(integerLiteral value: Int) { self = .number(String(value)) }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(nilLiteral: ()) { self = .null }
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    var object = JSONObject()
    for (key, value) in elements { object[key] = value }
    self = .object(object)
  }
}

extension Optional where Wrapped == String {
  /// A string or JSON null.
  public var json: JSONValue { map(JSONValue.string) ?? .null }
}
