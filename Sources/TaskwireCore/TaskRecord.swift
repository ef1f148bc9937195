/// One task as stored. `rank` is its place in the manual order of whatever list it is in:
/// lists are sorted by rank, ties broken by id.
public struct TaskRecord: Equatable, Sendable {
  public var id: Int64
  public var title: String
  public var notes: String?
  public var tags: [String]
  public var priority: Int
  public var urgent: Bool
  public var durationMinutes: Int
  public var type: TaskType
  public var scheduledDate: CalendarDate?
  public var dueDate: CalendarDate?
  public var recurrence: Recurrence
  public var completed: Bool
  public var completedAt: String?
  public var createdAt: String
  public var updatedAt: String
  public var rank: Int64

  public init(
    id: Int64, title: String, notes: String? = nil, tags: [String] = [], priority: Int = 1,
    urgent: Bool = false, durationMinutes: Int = 15, type: TaskType = .maintenance,
    scheduledDate: CalendarDate? = nil, dueDate: CalendarDate? = nil,
    recurrence: Recurrence = .none, completed: Bool = false, completedAt: String? = nil,
    createdAt: String, updatedAt: String, rank: Int64
  ) {
    self.id = id
    self.title = title
    self.notes = notes
    self.tags = tags
    self.priority = priority
    self.urgent = urgent
    self.durationMinutes = durationMinutes
    self.type = type
    self.scheduledDate = scheduledDate
    self.dueDate = dueDate
    self.recurrence = recurrence
    self.completed = completed
    self.completedAt = completedAt
    self.createdAt = createdAt
    self.updatedAt = updatedAt
    self.rank = rank
  }

  /// The list an open task belongs to on `today`; nil for a completed task.
  public func listKey(today: CalendarDate) -> ListKey? {
    guard !completed else { return nil }
    guard let scheduledDate else { return .inbox }
    return scheduledDate <= today ? .today : .day(scheduledDate)
  }
}

/// The kinds of work a task can be, as in the seeds' time-boxing app.
public enum TaskType: String, CaseIterable, Sendable {
  case maintenance
  case deepWork
  case shallowWork
  case errand
  case meeting
  case learning
}

/// How a task repeats. Weekdays are ISO (1 = Monday … 7 = Sunday); a month day of 32 means the
/// last day of the month.
public enum Recurrence: Equatable, Sendable {
  case none
  case daily
  case weekly(weekdays: [Int])
  case biweekly(weekdays: [Int])
  case monthly(day: Int?)

  public var pattern: String {
    switch self {
    case .none: "none"
    case .daily: "daily"
    case .weekly: "weekly"
    case .biweekly: "biweekly"
    case .monthly: "monthly"
    }
  }

  public var weekdays: [Int]? {
    switch self {
    case .weekly(let days), .biweekly(let days): days
    default: nil
    }
  }

  public var monthDay: Int? {
    if case .monthly(let day) = self { return day }
    return nil
  }

  /// Builds a recurrence from its parts, refusing combinations that make no sense.
  public static func make(pattern: String, weekdays: [Int]?, monthDay: Int?) throws(DomainError)
    -> Recurrence
  {
    func forbid(_ present: Bool, _ field: String) throws(DomainError) {
      if present {
        throw .invalidField("recurrence.\(field)", "is not allowed with pattern \"\(pattern)\"")
      }
    }
    switch pattern {
    case "none", "daily":
      try forbid(weekdays != nil, "weekdays")
      try forbid(monthDay != nil, "monthDay")
      return pattern == "none" ? .none : .daily
    case "weekly", "biweekly":
      try forbid(monthDay != nil, "monthDay")
      let days = weekdays ?? []
      guard days.allSatisfy({ (1...7).contains($0) }) else {
        throw .invalidField("recurrence.weekdays", "must hold ISO weekdays from 1 (Mon) to 7 (Sun)")
      }
      guard Set(days).count == days.count else {
        throw .invalidField("recurrence.weekdays", "must not repeat a weekday")
      }
      let sorted = days.sorted()
      return pattern == "weekly" ? .weekly(weekdays: sorted) : .biweekly(weekdays: sorted)
    case "monthly":
      try forbid(weekdays != nil, "weekdays")
      if let monthDay, !(1...32).contains(monthDay) {
        throw .invalidField("recurrence.monthDay", "must be from 1 to 31, or 32 for the last day")
      }
      return .monthly(day: monthDay)
    default:
      throw .invalidField(
        "recurrence.pattern", "must be one of none, daily, weekly, biweekly, monthly")
    }
  }
}
