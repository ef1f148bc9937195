/// A view as a frontend shows it: its groups in order, each with its tasks.
/// - Inbox and Today: one group each, shown even when empty.
/// - Upcoming: one group per day that has tasks, earliest first.
/// - Matrix: the four quadrants, always shown.
/// - All: one group of every open task: Today's, then Upcoming's by day, then Inbox's, then
///   Anytime's and Someday's.
/// - Logbook: completed tasks grouped by the day they were completed, newest first.
public struct ViewSnapshot: Equatable, Sendable {
  public struct Group: Equatable, Sendable {
    public var key: ListKey
    public var title: String
    public var date: CalendarDate?
    public var tasks: [TaskRecord]

    public init(key: ListKey, title: String, date: CalendarDate?, tasks: [TaskRecord]) {
      self.key = key
      self.title = title
      self.date = date
      self.tasks = tasks
    }
  }

  public var view: ViewKind
  public var today: CalendarDate
  public var groups: [Group]

  public init(view: ViewKind, index: TaskIndex) {
    self.init(query: ViewQuery(view: view), index: index)
  }

  /// `logbook` holds the completed tasks, newest first, each with its completion day.
  public init(
    query: ViewQuery, index: TaskIndex, logbook: [(task: TaskRecord, day: CalendarDate)] = [],
    words: Words = .english
  ) {
    view = query.view
    today = index.today
    var groups: [Group]
    switch query.view {
    case .inbox:
      groups = [Group(key: .inbox, title: words.inbox, date: nil, tasks: index.tasks(in: .inbox))]
    case .today:
      // This Evening follows Today's own list while it holds tasks (Things).
      groups = [Group(key: .today, title: words.today, date: index.today, tasks: index.tasks(in: .today))]
      let evening = index.tasks(in: .evening)
      if !evening.isEmpty {
        groups.append(Group(key: .evening, title: words.evening, date: index.today, tasks: evening))
      }
    case .upcoming:
      groups = index.upcomingDates.map { date in
        Group(
          key: .day(date), title: UpcomingGrouping.title(of: date, today: index.today, words: words), date: date,
          tasks: index.tasks(in: .day(date)))
      }
    case .matrix:
      groups = Quadrant.allCases.map { quadrant in
        Group(
          key: .quadrant(quadrant), title: words.quadrants[quadrant] ?? quadrant.title, date: nil,
          tasks: index.tasks(in: .quadrant(quadrant)))
      }
    case .all:
      // Every open task: the date lists', then Anytime's and Someday's (in the sidebar's order).
      let keys = [ListKey.today, .evening] + index.upcomingDates.map(ListKey.day) + [.inbox]
      let setAside = [ViewKind.anytime, .someday].flatMap { view in
        Self.gatheredGroups(ViewQuery(view: view), index: index, words: words).flatMap { group in
          group.key.isProjects ? [] : group.tasks
        }
      }
      groups = [
        Group(key: .all, title: words.all, date: nil, tasks: keys.flatMap { index.tasks(in: $0) } + setAside)
      ]
    case .project, .area, .projects:
      groups = Self.structureGroups(query, index: index, words: words)
    case .anytime, .someday:
      // (Filtered and sorted as they are gathered.)
      groups = Self.gatheredGroups(query, index: index, words: words)
    case .logbook:
      groups = []
      for (task, day) in logbook {
        if groups.last?.date != day {
          groups.append(
            Group(
              key: .completed(day), title: UpcomingGrouping.logbookTitle(of: day, today: index.today, words: words),
              date: day, tasks: []))
        }
        groups[groups.count - 1].tasks.append(task)
      }
    }
    if !query.view.isGathered, !query.isBase {
      let refine = query.refiner(in: index)
      for g in groups.indices { groups[g].tasks = refine(groups[g].tasks) }
    }
    // Day groups exist only while they hold tasks (a project's headings and an area's groups
    // stay, empty or not: they are the structure).
    if query.view == .upcoming || query.view == .logbook { groups.removeAll { $0.tasks.isEmpty } }
    if query.view == .today { groups.removeAll { $0.key == .evening && $0.tasks.isEmpty } }
    self.groups = groups
  }

  /// The snapshot with only the groups of `keys` rebuilt from the index; the others are kept as
  /// they are (their arrays shared, not copied). For the list-based views only: `all` and the
  /// logbook are rebuilt whole.
  public func updating(_ keys: Set<ListKey>, query: ViewQuery, index: TaskIndex, words: Words = .english)
    -> ViewSnapshot
  {
    var snapshot = self
    let refine = query.refiner(in: index)
    for key in keys where key.view == view {
      let tasks = refine(index.tasks(in: key))
      if let g = snapshot.groups.firstIndex(where: { $0.key == key }) {
        if tasks.isEmpty, key == .evening || key.isDay {
          snapshot.groups.remove(at: g)
        } else {
          snapshot.groups[g].tasks = tasks
        }
      } else if !tasks.isEmpty, key == .evening {
        snapshot.groups.append(Group(key: .evening, title: words.evening, date: index.today, tasks: tasks))
      } else if !tasks.isEmpty, case .day(let date) = key {
        let position = snapshot.groups.firstIndex { ($0.date ?? date) > date } ?? snapshot.groups.count
        snapshot.groups.insert(
          Group(
            key: key, title: UpcomingGrouping.title(of: date, today: index.today, words: words), date: date,
            tasks: tasks),
          at: position)
      }
    }
    return snapshot
  }
}
