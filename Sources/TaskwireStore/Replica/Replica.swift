import Foundation
import TaskwireCore

/// One server's copy of the store: the storage, the in-memory index of open tasks, the change
/// log cursor, the day and its rollover. Every change goes through `commit` (one transaction
/// that catches up with other writers, plans, and writes rows, undo step and change log
/// together); what changed is kept in `pending` for the view publisher, which diffs after the
/// transaction. Owned by one serial loop, like its storage.
public final class Replica {
  public let storage: any Storage
  /// The storage's feed of other writers' commits (asked before most requests).
  let feed: any ChangeFeed
  public let dayClock: DayClock
  public var clock: ReplicaClock
  /// Who makes the changes, for history steps: the client's name and version.
  public var client = "unknown"
  /// Where failures that no request waits for are reported (stderr in the server).
  public var log: (String) -> Void = { _ in }
  /// The language of the undo labels this replica writes.
  public var words: Words = .english
  public internal(set) var index: TaskIndex
  /// The index is loaded by the first request that needs it, so that `initialize` is answered
  /// at once however large the store is (an editor spawns taskwire at every start).
  public private(set) var isLoaded = false
  /// A first `view/list` of Today was answered from Today's tasks alone (`quickTodayIndex`), in
  /// a read transaction that stays open until the full load, which then reads the same store.
  public private(set) var isQuickStarted = false
  /// The day the quick start listed Today for.
  var quickDay: CalendarDate? = nil
  var seenNotice: Int64 = 0
  /// The day the clock was last seen in, and when it starts and ends.
  var todayBounds: DayBounds? = nil
  var seenChange = ChangeCursor.start
  /// The day this replica last saw the lists rolled over to (nil: not looked yet).
  var rolledOverTo: CalendarDate? = nil
  /// Commits since the storage's last idle housekeeping.
  var commitsSinceIdle = 0
  var pending = ReplicaUpdate()
  /// Mixed into uuids minted under the test clock (a replica's device: `TaskPlanner.uuidSalt`);
  /// not 0 on a replica of a shared store, whose lists then break ties in rank by uuid.
  public private(set) var uuidSalt: UInt64 = 0

  /// Makes this a replica of a shared store, as device `device`: uuids minted under the test
  /// clock mix it in, and the lists are built again with their ties by uuid.
  public func becomeReplica(device: UInt64) throws {
    let wasReplica = uuidSalt != 0
    uuidSalt = device
    // (Another device of a replica already has its ties by uuid: nothing to build again.)
    if isLoaded, !wasReplica { try reload() }
  }
  /// Called inside the transaction of every commit of this device that changed rows (not a
  /// merge of others' changes): a replica of a shared store records it there (issue 31).
  public var commitObserver: ((CommitKind, Committed, any StorageTransaction) throws -> Void)? = nil

  public init(storage: any Storage, dayClock: DayClock, clock: ReplicaClock) {
    self.storage = storage
    feed = storage.changeFeed
    self.dayClock = dayClock
    self.clock = clock
    index = TaskIndex(today: dayClock.day(of: clock.now))
  }

  public var today: CalendarDate { index.today }
  /// Now, as the protocol writes timestamps.
  public var timestamp: String { DayClock.timestamp(clock.now) }
  public var planner: TaskPlanner {
    TaskPlanner(index: index, now: timestamp, words: words, deterministicUUIDs: clock.isFixed, uuidSalt: uuidSalt)
  }

  /// Hands what changed since the last call to the caller (the view publisher).
  public func takeUpdate() -> ReplicaUpdate {
    defer { pending = ReplicaUpdate() }
    return pending
  }

  // MARK: Keeping up

  /// Before a request: loads the index, moves to a new day, catches up with other writers
  /// (unless `forChange`: a change catches up inside its own transaction), and rolls the lists
  /// over when the day is new.
  public func prepare(forChange: Bool) throws {
    if !isLoaded {
      let wasQuickStarted = isQuickStarted
      try reload()
      // The load read the store as the quick start saw it: what others committed since is
      // read now, as changes (the views' versions move with them).
      if wasQuickStarted { try catchUp() }
    } else {
      advanceDay()
      if !forChange {
        // A read is answered from memory when the store cannot be reached (it may be a
        // PostgreSQL server that is down); a change fails in its own transaction.
        do {
          if feed.othersMayHaveWritten() { try catchUp() }
        } catch let failure as any StorageFailure {
          log("answering from memory: \(failure.detail)")
        }
      }
    }
    rollOverIfNeeded()
  }

  /// What the timer does: notices other writers and the day changing.
  public func poll() {
    guard isLoaded else { return }
    advanceDay()
    do {
      try catchUp()
    } catch {
      log("cannot read the store: \(error)")
    }
    rollOverIfNeeded()
  }

  /// Whether there were changes since the last housekeeping.
  public var hasIdleWork: Bool { commitsSinceIdle > 0 }
  /// Every commit this replica made, counted (the loop tells its own file writes from others').
  public internal(set) var commits = 0

  /// Changes made without a pause: after this many the housekeeping runs right after a reply
  /// rather than waiting for a quiet second, so that a burst of changes does not grow the WAL
  /// file without end (appending to it costs far more than rewriting pages it already has).
  public static let changesBetweenCheckpoints = 100
  public var needsHousekeepingNow: Bool { commitsSinceIdle >= Self.changesBetweenCheckpoints }

  /// Housekeeping when the server is idle after changes.
  public func idle() {
    guard isLoaded, commitsSinceIdle > 0 else { return }
    storage.idle()
    commitsSinceIdle = 0
  }

