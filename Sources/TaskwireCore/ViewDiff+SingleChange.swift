/// The common change — one task dragged, renamed, re-flagged, moved to another day or list,
/// created, completed or deleted — diffed and patched into the view's snapshot without looking
/// at the rest of its lists: the task's old place is found in the snapshot, its new one in the
/// index (a binary search), and the snapshot is patched in place. The ops are those `between`
/// finds for the same change, in the same order (a property test compares the two), so that a
/// change in a subscribed 10k-task list costs about what it costs unsubscribed.
extension ViewDiff {
  /// The ops for `change` applied to `snapshot` (patched in place), or nil when the change is
  /// not of that kind (the caller then diffs the touched lists whole). `touched` is every list
  /// the change marked; `words` title a day group that appears.
  public static func singleChange(
    _ change: TaskChange, in snapshot: inout ViewSnapshot, query: ViewQuery, index: TaskIndex, touched: Set<ListKey>,
    words: Words = .english
  ) -> [DiffOperation]? {
    guard query.isBase, query.view != .all, query.view != .logbook, !query.view.isStructure, !query.view.isGathered,
      snapshot.today == index.today
    else { return nil }
    let id = change.after?.id ?? change.before?.id ?? 0
    let current = index.tasks[id]
    // The index holds the change's outcome: the task as it is now, or none when it left.
    guard change.after.map({ $0.completed ? current == nil : current == $0 }) ?? (current == nil) else { return nil }
    let after = change.after.flatMap { $0.completed ? nil : $0 }
    let fromKey = change.before.flatMap { groupKey(of: $0, in: query.view, today: index.today) }
    let toKey = after.flatMap { groupKey(of: $0, in: query.view, today: index.today) }
    guard fromKey != nil || toKey != nil,
      touched.allSatisfy({ $0.view != query.view || $0 == fromKey || $0 == toKey })
    else { return nil }

    // Where the task was (the snapshot must hold it there, and hold the source list whole).
    var source: (group: Int, index: Int)? = nil
    if let fromKey, let before = change.before {
      guard let g = snapshot.groups.firstIndex(where: { $0.key == fromKey }),
        let i = Self.place(of: before, in: snapshot.groups[g].tasks, key: fromKey, index: index)
      else { return nil }
      let leaving = toKey != fromKey ? 1 : 0
      guard snapshot.groups[g].tasks.count - leaving == index.list(fromKey).count else { return nil }
      source = (g, i)
    }
    // Where it goes, counted in the list as it is now.
    var place: Int? = nil
    if let toKey, let after {
      guard let to = index.list(toKey).index(of: index.entry(toKey.rank(of: after), after)) else {
        return nil
      }
      if toKey != fromKey {
        let count = snapshot.groups.first(where: { $0.key == toKey })?.tasks.count ?? 0
        guard count + 1 == index.list(toKey).count else { return nil }
      }
      place = to
    }

    var operations: [DiffOperation] = []
    // Same group: a move inside it, and the fields.
    if let fromKey, let source, let toKey, let to = place, let after, fromKey == toKey {
      let old = Self.shift(&snapshot.groups[source.group].tasks, from: source.index, to: to, putting: after)
      if source.index != to {
        operations.append(.move(id: id, from: fromKey, fromIndex: source.index, to: toKey, toIndex: to))
      }
      if !old.looksLike(after) { operations.append(.update(group: toKey, index: to, before: old, after: after)) }
      return operations
    }
    // Leaving the view: removed first, as `between` does.
    var old: TaskRecord? = nil
    if let fromKey, let source, toKey == nil {
      old = snapshot.groups[source.group].tasks.remove(at: source.index)
      operations.append(.remove(group: fromKey, index: source.index, id: id))
    }
    // A day group that appears, placed as `between` places it: right after the group before it
    // in the new order (not the source group when that one goes), else first.
    if let toKey, snapshot.groups.firstIndex(where: { $0.key == toKey }) == nil {
      guard case .day(let date) = toKey else { return nil }
      let sourceGoes = fromKey != toKey && source.map { snapshot.groups[$0.group].tasks.count == 1 } ?? false
      let position =
        (snapshot.groups.indices.last { g in
          (snapshot.groups[g].date ?? date) < date && !(sourceGoes && snapshot.groups[g].key == fromKey)
        } ?? -1) + 1
      let title = UpcomingGrouping.title(of: date, today: index.today, words: words)
      snapshot.groups.insert(ViewSnapshot.Group(key: toKey, title: title, date: date, tasks: []), at: position)
      operations.append(
        .insertGroup(index: position, group: ViewSnapshot.Group(key: toKey, title: title, date: date, tasks: [])))
    }
    // From one group to another.
    if let fromKey, let toKey, let to = place, let after {
      let g = snapshot.groups.firstIndex { $0.key == fromKey }!
      let i = snapshot.groups[g].tasks.firstIndex { $0.id == id }!
      old = snapshot.groups[g].tasks.remove(at: i)
      let t = snapshot.groups.firstIndex { $0.key == toKey }!
      snapshot.groups[t].tasks.insert(after, at: to)
      operations.append(.move(id: id, from: fromKey, fromIndex: i, to: toKey, toIndex: to))
    }
    // A day group (or This Evening) left empty goes.
    if let fromKey, fromKey.isDay || fromKey == .evening,
      let g = snapshot.groups.firstIndex(where: { $0.key == fromKey }),
      snapshot.groups[g].tasks.isEmpty
    {
      snapshot.groups.remove(at: g)
      operations.append(.removeGroup(index: g, key: fromKey))
    }
    // Entering the view: inserted at its place.
    if fromKey == nil, let toKey, let to = place, let after {
      let t = snapshot.groups.firstIndex { $0.key == toKey }!
      snapshot.groups[t].tasks.insert(after, at: to)
      operations.append(.insert(group: toKey, index: to, task: after))
    }
    if let old, let after, let toKey, let to = place, !old.looksLike(after) {
      operations.append(.update(group: toKey, index: to, before: old, after: after))
    }
    return operations
  }

