/// A JSON object that keeps its members in the order they were added or read.
/// Lookups are linear while it has a handful of members (protocol objects do); past
/// `indexedFrom` a hash index of its keys keeps every lookup constant, so that a hostile object
/// of 100k members costs 100k steps to read, not 100k².
public struct JSONObject: Sendable, Equatable, Sequence {
  public private(set) var keys: [String] = []
  public private(set) var values: [JSONValue] = []
  /// Each key's position, once the object has `indexedFrom` members.
  private var positions: [String: Int]? = nil
  static let indexedFrom = 16

  private func position(of key: String) -> Int? {
    if let positions { return positions[key] }
    return keys.firstIndex(of: key)
  }

  /// After a member was appended: the index takes it, or is made once the object is large.
  private mutating func indexAppended() {
    if positions != nil {
      positions?[keys[keys.count - 1]] = keys.count - 1
    } else if keys.count >= Self.indexedFrom {
      reindex()
    }
  }

  /// The index made anew (after a removal moved the positions), or none for a small object.
  private mutating func reindex() {
    positions =
      keys.count >= Self.indexedFrom
      ? Dictionary(keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first }) : nil
  }

  public init() {}

  public init(_ members: [(String, JSONValue)]) {
    for (key, value) in members { self[key] = value }
  }

  public var count: Int { keys.count }
  public var isEmpty: Bool { keys.isEmpty }

  public subscript(key: String) -> JSONValue? {
    get {
      guard let index = position(of: key) else { return nil }
      return values[index]
    }
    set {
      if let index = position(of: key) {
        if let newValue {
          values[index] = newValue
        } else {
          keys.remove(at: index)
          values.remove(at: index)
          reindex()  // (rare)
        }
      } else if let newValue {
        keys.append(key)
        values.append(newValue)
        indexAppended()
      }
    }
  }

  /// An empty object with room for `count` members: built with `appendNew`, a reply's object
  /// is two allocations, not one per member.
  public init(capacity count: Int) {
    reserveCapacity(count)
  }

  /// Appends a member whose name the object does not have yet, without looking (the parser
  /// calls it after its own duplicate check; replies, for members they name once).
  public mutating func appendNew(_ key: String, _ value: JSONValue) {
    keys.append(key)
    values.append(value)
    indexAppended()
  }

  /// Room for `count` members: the parser's objects start with room for a request's four
  /// (growing from one member to four would allocate each array three times).
  mutating func reserveCapacity(_ count: Int) {
    keys.reserveCapacity(count)
    values.reserveCapacity(count)
  }

  public func makeIterator() -> some IteratorProtocol<(key: String, value: JSONValue)> {
    zip(keys, values).lazy.map { (key: $0.0, value: $0.1) }.makeIterator()
  }

  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    guard lhs.count == rhs.count else { return false }
    for (key, value) in zip(lhs.keys, lhs.values) where rhs[key] != value { return false }
    return true
  }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
  /// A literal's keys are distinct by construction, so members are appended without a lookup.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self.init()
    keys.reserveCapacity(elements.count)
    values.reserveCapacity(elements.count)
    for (key, value) in elements {
      assert(!keys.contains(key), "duplicate key \(key) in a JSON object literal")
      keys.append(key)
      values.append(value)
      indexAppended()
    }
  }
}
