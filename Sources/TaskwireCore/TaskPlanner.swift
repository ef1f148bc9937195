/// Turns each user action into the change set that carries it out, against the index as it is
/// now. Pure: nothing is written here, so a refused action changes nothing.
public struct TaskPlanner {
  public let index: TaskIndex
  /// The protocol timestamp of now, for createdAt/updatedAt/completedAt.
  public let now: String

  public init(index: TaskIndex, now: String) {
    self.index = index
    self.now = now
  }

  var today: CalendarDate { index.today }

  public func create(id: Int64, patch: TaskPatch, view: ViewKind) throws(DomainError) -> ChangeSet {
    guard patch.title != nil else { throw .invalidField("title", "is required") }
    var draft = TaskRecord(id: id, title: "", createdAt: now, updatedAt: now, rank: 0)
    switch view {
    case .inbox: draft.scheduledDate = nil
    case .today: draft.scheduledDate = today
    case .upcoming: draft.scheduledDate = today.adding(days: 1)
    }
    var task = try patch.applied(to: draft, today: today)
    if let key = task.listKey(today: today) { task.rank = index.endRank(of: key) }
    return ChangeSet(label: "Create '\(task.title)'", changes: [TaskChange(before: nil, after: task)])
  }

  /// An update keeps the task's place when it stays in its list, and puts it at the end of
  /// its new list when the date moves it.
  public func update(_ original: TaskRecord, patch: TaskPatch) throws(DomainError) -> ChangeSet {
    var task = try patch.applied(to: original, today: today)
    let newKey = task.listKey(today: today)
    if let newKey, newKey != original.listKey(today: today) { task.rank = index.endRank(of: newKey) }
    return changeSet("Update '\(task.title)'", original, task)
  }

  public func delete(_ task: TaskRecord) -> ChangeSet {
    ChangeSet(label: "Delete '\(task.title)'", changes: [TaskChange(before: task, after: nil)])
  }

  /// Completing takes a task out of its list; reopening puts it at the end of its list.
  public func complete(_ original: TaskRecord, completed: Bool) -> ChangeSet {
    var task = original
    task.completed = completed
    task.completedAt = completed ? original.completedAt ?? now : nil
    if !completed, original.completed, let key = task.listKey(today: today) {
      task.rank = index.endRank(of: key)
    }
    let verb = completed ? "Complete" : "Reopen"
    return changeSet("\(verb) '\(task.title)'", original, task)
  }

  /// A drag: the task goes to `index` of `target`, counted with the task taken out (nil: the
  /// end). Into
  /// Inbox clears the date, into Today sets today (an overdue task reordered inside Today keeps
  /// its date), into a day group sets that day.
  public func move(_ original: TaskRecord, to target: ListKey, at requestedIndex: Int?)
    throws(DomainError) -> ChangeSet
  {
    guard !original.completed else { throw .taskCompleted(original.id) }
    var task = original
    let source = original.listKey(today: today)
    switch target {
    case .inbox: task.scheduledDate = nil
    case .today: if source != .today { task.scheduledDate = today }
    case .day(let date):
      guard date > today else {
        throw date < today
          ? .dateInPast(date, today: today)
          : .invalidField("date", "must be after today for an Upcoming group; move to Today instead")
      }
      task.scheduledDate = date
    }
    let list = index.list(target).without(
      source == target ? OrderedList.Entry(rank: original.rank, id: original.id) : nil)
    let dropIndex = requestedIndex ?? list.count
    guard dropIndex >= 0, dropIndex <= list.count else {
      throw .invalidField("index", "must be from 0 to \(list.count) for this list")
    }
    let label =
      source == target
      ? "Reorder '\(task.title)' in \(title(of: target))"
      : "Move '\(task.title)' to \(title(of: target))"
    // Dropping a task where it already is changes nothing and records no step.
    if source == target, index.position(of: original.id)?.index == dropIndex {
      return ChangeSet(label: label, changes: [])
    }
    let placement = DropIndex.place(in: list, at: dropIndex)
    task.rank = placement.rank
    var changes: [TaskChange] = []
    for (id, rank) in placement.reassigned {
      let before = index.tasks[id]!
      var after = before
      after.rank = rank
      changes.append(TaskChange(before: before, after: after))
    }
    if task != original {
      // A reorder changes where the task is, not the task: only a new date stamps updatedAt.
      if task.scheduledDate != original.scheduledDate { task.updatedAt = now }
      changes.append(TaskChange(before: original, after: task))
    }
    return ChangeSet(label: label, changes: changes)
  }

  /// A date pick: the task lands at the end of its new list; when the list does not change,
  /// the task keeps its place.
  public func schedule(_ original: TaskRecord, to date: CalendarDate?) throws(DomainError)
    -> ChangeSet
  {
    guard !original.completed else { throw .taskCompleted(original.id) }
    if let date, date < today { throw .dateInPast(date, today: today) }
    var task = original
    task.scheduledDate = date
    let key = task.listKey(today: today)!
    if key != original.listKey(today: today) { task.rank = index.endRank(of: key) }
    let label = date == nil ? "Send '\(task.title)' to Inbox" : "Schedule '\(task.title)' for \(title(of: key))"
    return changeSet(label, original, task)
  }

  /// A list's name as a user reads it in a label: "Inbox", "Today", "Tomorrow", "Feb 13".
  public func title(of key: ListKey) -> String {
    switch key {
    case .inbox: "Inbox"
    case .today: "Today"
    case .day(let date): UpcomingGrouping.title(of: date, today: today)
    }
  }

  /// A change set of one task, empty when nothing changed, stamping updatedAt otherwise.
  private func changeSet(_ label: String, _ before: TaskRecord, _ after: TaskRecord) -> ChangeSet {
    guard before != after else { return ChangeSet(label: label, changes: []) }
    var after = after
    after.updatedAt = now
    return ChangeSet(label: label, changes: [TaskChange(before: before, after: after)])
  }
}
