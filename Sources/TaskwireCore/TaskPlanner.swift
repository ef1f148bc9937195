/// Turns each user action into the change set that carries it out, against the index as it is
/// now. Pure: nothing is written here, so a refused action changes nothing.
public struct TaskPlanner {
  public let index: TaskIndex
  /// The protocol timestamp of now, for createdAt/updatedAt/completedAt.
  public let now: String
  /// The language of the undo labels.
  public let words: Words
  /// Whether new items' uuids are made from their ids (the test clock) rather than at random.
  public let deterministicUUIDs: Bool

  /// Mixed into uuids minted under the test clock: a replica's device (0 for a plain store).
  public let uuidSalt: UInt64

  public init(
    index: TaskIndex, now: String, words: Words = .english, deterministicUUIDs: Bool = false, uuidSalt: UInt64 = 0
  ) {
    self.index = index
    self.now = now
    self.words = words
    self.deterministicUUIDs = deterministicUUIDs
    self.uuidSalt = uuidSalt
  }

  /// A new item's uuid.
  func mint(_ id: Int64) -> ItemUUID { ItemUUID.minted(for: id, deterministic: deterministicUUIDs, salt: uuidSalt) }

  var today: CalendarDate { index.today }

  public func create(id: Int64, patch: TaskPatch, view: ViewKind) throws(DomainError) -> ChangeSet {
    guard patch.title != nil else { throw .invalidField("title", "is required") }
    var draft = TaskRecord(id: id, title: "", createdAt: now, updatedAt: now, rank: 0, uuid: mint(id))
    switch view {
    case .today: draft.scheduledDate = today
    case .upcoming: draft.scheduledDate = today.adding(days: 1)
    default: draft.scheduledDate = nil
    }
    var task = try resolvingProjectName(patch).applied(to: draft, today: today)
    try checkStructure(of: task)
    if task.kind != .task { task.scheduledDate = nil }
    task = placedAtEnds(task, comparedTo: nil)
    return ChangeSet(label: words.create(task.title), changes: [TaskChange(before: nil, after: task)])
  }

  /// A task whose list or quadrant is new (compared to `original`) goes to the end of it; in
  /// a list it stays in, it keeps its place.
  func placedAtEnds(_ task: TaskRecord, comparedTo original: TaskRecord?) -> TaskRecord {
    var task = task
    if let key = task.listKey(today: today), key != original?.listKey(today: today) {
      task.rank = index.endRank(of: key)
    }
    if let quadrant = task.quadrant, quadrant != original?.quadrant {
      task.matrixRank = index.endRank(of: .quadrant(quadrant))
    }
    if let key = task.childrenKey, key != original?.childrenKey {
      task.parentRank = index.endRank(of: key)
    }
    return task
  }

  public func update(_ original: TaskRecord, patch: TaskPatch) throws(DomainError) -> ChangeSet {
    let task = placedAtEnds(try resolvingProjectName(patch).applied(to: original, today: today), comparedTo: original)
    guard task.kind == original.kind else { throw .invalidField("kind", "cannot change; make a new item instead") }
    if task.parentID != original.parentID { try checkStructure(of: task) }
    return changeSet(words.update(task.title), original, task)
  }

  public func delete(_ task: TaskRecord) -> ChangeSet {
    ChangeSet(label: words.delete(task.title), changes: [TaskChange(before: task, after: nil)])
  }

