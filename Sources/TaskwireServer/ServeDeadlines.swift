import Foundation
import TaskwireStore

#if canImport(Glibc)
  import Glibc
#endif

/// What a serving loop waits for besides its input, as one deadline: a look for other writers
/// (shortly after a notice, on a short timer when the feed cannot wake the loop, and once a
/// minute in any case), the next day's start (for subscribers' lists), and the housekeeping a
/// second after the last change (a WAL checkpoint). Plain numbers, not timers: moving one on
/// every request costs nothing.
struct ServeDeadlines {
  /// Without a way to be woken by other writers, the loop looks for their commits this often.
  static let pollInterval = 0.1
  /// With one (or with a private store), a coarse look this often catches what a wake-up may
  /// miss; an idle server otherwise sleeps (an editor keeps taskwire open all day).
  static let safetyInterval = 60.0
  /// Housekeeping runs this long after the last change.
  static let idleDelay = 1.0
  /// A notice may come with a writer's first WAL bytes, before its commit is visible.
  static let lookAgainDelay = 0.015

  /// Seconds on the monotonic clock (read without Foundation: a few times per request).
  static func uptime() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }

  enum Work { case tick, housekeeping }

  private let replica: Replica
  private var lastTick: Double
  private var lookAgainAt: Double? = nil
  private var idleAt: Double? = nil
  /// The next day's start on the wall clock (a suspended machine wakes past it), once asked.
  private var dayStart: Date? = nil

  init(replica: Replica, now: Double) {
    self.replica = replica
    lastTick = now
  }

  /// After a frame or a tick: housekeeping a second after the last change.
  mutating func served(now: Double) {
    if replica.hasIdleWork { idleAt = now + Self.idleDelay }
  }

  mutating func lookAgain(now: Double) {
    if lookAgainAt == nil { lookAgainAt = now + Self.lookAgainDelay }
  }

  /// Whether anything must be waited for besides the input (else the read waits alone). The
  /// housekeeping does not count: a loop that would wait on its input alone does not pay a
  /// `poll` per request for it (a tenth of a small request's time); such a server checkpoints
  /// every `Replica.changesBetweenCheckpoints` changes and when it closes instead.
  func hasWork(subscribed: Bool) -> Bool {
    lookAgainAt != nil || (subscribed && !replica.clock.isFixed)
  }

  /// How often other writers are looked for: often when the feed cannot wake the loop.
  private var tickInterval: Double { replica.othersNeedPolling ? Self.pollInterval : Self.safetyInterval }

  /// The earliest deadline, in uptime seconds.
  mutating func next(subscribed: Bool) -> Double {
    var due = lastTick + tickInterval
    if let lookAgainAt { due = min(due, lookAgainAt) }
    if let idleAt { due = min(due, idleAt) }
    if subscribed, let day = nextDayStart() { due = min(due, Self.uptime() + max(0, day.timeIntervalSinceNow)) }
    return due
  }

  /// The work due at `now`, if any, taken off the list (one at a time).
  mutating func due(now: Double, subscribed: Bool) -> Work? {
    if let at = lookAgainAt, at <= now {
      lookAgainAt = nil
      return ticked(now)
    }
    if subscribed, let day = nextDayStart(), day.timeIntervalSinceNow <= 0 {
      dayStart = nil
      return ticked(now)
    }
    if lastTick + tickInterval <= now { return ticked(now) }
    if let at = idleAt, at <= now {
      idleAt = nil
      return .housekeeping
    }
    return nil
  }

  /// The day's start came (the wall-clock alarm rang): the next one is asked anew.
  mutating func dayCame(now: Double) {
    dayStart = nil
    lastTick = now
  }

  private mutating func ticked(_ now: Double) -> Work {
    lastTick = now
    return .tick
  }

  /// The next day's start, with a twentieth of a second's margin (a fixed test clock moves
  /// only by test/setClock: none).
  mutating func nextDayStart() -> Date? {
    guard !replica.clock.isFixed else { return nil }
    if let dayStart { return dayStart }
    let start = replica.dayClock.nextDayStart(after: replica.clock.now).addingTimeInterval(0.05)
    dayStart = start
    return start
  }
}
