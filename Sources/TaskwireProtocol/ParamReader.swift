import JSON
import JSONRPC

/// Reads a method's params, refusing what is not documented: params that are not an object,
/// members the method does not know (a typo like "priorty" must not be silently ignored),
/// missing members and wrong types, each as -32602 naming the parameter.
public struct ParamReader {
  public let object: JSONObject
  let prefix: String

  public init(_ params: JSONValue?, allowed: Set<String>, prefix: String = "") throws(RPCError) {
    self.prefix = prefix
    switch params {
    case nil: object = JSONObject()
    case .object(let members)?: object = members
    case .array?: throw .invalidParams("params", "must be an object with named members, not an array")
    case let other?: throw .invalidParams("params", "must be an object, got \(other.typeName)")
    }
    if let unknown = object.keys.first(where: { !allowed.contains($0) }) {
      throw .invalidParams(
        prefix + unknown,
        "is not a parameter of this method (known: \(allowed.sorted().joined(separator: ", ")))")
    }
  }

  public func has(_ name: String) -> Bool { object[name] != nil }

  func fail(_ name: String, _ problem: String) -> RPCError { .invalidParams(prefix + name, problem) }

  /// The member's value; nil when absent. `null` is refused unless `nullable`.
  func value(_ name: String, nullable: Bool = false) throws(RPCError) -> JSONValue? {
    guard let value = object[name] else { return nil }
    if value.isNull && !nullable { throw fail(name, "must not be null") }
    return value
  }

  func require<T>(_ name: String, _ value: T?) throws(RPCError) -> T {
    guard let value else { throw fail(name, "is required") }
    return value
  }

  public func string(_ name: String) throws(RPCError) -> String? {
    guard let value = try value(name) else { return nil }
    guard let text = value.stringValue else { throw fail(name, "must be a string, got \(value.typeName)") }
    return text
  }

  public func requiredString(_ name: String) throws(RPCError) -> String {
    try require(name, try string(name))
  }

  /// Absent: nil; null: `.some(nil)`; a string: `.some(text)`.
  public func nullableString(_ name: String) throws(RPCError) -> String?? {
    guard let value = try value(name, nullable: true) else { return nil }
    if value.isNull { return .some(nil) }
    guard let text = value.stringValue else {
      throw fail(name, "must be a string or null, got \(value.typeName)")
    }
    return .some(text)
  }

  public func int(_ name: String, in range: ClosedRange<Int>? = nil) throws(RPCError) -> Int? {
    guard let value = try value(name) else { return nil }
    guard let number = value.integerValue, let int = Int(exactly: number) else {
      throw fail(
        name, "must be an integer, got \(value.typeName == "a number" ? "a non-integer number" : value.typeName)")
    }
    if let range, !range.contains(int) {
      throw fail(name, "must be from \(range.lowerBound) to \(range.upperBound)")
    }
    return int
  }

  public func requiredInt(_ name: String, in range: ClosedRange<Int>? = nil) throws(RPCError) -> Int {
    try require(name, try int(name, in: range))
  }

  public func id(_ name: String = "id") throws(RPCError) -> Int64 {
    Int64(try requiredInt(name, in: 1...Int.max))
  }

  public func bool(_ name: String) throws(RPCError) -> Bool? {
    guard let value = try value(name) else { return nil }
    guard let flag = value.boolValue else { throw fail(name, "must be true or false, got \(value.typeName)") }
    return flag
  }

  public func strings(_ name: String) throws(RPCError) -> [String]? {
    guard let value = try value(name) else { return nil }
    guard let array = value.arrayValue else { throw fail(name, "must be an array of strings, got \(value.typeName)") }
    var result: [String] = []
    for element in array {
      guard let text = element.stringValue else { throw fail(name, "must hold only strings") }
      result.append(text)
    }
    return result
  }

  public func ints(_ name: String) throws(RPCError) -> [Int]? {
    guard let value = try value(name) else { return nil }
    guard let array = value.arrayValue else { throw fail(name, "must be an array of integers, got \(value.typeName)") }
    var result: [Int] = []
    for element in array {
      guard let number = element.integerValue, let int = Int(exactly: number) else {
        throw fail(name, "must hold only integers")
      }
      result.append(int)
    }
    return result
  }

  public func choice<E: RawRepresentable & CaseIterable>(_ name: String, _ type: E.Type)
    throws(RPCError) -> E? where E.RawValue == String
  {
    guard let text = try string(name) else { return nil }
    guard let value = E(rawValue: text) else {
      throw fail(name, "must be one of \(E.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    return value
  }

  /// A nested object, read with the same rules; its members are named `name.member` in errors.
  public func nested(_ name: String, allowed: Set<String>) throws(RPCError) -> ParamReader? {
    guard let value = try value(name) else { return nil }
    guard value.objectValue != nil else { throw fail(name, "must be an object, got \(value.typeName)") }
    return try ParamReader(value, allowed: allowed, prefix: prefix + name + ".")
  }
}
