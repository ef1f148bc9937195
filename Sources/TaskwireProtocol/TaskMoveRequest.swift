import JSON
import JSONRPC
import TaskwireCore

/// A drag: the task goes to `index` of the target list, the index counted in the list as it
/// looks with the task taken out (left out: the end of the list). The target is `view` and, for Upcoming, the day group's
/// `date` (a date or a phrase), for the matrix the `quadrant`. Result: `TaskPlace`.
public enum TaskMoveRequest {
  public static let method = "task/move"

  public struct Params: Sendable {
    public var id: Int64
    public var view: ViewKind
    public var date: String?
    /// The matrix quadrant, for view matrix.
    public var quadrant: Quadrant?
    /// Nil: the end of the target list.
    public var index: Int?
    /// The target view's version the index was computed on, when the client knows it.
    public var version: Int?
  }

  public static func params(_ json: JSONValue?) throws(RPCError) -> Params {
    let reader = try ParamReader(json, allowed: ["id", "view", "date", "quadrant", "index", "version"])
    let view = try reader.require("view", try reader.choice("view", ViewKind.self))
    let date = try reader.string("date")
    if view == .upcoming, date == nil {
      throw .invalidParams("date", "is required to move into Upcoming: the day group's date")
    }
    if view != .upcoming, date != nil {
      throw .invalidParams("date", "is only taken with view \"upcoming\"")
    }
    let quadrant = try reader.choice("quadrant", Quadrant.self)
    if view == .matrix, quadrant == nil {
      throw .invalidParams("quadrant", "is required to move into the matrix: do, schedule, delegate or eliminate")
    }
    if view != .matrix, quadrant != nil {
      throw .invalidParams("quadrant", "is only taken with view \"matrix\"")
    }
    guard view.isDragTarget else {
      throw .invalidParams("view", "must be inbox, today, upcoming or matrix: a drag target")
    }
    return Params(
      id: try reader.id(), view: view, date: date, quadrant: quadrant, index: try reader.int("index"),
      version: try reader.int("version", in: 0...Int.max))
  }
}
