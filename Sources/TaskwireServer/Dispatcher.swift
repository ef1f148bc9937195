import JSON
import JSONRPC
import TaskwireProtocol

/// The method table: each method registered with its request type, so that the dispatcher reads
/// the params and writes the result, and a handler sees only Swift values (like rust-analyzer's
/// `on::<R>`).
struct Dispatcher: Sendable {
  /// What a method needs before its handler runs.
  enum Access: Sendable {
    /// Nothing: answered without the tasks (initialize, shutdown, rpc.discover).
    case lifecycle
    /// The index up to date with the day and with other writers.
    case read
    /// A change: the day up to date; other writers are caught up with inside its transaction.
    case change
    /// A subscription: like `read`, with the store's other writers heard from before the read
    /// (so that no commit falls between the snapshot and the first push).
    case subscribe
  }

  struct Entry: Sendable {
    let access: Access
    let run: @Sendable (Server, JSONValue?) throws -> OutgoingJSON
    /// An answer without loading the store first, where the method has one (a first list of
    /// Today): nil when it cannot be given, and the method is then served as usual.
    let beforeLoad: (@Sendable (Server, JSONValue?) throws -> OutgoingJSON?)?
  }

  private(set) var entries: [String: Entry] = [:]

  mutating func on<R: RequestType>(
    _ request: R.Type, _ access: Access,
    beforeLoad: (@Sendable (Server, JSONValue?) throws -> R.Response?)? = nil,
    _ handler: @escaping @Sendable (Server, R.Params) throws -> R.Response
  ) {
    let run: @Sendable (Server, JSONValue?) throws -> OutgoingJSON = { server, json in
      let params = try R.decode(json, context: server.decodingContext)
      return try handler(server, params).output
    }
    var quick: (@Sendable (Server, JSONValue?) throws -> OutgoingJSON?)? = nil
    if let beforeLoad {
      quick = { server, json in try beforeLoad(server, json)?.output }
    }
    entries[R.method] = Entry(access: access, run: run, beforeLoad: quick)
  }

  var methods: [String] { entries.keys.sorted() }
}
