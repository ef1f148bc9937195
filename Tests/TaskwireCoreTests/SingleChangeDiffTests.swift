import TaskwireCore
import TaskwireTestSupport
import Testing

/// `ViewDiff.singleChange` (one task's change, patched in place) against the full comparison of
/// the old and new lists, on random stores and random single changes: the same ops and the
/// same snapshot, or nil (the caller then compares the lists whole).
@Suite struct SingleChangeDiffTests {
  let today = CalendarDate(iso: "2026-02-12")!

  /// Forty tasks; with `sparse`, Upcoming holds only the four one-task days.
  func randomTasks(_ random: inout Generator, sparse: Bool = false) -> [TaskRecord] {
    (1...Int64(40)).map { id in
      var date: CalendarDate? = [nil, today, today.adding(days: -2), today.adding(days: 1), today.adding(days: 3)][
        random.next(5)]
      // Days with one task each, whose group goes when it leaves.
      if id > 36 {
        date = today.adding(days: 38 + 3 * (Int(id) - 36))
      } else if sparse, let day = date, day > today {
        date = today
      }
      return TaskRecord(
        id: id, title: "task \(id)", priority: 1 + random.next(3), urgent: random.next(2) == 1, scheduledDate: date,
        createdAt: "c", updatedAt: "u", rank: Int64(random.next(1000)) * 16, matrixRank: Int64(random.next(1000)) * 16)
    }
  }

  /// One task's change of any kind: a drag, a rename, new flags, another day (one that had no
  /// group yet too), another list, completion, deletion or creation.
  func randomChange(_ tasks: [TaskRecord], _ random: inout Generator) -> TaskChange {
    let task = tasks[random.next(tasks.count)]
    switch random.next(12) {
    case 6:
      var after = task
      // A new day before, between (just after a one-task day that goes) or after the others.
      after.scheduledDate = today.adding(days: [5, 6, 42, 60][random.next(4)])
      after.rank = Int64(random.next(1000)) * 16 + 9
      return TaskChange(before: task, after: after)
    case 7:
      var after = task
      after.completed = true
      after.completedAt = "2026-02-12T10:00:00Z"
      return TaskChange(before: task, after: after)
    case 8: return TaskChange(before: task, after: nil)
    case 9:
      let created = TaskRecord(
        id: 99, title: "new", priority: 1 + random.next(3), urgent: random.next(2) == 1,
        scheduledDate: [nil, today, today.adding(days: 1), today.adding(days: 6)][random.next(4)], createdAt: "c",
        updatedAt: "u", rank: Int64(random.next(1000)) * 16 + 11, matrixRank: Int64(random.next(1000)) * 16 + 11)
      return TaskChange(before: nil, after: created)
    case 10:
      var after = task
      after.scheduledDate = [nil, today, today.adding(days: 1), today.adding(days: 3)][random.next(4)]
      after.title = "moved and renamed"
      return TaskChange(before: task, after: after)
    default: return TaskChange(before: task, after: randomChange(of: task, &random))
    }
  }

  func randomChange(of task: TaskRecord, _ random: inout Generator) -> TaskRecord {
    var after = task
    switch random.next(6) {
    case 0: after.rank = Int64(random.next(1000)) * 16 + 7
    case 1: after.title = "renamed \(random.next(100))"
    case 2:
      after.rank = Int64(random.next(1000)) * 16 + 3
      after.tags = ["moved"]
    case 3: after.matrixRank = Int64(random.next(1000)) * 16 + 5
    case 4: after.priority = 1 + random.next(3)
    default: after.scheduledDate = [nil, today, today.adding(days: 1)][random.next(3)]
    }
    return after
  }

  @Test func agreesWithTheFullComparison() throws {
    var taken = 0
    var kinds: [String: Int] = [:]
    for seed in 1...1000 { taken += try compare(seed: seed, kinds: &kinds) }
    // Every single change in a view it touches takes the fast path, and every kind of op is made.
    #expect(taken > 1500)
    for kind in ["move inside", "move across", "update", "insert", "remove", "insertGroup", "removeGroup"] {
      #expect(kinds[kind, default: 0] > 5, "\(kind): \(kinds)")
    }
  }

  /// How many of the four views took the fast path; counts the ops by kind.
  func compare(seed: Int, kinds: inout [String: Int]) throws -> Int {
    var taken = 0
    var random = Generator(seed: UInt64(seed))
    let tasks = randomTasks(&random, sparse: seed % 3 == 0)
    var index = TaskIndex(today: today, tasks: tasks)
    let change = randomChange(tasks, &random)
    let views: [ViewKind] = [.inbox, .today, .upcoming, .matrix]
    let old = views.map { ViewSnapshot(query: ViewQuery(view: $0), index: index) }
    index.apply([change])
    var touched = Set<ListKey>()
    for task in [change.before, change.after].compactMap({ $0 }) where !task.completed {
      if let key = task.listKey(today: today) { touched.insert(key) }
      if let quadrant = task.quadrant { touched.insert(.quadrant(quadrant)) }
    }
    for (view, oldSnapshot) in zip(views, old) {
      let query = ViewQuery(view: view)
      let new = ViewSnapshot(query: query, index: index)
      var patched = oldSnapshot
      guard let operations = ViewDiff.singleChange(change, in: &patched, query: query, index: index, touched: touched)
      else { continue }
      taken += 1
      for operation in operations {
        let kind =
          switch operation {
          case .move(_, let from, _, let to, _): from == to ? "move inside" : "move across"
          case .update: "update"
          case .insert: "insert"
          case .remove: "remove"
          case .insertGroup: "insertGroup"
          case .removeGroup: "removeGroup"
          case .updateGroup: "updateGroup"
          }
        kinds[kind, default: 0] += 1
      }
      #expect(operations == ViewDiff.between(oldSnapshot, new, touched: touched), "view \(view), seed \(seed)")
      #expect(patched == new, "view \(view), seed \(seed)")
    }
    return taken
  }

  /// The fast path is taken for what it is for (not a test that passes by never running it):
  /// a drag and a rename inside Today.
  @Test func aDragAndARenameInsideTodayTakeIt() throws {
    var random = Generator(seed: 7)
    let tasks = randomTasks(&random).map { task -> TaskRecord in
      var task = task
      task.scheduledDate = today
      return task
    }
    var index = TaskIndex(today: today, tasks: tasks)
    var snapshot = ViewSnapshot(query: ViewQuery(view: .today), index: index)
    let first = snapshot.groups[0].tasks[0]
    var dragged = first
    dragged.rank = snapshot.groups[0].tasks[5].rank + 1
    index.apply([TaskChange(before: first, after: dragged)])
    let drag = ViewDiff.singleChange(
      TaskChange(before: first, after: dragged), in: &snapshot, query: ViewQuery(view: .today), index: index,
      touched: [.today])
    #expect(drag == [.move(id: first.id, from: .today, fromIndex: 0, to: .today, toIndex: 5)])
    var renamed = dragged
    renamed.title = "Call mom"
    index.apply([TaskChange(before: dragged, after: renamed)])
    let rename = ViewDiff.singleChange(
      TaskChange(before: dragged, after: renamed), in: &snapshot, query: ViewQuery(view: .today), index: index,
      touched: [.today])
    #expect(rename == [.update(group: .today, index: 5, before: dragged, after: renamed)])
    #expect(snapshot == ViewSnapshot(query: ViewQuery(view: .today), index: index))
  }
}
