/// The open tasks in memory, each in its date list (Inbox, Today or a day) and in its matrix
/// quadrant, in manual order. The store is the truth; this is the server's working copy, kept in
/// step with every committed change so that listing a view and finding a drop position never
/// scan the table.
public struct TaskIndex: Sendable {
  public private(set) var tasks: [Int64: TaskRecord] = [:]
  public private(set) var today: CalendarDate
  private var lists: [ListKey: OrderedList] = [:]
  /// Whether ties in rank go by uuid (a replica of a shared store: `OrderedList.Entry`).
  public let tiesByUUID: Bool

  /// Builds the index in one pass: each list is sorted once, not grown entry by entry (which
  /// would cost O(n²) for a long list at start).
  public init(today: CalendarDate, tasks: some Sequence<TaskRecord> = [], tiesByUUID: Bool = false) {
    self.init(today: today, expectedCount: tasks.underestimatedCount, tiesByUUID: tiesByUUID) { add in
      tasks.forEach(add)
    }
  }

  /// The entry of `task` at `rank` in one of its lists.
  public func entry(_ rank: Int64, _ task: TaskRecord) -> OrderedList.Entry {
    OrderedList.Entry(rank: rank, id: task.id, tie: tiesByUUID ? task.uuid : nil)
  }

  /// Builds the index from tasks handed over one at a time by `load` (a store streaming its
  /// rows: no array of every task in between); `expectedCount` sizes the table up front.
  public init(
    today: CalendarDate, expectedCount: Int, tiesByUUID: Bool = false,
    load: ((consuming TaskRecord) -> Void) throws -> Void
  ) rethrows {
    self.today = today
    self.tiesByUUID = tiesByUUID
    // Inbox, Today and the quadrants are gathered without hashing a key per task (100k tasks
    // load at every start); only the Upcoming days go through a dictionary.
    var inbox: [OrderedList.Entry] = []
    var todayList: [OrderedList.Entry] = []
    var eveningList: [OrderedList.Entry] = []
    var days: [CalendarDate: [OrderedList.Entry]] = [:]
    var quadrants = Array(repeating: [OrderedList.Entry](), count: Quadrant.allCases.count)
    self.tasks.reserveCapacity(expectedCount)
    var index: [Int64: TaskRecord] = [:]
    swap(&index, &self.tasks)
    // Each task is handed over, not lent: it moves into the table as it is (lent, it would be
    // copied in, every string retained, and the original released: 10% of a 100k load).
    var children: [ListKey: [OrderedList.Entry]] = [:]
    try load { (task: consuming TaskRecord) in
      // Each of the task's lists once: its date list, its quadrant, and (an item of the
      // structure, or a task in it) its parent's list. A completed task is in none.
      let list = task.listKey(today: today)
      let quadrant = task.quadrant
      let parentList = task.childrenKey
      guard list != nil || quadrant != nil || parentList != nil else { return }
      let id = task.id
      let tie = tiesByUUID ? task.uuid : nil
      switch list {
      case .inbox?: inbox.append(OrderedList.Entry(rank: task.rank, id: id, tie: tie))
      case .today?: todayList.append(OrderedList.Entry(rank: task.rank, id: id, tie: tie))
      case .evening?: eveningList.append(OrderedList.Entry(rank: task.rank, id: id, tie: tie))
      case .day(let date)?: days[date, default: []].append(OrderedList.Entry(rank: task.rank, id: id, tie: tie))
      default: break
      }
      if let quadrant {
        quadrants[Quadrant.allCases.firstIndex(of: quadrant)!].append(
          OrderedList.Entry(rank: task.matrixRank, id: id, tie: tie))
      }
      if let parentList {
        children[parentList, default: []].append(OrderedList.Entry(rank: task.parentRank, id: id, tie: tie))
      }
      index[id] = consume task
    }
    swap(&index, &self.tasks)
    // Each list sorted in place (`sorted()` copied every list once more at the load's peak:
    // 4.6 MB at 100k tasks), then copied once alone into a buffer of its size.
    // Kept in a buffer of their own size: the arrays grew by doubling while the tasks came in,
    // and up to half of each would stay allocated for nothing (a quarter of the store in each
    // quadrant).
    func sortedList(_ entries: inout [OrderedList.Entry]) -> OrderedList {
      entries.sort()
      let exact = entries.withUnsafeBufferPointer { Array($0) }
      entries = []
      return OrderedList(sorted: exact)
    }
    lists[.inbox] = sortedList(&inbox)
    lists[.today] = sortedList(&todayList)
    if !eveningList.isEmpty { lists[.evening] = sortedList(&eveningList) }
    for date in Array(days.keys) {
      var list = days.removeValue(forKey: date)!
      lists[.day(date)] = sortedList(&list)
    }
    for key in Array(children.keys) {
      var list = children.removeValue(forKey: key)!
      lists[key] = sortedList(&list)
    }
    for (position, quadrant) in Quadrant.allCases.enumerated() {
      lists[.quadrant(quadrant)] = sortedList(&quadrants[position])
    }
  }

