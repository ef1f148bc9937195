import JSON
import JSONRPC
import TaskwireCore

/// One gesture on a task's checklist: `action` is `add` (`title`, optional `index`, optional
/// `done`: the line comes ticked; optional `uuid`: the line's, minted by the client), `rename`
/// (`item`, `title`), `check` and `uncheck` (`item`), `move` (`item`, `index`), `delete`
/// (`item`) or `toTask` (`item`: the line becomes a task in the task's project or area, on its
/// day). `item` is the line's uuid. One undo step each. Result: `TaskPlace` of the task (of the
/// new task for `toTask`).
public enum TaskChecklistRequest: RequestType {
  public static let method = "task/checklist"
  public static let parameterNames: Set<String>? = ["id", "action", "title", "item", "index", "done", "uuid"]
  public typealias Response = TaskPlace

  public struct Params: Sendable {
    public var id: Int64
    public var action: ChecklistAction
  }

  enum Verb: String, CaseIterable {
    case add, rename, check, uncheck, move, delete, toTask
  }

  public static func decode(_ json: JSONValue?, context: DecodingContext) throws(RPCError) -> Params {
    let reader = try reader(json)
    let id = try reader.id()
    let verb = try reader.require("action", try reader.choice("action", Verb.self))
    func item() throws(RPCError) -> ItemUUID {
      let text = try reader.requiredString("item")
      guard let uuid = ItemUUID(text) else { throw .invalidParams("item", "must be a checklist line's uuid") }
      return uuid
    }
    if verb != .add, reader.has("done") {
      throw .invalidParams("done", "goes with action add only (check and uncheck tick a line there is)")
    }
    if verb != .add, reader.has("uuid") {
      throw .invalidParams("uuid", "goes with action add only (a line there is is named by item)")
    }
    let action: ChecklistAction
    switch verb {
    case .add:
      action = .add(
        title: try reader.requiredString("title"), index: try reader.int("index"),
        done: try reader.bool("done") ?? false, uuid: try TaskCreateRequest.givenUUID(reader))
    case .rename: action = .rename(item: try item(), title: try reader.requiredString("title"))
    case .check: action = .check(item: try item(), done: true)
    case .uncheck: action = .check(item: try item(), done: false)
    case .move: action = .move(item: try item(), index: try reader.requiredInt("index"))
    case .delete: action = .delete(item: try item())
    case .toTask: action = .toTask(item: try item())
    }
    return Params(id: id, action: action)
  }
}
