import Foundation
import JSON
import JSONRPC
import TaskwireCore
import TaskwireProtocol
import TaskwireStore

/// Reminders for a session whose client shows them (`initializationOptions.reminders`; issue
/// 30, Protocol/README.md "Reminders").
///
/// A reminder fires once per store: when one falls due, every process with such a client tries
/// to insert its row in `reminder_states`, and the one whose insert lands fired it (`alert`).
/// Every process with such a client shows every reminder in state `showing` whose task is open
/// and still has it, so each open client shows it; a snooze or a dismissal is a write to the
/// same row, which the other processes hear as a commit (the notice file, `NOTIFY`) and clear.
///
/// Cost: the open tasks' reminders are kept by task (`moments`), patched per changed task; the
/// next instant due is kept through a task's change (`followNextDue`) and found over them all
/// only when the task holding it changed, or the states did. A store without reminders costs
/// nothing per change.
final class ReminderDesk {
  struct Key: Hashable {
    var task: String
    var at: WallMoment
  }

  unowned let replica: Replica
  /// Whether the session's client shows reminders.
  private(set) var enabled = false
  /// The open tasks with reminders: their uuid and their reminders' wall times.
  var moments: [Int64: (uuid: String, at: [WallMoment])] = [:]
  var idsByUUID: [String: Int64] = [:]
  /// Reminders this process knows came due before (a row exists): not fired again.
  var settled: Set<Key> = []
  /// Snoozed reminders, with the instant each comes back and that instant's text.
  var snoozed: [Key: (until: Date, text: String)] = [:]
  /// What this session's client was sent and shows now: the task, and whether it came late.
  var shown: [Key: (id: Int64, missed: Bool)] = [:]
  /// The next instant something falls due (`.some(nil)`: nothing); nil: to be found again.
  var nextDueCache: Date?? = nil
  var loaded = false
  /// After a firing failed (the store locked, a PostgreSQL server away): not before then.
  var retryAfter: Date? = nil
  /// Queued notifications (taken after each frame, after the view diffs).
  var outbox: [OutgoingJSON] = []
  var words: Words = .english

  init(replica: Replica) { self.replica = replica }

  /// The client shows reminders: from now on they are found, fired and shown.
  func enable() {
    enabled = true
    replica.hearOtherWriters()
  }

  var zone: TimeZone { replica.dayClock.timeZone }
  static func uuid(of task: TaskRecord) -> String {
    task.uuid == .none ? "id:\(task.id)" : task.uuid.description
  }

  // MARK: Following the tasks

  /// Every open task's reminders, read once the index is loaded (and again on a reload).
  private func load() {
    moments.removeAll()
    idsByUUID.removeAll()
    for task in replica.index.tasks.values where !task.reminders.isEmpty { track(task) }
    loaded = true
    nextDueCache = nil
  }

  private func track(_ task: TaskRecord) {
    let uuid = Self.uuid(of: task)
    let list = task.reminders.compactMap { $0.moment(for: task) }
    if let old = moments[task.id], old.uuid != uuid { idsByUUID[old.uuid] = nil }
    if list.isEmpty || task.completed {
      if let old = moments.removeValue(forKey: task.id) { idsByUUID[old.uuid] = nil }
    } else {
      moments[task.id] = (uuid, list)
      idsByUUID[uuid] = task.id
    }
  }

  /// What changed in the replica (each frame's and other writers'): reminders of changed tasks
  /// are followed, and one shown whose task was completed, deleted or changed is cleared.
  func absorb(_ update: ReplicaUpdate) {
    guard enabled else { return }
    if update.rebuilt || !loaded {
      if replica.isLoaded { load() }
      clearStale()
      return
    }
    for change in update.changes {
      let old = moments[change.taskID]
      // (Most tasks have no reminders, before or after: nothing to follow.)
      guard old != nil || !(change.after?.reminders.isEmpty ?? true) else { continue }
      // (A drag or a rename leaves the task's reminders where they were: nothing to follow.)
      if let old, let before = change.before, let after = change.after, before.uuid == after.uuid, !after.completed,
        after.reminders.compactMap({ $0.moment(for: after) }) == old.at
      {
        continue
      }
      if let after = change.after {
        track(after)
      } else if let old {
        moments[change.taskID] = nil
        idsByUUID[old.uuid] = nil
      }
      let new = moments[change.taskID]
      if old?.uuid != new?.uuid || old?.at != new?.at { followNextDue(old: old, new: new) }
    }
    clearStale()
  }

  /// Keeps the next instant due through one task's change without a walk over every task (a
  /// store of many tasks with reminders made each create cost a walk): a new reminder earlier
  /// than it is the next; only when the task held the next one is it found again.
  private func followNextDue(old: (uuid: String, at: [WallMoment])?, new: (uuid: String, at: [WallMoment])?) {
    guard let cached = nextDueCache else { return }
    if let cached, let old, earliestUnsettled(old) == cached {
      nextDueCache = nil
      return
    }
    if let new, let earliest = earliestUnsettled(new), cached.map({ earliest < $0 }) ?? true {
      nextDueCache = .some(earliest)
    }
  }

  /// A task's earliest reminder that has not come due before (none settled).
  private func earliestUnsettled(_ entry: (uuid: String, at: [WallMoment])) -> Date? {
    entry.at.lazy.filter { !self.settled.contains(Key(task: entry.uuid, at: $0)) }.map { $0.instant(in: self.zone) }
      .min()
  }

