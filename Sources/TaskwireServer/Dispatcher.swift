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
  }

  struct Entry: Sendable {
    let access: Access
    let run: @Sendable (Server, JSONValue?) throws -> OutgoingJSON
  }

  private(set) var entries: [String: Entry] = [:]

  mutating func on<R: RequestType>(
    _ request: R.Type, _ access: Access, _ handler: @escaping @Sendable (Server, R.Params) throws -> R.Response
  ) {
    entries[R.method] = Entry(access: access) { server, json in
      let params = try R.decode(json, context: server.decodingContext)
      return try handler(server, params).output
    }
  }

  var methods: [String] { entries.keys.sorted() }
}
