import TaskwireCore
import TaskwireStore

/// A new day: the tasks that arrive in Today (from yesterday's "Tomorrow", or from the days a
/// server was not running) go to Today's end, in their days' order, instead of interleaving
/// with Today's own manual order. Done once per day for all processes on the store (the day is
/// kept in the store's `meta`), in one transaction that is not an undo step.
extension Server {
  func rollOverIfNeeded() {
    guard loaded, rolledOverTo.map({ $0 < index.today }) ?? true, !store.isReadOnly else { return }
    var arrivals: [TaskChange] = []
    var day = index.today
    do {
      var latest: Int64 = 0
      arrivals = try store.write { () throws -> [TaskChange] in
        try catchUp()
        day = index.today
        guard let last = try store.rolledOverTo() else {
          try store.recordRollover(to: day, changes: [])
          return []
        }
        guard last < day else { return [] }
        let today = index.tasks(in: .today)
        let arriving = today.filter { ($0.scheduledDate ?? day) > last }
          .sorted { ($0.scheduledDate!, $0.rank, $0.id) < ($1.scheduledDate!, $1.rank, $1.id) }
        let staying = today.filter { ($0.scheduledDate ?? day) <= last }
        var rank = (staying.map(\.rank).max() ?? ((arriving.first?.rank ?? 0) - DropIndex.gap))
        let changes = arriving.map { task -> TaskChange in
          rank += DropIndex.gap
          var moved = task
          moved.rank = rank
          return TaskChange(before: task, after: moved)
        }
        try store.recordRollover(to: day, changes: changes)
        latest = try store.latestChange()
        return changes
      }
      if latest > 0 { seenChange = latest }
      rolledOverTo = day
    } catch {
      log("could not roll the lists over to \(day): \(error)")
      return
    }
    guard !arrivals.isEmpty else { return }
    markDirty(arrivals)
    index.apply(arrivals)
    commitsSinceCheckpoint += 1
  }
}