  /// Reminders shown whose task is no longer open or no longer has them: cleared, with why.
  private func clearStale() {
    guard !shown.isEmpty else { return }
    for (key, (id, _)) in shown.sorted(by: { ($0.key.at, $0.key.task) < ($1.key.at, $1.key.task) }) {
      if let entry = moments[id], entry.uuid == key.task, entry.at.contains(key.at) { continue }
      let reason: ReminderNotification.Reason
      if replica.index.tasks[id] != nil {
        reason = .changed
      } else if (try? replica.storage.task(id: id)) != nil {
        reason = .completed
      } else {
        reason = .deleted
      }
      clear(key, id: id, reason: reason)
    }
  }

  private func clear(_ key: Key, id: Int64, reason: ReminderNotification.Reason) {
    guard shown.removeValue(forKey: key) != nil else { return }
    outbox.append(
      JSONRPC.Notification.outgoing(
        method: ReminderNotification.clearedMethod,
        params: ReminderNotification.cleared(id: id, at: key.at, reason: reason)))
  }

  // MARK: Firing

  /// When the next reminder falls due (nil: none, or a fixed test clock, which only
  /// `test/setClock` moves).
  var nextDue: Date? {
    guard enabled, loaded, !replica.clock.isFixed else { return nil }
    guard let next = nextDueInstant() else { return nil }
    // (After a failed firing, a second's pause: a store locked by another writer is not
    // hammered by an alarm set in the past.)
    return retryAfter.map { max(next, $0) } ?? next
  }

  private func nextDueInstant() -> Date? {
    if let cached = nextDueCache { return cached }
    var earliest: Date? = nil
    for entry in moments.values {
      if let instant = earliestUnsettled(entry), earliest.map({ instant < $0 }) ?? true { earliest = instant }
    }
    for (key, snooze) in snoozed where idsByUUID[key.task] != nil {
      if earliest.map({ snooze.until < $0 }) ?? true { earliest = snooze.until }
    }
    nextDueCache = .some(earliest)
    return earliest
  }

  /// Fires what fell due: each reminder not settled yet is claimed (one write for all), and
  /// each this process won or another process fired is shown.
  func fireDue() {
    guard enabled else { return }
    if !loaded {
      // (A client that only waits for reminders lists nothing: the store is loaded for it.)
      if !replica.isLoaded {
        do {
          try replica.prepare(forChange: false)
        } catch {
          replica.log("cannot read the store: \(error)")
        }
      }
      guard replica.isLoaded else { return }
      load()
      refreshStates()
    }
    let now = replica.clock.now
    guard let next = nextDueInstant(), next <= now else { return }
    var due: [(key: Key, id: Int64, dueAt: Date, snoozedUntil: String?)] = []
    for (id, entry) in moments {
      for at in entry.at {
        let instant = at.instant(in: zone)
        let key = Key(task: entry.uuid, at: at)
        if instant <= now, !settled.contains(key) { due.append((key, id, instant, nil)) }
      }
    }
    for (key, snooze) in snoozed where snooze.until <= now {
      if let id = idsByUUID[key.task] { due.append((key, id, snooze.until, snooze.text)) }
    }
    due.sort { ($0.key.at, $0.id) < ($1.key.at, $1.id) }
    let firedAt = replica.timestamp
    var won: Set<Key> = []
    do {
      try replica.storage.write { txn in
        for item in due
        where try txn.claimReminder(
          task: item.key.task, at: item.key.at.description, due: DayClock.timestamp(item.dueAt), firedAt: firedAt,
          snoozedUntil: item.snoozedUntil)
        {
          won.insert(item.key)
        }
      }
    } catch {
      replica.log("cannot fire reminders: \(error)")
      retryAfter = Date().addingTimeInterval(1)
      return
    }
    retryAfter = nil
    for item in due {
      settled.insert(item.key)
      snoozed[item.key] = nil
    }
    nextDueCache = nil
    for item in due where won.contains(item.key) { show(item.key, id: item.id, dueAt: item.dueAt, alert: true) }
    // Those another process fired first: their rows say what became of them.
    if won.count < due.count { refreshStates() }
  }

  /// Reads every live reminder's state (after another writer's commit): shows what another
  /// process fired, clears what it snoozed or dismissed, and follows the snoozes.
  func refreshStates() {
    guard enabled, loaded else { return }
    let states: [ReminderState]
    do {
      states = try replica.storage.liveReminderStates()
    } catch {
      replica.log("cannot read reminders: \(error)")
      return
    }
    var showing: [Key: Date] = [:]
    var newSnoozed: [Key: (until: Date, text: String)] = [:]
    for state in states {
      guard let at = WallMoment(iso: state.at) else { continue }
      let key = Key(task: state.task, at: at)
      settled.insert(key)
      switch state.phase {
      case .showing: showing[key] = state.until.flatMap(DayClock.instant(of:)) ?? at.instant(in: zone)
      case .snoozed:
        if let text = state.until, let until = DayClock.instant(of: text) { newSnoozed[key] = (until, text) }
      case .dismissed: break
      }
    }
    if newSnoozed.count != snoozed.count || newSnoozed.contains(where: { snoozed[$0.key]?.text != $0.value.text }) {
      nextDueCache = nil
    }
    snoozed = newSnoozed
    for (key, (id, _)) in shown.sorted(by: { ($0.key.at, $0.key.task) < ($1.key.at, $1.key.task) })
    where showing[key] == nil {
      clear(key, id: id, reason: snoozed[key] != nil ? .snoozed : .dismissed)
    }
    for (key, dueAt) in showing.sorted(by: { ($0.key.at, $0.key.task) < ($1.key.at, $1.key.task) })
    where shown[key] == nil {
      guard let id = idsByUUID[key.task], moments[id]?.at.contains(key.at) == true else { continue }
      show(key, id: id, dueAt: dueAt, alert: false)
    }
  }

}
