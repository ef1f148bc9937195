import JSON

/// Compares a recorded message with the one the server sent now. The string `"<any>"` in a
/// recording matches any value: the documented marker for fields that are volatile by nature.
/// A member recorded as `"<any>"` may also be missing (a new store's `newStore` path is said
/// by a SQLite store alone: the same session replays on PostgreSQL).
public enum JSONMatch {
  public static let anyValue = "<any>"

  /// The JSON Pointer of the first place where `actual` differs from `expected`, or nil.
  public static func firstDifference(_ expected: JSONValue, _ actual: JSONValue, path: String = "")
    -> String?
  {
    if case .string(anyValue) = expected { return nil }
    switch (expected, actual) {
    case (.object(let want), .object(let have)):
      for key in want.keys {
        guard let value = have[key] else {
          if case .string(anyValue) = want[key]! { continue }
          return "\(path)/\(key)"
        }
        if let difference = firstDifference(want[key]!, value, path: "\(path)/\(key)") {
          return difference
        }
      }
      if let extra = have.keys.first(where: { want[$0] == nil }) { return "\(path)/\(extra)" }
      return nil
    case (.array(let want), .array(let have)):
      for (index, value) in want.enumerated() {
        guard index < have.count else { return "\(path)/\(index)" }
        if let difference = firstDifference(value, have[index], path: "\(path)/\(index)") {
          return difference
        }
      }
      return have.count > want.count ? "\(path)/\(want.count)" : nil
    default:
      return expected == actual ? nil : (path.isEmpty ? "/" : path)
    }
  }
}
