import Foundation
import JSON
import JSONRPC
import TaskwireCore
import TaskwireProtocol
import TaskwireStore

/// The server's state and its dispatch. One serial loop owns it: messages are handled strictly
/// in arrival order, and each change is committed before its reply is produced.
final class Server {
  typealias Handler = @Sendable (Server, JSONValue?) throws -> JSONValue

  let store: TaskStore
  var index: TaskIndex
  var clock: ServerClock
  let dayClock: DayClock
  var clientName = "unknown"
  var initialized = false
  var shutdownRequested = false
  /// Set by the `exit` notification: the loop ends after the current frame.
  var exitCode: Int32? = nil
  /// The index is loaded on the first request that needs it, so that `initialize` is answered
  /// at once however large the store is (an editor spawns taskwire at every start).
  var loaded = false
  var seenDataVersion: Int64 = 0
  /// Changes committed since the last WAL checkpoint, and timer ticks, for idle checkpoints.
  var commitsSinceCheckpoint = 0
  /// The day this process last saw the lists rolled over to (nil: not looked yet).
  var rolledOverTo: CalendarDate? = nil
  var clockTicks = 0
  var seenChange: Int64 = 0
  var trackers: [ViewQuery: ViewTracker] = [:]
  var subscriptions: [(id: Int, query: ViewQuery)] = []
  var nextSubscription = 1
  /// Views touched since their last publication.
  var dirtyViews: Set<ViewKind> = []
  /// The lists touched since the last publication, for patching subscribed snapshots.
  var dirtyLists: Set<ListKey> = []
  /// Views that changed wholesale (a new day) and are rebuilt, not patched.
  var rebuiltViews: Set<ViewKind> = []
  /// Notifications waiting to be written, after the reply of the request that caused them.
  var outbox: [JSONValue] = []

  init(options: ServerOptions) throws {
    store = try TaskStore(location: options.store, maxPageCount: options.maxPageCount, durability: options.durability)
    clock = ServerClock(fixed: options.fixedClock)
    dayClock = DayClock(timeZone: options.timeZone, dayStartHour: options.dayStartHour)
    index = TaskIndex(today: dayClock.day(of: clock.now))
    for view in ViewKind.allCases { trackers[ViewQuery(view: view)] = ViewTracker(query: ViewQuery(view: view)) }
  }

  static let handlers: [String: Handler] = [
    InitializeRequest.method: { try $0.initialize($1) },
    ShutdownRequest.method: { server, _ in server.shutdownRequested = true; return .null },
    TaskCreateRequest.method: { try $0.create($1) },
    TaskGetRequest.method: { try $0.get($1) },
    TaskUpdateRequest.method: { try $0.update($1) },
    TaskDeleteRequest.method: { try $0.delete($1) },
    TaskCompleteRequest.method: { try $0.complete($1) },
    TaskMoveRequest.method: { try $0.move($1) },
    TaskScheduleRequest.method: { try $0.schedule($1) },
    TaskScheduleOptionsRequest.method: { try $0.scheduleOptions($1) },
    ViewListRequest.method: { try $0.list($1) },
    ViewSubscribeRequest.method: { try $0.subscribe($1) },
    ViewUnsubscribeRequest.method: { try $0.unsubscribe($1) },
    TagsListRequest.method: { try $0.tags($1) },
    HistoryUndoRequest.method: { try $0.undo($1) },
    HistoryRedoRequest.method: { try $0.redo($1) },
    HistoryListRequest.method: { try $0.history($1) },
    SetClockRequest.method: { try $0.setClock($1) },
    DiscoverRequest.method: { server, params in
      _ = try ParamReader(params, allowed: [])
      return try JSONParser.parse(OpenRPCDocument.text)
    },
  ]

  static var methods: [String] { handlers.keys.sorted() }

  /// Methods answered without the tasks.
  static let needsNoData: Set<String> = [
    InitializeRequest.method, ShutdownRequest.method, DiscoverRequest.method,
  ]

  // MARK: Messages

