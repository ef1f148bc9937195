import JSON
import JSONRPC
import TaskwireCore

/// A drag: the task goes to `index` of the target list, the index counted in the list as it
/// looks with the task taken out (left out: the end of the list). The target is `view` and, for
/// Upcoming, the day group's `date` (a date or a phrase), for the matrix the `quadrant`.
/// Result: `TaskPlace`.
public enum TaskMoveRequest: RequestType {
  public static let method = "task/move"
  public static let parameterNames: Set<String>? = [
    "id", "view", "date", "quadrant", "index", "version", "project", "heading", "area", "evening",
  ]
  public typealias Response = TaskPlace

  /// Where a task can be dropped.
  public enum Target: Equatable, Sendable {
    case inbox
    case today
    /// Today's This Evening section (`"view": "today", "evening": true`).
    case evening
    case day(CalendarDate)
    case quadrant(Quadrant)
    /// Among the items of a project, heading or area (0: the top, where areas and the projects
    /// in no area are); the list is the one of the moved item's kind.
    case parent(Int64, heading: Int64? = nil)
    /// Onto Someday, or to Anytime (off Someday, no date): the item keeps its project or area
    /// and its place there (`TaskPlanner.setAside`).
    case someday
    case anytime

    /// For Someday and Anytime: whether the item goes on Someday; nil for a list.
    public var setsAside: Bool? {
      switch self {
      case .someday: true
      case .anytime: false
      default: nil
      }
    }

    /// (Someday and Anytime name no list of their own: `setsAside` places the item.)
    public var list: ListKey {
      switch self {
      case .inbox: .inbox
      case .today: .today
      case .evening: .evening
      case .day(let date): .day(date)
      case .quadrant(let quadrant): .quadrant(quadrant)
      case .parent(let parent, _): .children(parent: parent, kind: .task)
      case .someday, .anytime: .children(parent: 0, kind: .task)
      }
    }

    /// The list for an item of `kind`.
    public func list(for kind: ItemKind) -> ListKey {
      if case .parent(let parent, let heading) = self { return .children(parent: heading ?? parent, kind: kind) }
      return list
    }
  }

  public struct Params: Sendable {
    public var id: Int64
    public var target: Target
    /// The view dropped in, with its project or area: the one `version` was read from.
    public var query = ViewQuery(view: .today)
    /// Nil: the end of the target list.
    public var index: Int?
    /// The target view's version the index was computed on, when the client knows it.
    public var version: Int?
  }

  public static func decode(_ json: JSONValue?, context: DecodingContext) throws(RPCError) -> Params {
    let reader = try reader(json)
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
      throw .invalidParams("view", Self.targets)
    }
    if view.isGathered, reader.has("index") {
      throw .invalidParams("index", "is not taken with view \"\(view.rawValue)\": its order is its projects'")
    }
    if view != .today, reader.has("evening") {
      throw .invalidParams("evening", "is only taken with view \"today\": This Evening is Today's")
    }
    let parent = try structureParent(reader, view: view)
    let id = try reader.id()
    let index = try reader.int("index")
    let version = try reader.int("version", in: 0...Int.max)
    let target: Target
    switch (view, date, quadrant) {
    case (.inbox, _, _): target = .inbox
    case (.today, _, _): target = try reader.bool("evening") == true ? .evening : .today
    case (.upcoming, let date?, _):
      target = .day(
        try RPCError.resolving { () throws(DomainError) in
          try TaskPatch.resolve(date, field: "date", today: context.today)
        })
    case (.matrix, _, let quadrant?): target = .quadrant(quadrant)
    case (.project, _, _), (.area, _, _), (.projects, _, _):
      target = .parent(parent ?? 0, heading: reader.has("heading") ? try reader.id("heading") : nil)
    case (.someday, _, _): target = .someday
    case (.anytime, _, _): target = .anytime
    default:
      throw .invalidParams("view", Self.targets)
    }
    var params = Params(id: id, target: target, index: index, version: version)
    params.query = ViewQuery(view: view, target: view == .project || view == .area ? parent : nil)
    return params
  }

  static let targets =
    "must be inbox, today, upcoming, matrix, project, area, projects, anytime or someday: a drag target"

  /// Into a project (`project`, and under one of its headings with `heading`), an area (`area`),
  /// or among the projects and areas (`projects`, with the `area` to go into, none for the top).
  static func structureParent(_ reader: ParamReader, view: ViewKind) throws(RPCError) -> Int64? {
    // (No set of names made per drag: every move comes through here.)
    func allowed(_ name: String) -> Bool {
      switch view {
      case .project: name == "project" || name == "heading"
      case .area, .projects: name == "area"
      default: false
      }
    }
    for name in ["project", "heading", "area"] where reader.has(name) && !allowed(name) {
      throw .invalidParams(name, "is not taken with view \"\(view.rawValue)\"")
    }
    switch view {
    case .project: return try reader.id("project")
    case .area: return try reader.id("area")
    case .projects: return reader.has("area") && reader.object["area"]?.isNull == false ? try reader.id("area") : 0
    default: return nil
    }
  }
}
