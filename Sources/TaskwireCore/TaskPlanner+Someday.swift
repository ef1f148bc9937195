/// Someday and Anytime as gestures (a drag onto them in a sidebar, a menu), and a task made a
/// project (Things' "Convert to Project").
extension TaskPlanner {
  /// Puts a task or project on Someday (its date cleared), or takes it to Anytime (off Someday,
  /// no date): it keeps its place among its project's, heading's or area's items (a task in none
  /// goes to the end of Someday's own list). Anytime is for an item in a project or area; a task
  /// in none with no date is the Inbox's.
  public func setAside(_ original: TaskRecord, someday: Bool) throws(DomainError) -> ChangeSet {
    guard !original.completed else { throw .taskCompleted(original.id) }
    guard original.kind == .task || original.kind == .project else {
      throw .invalidField("id", "only a task or a project goes on Someday or Anytime, not \(original.kind.withArticle)")
    }
    if !someday, original.kind == .task, original.parentID == nil {
      throw .invalidField("view", "a task in no project or area with no date is in the Inbox: move it to the Inbox")
    }
    var item = original
    item.someday = someday
    item.scheduledDate = nil
    item = placedAtEnds(item, comparedTo: original)
    let label = someday ? words.putOnSomeday(item.title) : words.putOnAnytime(item.title)
    return changeSet(label, original, item)
  }

  /// Makes a task a project where it is (in its area: a task in a project or under a heading
  /// becomes a project of that project's area), keeping its id, uuid, title, notes, tags and
  /// date; its checklist's lines become the project's tasks, in order, each keeping its uuid
  /// and done flag (a done line becomes a completed task). One step: undo makes it a task again.
  public func makeProject(_ original: TaskRecord, nextID: Int64) throws(DomainError) -> ChangeSet {
    guard !original.completed else { throw .taskCompleted(original.id) }
    guard original.kind == .task else {
      throw .invalidField("id", "is \(original.kind.withArticle); only a task is made a project")
    }
    var project = original
    project.kind = .project
    project.checklist = []
    project.recurrence = .none
    project.parentID = area(of: original)
    project = placedAtEnds(project, comparedTo: original)
    // (A project is in no date list nor the matrix: those ranks no longer count.)
    project.updatedAt = now
    var changes = [TaskChange(before: original, after: project)]
    var rank: Int64 = 0
    for (offset, line) in original.checklist.enumerated() {
      var task = TaskRecord(
        id: nextID + Int64(offset), title: line.title, createdAt: now, updatedAt: now, rank: 0, uuid: line.uuid,
        parentID: original.id, parentRank: rank, checklist: [])
      rank += DropIndex.gap
      task.completed = line.done
      task.completedAt = line.done ? now : nil
      if let quadrant = task.quadrant { task.matrixRank = index.endRank(of: .quadrant(quadrant)) + rank }
      changes.append(TaskChange(before: nil, after: task))
    }
    return ChangeSet(label: words.makeProject(original.title), changes: changes)
  }

  /// The area an item is in, through its heading and project.
  func area(of item: TaskRecord) -> Int64? {
    var parent = item.parentID
    while let id = parent, let found = index.tasks[id] {
      if found.kind == .area { return id }
      parent = found.parentID
    }
    return nil
  }
}
