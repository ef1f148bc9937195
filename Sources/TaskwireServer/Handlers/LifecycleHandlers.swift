import JSONRPC
import TaskwireCore
import TaskwireProtocol
import TaskwireStore

/// initialize, shutdown, rpc.discover and the test clock.
extension Server {
  static func registerLifecycle(_ methods: inout Dispatcher) {
    methods.on(InitializeRequest.self, .lifecycle) { server, params in server.initialize(params) }
    methods.on(ShutdownRequest.self, .lifecycle) { server, _ in
      server.shutdownRequested = true
      return NullResponse()
    }
    methods.on(DiscoverRequest.self, .lifecycle) { _, _ in DiscoverRequest.Response() }
    methods.on(SetClockRequest.self, .read) { server, now in try server.setClock(now) }
    methods.on(LocaleSetRequest.self, .read) { server, locale in server.setLocale(locale) }
  }

  func initialize(_ params: InitializeRequest.Params) -> InitializeRequest.Response {
    replica.client = params.clientVersion.map { "\(params.clientName) \($0)" } ?? params.clientName
    initialized = true
    let (language, fellBack) = Language.negotiate(params.locale)
    self.language = language
    var response = InitializeRequest.Response(
      methods: methods, notifications: [ViewChangedNotification.method],
      timeZone: timeZoneName, today: replica.dayClock.day(of: replica.clock.now),
      locale: language.rawValue, requestedLocale: fellBack ? params.locale : nil)
    if let sqlite = replica.storage as? SQLiteStorage, sqlite.createdFile, case .file(let path) = sqlite.location {
      response.newStore = path
    }
    publisher.compactTasks = params.compactTasks
    response.compactTasks = params.compactTasks
    publisher.displayParts = params.displayParts
    response.displayParts = params.displayParts
    if params.reminders {
      reminders.enable()
      response.reminders = true
      response.notifications += [ReminderNotification.method, ReminderNotification.clearedMethod]
    }
    return response
  }

  /// A new language: every subscribed view's titles change, pushed as a diff.
  func setLocale(_ tag: String) -> LocaleSetRequest.Response {
    let (language, fellBack) = Language.negotiate(tag)
    if language != self.language {
      self.language = language
      publisher.markRebuilt(ViewKind.allCases)
    }
    return LocaleSetRequest.Response(locale: language.rawValue, requestedLocale: fellBack ? tag : nil)
  }

  func setClock(_ text: String) throws -> SetClockRequest.Response {
    guard replica.clock.isFixed else {
      throw RPCError.invalidRequest("test/setClock needs the server started with --clock")
    }
    guard let instant = ServerOptions.parseInstant(text), replica.dayClock.canHold(instant) else {
      throw RPCError.invalidParams("now", "must be an ISO 8601 time such as 2026-02-12T09:00:00Z, in years 2 to 9998")
    }
    replica.clock.set(instant)
    try replica.prepare(forChange: false)
    publisher.publish()
    return SetClockRequest.Response(now: DayClock.timestamp(instant), today: replica.today)
  }
}
