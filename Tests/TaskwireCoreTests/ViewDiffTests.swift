import TaskwireCore
import TaskwireTestSupport
import Testing

/// ViewDiff on random snapshots: applying the ops to the old snapshot gives the new one.
@Suite struct ViewDiffTests {
  func task(_ id: Int64, rank: Int64, title: String = "t") -> TaskRecord {
    TaskRecord(id: id, title: title, createdAt: "c", updatedAt: "u", rank: rank)
  }

  func snapshot(_ groups: [(String, [TaskRecord])]) -> ViewSnapshot {
    var snapshot = ViewSnapshot(view: .upcoming, index: TaskIndex(today: CalendarDate(iso: "2026-02-12")!))
    snapshot.groups = groups.map { key, tasks in
      ViewSnapshot.Group(key: .day(CalendarDate(iso: key)!), title: key, date: CalendarDate(iso: key), tasks: tasks)
    }
    return snapshot
  }

  /// Applies ops as a client does, with ids only.
  func apply(_ operations: [DiffOperation], to old: ViewSnapshot) -> [(ListKey, [Int64])] {
    var groups = old.groups.map { ($0.key, $0.tasks.map(\.id)) }
    func at(_ key: ListKey) -> Int { groups.firstIndex { $0.0 == key }! }
    for operation in operations {
      switch operation {
      case .insert(let group, let index, let task): groups[at(group)].1.insert(task.id, at: index)
      case .remove(let group, let index, let id):
        #expect(groups[at(group)].1[index] == id)
        groups[at(group)].1.remove(at: index)
      case .move(let id, let from, let fromIndex, let to, let toIndex):
        #expect(groups[at(from)].1[fromIndex] == id)
        groups[at(from)].1.remove(at: fromIndex)
        groups[at(to)].1.insert(id, at: toIndex)
      case .update(let group, let index, _, let after): #expect(groups[at(group)].1[index] == after.id)
      case .insertGroup(let index, let group): groups.insert((group.key, []), at: index)
      case .removeGroup(let index, let key):
        #expect(groups[index].0 == key && groups[index].1.isEmpty)
        groups.remove(at: index)
      case .updateGroup(let index, let group): #expect(groups[index].0 == group.key)
      }
    }
    return groups
  }

  @Test func swappingNeighboursNamesTheMovedTask() {
    let old = snapshot([("2026-02-13", [task(1, rank: 0), task(2, rank: 10)])])
    let new = snapshot([("2026-02-13", [task(2, rank: -10), task(1, rank: 0)])])
    let operations = ViewDiff.between(old, new)
    #expect(operations.count == 1)
    if case .move(let id, _, _, _, _) = operations.first { #expect(id == 2) } else { Issue.record("\(operations)") }
  }

  @Test(arguments: 1...200)
  func randomSnapshots(seed: Int) {
    var random = Generator(seed: UInt64(seed))
    let days = ["2026-02-13", "2026-02-14", "2026-02-15", "2026-02-16"]
    func randomView() -> ViewSnapshot {
      var groups: [(String, [TaskRecord])] = []
      var ids = Array(Int64(1)...Int64(12)).shuffled(using: &random)
      for day in days where random.next(3) > 0 {
        let count = random.next(5)
        let taken = ids.prefix(count)
        ids.removeFirst(taken.count)
        if !taken.isEmpty {
          groups.append(
            (day, taken.map { task($0, rank: Int64(random.next(4)), title: random.next(4) == 0 ? "x" : "t") }))
        }
      }
      return snapshot(groups)
    }
    let old = randomView()
    let new = randomView()
    let result = apply(ViewDiff.between(old, new), to: old)
    #expect(result.map(\.0) == new.groups.map(\.key))
    #expect(result.map(\.1) == new.groups.map { $0.tasks.map(\.id) })
  }
}
