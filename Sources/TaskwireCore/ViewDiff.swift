/// One step that turns a view's old snapshot into its new one. Indexes count the lists as they
/// are when the step is applied, after every earlier step.
public enum DiffOperation: Equatable, Sendable {
  case insert(group: ListKey, index: Int, task: TaskRecord)
  case remove(group: ListKey, index: Int, id: Int64)
  /// Remove at `from`, then insert at `to`, counted after the removal.
  case move(id: Int64, from: ListKey, fromIndex: Int, to: ListKey, toIndex: Int)
  /// Some visible fields of the task at `index` changed.
  case update(group: ListKey, index: Int, before: TaskRecord, after: TaskRecord)
  case insertGroup(index: Int, group: ViewSnapshot.Group)
  case removeGroup(index: Int, key: ListKey)
  case updateGroup(index: Int, group: ViewSnapshot.Group)
}

/// Computes a short list of operations between two snapshots of one view: tasks that stay in
/// their group keep their place unless they must move (the longest run already in order stays
/// put), so moving one task in a long list is one `move`, whatever the list's length.
public enum ViewDiff {
  struct WorkingGroup {
    var key: ListKey
    var ids: [Int64]
  }

  /// `touched` names the only groups whose tasks may differ (nil: any); the others are not
  /// looked at, so a change costs the size of the lists it touched, not of the view.
  public static func between(_ old: ViewSnapshot, _ new: ViewSnapshot, touched: Set<ListKey>? = nil) -> [DiffOperation]
  {
    var operations: [DiffOperation] = []
    // Groups whose order changed (a project's headings dragged): taken out first, tasks and
    // all, and put back where they are now below (as groups that appear). Only the structure's
    // views reorder groups; their snapshots are diffed whole.
    var old = old
    let newOrder = Dictionary(new.groups.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { a, _ in a })
    var lastKept = -1
    var g = 0
    while g < old.groups.count {
      guard let position = newOrder[old.groups[g].key] else {
        g += 1
        continue
      }
      if position > lastKept {
        lastKept = position
        g += 1
        continue
      }
      for (index, task) in old.groups[g].tasks.enumerated().reversed() {
        operations.append(.remove(group: old.groups[g].key, index: index, id: task.id))
      }
      operations.append(.removeGroup(index: g, key: old.groups[g].key))
      old.groups.remove(at: g)
    }
    func isTouched(_ key: ListKey) -> Bool { touched?.contains(key) ?? true }
    var groups = old.groups.map { WorkingGroup(key: $0.key, ids: $0.tasks.map(\.id)) }
    var newGroupOf: [Int64: ListKey] = [:]
    var newIndex: [Int64: Int] = [:]
    var newRecord: [Int64: TaskRecord] = [:]
    for group in new.groups where isTouched(group.key) {
      for (index, task) in group.tasks.enumerated() {
        newGroupOf[task.id] = group.key
        newIndex[task.id] = index
        newRecord[task.id] = task
      }
    }
    let newKeys = Set(new.groups.map(\.key))

    // Tasks that left the view.
    for g in groups.indices where isTouched(groups[g].key) {
      var i = 0
      while i < groups[g].ids.count {
        let id = groups[g].ids[i]
        if newGroupOf[id] == nil {
          operations.append(.remove(group: groups[g].key, index: i, id: id))
          groups[g].ids.remove(at: i)
        } else {
          i += 1
        }
      }
    }
    // Groups that appear, each placed after the new order's previous group.
    var previous = -1
    for group in new.groups {
      if let existing = groups.firstIndex(where: { $0.key == group.key }) {
        previous = existing
        continue
      }
      previous += 1
      groups.insert(WorkingGroup(key: group.key, ids: []), at: previous)
      operations.append(
        .insertGroup(
          index: previous, group: ViewSnapshot.Group(key: group.key, title: group.title, date: group.date, tasks: [])))
    }
    // Tasks that change group inside the view, placed among the tasks already there.
    for g in groups.indices where isTouched(groups[g].key) {
      var i = 0
      while i < groups[g].ids.count {
        let id = groups[g].ids[i]
        let target = newGroupOf[id]!
        guard target != groups[g].key else {
          i += 1
          continue
        }
        groups[g].ids.remove(at: i)
        let t = groups.firstIndex { $0.key == target }!
        let position = groups[t].ids.filter { newGroupOf[$0] == target && newIndex[$0]! < newIndex[id]! }.count
        groups[t].ids.insert(id, at: position)
        operations.append(.move(id: id, from: groups[g].key, fromIndex: i, to: target, toIndex: position))
      }
    }
    // Groups that are gone (empty by now).
    for g in groups.indices.reversed() where !newKeys.contains(groups[g].key) {
      operations.append(.removeGroup(index: g, key: groups[g].key))
      groups.remove(at: g)
    }
    // Retitled groups (midnight: "Feb 13" becomes "Tomorrow"; Today's date moves).
    let oldGroups = Dictionary(old.groups.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
    for (g, group) in new.groups.enumerated() {
      if let before = oldGroups[group.key], before.title != group.title || before.date != group.date {
        operations.append(
          .updateGroup(
            index: g, group: ViewSnapshot.Group(key: group.key, title: group.title, date: group.date, tasks: [])))
      }
    }
    var oldRecord: [Int64: TaskRecord] = [:]
    for group in old.groups where isTouched(group.key) { for task in group.tasks { oldRecord[task.id] = task } }
    // Order inside each group, then new tasks.
    for (g, group) in new.groups.enumerated() where isTouched(group.key) {
      reorder(
        &groups[g].ids, to: group.tasks, key: group.key, records: newRecord, oldRecords: oldRecord,
        into: &operations)
    }
    // Changed fields, at the tasks' final places.
    for group in new.groups where isTouched(group.key) {
      for (index, task) in group.tasks.enumerated() {
        if let before = oldRecord[task.id], !before.looksLike(task) {
          operations.append(.update(group: group.key, index: index, before: before, after: task))
        }
      }
    }
    return operations
  }

  /// Brings `ids` to the order of `target`, moving only the tasks outside the longest run that
  /// is already in order, and inserting the tasks that are new to the view.
  static func reorder(
    _ ids: inout [Int64], to target: [TaskRecord], key: ListKey, records: [Int64: TaskRecord],
    oldRecords: [Int64: TaskRecord], into operations: inout [DiffOperation]
  ) {
    let targetIndex = Dictionary(uniqueKeysWithValues: target.enumerated().map { ($1.id, $0) })
    // Among equally long runs, keep the tasks whose rank in this list's order (the matrix has
    // its own) did not change in place, so that the op names the task the user moved (swapping
    // two neighbours could name either).
    let rankKept = ids.map { id in
      oldRecords[id].map { old in records[id].map { key.rank(of: $0) == key.rank(of: old) } ?? false } ?? false
    }
    let stable = longestIncreasingRun(ids.map { targetIndex[$0]! }, preferring: rankKept).map { ids[$0] }
    let stableSet = Set(stable)
    for (j, task) in target.enumerated() where !stableSet.contains(task.id) {
      if let from = ids.firstIndex(of: task.id) {
        ids.remove(at: from)
        let to = j == 0 ? 0 : ids.firstIndex(of: target[j - 1].id)! + 1
        ids.insert(task.id, at: to)
        if from != to { operations.append(.move(id: task.id, from: key, fromIndex: from, to: key, toIndex: to)) }
      } else {
        let to = j == 0 ? 0 : ids.firstIndex(of: target[j - 1].id)! + 1
        ids.insert(task.id, at: to)
        operations.append(.insert(group: key, index: to, task: records[task.id]!))
      }
    }
  }

  /// The positions of a longest strictly increasing subsequence of `values` (distinct, not
  /// negative); among the longest, one with the most `preferred` elements. A Fenwick tree of
  /// prefix maxima over the values keeps it O(n log n).
  static func longestIncreasingRun(_ values: [Int], preferring preferred: [Bool]) -> [Int] {
    let count = values.count
    let size = (values.max() ?? 0) + 1
    // Score: length first (each element outweighs every preference), preferred ones second.
    var tree = [(score: Int, position: Int)](repeating: (0, -1), count: size + 1)
    var previous = [Int](repeating: -1, count: count)
    var best = (score: 0, position: -1)
    for (i, value) in values.enumerated() {
      var found = (score: 0, position: -1)
      var node = value
      while node > 0 {
        if tree[node].score > found.score { found = tree[node] }
        node -= node & -node
      }
      let score = found.score + (count + 1) + (preferred[i] ? 1 : 0)
      previous[i] = found.position
      if score > best.score { best = (score, i) }
      node = value + 1
      while node <= size {
        if score > tree[node].score { tree[node] = (score, i) }
        node += node & -node
      }
    }
    var run: [Int] = []
    var cursor = best.position
    while cursor >= 0 {
      run.append(cursor)
      cursor = previous[cursor]
    }
    return run.reversed()
  }
}
