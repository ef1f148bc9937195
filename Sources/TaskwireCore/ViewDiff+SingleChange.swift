/// The common change — one task dragged, renamed or re-flagged inside the group it stays in —
/// diffed and patched into the view's snapshot without looking at the rest of the list: the
/// task's old place is found in the snapshot, its new one in the index (a binary search), and
/// the snapshot is patched in place. The ops are those `between` finds for the same change (a
/// property test compares the two), so that a drag inside a subscribed 10k-task list costs
/// about what it costs unsubscribed.
extension ViewDiff {
  /// The ops for `change` applied to `snapshot` (patched in place), or nil when the change is
  /// not of that kind (the caller then diffs the touched lists whole). `touched` is every list
  /// the change marked.
  public static func singleChange(
    _ change: TaskChange, in snapshot: inout ViewSnapshot, query: ViewQuery, index: TaskIndex, touched: Set<ListKey>
  ) -> [DiffOperation]? {
    guard query.isBase, snapshot.today == index.today, let before = change.before, let after = change.after,
      let key = groupKey(of: after, in: query.view, today: index.today),
      groupKey(of: before, in: query.view, today: index.today) == key,
      touched.allSatisfy({ $0.view != query.view || $0 == key }),
      let current = index.tasks[after.id], current == after,
      let g = snapshot.groups.firstIndex(where: { $0.key == key }),
      let from = snapshot.groups[g].tasks.firstIndex(where: { $0.id == after.id }),
      let to = index.list(key).index(of: OrderedList.Entry(rank: key.rank(of: after), id: after.id)),
      snapshot.groups[g].tasks.count == index.list(key).count
    else { return nil }
    var operations: [DiffOperation] = []
    let old = snapshot.groups[g].tasks.remove(at: from)
    snapshot.groups[g].tasks.insert(after, at: to)
    if from != to { operations.append(.move(id: after.id, from: key, fromIndex: from, to: key, toIndex: to)) }
    if !old.looksLike(after) { operations.append(.update(group: key, index: to, before: old, after: after)) }
    return operations
  }

  /// The group a task is in within a view that groups by list (Inbox, Today, Upcoming's days)
  /// or by quadrant (the matrix); nil when it is not in the view.
  static func groupKey(of task: TaskRecord, in view: ViewKind, today: CalendarDate) -> ListKey? {
    if view == .matrix { return task.quadrant.map { .quadrant($0) } }
    guard let key = task.listKey(today: today), key.view == view else { return nil }
    return key
  }
}
