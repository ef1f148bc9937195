/// The views a frontend can show. Inbox, Today, Upcoming and the matrix are drag targets;
/// `all` (every open task) and `logbook` (completed tasks) are read-only.
public enum ViewKind: String, CaseIterable, Sendable {
  case inbox
  case today
  case upcoming
  case matrix
  case all
  case logbook

  /// The views a task can be dragged into.
  public var isDragTarget: Bool { self != .all && self != .logbook }
}

/// One ordered list: Inbox, Today, one day group of Upcoming, or one quadrant of the matrix.
public enum ListKey: Hashable, Sendable {
  case inbox
  case today
  case day(CalendarDate)
  case quadrant(Quadrant)
  /// The one group of the `all` view.
  case all
  /// A day of the logbook.
  case completed(CalendarDate)

  public var view: ViewKind {
    switch self {
    case .inbox: .inbox
    case .today: .today
    case .day: .upcoming
    case .quadrant: .matrix
    case .all: .all
    case .completed: .logbook
    }
  }

  /// The group key used in the protocol: "inbox", "today", the day's date, or the quadrant.
  public var groupKey: String {
    switch self {
    case .inbox: "inbox"
    case .today: "today"
    case .day(let date): date.description
    case .quadrant(let quadrant): quadrant.rawValue
    case .all: "all"
    case .completed(let date): date.description
    }
  }

  /// Quadrant lists are ordered by the matrix rank, the others by the rank.
  public var rankPath: WritableKeyPath<TaskRecord, Int64> {
    if case .quadrant = self { return \.matrixRank }
    return \.rank
  }

  /// The task's rank in this list: `rankPath` without a key path's cost, for the hot loops.
  @inline(__always)
  public func rank(of task: TaskRecord) -> Int64 {
    if case .quadrant = self { return task.matrixRank }
    return task.rank
  }
}
