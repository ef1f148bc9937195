/// A view as a frontend shows it: its groups in order, each with its tasks in manual order.
/// Inbox and Today have one group each (shown even when empty); Upcoming has one per day that
/// has tasks, earliest first.
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
    self.view = view
    self.today = index.today
    switch view {
    case .inbox:
      groups = [Group(key: .inbox, title: "Inbox", date: nil, tasks: index.tasks(in: .inbox))]
    case .today:
      groups = [
        Group(key: .today, title: "Today", date: index.today, tasks: index.tasks(in: .today))
      ]
    case .upcoming:
      groups = index.upcomingDates.map { date in
        Group(
          key: .day(date), title: UpcomingGrouping.title(of: date, today: index.today), date: date,
          tasks: index.tasks(in: .day(date)))
      }
    }
  }
}
