/// The views a frontend can show. Inbox, Today, Upcoming and the matrix are drag targets;
/// `all` (every open task) and `logbook` (completed tasks) are read-only.
public enum ViewKind: String, CaseIterable, Sendable {
  case inbox
  case today
  case upcoming
  case matrix
  case all
  case logbook
  /// A project's tasks, under its headings (`project` names it).
  case project
  /// An area's projects and its own tasks (`area` names it).
  case area
  /// The areas with their projects, for a sidebar.
  case projects
  /// Things' Anytime: the open tasks with no date in projects and areas, not on Someday.
  case anytime
  /// Things' Someday: the tasks and projects put aside.
  case someday

  /// The views a task can be dragged into.
  public var isDragTarget: Bool { self != .all && self != .logbook }

  /// The views of the structure (projects, headings, areas), which name what they show.
  public var isStructure: Bool { self == .project || self == .area || self == .projects }

  /// The views gathered from the structure's lists, each list filtered (Anytime, Someday).
  public var isGathered: Bool { self == .anytime || self == .someday }
}

/// One ordered list: Inbox, Today, one day group of Upcoming, or one quadrant of the matrix.
public enum ListKey: Hashable, Sendable {
  case inbox
  case today
  /// Today's This Evening section (Things): the tasks of today marked `evening`.
  case evening
  case day(CalendarDate)
  case quadrant(Quadrant)
  /// The one group of the `all` view.
  case all
  /// A day of the logbook.
  case completed(CalendarDate)
  /// The open items of one kind under one parent, in their manual order (`parentRank`): a
  /// project's or a heading's tasks, a project's headings, an area's projects or tasks; parent 0
  /// holds the areas and the projects in no area.
  case children(parent: Int64, kind: ItemKind)

  public var view: ViewKind {
    switch self {
    case .inbox: .inbox
    case .today, .evening: .today
    case .day: .upcoming
    case .quadrant: .matrix
    case .all: .all
    case .completed: .logbook
    case .children(_, let kind): kind == .task ? .project : .projects
    }
  }

  /// The group key used in the protocol: "inbox", "today", the day's date, or the quadrant.
  public var groupKey: String {
    switch self {
    case .inbox: "inbox"
    case .today: "today"
    case .evening: "evening"
    case .day(let date): date.description
    case .quadrant(let quadrant): quadrant.rawValue
    case .all: "all"
    case .completed(let date): date.description
    case .children(let parent, let kind): "\(kind.rawValue)s:\(parent)"
    }
  }

  /// Lists the index lets go of once empty (a day of Upcoming, an emptied project's list, an
  /// evening with nothing planned).
  public var isDropped: Bool {
    switch self {
    case .day, .children, .evening: true
    default: false
    }
  }

  /// A day group of Upcoming.
  public var isDay: Bool {
    if case .day = self { return true }
    return false
  }

  /// Sets the task's rank in this list: a quadrant's is the matrix rank, a parent's list's the
  /// parent rank, the others' the rank. (A switch, not a key path: a key path's write cost
  /// about 1,500 instructions, measured with callgrind, and a drag made two.)
  @inline(__always)
  public func setRank(_ rank: Int64, of task: inout TaskRecord) {
    switch self {
    case .quadrant: task.matrixRank = rank
    case .children: task.parentRank = rank
    default: task.rank = rank
    }
  }

  /// The task's rank in this list (see `setRank`).
  @inline(__always)
  public func rank(of task: TaskRecord) -> Int64 {
    switch self {
    case .quadrant: task.matrixRank
    case .children: task.parentRank
    default: task.rank
    }
  }
}