  /// Where `task` is in a list kept in the list's order (rank, then id): a binary search, then
  /// a look around it (a list that is not in that order, which a base query's never is, is
  /// searched whole).
  static func place(of task: TaskRecord, in tasks: [TaskRecord], key: ListKey, index: TaskIndex) -> Int? {
    let wanted = index.entry(key.rank(of: task), task)
    var low = 0
    var high = tasks.count
    while low < high {
      let middle = (low + high) / 2
      if index.entry(key.rank(of: tasks[middle]), tasks[middle]) < wanted {
        low = middle + 1
      } else {
        high = middle
      }
    }
    if low < tasks.count, tasks[low].id == task.id { return low }
    return tasks.firstIndex { $0.id == task.id }
  }

  /// Moves the task at `from` to `to` (both counted in the list as it is), replacing it with
  /// `new`, by shifting only the tasks between the two places (bitwise, without a retain or a
  /// release each): a drag in a 10k-task list moves a third of it on average, not all of it
  /// twice. Returns the task that was there.
  static func shift(_ tasks: inout [TaskRecord], from: Int, to: Int, putting new: TaskRecord) -> TaskRecord {
    tasks.withUnsafeMutableBufferPointer { buffer in
      let base = buffer.baseAddress!
      let old = (base + from).move()
      if from < to {
        (base + from).moveInitialize(from: base + from + 1, count: to - from)
      } else if from > to {
        (base + to + 1).moveInitialize(from: base + to, count: from - to)
      }
      (base + to).initialize(to: new)
      return old
    }
  }

  /// The group a task is in within a view that groups by list (Inbox, Today, Upcoming's days)
  /// or by quadrant (the matrix); nil when it is not in the view.
  static func groupKey(of task: TaskRecord, in view: ViewKind, today: CalendarDate) -> ListKey? {
    if task.completed { return nil }
    if view == .matrix { return task.quadrant.map { .quadrant($0) } }
    guard let key = task.listKey(today: today), key.view == view else { return nil }
    return key
  }
}
