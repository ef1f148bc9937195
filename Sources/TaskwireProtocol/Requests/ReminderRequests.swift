import JSON
import JSONRPC
import TaskwireCore

/// Which reminder a request means: its task's `id` and its wall time `at` (as the `reminder`
/// notification names it).
public struct ReminderReference: Sendable {
  public var id: Int64
  public var at: WallMoment

  static func read(_ reader: ParamReader) throws(RPCError) -> ReminderReference {
    let id = try reader.id()
    let text = try reader.requiredString("at")
    guard let at = WallMoment(iso: text) else {
      throw .invalidParams(
        "at", "must be the reminder's time as YYYY-MM-DDTHH:MM, as the reminder notification gave it")
    }
    return ReminderReference(id: id, at: at)
  }
}

/// Dismisses a reminder: it stops showing in every client of every process on the store.
/// Result: `{id, at, state: "dismissed"}`.
public enum ReminderDismissRequest: RequestType {
  public static let method = "reminder/dismiss"
  public static let parameterNames: Set<String>? = ["id", "at"]

  public static func decode(_ json: JSONValue?, context: DecodingContext) throws(RPCError) -> ReminderReference {
    try ReminderReference.read(reader(json))
  }

  public struct Response: TreeResponse {
    public var reference: ReminderReference
    public init(_ reference: ReminderReference) { self.reference = reference }
    public var json: JSONValue {
      ["id": .int64(reference.id), "at": .string(reference.at.description), "state": "dismissed"]
    }
  }
}

/// Snoozes a reminder `for` a span or until a time (`SnoozePhrase`): it stops showing
/// everywhere and fires again then. Result: `{id, at, state: "snoozed", until, message}` with
/// `until` the wall time it comes back (`YYYY-MM-DDTHH:MM`).
public enum ReminderSnoozeRequest: RequestType {
  public static let method = "reminder/snooze"
  public static let parameterNames: Set<String>? = ["id", "at", "for"]

  public struct Params: Sendable {
    public var reference: ReminderReference
    public var phrase: String
  }

  public static func decode(_ json: JSONValue?, context: DecodingContext) throws(RPCError) -> Params {
    let reader = try reader(json)
    return Params(reference: try ReminderReference.read(reader), phrase: try reader.requiredString("for"))
  }

  public struct Response: TreeResponse {
    public var reference: ReminderReference
    public var until: WallMoment
    public var message: String
    public init(_ reference: ReminderReference, until: WallMoment, message: String) {
      self.reference = reference
      self.until = until
      self.message = message
    }
    public var json: JSONValue {
      [
        "id": .int64(reference.id), "at": .string(reference.at.description), "state": "snoozed",
        "until": .string(until.description), "message": .string(message),
      ]
    }
  }
}

/// The reminders showing now (fired, not dismissed nor snoozed, their task open), oldest
/// first, each as the `reminder` notification's params. Result: `{reminders: [...]}`.
public enum ReminderListRequest: RequestType {
  public typealias Params = NoParams
  public static let method = "reminder/list"

  public struct Response: ResponseType {
    public var reminders: [OutgoingJSON]
    public init(reminders: [OutgoingJSON]) { self.reminders = reminders }
    public var output: OutgoingJSON { .object([("reminders", .array(reminders))]) }
  }
}