  /// Completing takes a task out of its lists; reopening puts it at the end of them. Completing
  /// a recurring task also creates its next occurrence (with id `nextID`), in the same step, so
  /// that one undo takes both back.
  /// `cancelled`: true completes it by giving it up (Things' cancel; its repeat makes no next
  /// occurrence), false as done; nil keeps what a completed item was (a new completion: done).
  ///
  /// `parentGone`: the task's project, heading or area was deleted after it was completed; a
  /// reopened task then comes out of it (to the Inbox or its day), where it can be seen.
  public func complete(
    _ original: TaskRecord, completed: Bool, cancelled requested: Bool? = nil, nextID: Int64, parentGone: Bool = false,
    uuidTaken: (ItemUUID) -> Bool = { _ in false }
  ) throws(DomainError) -> ChangeSet {
    let cancelled = requested ?? (original.completed && original.cancelled)
    var task = original
    task.completed = completed
    task.completedAt = completed ? original.completedAt ?? now : nil
    // (Reopening clears it.)
    task.cancelled = completed && cancelled
    if !completed, original.completed {
      if parentGone {
        task.parentID = nil
        task.parentRank = 0
      }
      task = placedAtEnds(task, comparedTo: nil)
    }
    let label =
      !completed ? words.reopen(task.title) : cancelled ? words.cancel(task.title) : words.complete(task.title)
    var set = changeSet(label, original, task)
    if completed, !original.completed, original.kind != .task {
      try completeWithDescendants(original, cancelled: cancelled, into: &set)
    }
    // (Only a task repeats: a project's next occurrence would be an empty project.)
    if completed, !cancelled, !original.completed, original.kind == .task,
      let next = nextOccurrence(of: original, id: nextID, uuidTaken: uuidTaken)
    {
      set.changes.append(TaskChange(before: nil, after: next))
      set.label = words.nextOn(set.label, next.scheduledDate.map { title(of: .day($0)) } ?? "")
    }
    return set
  }

  /// The next occurrence of a recurring task completed today: the same task on the next date
  /// of its pattern, its due date moved by as many days.
  ///
  /// Its uuid comes from the occurrence completed (version 5: "next" in its uuid), so that two
  /// devices completing the same occurrence offline make one next occurrence, not two
  /// (Protocol/devices.md, "Recurring tasks"); its lines' from theirs. One already taken (the
  /// task was reopened and completed again) takes "next 2", "next 3", ….
  func nextOccurrence(of task: TaskRecord, id: Int64, uuidTaken: (ItemUUID) -> Bool) -> TaskRecord? {
    let base = task.scheduledDate ?? today
    guard let date = task.recurrence.next(after: base, completedOn: today) else { return nil }
    var next = task
    next.id = id
    next.uuid = mint(id)
    if task.uuid != .none {
      for attempt in 1...100 {
        let uuid = ItemUUID.nameBased(namespace: task.uuid, name: attempt == 1 ? "next" : "next \(attempt)")
        if !uuidTaken(uuid) {
          next.uuid = uuid
          break
        }
      }
    }
    // A repeating task's checklist starts again, unchecked (its lines new items).
    next.checklist = task.checklist.enumerated().map { n, item in
      ChecklistItem(uuid: ItemUUID.nameBased(namespace: next.uuid, name: "line:\(n):\(item.uuid)"), title: item.title)
    }
    next.scheduledDate = date
    next.dueDate = task.dueDate?.adding(days: date.dayNumber - base.dayNumber)
    // (A reminder at a date moves with it; one before the task's time follows the time.)
    if !task.reminders.isEmpty {
      next.reminders = task.reminders.map { $0.shifted(days: date.dayNumber - base.dayNumber) }
    }
    next.completed = false
    next.completedAt = nil
    next.createdAt = now
    next.updatedAt = now
    return placedAtEnds(next, comparedTo: nil)
  }