  /// The lists an open task is in.
  func keys(of task: TaskRecord) -> [ListKey] {
    var keys: [ListKey] = []
    if let list = task.listKey(today: today) { keys.append(list) }
    if let quadrant = task.quadrant { keys.append(.quadrant(quadrant)) }
    if let children = task.childrenKey { keys.append(children) }
    return keys
  }

  /// Puts a task's current state in place: into its lists, out of its old ones, or out of the
  /// index altogether when it is completed.
  /// A list where the task keeps its entry (same list, same rank) is left alone: the lists
  /// are sorted arrays, and a quadrant holds a quarter of every open task, so taking an entry
  /// out and putting it back would move a quarter of 100k entries twice for nothing.
  /// Each of the task's three places (its date list, its quadrant, its parent's list) is
  /// looked at on its own: no array or set of keys is made (every change comes through here).
  public mutating func upsert(_ task: TaskRecord) {
    let dateList = task.listKey(today: today)
    let quadrant = task.quadrant.map(ListKey.quadrant)
    let parentList = task.childrenKey
    let listed = dateList != nil || quadrant != nil || parentList != nil
    guard let old = tasks[task.id] else {
      guard listed else { return }
      tasks[task.id] = task
      for key in [dateList, quadrant, parentList] {
        if let key { lists[key, default: OrderedList()].insert(entry(key.rank(of: task), task)) }
      }
      return
    }
    move(old, to: task, from: old.listKey(today: today), to: dateList)
    move(old, to: task, from: old.quadrant.map(ListKey.quadrant), to: quadrant)
    move(old, to: task, from: old.childrenKey, to: parentList)
    tasks[task.id] = listed ? task : nil
  }

  /// One of a task's places from `old` to `new`: kept when the list and the rank are the same.
  private mutating func move(_ old: TaskRecord, to new: TaskRecord, from oldKey: ListKey?, to newKey: ListKey?) {
    if let oldKey, oldKey == newKey, oldKey.rank(of: old) == oldKey.rank(of: new) { return }
    if let oldKey { removeEntry(entry(oldKey.rank(of: old), old), from: oldKey) }
    if let newKey { lists[newKey, default: OrderedList()].insert(entry(newKey.rank(of: new), new)) }
  }

  /// Takes an entry out of a list (one lookup), and an emptied list that is dropped with it.
  private mutating func removeEntry(_ gone: OrderedList.Entry, from key: ListKey) {
    guard let position = lists.index(forKey: key) else { return }
    lists.values[position].remove(gone)
    if key.isDropped, lists.values[position].isEmpty { lists.remove(at: position) }
  }

  public mutating func remove(id: Int64) {
    guard let old = tasks.removeValue(forKey: id) else { return }
    for key in keys(of: old) { removeEntry(entry(key.rank(of: old), old), from: key) }
  }

  /// Applies the after-state of each change.
  public mutating func apply(_ changes: [TaskChange]) {
    for change in changes {
      if let after = change.after {
        upsert(after)
      } else if let before = change.before {
        remove(id: before.id)
      }
    }
  }

  /// Moves the index to another day: lists are rebuilt, as tasks change lists wholesale.
  public mutating func setToday(_ day: CalendarDate) {
    guard day != today else { return }
    // (A replica's ties stay by uuid, the same on every device, across midnight.)
    self = TaskIndex(today: day, tasks: tasks.values, tiesByUUID: tiesByUUID)
  }

  public func list(_ key: ListKey) -> OrderedList { lists[key] ?? OrderedList() }

  public func tasks(in key: ListKey) -> [TaskRecord] {
    list(key).entries.map { tasks[$0.id]! }
  }

  /// The dates of Upcoming's day groups, earliest first.
  public var upcomingDates: [CalendarDate] {
    lists.keys.compactMap { if case .day(let date) = $0 { date } else { nil } }.sorted()
  }

  /// Where an open task is in a view's lists: its list and index there.
  public func position(of id: Int64, in view: ViewKind = .today) -> (list: ListKey, index: Int)? {
    guard let task = tasks[id] else { return nil }
    // (The key straight from the task: `keys(of:)` would build an array on every task/get.)
    let found: ListKey?
    if view == .matrix {
      found = task.quadrant.map(ListKey.quadrant)
    } else if view.isStructure {
      found = task.childrenKey
    } else {
      found = task.listKey(today: today)
    }
    guard let key = found, let index = list(key).index(of: entry(key.rank(of: task), task))
    else { return nil }
    return (key, index)
  }

  /// The rank that puts a task at the end of a list.
  public func endRank(of key: ListKey) -> Int64 {
    guard let last = list(key).last else { return 0 }
    return last.rank + DropIndex.gap
  }
}
