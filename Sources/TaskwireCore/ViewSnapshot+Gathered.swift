/// Anytime and Someday (Things), gathered from the structure's lists in the sidebar's order:
/// for the projects in no area and then each area, the area's own tasks, then each project's
/// tasks and each of its headings' tasks, a group per list that holds any (titled by the area,
/// the project, "Project › Heading"). Anytime keeps the tasks with no date that are not on
/// Someday, and leaves out the projects on Someday; Someday keeps what is on it: first the tasks
/// in no project or area ("No project"), and with each area its projects on Someday.
extension ViewSnapshot {
  /// Whether an open task of a project's, heading's or area's list shows in the view.
  public static func gathers(_ task: TaskRecord, in view: ViewKind) -> Bool {
    view == .someday ? task.someday : !task.someday && task.scheduledDate == nil
  }

  /// The groups. With `old` (the view's last snapshot, the structure unchanged since), the
  /// lists not in `touched` keep their tasks as they were there (their arrays shared), so that a
  /// change costs the structure's size and the touched lists', not the view's.
  static func gatheredGroups(
    _ query: ViewQuery, index: TaskIndex, words: Words, reusing old: ViewSnapshot? = nil, touched: Set<ListKey> = []
  ) -> [Group] {
    let view = query.view
    let kept = old.map { snapshot in
      Dictionary(snapshot.groups.map { ($0.key, $0.tasks) }, uniquingKeysWith: { first, _ in first })
    }
    var groups: [Group] = []
    let refine = query.refiner(in: index)
    func add(_ key: ListKey, _ title: String) {
      var tasks: [TaskRecord]
      if let kept, !touched.contains(key) {
        tasks = kept[key] ?? []
      } else {
        if index.list(key).isEmpty { return }
        tasks = index.tasks(in: key).filter { key.isProjects ? $0.someday : gathers($0, in: view) }
        tasks = refine(tasks)
      }
      if !tasks.isEmpty { groups.append(Group(key: key, title: title, date: nil, tasks: tasks)) }
    }
    if view == .someday { add(.children(parent: 0, kind: .task), words.noProject) }
    let areas =
      [(id: Int64(0), title: words.noArea)]
      + index.tasks(in: .children(parent: 0, kind: .area)).map { (id: $0.id, title: $0.title) }
    for area in areas {
      if area.id != 0 { add(.children(parent: area.id, kind: .task), area.title) }
      if view == .someday { add(.children(parent: area.id, kind: .project), area.title) }
      for project in index.tasks(in: .children(parent: area.id, kind: .project))
      where view == .someday || !project.someday {
        add(.children(parent: project.id, kind: .task), project.title)
        for heading in index.tasks(in: .children(parent: project.id, kind: .heading)) {
          add(.children(parent: heading.id, kind: .task), project.title + " › " + heading.title)
        }
      }
    }
    return groups
  }

  /// The snapshot with the lists of `touched` gathered again (the structure unchanged).
  public func regathering(_ touched: Set<ListKey>, query: ViewQuery, index: TaskIndex, words: Words) -> ViewSnapshot {
    var snapshot = self
    snapshot.groups = Self.gatheredGroups(query, index: index, words: words, reusing: self, touched: touched)
    return snapshot
  }

  /// Where an open task shows in the view: its group and index there (nil: not shown).
  public static func gatheredPlace(of task: TaskRecord, in view: ViewKind, index: TaskIndex) -> (ListKey, Int)? {
    guard let key = task.childrenKey, view == .someday || task.kind == .task, gathers(task, in: view) else {
      return nil
    }
    var position = 0
    for entry in index.list(key).entries {
      if entry.id == task.id { return (key, position) }
      if let other = index.tasks[entry.id], gathers(other, in: view) { position += 1 }
    }
    return nil
  }
}

extension ListKey {
  /// A list of projects (an area's, or those in no area).
  var isProjects: Bool {
    if case .children(_, .project) = self { return true }
    return false
  }
}
