import Foundation
import JSON
import JSONRPC
import TaskwireCore
import TaskwireProtocol
import TaskwireStore
import TaskwireSync

/// The server: the lifecycle, the method table, and the two halves it wires together — the
/// `Replica` (the tasks and every change) and the `ViewPublisher` (subscriptions and diffs).
/// One serial loop owns it: messages are handled strictly in arrival order, and each change is
/// committed before its reply is produced.
public final class Server: MessageHandler {
  public let replica: Replica
  /// On a replica of a shared store (`--replica`), what keeps each commit's change record.
  public var sync: SyncReplica? = nil
  /// With a shared store named: the serving loop's side of the agent that syncs it.
  public var syncLink: SyncLink? = nil
  let publisher: ViewPublisher
  /// Reminders, for a client that shows them.
  let reminders: ReminderDesk
  /// Whether `test/setClock` is offered: only with `--clock`.
  let offersSetClock: Bool
  let timeZoneName: String
  /// `--quiet`: `info` lines are left out.
  let quiet: Bool
  var initialized = false
  var shutdownRequested = false
  /// The client's language: titles, labels and error messages.
  var language = Language.en {
    didSet {
      replica.words = language.words
      publisher.language = language
      reminders.words = language.words
    }
  }
  /// Set by the `exit` notification: the loop ends after the current frame.
  public var exitCode: Int32? = nil

  public convenience init(storage: any Storage, options: ServerOptions) {
    let dayClock = DayClock(timeZone: options.timeZone, dayStartHour: options.dayStartHour)
    self.init(
      replica: Replica(storage: storage, dayClock: dayClock, clock: ReplicaClock(fixed: options.fixedClock)),
      options: options)
    replica.log = { [unowned self] in self.log($0) }
  }

  /// A session on a replica that outlives it (the resident server's, one per connection): the
  /// tasks stay loaded, and the session starts as a new process's would.
  public init(replica: Replica, options: ServerOptions) {
    self.replica = replica
    publisher = ViewPublisher(replica: replica)
    reminders = ReminderDesk(replica: replica)
    publisher.absorbed = { [unowned reminders] in reminders.absorb($0) }
    offersSetClock = options.fixedClock != nil
    timeZoneName = options.timeZoneName
    quiet = options.quiet
    replica.words = Language.en.words
  }

  static let dispatcher: Dispatcher = {
    var methods = Dispatcher()
    registerLifecycle(&methods)
    registerTasks(&methods)
    registerBatch(&methods)
    registerParse(&methods)
    registerViews(&methods)
    registerHistory(&methods)
    registerReminders(&methods)
    registerLinks(&methods)
    registerSync(&methods)
    registerStore(&methods)
    return methods
  }()

  /// The methods this server offers, as `initialize` lists them.
  var methods: [String] {
    Self.dispatcher.methods.filter { $0 != SetClockRequest.method || offersSetClock }
  }

  var decodingContext: DecodingContext { DecodingContext(today: replica.today) }

  // MARK: MessageHandler

  public func answer(_ request: Request) -> Result<OutgoingJSON, RPCError> {
    guard let entry = Self.dispatcher.entries[request.method] else {
      return .failure(RPCError.methodNotFound(request.method).localized(language))
    }
    if !initialized && request.method != InitializeRequest.method {
      return .failure(RPCError.serverNotInitialized.localized(language))
    }
    if initialized && request.method == InitializeRequest.method {
      return .failure(RPCError.invalidRequest("initialize was already received").localized(language))
    }
    if shutdownRequested {
      return .failure(RPCError.invalidRequest("the server is shutting down; send exit").localized(language))
    }
    do {
      // A subscriber must hear other writers from its snapshot on: the watch is made before
      // the catch-up that precedes the snapshot, so no commit falls between the two. (A read
      // still checks SQLite's data_version itself: a file event comes with a writer's WAL
      // bytes, before its commit is visible, so it cannot tell a read that nothing changed.)
      if entry.access == .subscribe { replica.hearOtherWriters() }
      if !replica.isLoaded, let beforeLoad = entry.beforeLoad, let answer = try beforeLoad(self, request.params) {
        return .success(answer)
      }
      if entry.access != .lifecycle { try replica.prepare(forChange: entry.access == .change) }
      return .success(try entry.run(self, request.params))
    } catch {
      return .failure(rpcError(error).localized(language))
    }
  }

  /// LSP's housekeeping notifications, which an LSP client library sends on its own: accepted
  /// and ignored, so that any language-server client can drive taskwire.
  static let lspHousekeeping: Set<String> = [
    "initialized", "workspace/didChangeConfiguration", "workspace/didChangeWorkspaceFolders",
    "workspace/didChangeWatchedFiles", "window/workDoneProgress/cancel", "textDocument/didOpen",
    "textDocument/didChange", "textDocument/didClose", "textDocument/didSave", "textDocument/willSave",
  ]

  public func carryOut(_ notification: JSONRPC.Notification) {
    if notification.method == ExitNotification.method {
      exitCode = shutdownRequested ? 0 : 1
      return
    }
    if Self.lspHousekeeping.contains(notification.method) { return }
    let request = Request(id: .number("0"), method: notification.method, params: notification.params)
    if case .failure(let error) = answer(request) {
      log("notification \(notification.method) failed: \(error.message)")
    }
  }

  /// Publishes what changed, then hands over the notifications: after each frame's reply.
  public func takeQueued() -> [OutgoingJSON] {
    publisher.publish()
    reminders.fireDue()
    let views = publisher.takeOutbox()
    guard !reminders.outbox.isEmpty else { return views }
    defer { reminders.outbox.removeAll() }
    return views + reminders.outbox
  }

  /// Whether a client is subscribed to a view (its lists are pushed at the day's start).
  var hasSubscriptions: Bool { !publisher.subscriptions.isEmpty }

  /// What the timer does: other writers, the day, housekeeping.
  public func poll() {
    replica.poll()
    if reminders.enabled {
      publisher.absorbReplicaUpdate()
      reminders.refreshStates()
    }
  }

  /// Every error a handler can throw, as the protocol's error.
  func rpcError(_ error: any Error) -> RPCError {
    switch error {
    case let error as RPCError: return error
    case let error as DomainError: return RPCError(error)
    case let error as SafeFile.Failure:
      // A file the person named (an export's) cannot be written: their situation, not a bug.
      return RPCError(
        code: TaskwireErrorCode.storeFailed, message: "The file cannot be written: \(error)",
        data: .object(["file": .string(error.description)]))
    case let error as any StorageFailure:
      log("store error: \(error)")
      if error.isBusy {
        return RPCError(
          code: TaskwireErrorCode.storeBusy, message: "The store is locked by another process; try again",
          data: .object([error.backendName: .string(error.detail)]))
      }
      return RPCError(
        code: TaskwireErrorCode.storeFailed,
        message: "The store failed (read-only, full or damaged): \(error.detail)",
        data: .object([error.backendName: .string(error.detail)]))
    default:
      return .internalError("\(error)")
    }
  }

  public func log(_ text: String) {
    ServerLog.write("taskwire: \(text)\n")
  }

  /// A line for whoever keeps the log, left out under `--quiet`.
  public func info(_ text: String) {
    if !quiet { log(text) }
  }
}