  /// The answer to one line (or Content-Length body), or nil when nothing is to be sent.
  func handle(bytes: [UInt8]) -> JSONValue? {
    let value: JSONValue
    do {
      value = try JSONParser.parse(bytes)
    } catch {
      let rpc: RPCError =
        error.kind == .duplicateKey
        ? .invalidRequest(error.message) : .parseError(error.description)
      return Response(id: nil, outcome: .failure(rpc)).json
    }
    guard case .array(let batch) = value else { return handle(message: value)?.json }
    if batch.isEmpty {
      return Response(id: nil, outcome: .failure(.invalidRequest("an empty batch"))).json
    }
    let answers = batch.compactMap { handle(message: $0)?.json }
    return answers.isEmpty ? nil : .array(answers)
  }

  func handle(message value: JSONValue) -> Response? {
    switch Message.decode(value) {
    case .failure(let response):
      return response
    case .success(.response):
      log("ignored a response from the client: taskwire sends no requests")
      return nil
    case .success(.notification(let notification)):
      handle(notification: notification)
      return nil
    case .success(.request(let request)):
      return Response(id: request.id, outcome: outcome(of: request))
    }
  }

  /// A notification is a call without an answer: it is carried out like a request, and its
  /// result or error is only logged.
  func handle(notification: JSONRPC.Notification) {
    if notification.method == ExitNotification.method {
      exitCode = shutdownRequested ? 0 : 1
      return
    }
    if notification.method.hasPrefix("$/") { return }
    let request = Request(id: .number("0"), method: notification.method, params: notification.params)
    if case .failure(let error) = outcome(of: request) {
      log("notification \(notification.method) failed: \(error.message)")
    }
  }

  func outcome(of request: Request) -> Result<JSONValue, RPCError> {
    guard let handler = Self.handlers[request.method] else {
      return .failure(.methodNotFound(request.method))
    }
    if !initialized && request.method != InitializeRequest.method {
      return .failure(.serverNotInitialized)
    }
    if initialized && request.method == InitializeRequest.method {
      return .failure(.invalidRequest("initialize was already received"))
    }
    if shutdownRequested {
      return .failure(.invalidRequest("the server is shutting down; send exit"))
    }
    do {
      if Self.needsNoData.contains(request.method) { return .success(try handler(self, request.params)) }
      try catchUp()
      rollOverIfNeeded()
      return .success(try handler(self, request.params))
    } catch {
      return .failure(rpcError(error))
    }
  }

  /// Every error a handler can throw, as the protocol's error.
  func rpcError(_ error: any Error) -> RPCError {
    switch error {
    case let error as RPCError: return error
    case let error as DomainError: return RPCError(error)
    case let error as SQLiteError:
      log("store error: \(error)")
      if error.isBusy {
        return RPCError(
          code: TaskwireErrorCode.storeBusy,
          message: "The store is locked by another process; try again",
          data: ["sqlite": .string(error.message)])
      }
      return RPCError(
        code: TaskwireErrorCode.storeFailed,
        message: "The store failed (read-only, full or damaged): \(error.message)",
        data: ["sqlite": .string(error.message)])
    default:
      return .internalError("\(error)")
    }
  }

  // MARK: Lifecycle

  func initialize(_ params: JSONValue?) throws -> JSONValue {
    let info = try InitializeRequest.params(params)
    clientName = info.clientVersion.map { "\(info.clientName) \($0)" } ?? info.clientName
    initialized = true
    return .object([
      "serverInfo": ["name": "taskwire", "version": .string(TaskwireVersion.server)],
      "protocolVersion": .string(TaskwireVersion.protocol),
      "methods": .array(Self.methods.map(JSONValue.string)),
      "notifications": .array([.string(ViewChangedNotification.method)]),
      "timeZone": .string(dayClock.timeZone.identifier),
      "today": .string(dayClock.day(of: clock.now).description),
    ])
  }

  func setClock(_ params: JSONValue?) throws -> JSONValue {
    let text = try SetClockRequest.params(params)
    guard clock.isFixed else {
      throw RPCError.invalidRequest("test/setClock needs the server started with --clock")
    }
    guard let instant = ServerOptions.parseInstant(text), dayClock.canHold(instant) else {
      throw RPCError.invalidParams("now", "must be an ISO 8601 time such as 2026-02-12T09:00:00Z, in years 2 to 9998")
    }
    clock.set(instant)
    try catchUp()
    rollOverIfNeeded()
    publishDirty()
    return .object(["now": .string(DayClock.timestamp(instant)), "today": .string(index.today.description)])
  }

  func log(_ text: String) {
    ServerLog.write("taskwire: \(text)\n")
  }
}
