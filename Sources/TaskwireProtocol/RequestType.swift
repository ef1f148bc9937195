import JSON
import JSONRPC
import TaskwireCore

/// One method of the protocol: its name, its params as a Swift value (read and checked from
/// the wire, refusing what is not documented) and its result type. One request per file under
/// `Requests/`; the server registers a handler per type and the dispatcher does the decoding
/// and the encoding (see "Adding a method" in Protocol/README.md).
public protocol RequestType: SendableMetatype {
  associatedtype Params: Sendable
  associatedtype Response: ResponseType
  static var method: String { get }
  /// The members the params object may have; nil when any are taken (`initialize` accepts
  /// what LSP clients send). Checked against Protocol/openrpc.json by a test.
  static var parameterNames: Set<String>? { get }
  /// Reads the params; date phrases are read against `context.today`.
  static func decode(_ params: JSONValue?, context: DecodingContext) throws(RPCError) -> Params
}

/// What params are read against.
public struct DecodingContext: Sendable {
  public var today: CalendarDate
  public init(today: CalendarDate) { self.today = today }
}

/// A result as it goes on the wire.
public protocol ResponseType: Sendable {
  /// The reply as it is sent (tasks in it as raw JSON text: `RawJSON`).
  var output: OutgoingJSON { get }
}

/// A reply that is a plain tree of values.
public protocol TreeResponse: ResponseType {
  var json: JSONValue { get }
}

extension TreeResponse {
  public var output: OutgoingJSON { .value(json) }
}

/// The params of a method that takes none (an empty object, or none at all).
public struct NoParams: Sendable {}

/// The `null` result.
public struct NullResponse: TreeResponse {
  public init() {}
  public var json: JSONValue { .null }
}

extension RequestType where Params == NoParams {
  public static var parameterNames: Set<String>? { [] }
  public static func decode(_ params: JSONValue?, context: DecodingContext) throws(RPCError) -> NoParams {
    _ = try ParamReader(params, allowed: [])
    return NoParams()
  }
}

extension RequestType {
  /// A reader for this method's params, with its documented names.
  static func reader(_ params: JSONValue?) throws(RPCError) -> ParamReader {
    try ParamReader(params, allowed: parameterNames ?? Set(params?.objectValue?.keys ?? []))
  }
}

extension RPCError {
  /// A date phrase that could not be read, as the invalid param it came from.
  static func resolving<T>(_ body: () throws(DomainError) -> T) throws(RPCError) -> T {
    do {
      return try body()
    } catch {
      throw RPCError(error)
    }
  }
}
