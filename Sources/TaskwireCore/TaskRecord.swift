/// One task as stored. `rank` is its place in the manual order of whatever list it is in:
/// lists are sorted by rank, ties broken by id.
///
/// The stored members are declared widest first, so that padding does not grow every record
/// (the index holds every open task, 100k of them in the benchmark).
public struct TaskRecord: Equatable, Sendable {
  public var id: Int64
  public var rank: Int64
  /// Its place in the manual order of its Eisenhower quadrant.
  public var matrixRank: Int64
  public var priority: Int
  public var durationMinutes: Int
  public var title: String
  public var notes: String?
  public var completedAt: String?
  public var createdAt: String
  public var updatedAt: String
  public var tags: [String]
  public var recurrence: Recurrence
  public var scheduledDate: CalendarDate?
  public var dueDate: CalendarDate?
  public var urgent: Bool
  public var completed: Bool
  public var type: TaskType

  public init(
    id: Int64, title: String, notes: String? = nil, tags: [String] = [], priority: Int = 1,
    urgent: Bool = false, durationMinutes: Int = 15, type: TaskType = .maintenance,
    scheduledDate: CalendarDate? = nil, dueDate: CalendarDate? = nil,
    recurrence: Recurrence = .none, completed: Bool = false, completedAt: String? = nil,
    createdAt: String, updatedAt: String, rank: Int64, matrixRank: Int64 = 0
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
    self.matrixRank = matrixRank
  }

  /// The list an open task belongs to on `today`; nil for a completed task.
  public func listKey(today: CalendarDate) -> ListKey? {
    guard !completed else { return nil }
    guard let scheduledDate else { return .inbox }
    return scheduledDate <= today ? .today : .day(scheduledDate)
  }

  /// Important means priority medium or high (2 or 3); urgent is the task's own flag.
  public var isImportant: Bool { priority >= 2 }

  /// The Eisenhower quadrant of an open task; nil for a completed one.
  public var quadrant: Quadrant? {
    guard !completed else { return nil }
    switch (urgent, isImportant) {
    case (true, true): return .doFirst
    case (false, true): return .schedule
    case (true, false): return .delegate
    case (false, false): return .eliminate
    }
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
