import Foundation
import JSON

/// The part of JSON Schema that Protocol/openrpc.json uses: type, enum, const, properties,
/// required, additionalProperties, items, oneOf, anyOf, minimum, maximum, minLength, pattern, and
/// `$ref` into the document. Returns the first violation as "path: problem".
public struct SchemaValidator {
  let document: JSONValue

  public init(document: JSONValue) { self.document = document }

  public func validate(_ value: JSONValue, against schema: JSONValue, path: String = "") -> String? {
    guard let schema = schema.objectValue else { return nil }
    if let reference = schema["$ref"]?.stringValue {
      guard let target = resolve(reference) else { return "\(path): unknown $ref \(reference)" }
      return validate(value, against: target, path: path)
    }
    if let options = schema["oneOf"]?.arrayValue {
      let matches = options.filter { validate(value, against: $0, path: path) == nil }.count
      if matches != 1 {
        let reasons = options.compactMap { validate(value, against: $0, path: path) }
        return matches == 0
          ? "\(path): matches none of oneOf (\(reasons.joined(separator: "; ")))"
          : "\(path): matches \(matches) of oneOf"
      }
    }
    if let options = schema["anyOf"]?.arrayValue {
      let reasons = options.map { validate(value, against: $0, path: path) }
      if !reasons.contains(where: { $0 == nil }) {
        return "\(path): matches none of anyOf (\(reasons.compactMap { $0 }.joined(separator: "; ")))"
      }
    }
    if let constant = schema["const"], constant != value { return "\(path): must be \(JSONWriter.string(constant))" }
    if let choices = schema["enum"]?.arrayValue, !choices.contains(value) {
      return "\(path): \(JSONWriter.string(value)) is not one of \(JSONWriter.string(.array(choices)))"
    }
    if let type = schema["type"]?.stringValue, !matches(value, type: type) {
      return "\(path): must be of type \(type), got \(value.typeName)"
    }
    switch value {
    case .object(let object):
      let properties = schema["properties"]?.objectValue ?? JSONObject()
      for name in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where object[name] == nil {
        return "\(path)/\(name): is required"
      }
      for (key, member) in object {
        if let property = properties[key] {
          if let problem = validate(member, against: property, path: "\(path)/\(key)") { return problem }
        } else if schema["additionalProperties"] == .bool(false) {
          return "\(path)/\(key): is not allowed"
        }
      }
    case .array(let elements):
      if let items = schema["items"] {
        for (index, element) in elements.enumerated() {
          if let problem = validate(element, against: items, path: "\(path)/\(index)") { return problem }
        }
      }
    case .number(let text):
      let number = Double(text) ?? .nan
      if let minimum = schema["minimum"].flatMap({ Double($0.numberText) }), number < minimum {
        return "\(path): \(text) is below \(minimum)"
      }
      if let maximum = schema["maximum"].flatMap({ Double($0.numberText) }), number > maximum {
        return "\(path): \(text) is above \(maximum)"
      }
    case .string(let text):
      if let minimum = schema["minLength"]?.integerValue, text.count < minimum {
        return "\(path): shorter than \(minimum)"
      }
      if let pattern = schema["pattern"]?.stringValue,
        text.range(of: pattern, options: .regularExpression) == nil
      {
        return "\(path): \"\(text)\" does not match \(pattern)"
      }
    default: break
    }
    return nil
  }

  func matches(_ value: JSONValue, type: String) -> Bool {
    switch (type, value) {
    case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array),
      ("object", .object), ("number", .number):
      return true
    case ("integer", .number): return value.integerValue != nil
    default: return false
    }
  }

  /// Follows a local reference such as `#/components/schemas/Task`.
  public func resolve(_ reference: String) -> JSONValue? {
    guard reference.hasPrefix("#/") else { return nil }
    var current: JSONValue? = document
    for part in reference.dropFirst(2).split(separator: "/") {
      current = current?.objectValue?[String(part)]
    }
    return current
  }
}

extension JSONValue {
  var numberText: String {
    if case .number(let text) = self { return text }
    return ""
  }
}
