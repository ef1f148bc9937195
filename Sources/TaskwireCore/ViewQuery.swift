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
  /// In this project (under any of its headings too); in this area (directly or in one of its
  /// projects). Read against the structure by `matcher(in:)`.
  public var project: Int64? = nil
  public var area: Int64? = nil

  public init() {}

  /// `matches`, with `project` and `area` looked up in the index's structure once.
  public func matcher(in index: TaskIndex) -> (TaskRecord) -> Bool {
    guard project != nil || area != nil else { return matches }
    func within(_ item: Int64) -> Set<Int64> {
      var found: Set<Int64> = [item]
      var queue = [item]
      while let parent = queue.popLast() {
        for kind in [ItemKind.project, .heading] {
          for child in index.tasks(in: .children(parent: parent, kind: kind)) where found.insert(child.id).inserted {
            queue.append(child.id)
          }
        }
      }
      return found
    }
    var parents: Set<Int64>? = project.map(within)
    if let area { parents = parents.map { $0.intersection(within(area)) } ?? within(area) }
    let allowed = parents ?? []
    return { task in task.parentID.map(allowed.contains) ?? false && matches(task) }
  }

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
  /// By project, in the sidebar's order (an area's own tasks before its projects'); tasks in
  /// no project or area last.
  case project

  func sorted(_ tasks: [TaskRecord], places: [Int64: Int] = [:]) -> [TaskRecord] {
    guard self != .manual else { return tasks }
    let ordered = tasks.enumerated().sorted { a, b in
      switch self {
      case .project:
        let x = a.element.parentID.flatMap { places[$0] } ?? Int.max
        let y = b.element.parentID.flatMap { places[$0] } ?? Int.max
        return x != y ? x < y : a.offset < b.offset
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

extension ViewQuery {
  /// Filters and sorts a group's tasks as the query asks (the structure looked up once).
  public func refiner(in index: TaskIndex) -> ([TaskRecord]) -> [TaskRecord] {
    guard !isBase else { return { $0 } }
    let keep = filter.matcher(in: index)
    let places = sort == .project ? Self.sidebarPlaces(in: index) : [:]
    return { [sort] tasks in sort.sorted(tasks.filter(keep), places: places) }
  }

  /// Each area's, project's and heading's place in the sidebar's order: the projects in no
  /// area, then each area with its projects; a project's headings right after it.
  static func sidebarPlaces(in index: TaskIndex) -> [Int64: Int] {
    var places: [Int64: Int] = [:]
    func add(_ id: Int64) { places[id] = places.count }
    let areas = [Int64(0)] + index.tasks(in: .children(parent: 0, kind: .area)).map(\.id)
    for area in areas {
      if area != 0 { add(area) }
      for project in index.tasks(in: .children(parent: area, kind: .project)) {
        add(project.id)
        for heading in index.tasks(in: .children(parent: project.id, kind: .heading)) { add(heading.id) }
      }
    }
    return places
  }
}
