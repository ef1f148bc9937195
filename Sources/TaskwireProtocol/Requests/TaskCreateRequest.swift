import JSON
import JSONRPC
import TaskwireCore

/// Creates a task at the end of its list. `view` picks the default date when `scheduledDate`
/// is not given: Inbox none, Today today, Upcoming tomorrow. `uuid`: the item's identity when the
/// client has one (a CalDAV UID, another device's item), refused when an item has it already;
/// else the server mints one. Result: `TaskPlace`.
public enum TaskCreateRequest: RequestType {
  public static let method = "task/create"
  public static let parameterNames: Set<String>? = TaskFields.names.union(["view", "text", "uuid"])
  public typealias Response = TaskPlace

  public struct Params: Sendable {
    public var patch: TaskPatch
    public var view: ViewKind
    public var uuid: ItemUUID? = nil
  }

  /// A `uuid` a client minted (any case), or nil when none is given.
  static func givenUUID(_ reader: ParamReader) throws(RPCError) -> ItemUUID? {
    guard let given = try reader.string("uuid") else { return nil }
    guard let parsed = ItemUUID(given), parsed != .none else {
      throw .invalidParams("uuid", "must be a UUID such as 6f1c2a9e-3b1d-4c55-9a0e-1d2c3b4a5f60")
    }
    return parsed
  }

  public static func decode(_ json: JSONValue?, context: DecodingContext) throws(RPCError) -> Params {
    let reader = try reader(json)
    // `text` is quick add: the fields it means, under the fields given beside it.
    let text = try reader.string("text")
    if text != nil, reader.has("title") {
      throw .invalidParams("text", "and title exclude each other: text holds the title and its tokens")
    }
    if text == nil { _ = try reader.requiredString("title") }
    let view = try reader.choice("view", ViewKind.self) ?? .inbox
    guard [.inbox, .today, .upcoming].contains(view) else {
      throw .invalidParams("view", "must be inbox, today or upcoming: it picks the default date")
    }
    let uuid = try givenUUID(reader)
    let explicit = try TaskFields.patch(reader)
    guard let text else { return Params(patch: explicit, view: view, uuid: uuid) }
    let parsed = try QuickAdd.reading(text, field: "text", today: context.today)
    return Params(patch: parsed.patch.overridden(by: explicit), view: view, uuid: uuid)
  }
}
