/// JSON text written as it is, never parsed (serde_json's `RawValue`): a hot path (a long list
/// of tasks) writes its values straight to bytes instead of building a tree of values only to
/// flatten it again, and a long list goes into the reply as it is sent, never held whole a
/// second time (a view of 80k tasks is 26 MB of JSON). Only the writer reads it: it is a member
/// of what is sent (`OutgoingJSON`), never of a `JSONValue`, whose accessors read trees.
public struct RawJSON: Sendable {
  private enum Text: Sendable {
    case bytes([UInt8])
    case writer(@Sendable (inout JSONWriter) -> Void)
  }
  private let text: Text

  /// Text already encoded (held as it is: no closure to allocate per task).
  public init(bytes: [UInt8]) { text = .bytes(bytes) }

  /// Text written when the message is: `write` must write exactly one JSON value, the same one
  /// every time it is called.
  public init(writing write: @escaping @Sendable (inout JSONWriter) -> Void) { text = .writer(write) }

  func write(_ writer: inout JSONWriter) {
    switch text {
    case .bytes(let bytes): writer.append(encoded: bytes)
    case .writer(let write): write(&writer)
    }
  }
}

/// What taskwire sends: a tree of values whose members may be raw JSON text. Built by replies
/// and notifications, read only by `JSONWriter`.
public enum OutgoingJSON: Sendable {
  case value(JSONValue)
  case raw(RawJSON)
  case array([OutgoingJSON])
  /// Members in the order given (keys are not checked for repeats: the builder writes each once).
  case object([(key: String, value: OutgoingJSON)])

  /// The value as a tree, parsed from its text (for tests and recordings, never the hot path).
  public var parsed: JSONValue {
    switch self {
    case .value(let value): value
    default: (try? JSONParser.parse(JSONWriter.encode(self))) ?? .null
    }
  }
}

extension OutgoingJSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByNilLiteral {
  public init(stringLiteral value: String) { self = .value(.string(value)) }
  public init(integerLiteral value: Int) { self = .value(.int(value)) }
  public init(nilLiteral: ()) { self = .value(.null) }
}