  /// A drag: the task goes to `index` of `target`, counted with the task taken out (nil: the
  /// end). Into Inbox clears the date, into Today sets today (an overdue task reordered inside
  /// Today keeps its date), into a day group sets that day, into a matrix quadrant sets urgency
  /// and importance (priority 2 when it becomes important, 1 when it stops being).
  public func move(_ original: TaskRecord, to target: ListKey, at requestedIndex: Int?)
    throws(DomainError) -> ChangeSet
  {
    guard !original.completed else { throw .taskCompleted(original.id) }
    var task = original
    let source = index.position(of: original.id, in: target.view)?.list
    if case .children(let parent, let kind) = target {
      guard kind == original.kind else {
        throw .invalidField(
          "view", "a \(original.kind.rawValue) goes among \(original.kind.rawValue)s, not \(kind.rawValue)s")
      }
      task.parentID = parent == 0 ? nil : parent
      try checkStructure(of: task)
    } else if original.kind != .task {
      throw .invalidField("view", "a \(original.kind.rawValue) is moved in the projects and project views")
    } else {
      // Into the Inbox, a day or the matrix: back among the active tasks, off Someday.
      task.someday = false
    }
    switch target {
    case .children: break
    case .inbox:
      task.scheduledDate = nil
      task.parentID = nil
    case .today:
      if source != .today { task.scheduledDate = today }
      task.evening = false
    case .evening:
      task.scheduledDate = today
      task.evening = true
    case .day(let date):
      guard date > today else {
        throw date < today
          ? .dateInPast(date, today: today)
          : .invalidField("date", "must be after today for an Upcoming group; move to Today instead")
      }
      task.scheduledDate = date
    case .quadrant(let quadrant):
      task.urgent = quadrant.isUrgent
      if quadrant.isImportant != original.isImportant { task.priority = quadrant.isImportant ? 2 : 1 }
    case .all, .completed:
      throw .invalidField("view", "must be inbox, today, upcoming, matrix, project, area or projects: a drag target")
    }
    let list = index.list(target).without(source == target ? index.entry(target.rank(of: original), original) : nil)
    let dropIndex = requestedIndex ?? list.count
    guard dropIndex >= 0, dropIndex <= list.count else {
      throw .invalidField("index", "must be from 0 to \(list.count) for this list")
    }
    let label =
      source == target
      ? words.reorder(task.title, title(of: target))
      : words.move(task.title, title(of: target))
    // Dropping a task where it already is changes nothing and records no step.
    if source == target, index.position(of: original.id, in: target.view)?.index == dropIndex {
      return ChangeSet(label: label, changes: [])
    }
    let placement = DropIndex.place(in: list, at: dropIndex)
    // The list it leaves behind in the other ordering: a new date or quadrant puts it at the end
    // (its place in the target list is set after, so that it is the drop's).
    task = placedAtEnds(task, comparedTo: original)
    target.setRank(placement.rank, of: &task)
    var changes: [TaskChange] = []
    for (id, rank) in placement.reassigned {
      var after = index.tasks[id]!
      let before = after
      target.setRank(rank, of: &after)
      changes.append(TaskChange(before: before, after: after))
    }
    if task != original {
      // A reorder changes where the task is, not the task: only a new date or quadrant stamps
      // updatedAt.
      if !task.looksLike(original) { task.updatedAt = now }
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
    // A date pick takes a task off Someday ("no date" too: back to the Inbox or Anytime).
    task.someday = false
    task = placedAtEnds(task, comparedTo: original)
    // (A task in a project with no date is in no date list: "anytime" there.)
    let label =
      date == nil
      ? (task.parentID == nil ? words.sendToInbox(task.title) : words.update(task.title))
      : words.schedule(task.title, task.listKey(today: today).map(title(of:)) ?? "")
    return changeSet(label, original, task)
  }

  /// A list's name as a user reads it in a label: "Inbox", "Today", "Tomorrow", "Feb 13".
  public func title(of key: ListKey) -> String {
    switch key {
    case .inbox: words.inbox
    case .today: words.today
    case .evening: words.evening
    case .day(let date): UpcomingGrouping.title(of: date, today: today, words: words)
    case .quadrant(let quadrant): words.quadrants[quadrant] ?? quadrant.title
    case .all: words.all
    case .completed(let date): date.description
    case .children(let parent, _): index.tasks[parent]?.title ?? words.all
    }
  }

  /// A change set of one task, empty when nothing changed, stamping updatedAt otherwise.
  func changeSet(_ label: String, _ before: TaskRecord, _ after: TaskRecord) -> ChangeSet {
    guard before != after else { return ChangeSet(label: label, changes: []) }
    var after = after
    after.updatedAt = now
    return ChangeSet(label: label, changes: [TaskChange(before: before, after: after)])
  }
}
