import JSON
import JSONRPC
import TaskwireCore

/// A drag: the task goes to `index` of the target list, the index counted in the list as it
/// looks with the task taken out (left out: the end of the list). The target is `view` and, for Upcoming, the day group's
/// `date` (a date or a phrase). Result: `TaskPlace`.
public enum TaskMoveRequest {
  public static let method = "task/move"

  public struct Params: Sendable {
    public var id: Int64
    public var view: ViewKind
    public var date: String?
    /// Nil: the end of the target list.
    public var index: Int?
    /// The target view's version the index was computed on, when the client knows it.
    public var version: Int?
  }

  public static func params(_ json: JSONValue?) throws(RPCError) -> Params {
    let reader = try ParamReader(json, allowed: ["id", "view", "date", "index", "version"])
    let view = try reader.require("view", try reader.choice("view", ViewKind.self))
    let date = try reader.string("date")
    if view == .upcoming, date == nil {
      throw .invalidParams("date", "is required to move into Upcoming: the day group's date")
    }
    if view != .upcoming, date != nil {
      throw .invalidParams("date", "is only taken with view \"upcoming\"")
    }
    return Params(
      id: try reader.id(), view: view, date: date, index: try reader.int("index"),
      version: try reader.int("version", in: 0...Int.max))
  }
}
