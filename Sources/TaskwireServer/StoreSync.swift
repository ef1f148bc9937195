import Foundation
import TaskwireCore
import TaskwireProtocol
import TaskwireStore

/// Keeping the in-memory index in step with the store and the calendar, and committing changes.
extension Server {
  var now: String { DayClock.timestamp(clock.now) }

  var planner: TaskPlanner { TaskPlanner(index: index, now: now) }

  func reloadAll() throws {
    seenDataVersion = try store.dataVersion()
    seenChange = try store.latestChange()
    index = TaskIndex(today: dayClock.day(of: clock.now), tasks: try store.loadOpenTasks())
    loaded = true
  }

  /// Brings the index up to date: a new day rebuilds the lists, and changes committed by
  /// another process on the same file (seen through SQLite's data_version) are read back from
  /// the change log.
  func catchUp() throws {
    guard loaded else { return try reloadAll() }
    let day = dayClock.day(of: clock.now)
    if day != index.today {
      index.setToday(day)
      markRebuilt(ViewKind.allCases)
    }
    let version = try store.dataVersion()
    guard version != seenDataVersion else { return }
    seenDataVersion = version
    let changed = try store.changedTaskIDs(after: seenChange)
    for id in changed.ids.sorted() {
      let before = index.tasks[id]
      let after = try store.task(id: id)
      // The index holds open tasks only: a change to a completed one (reopened, deleted) is
      // the logbook's.
      if before == nil { dirtyViews.insert(.logbook) }
      markDirty([TaskChange(before: before, after: after)])
      if let after { index.upsert(after) } else { index.remove(id: id) }
    }
    seenChange = changed.latest
  }

  /// What the timer does: notices another process's commits and the day changing.
  func poll() {
    guard loaded else { return }
    // Idle time is when the WAL is checkpointed: at most every second, after changes.
    if commitsSinceCheckpoint > 0, clockTicks % 10 == 0 {
      store.checkpoint()
      commitsSinceCheckpoint = 0
    }
    clockTicks += 1
    do {
      try catchUp()
    } catch {
      log("cannot read the store: \(error)")
    }
    rollOverIfNeeded()
    publishDirty()
  }

  /// The task with this id, open or completed.
  func task(_ id: Int64) throws -> TaskRecord {
    if let task = index.tasks[id] { return task }
    guard let task = try store.task(id: id) else { throw DomainError.taskNotFound(id) }
    return task
  }

  /// Runs one user action: inside one write transaction, catches up with other writers,
  /// plans the change against the current state, and commits the rows with their undo step.
  /// An action that changes nothing records no step.
  @discardableResult
  func commit(_ plan: () throws -> ChangeSet) throws -> ChangeSet {
    var latest: Int64 = 0
    let set = try store.write {
      try catchUp()
      let set = try plan()
      if !set.changes.isEmpty { try store.record(set, client: clientName, at: now) }
      latest = try store.latestChange()
      return set
    }
    // Only once committed: a rolled-back transaction's log entries are reused by the next writer.
    seenChange = latest
    commitsSinceCheckpoint += 1
    markDirty(set.changes)
    index.apply(set.changes)
    return set
  }

  /// Where a task is now, for a reply.
  func place(of id: Int64, in view: ViewKind = .today) throws -> TaskPlace {
    let task = try task(id)
    let position = index.position(of: id, in: view)
    return TaskPlace(task: task, list: position?.list, index: position?.index)
  }
}