  /// Today's tasks alone, for a first `view/list` of Today on a store not loaded yet: a 100k
  /// store takes ~150 ms to load, its Today a few. They are read in a read transaction that the
  /// full load continues (`finishQuickStart`, or the next request), so the views' versions
  /// stay true: both reads see the same store. Nil when that cannot be: loaded already, a
  /// rollover is due (a change), or the storage has no read transactions.
  public func quickTodayIndex(day: CalendarDate) throws -> TaskIndex? {
    guard !isLoaded, !isQuickStarted, try storage.beginReading() else { return nil }
    do {
      // (A store never rolled over only records the day at its first: nothing moves.)
      if !storage.isReadOnly, let last = try storage.rolledOverTo(), last < day {
        storage.endReading()
        return nil
      }
      let today = try TaskIndex(today: day, expectedCount: 0, tiesByUUID: uuidSalt != 0) { add in
        try storage.forEachOpenTask(scheduledOnOrBefore: day, add)
      }
      isQuickStarted = true
      quickDay = day
      return today
    } catch {
      storage.endReading()
      throw error
    }
  }

  /// The full load after a quick start (the serving loop calls it once the reply is written).
  public func finishQuickStart() {
    guard isQuickStarted, !isLoaded else { return }
    do {
      try prepare(forChange: false)
    } catch {
      log("cannot read the store: \(error)")
    }
  }

  /// Reads every open task anew; the views are rebuilt.
  func reload() throws {
    defer {
      // (The quick start's read transaction ends here: a rollover after the load is a write.)
      if isQuickStarted {
        storage.endReading()
        isQuickStarted = false
        // Midnight came between the quick list and the load: every view's content is new.
        if quickDay != index.today { pending.rebuilt = true }
        quickDay = nil
      }
    }
    seenNotice = try feed.changeNotice()
    seenChange = try feed.latestChange()
    index = TaskIndex(today: dayClock.day(of: clock.now))  // the old one goes before the new one is built
    index = try TaskIndex(
      today: dayClock.day(of: clock.now), expectedCount: try storage.openTaskCount(), tiesByUUID: uuidSalt != 0
    ) { add in
      try storage.forEachOpenTask(add)
    }
    if isLoaded { pending.rebuilt = true }
    isLoaded = true
  }

  /// A new day rebuilds the lists (tasks change lists wholesale). The day's bounds are kept, so
  /// that a request inside them costs a comparison, not a calendar computation.
  func advanceDay() {
    let now = clock.now
    if let bounds = todayBounds, bounds.contains(now), index.today == bounds.day { return }
    let day = dayClock.day(of: now)
    todayBounds = DayBounds(day: day, start: dayClock.start(of: day), end: dayClock.nextDayStart(after: now))
    guard day != index.today else { return }
    index.setToday(day)
    pending.rebuilt = true
  }

  /// Reads back the changes other writers committed since this replica last looked, from the
  /// change log; a cursor the pruned log no longer reaches reloads everything.
  ///
  /// `inTransaction`: under the write lock the change log itself is read, whatever the notice
  /// says: a notice may be held back until the transaction ends (PostgreSQL delivers NOTIFY
  /// between transactions), and a commit must never skip another writer's changes.
  func catchUp(inTransaction: Bool = false) throws {
    let notice = try feed.changeNotice()
    guard notice != seenNotice || (inTransaction && !feed.noticeIsExactInTransaction) else { return }
    guard let read = try feed.changes(after: seenChange) else {
      log("fell behind the pruned change log: reloading every task")
      return try reload()
    }
    seenNotice = notice
    for id in read.ids.sorted() {
      let before = index.tasks[id]
      let after = try storage.task(id: id)
      // The index holds open tasks only: a change to a completed one (reopened, deleted) is
      // the logbook's.
      if before == nil { pending.completedTouched = true }
      if before == nil && after == nil { continue }
      pending.changes.append(TaskChange(before: before, after: after))
      if let after { index.upsert(after) } else { index.remove(id: id) }
    }
    seenChange = read.latest
  }

  // MARK: Reading

  /// The task with this id, open or completed.
  public func task(_ id: Int64) throws -> TaskRecord {
    if let task = index.tasks[id] { return task }
    guard let task = try storage.task(id: id) else { throw DomainError.taskNotFound(id) }
    return task
  }

  /// The id the next created task gets. Only inside a commit's plan.

  /// The most recently completed tasks, newest first, each with the day it was completed.
  public func logbook(limit: Int) -> [(task: TaskRecord, day: CalendarDate)] {
    // (A heading is done with its project: the logbook shows the project and the tasks.)
    var completed = ((try? storage.completedTasks(limit: limit)) ?? []).filter { $0.kind != .heading }
    // On a device's replica ids are its own: tasks completed at the same instant go by uuid, so
    // every device lists them in one order.
    if uuidSalt != 0 {
      completed.sort { ($0.completedAt ?? "", $0.uuid) > ($1.completedAt ?? "", $1.uuid) }
    }
    return completed.map { task in
      let instant = task.completedAt.flatMap(DayClock.instant(of:)) ?? clock.now
      return (task, dayClock.day(of: instant))
    }
  }

  public func steps(limit: Int) throws -> [HistoryStep] { try storage.steps(limit: limit) }
  public func canUndo() throws -> Bool { try storage.hasStep(undone: false) }
  public func canRedo() throws -> Bool { try storage.hasStep(undone: true) }
}

/// A day and the instants it runs between (the end excluded).
struct DayBounds {
  var day: CalendarDate
  var start: Date
  var end: Date
  func contains(_ instant: Date) -> Bool { start <= instant && instant < end }
}
