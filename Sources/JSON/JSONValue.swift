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
  /// JSON text already encoded, written as it is: lets a hot path (a long list of tasks) skip
  /// building a tree of values only to flatten it again.
  case encoded([UInt8])
  /// JSON text written when the value is written: a long list goes straight into the reply as
  /// it is sent, never held whole a second time (a view of 80k tasks is 26 MB of JSON).
  case deferred(JSONFragment)

  /// Whether this is JSON text rather than a tree (`.encoded` or `.deferred`).
  var isText: Bool {
    switch self {
    case .encoded, .deferred: true
    default: false
    }
  }

  /// The parsed value of a fragment of text; any other value as it is.
  public var parsed: JSONValue {
    switch self {
    case .encoded(let bytes): (try? JSONParser.parse(bytes)) ?? .null
    case .deferred: (try? JSONParser.parse(JSONWriter.encode(self))) ?? .null
    default: self
    }
  }

  public static func int(_ value: Int) -> JSONValue { .number(String(value)) }
  public static func int64(_ value: Int64) -> JSONValue { .number(String(value)) }

  /// The value as a 64-bit integer, when its text is a plain integer literal that fits.
  public var integerValue: Int64? {
    if isText { return parsed.integerValue }
    guard case .number(let text) = self else { return nil }
    return JSONValue.integer(fromLiteral: text)
  }

  public var stringValue: String? {
    if case .string(let value) = self { return value }
    if isText { return parsed.stringValue }
    return nil
  }

  public var boolValue: Bool? {
    if isText { return parsed.boolValue }
    if case .bool(let value) = self { return value }
    return nil
  }

  public var objectValue: JSONObject? {
    if case .object(let value) = self { return value }
    if isText { return parsed.objectValue }
    return nil
  }

  public var arrayValue: [JSONValue]? {
    if case .array(let value) = self { return value }
    if isText { return parsed.arrayValue }
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
    if isText { return parsed.isNull }
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
    case .encoded, .deferred: parsed.typeName
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
    case _ where lhs.isText || rhs.isText: return lhs.parsed == rhs.parsed
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

/// JSON text that its writer produces when the value is written (`JSONValue.deferred`). The
/// writer must write exactly one JSON value, and the same one every time it is called.
public struct JSONFragment: Sendable {
  let write: @Sendable (inout JSONWriter) -> Void

  public init(_ write: @escaping @Sendable (inout JSONWriter) -> Void) { self.write = write }
}

extension Optional where Wrapped == String {
  /// A string or JSON null.
  public var json: JSONValue { map(JSONValue.string) ?? .null }
}
