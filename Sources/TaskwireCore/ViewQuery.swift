/// What a frontend asks to see: a view, optionally filtered and sorted.
public struct ViewQuery: Hashable, Sendable {
  public var view: ViewKind
  public var filter: TaskFilter
  public var sort: TaskSort
  /// The project of a `project` view, the area of an `area` view; nil for the others.
  public var target: Int64?

  public init(view: ViewKind, filter: TaskFilter = TaskFilter(), sort: TaskSort = .manual, target: Int64? = nil) {
    self.view = view
    self.filter = filter
    self.sort = sort
    self.target = target
  }

  /// The view as it is, in manual order: the one a drop index counts against.
  public var isBase: Bool { filter == TaskFilter() && sort == .manual }
}

/// Which tasks a query keeps. Every condition given must hold; tags and text compare without
/// regard to case; due dates are inclusive bounds.
public struct TaskFilter: Hashable, Sendable {
  public var tagsAny: [String]? = nil
  public var tagsAll: [String]? = nil
  public var types: [TaskType]? = nil
  public var priorities: [Int]? = nil
  public var urgent: Bool? = nil
  public var dueBefore: CalendarDate? = nil
  public var dueAfter: CalendarDate? = nil
  public var text: String? = nil
  public var hasRecurrence: Bool? = nil

  public init() {}

  /// Keeps every task.
  public var isEmpty: Bool { self == TaskFilter() }

  public func matches(_ task: TaskRecord) -> Bool {
    if tagsAny != nil || tagsAll != nil {
      let tags = Set(task.tags.map { $0.lowercased() })
      if let tagsAny, !tagsAny.contains(where: { tags.contains($0.lowercased()) }) { return false }
      if let tagsAll, !tagsAll.allSatisfy({ tags.contains($0.lowercased()) }) { return false }
    }
    if let types, !types.contains(task.type) { return false }
    if let priorities, !priorities.contains(task.priority) { return false }
    if let urgent, task.urgent != urgent { return false }
    if let dueBefore, !(task.dueDate.map { $0 <= dueBefore } ?? false) { return false }
    if let dueAfter, !(task.dueDate.map { $0 >= dueAfter } ?? false) { return false }
    if let text, !text.isEmpty {
      let needle = text.lowercased()
      if !task.title.lowercased().contains(needle) && !(task.notes?.lowercased().contains(needle) ?? false) {
        return false
      }
    }
    if let hasRecurrence, task.recurrence.repeats != hasRecurrence { return false }
    return true
  }
}

/// How a query orders each group. Manual is the user's order (and the only one a drag can
/// use); the others are stable, with the manual order breaking ties.
public enum TaskSort: String, CaseIterable, Sendable {
  case manual
  /// High priority first.
  case priority
  /// Shortest first.
  case duration
  /// Earliest due date first, tasks without one last.
  case dueDate
  /// By title, ignoring case.
  case title

  func sorted(_ tasks: [TaskRecord]) -> [TaskRecord] {
    guard self != .manual else { return tasks }
    let ordered = tasks.enumerated().sorted { a, b in
      switch self {
      case .priority where a.element.priority != b.element.priority:
        return a.element.priority > b.element.priority
      case .duration where a.element.durationMinutes != b.element.durationMinutes:
        return a.element.durationMinutes < b.element.durationMinutes
      case .dueDate where a.element.dueDate != b.element.dueDate:
        guard let x = a.element.dueDate else { return false }
        guard let y = b.element.dueDate else { return true }
        return x < y
      case .title where a.element.title.lowercased() != b.element.title.lowercased():
        return a.element.title.lowercased() < b.element.title.lowercased()
      default:
        return a.offset < b.offset
      }
    }
    return ordered.map(\.element)
  }
}
