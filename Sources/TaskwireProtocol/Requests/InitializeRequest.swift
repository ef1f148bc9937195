import JSON
import JSONRPC
import TaskwireCore

public enum TaskwireVersion {
  public static let server = "0.1.0"
  /// The protocol's version: bumped when a change would break a client written to it.
  public static let `protocol` = "1"
}

/// The first request. Members an LSP client sends (capabilities, processId, …) are accepted
/// and ignored. Result: the server's name and version, the protocol version and the methods.
public enum InitializeRequest: RequestType {
  public static let method = "initialize"
  public static let parameterNames: Set<String>? = nil

  public struct Params: Sendable {
    public var clientName: String
    public var clientVersion: String?
    /// BCP 47, as LSP sends it (`de`, `de-AT`, `en-US`).
    public var locale: String?
    /// `initializationOptions.compactTasks`: a task inserted by a `view/changed` diff leaves
    /// out the members at their defaults (Protocol/README.md, "Compact tasks").
    public var compactTasks = false
    /// `initializationOptions.displayParts`: every task and group sent carries its display
    /// parts in the session's language (Protocol/README.md, "Display parts").
    public var displayParts = false
    /// `initializationOptions.reminders`: the client shows reminders; the server sends it a
    /// `reminder` when one is due (Protocol/README.md, "Reminders").
    public var reminders = false
  }

  public static func decode(_ json: JSONValue?, context: DecodingContext) throws(RPCError) -> Params {
    let reader = try reader(json)
    if let version = try reader.string("protocolVersion"), version != TaskwireVersion.protocol {
      throw .invalidParams(
        "protocolVersion", "\"\(version)\" is not spoken here; this server speaks \"\(TaskwireVersion.protocol)\"")
    }
    let info = try reader.nested("clientInfo", allowed: ["name", "version"])
    // LSP's place for a server's own options (any JSON value, in LSP: an editor set up for
    // another server may send a string): only our member of an object is read.
    let options = try reader.value("initializationOptions")?.objectValue ?? [:]
    func flag(_ name: String) throws(RPCError) -> Bool {
      guard let flag = options[name], !flag.isNull else { return false }
      guard let value = flag.boolValue else {
        throw .invalidParams("initializationOptions.\(name)", "must be true or false, got \(flag.typeName)")
      }
      return value
    }
    return Params(
      clientName: try info?.string("name") ?? "unknown", clientVersion: try info?.string("version"),
      locale: try reader.string("locale"), compactTasks: try flag("compactTasks"),
      displayParts: try flag("displayParts"), reminders: try flag("reminders"))
  }

  public struct Response: TreeResponse {
    public var methods: [String]
    public var notifications: [String]
    public var timeZone: String
    public var today: CalendarDate
    /// The language in use (`en`, `de`), and the one asked for when it is not spoken.
    public var locale: String
    public var requestedLocale: String?
    /// The store's path when this server just created it, new and empty (a mistyped path, or
    /// the first run): a client shows it, as it may not see the server's stderr.
    public var newStore: String? = nil
    /// Whether diffs insert compact tasks (the client asked for them).
    public var compactTasks = false
    /// Whether tasks and groups carry their display parts (the client asked for them).
    public var displayParts = false
    /// Whether reminders are sent to this client (it asked for them).
    public var reminders = false

    public init(
      methods: [String], notifications: [String], timeZone: String, today: CalendarDate, locale: String,
      requestedLocale: String?
    ) {
      self.methods = methods
      self.notifications = notifications
      self.timeZone = timeZone
      self.today = today
      self.locale = locale
      self.requestedLocale = requestedLocale
    }

    /// What the server offers, for LSP client libraries (which require the member) and for
    /// frontends that adapt to it.
    public static let capabilities: JSONValue = [
      "views": .array(ViewKind.allCases.map { .string($0.rawValue) }),
      "dragTargets": .array(ViewKind.allCases.filter(\.isDragTarget).map { .string($0.rawValue) }),
      "viewDiffs": true,
      "history": true,
      "filters": true,
      "recurrence": true,
      "compactTasks": true,
      "displayParts": true,
      "catalogue": true,
      "reminders": true,
    ]

    public var json: JSONValue {
      var object: JSONObject = [
        "serverInfo": ["name": "taskwire", "version": .string(TaskwireVersion.server)],
        "protocolVersion": .string(TaskwireVersion.protocol),
        "methods": .array(methods.map(JSONValue.string)),
        "notifications": .array(notifications.map(JSONValue.string)),
        "timeZone": .string(timeZone),
        "today": .string(today.description),
        "capabilities": Self.capabilities,
        "locale": .string(locale),
      ]
      if let requestedLocale { object["requestedLocale"] = .string(requestedLocale) }
      if let newStore { object["newStore"] = .string(newStore) }
      if compactTasks { object["compactTasks"] = true }
      if displayParts { object["displayParts"] = true }
      if reminders { object["reminders"] = true }
      return .object(object)
    }
  }
}
