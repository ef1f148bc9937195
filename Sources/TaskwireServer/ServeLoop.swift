import Foundation
import JSON
import JSONRPC
import TaskwireStore

#if canImport(Glibc)
  import Glibc
#endif

/// The one serving loop, for stdin/stdout and for each of the resident server's connections
/// (like rust-analyzer's one `Connection` and one loop): one thread reads a frame, serves it,
/// writes its reply and the notifications it caused, in order. Between frames it waits with one
/// `poll(2)` on the input, the store's notice descriptor and the shutdown signals, until one
/// deadline: the earliest of what is due (`ServeDeadlines`: the next day, housekeeping a second
/// after a change, a second look after a notice, the timer of a feed that cannot wake it).
/// With nothing to wait on but the input, the read itself waits: a request then costs one
/// read, the work and one write. A client writing without reading is held back by the pipe.
final class ServeLoop {
  let server: Server
  let connection: Connection
  private let reader: FrameReader
  private let input: Int32
  private let signals: SignalDescriptor?
  /// A connection that sends nothing for this long is ended (the resident server's clients).
  private let silenceLimit: Double?
  private var deadlines: ServeDeadlines
  /// Rings at the day's start on the wall clock (a suspend or a clock set past it included).
  private let dayAlarm = WallClockAlarm()
  /// Rings when the next reminder falls due (a client that shows reminders), on the wall clock.
  private let reminderAlarm = WallClockAlarm()
  /// The replica's commit count after the last frame: a frame that committed wrote the store's
  /// files, and its own notices are drained then, not served as another writer's.
  private var commitsSeen = 0

  /// Why `run` returned.
  enum Ending {
    /// The client is done: its end of the stream, `exit` (with its code), or our output closed.
    case closed(Int32)
    /// A shutdown signal arrived.
    case signalled(Int32)
  }

  init(
    server: Server, input: Int32, sink: any FrameSink, maxMessageBytes: Int, signals: SignalDescriptor?,
    waitsWhenNotReady: Bool = true, silenceLimit: Double? = nil
  ) {
    self.server = server
    self.input = input
    self.signals = signals
    self.silenceLimit = silenceLimit
    reader = FrameReader(descriptor: input, maxMessageBytes: maxMessageBytes)
    reader.waitsWhenNotReady = waitsWhenNotReady
    connection = Connection(sink: sink, handler: server, maxMessageBytes: maxMessageBytes)
    deadlines = ServeDeadlines(replica: server.replica, now: ServeDeadlines.uptime())
    commitsSeen = server.replica.commits
  }

  /// Serves the connection until it ends.
  func run() -> Ending {
    reader.waitForInput = { [unowned self] in waitForInput() }
    while let frame = reader.next() {
      connection.receive(frame, framing: reader.framing ?? .newline)
      served()
      if let code = connection.closeCode { return .closed(code) }
    }
    if let number = signals?.arrived { return .signalled(number) }
    return .closed(connection.closeCode ?? 0)
  }

  /// After a frame: the rest of a quick start loaded, our own notices drained, housekeeping.
  private func served() {
    let replica = server.replica
    // A quick first list of Today is answered: the rest of the store is loaded now.
    replica.finishQuickStart()
    let now = ServeDeadlines.uptime()
    if replica.commits != commitsSeen {
      commitsSeen = replica.commits
      // This frame's commit wrote the store's files: the notices are ours. Another writer's,
      // drained with them, are caught by one look shortly after.
      if replica.drainNotices() { deadlines.lookAgain(now: now) }
      server.syncLink?.committed(now: now)  // (handed to the agent shortly: one push a burst)
    }
    server.syncLink?.pushIfDue(now: now)  // (requests back to back never let the wait time out)
    if replica.needsHousekeepingNow { replica.idle() }
    deadlines.served(now: now)
  }

  /// Waits until the input is readable, serving what falls due meanwhile; false to stop (a
  /// shutdown signal, or a silent connection past its limit). A signal is looked for before
  /// every wait and the signal pipe is among what the wait watches, so one that comes while
  /// the loop works is seen at once. (One in the instant before a read that waits alone is
  /// seen when the read returns, or by the signal's one-second deadline.)
  private func waitForInput() -> Bool {
    let replica = server.replica
    let started = ServeDeadlines.uptime()
    while true {
      if signals?.arrived != nil { return false }
      let subscribed = server.hasSubscriptions
      let now = ServeDeadlines.uptime()
      let reminderDue = server.reminders.nextDue
      guard
        replica.hearsOthers || deadlines.hasWork(subscribed: subscribed) || silenceLimit != nil || reminderDue != nil
          || server.syncLink != nil
      else { return true }  // nothing but the input: the read waits
      var due = deadlines.next(subscribed: subscribed)
      if let silenceLimit { due = min(due, started + silenceLimit) }
      // (Without a wall-clock alarm, the wait's own timeout; with one, the alarm is exact.)
      if let reminderDue, reminderAlarm == nil { due = min(due, now + max(0, reminderDue.timeIntervalSinceNow)) }
      if let pushDue = server.syncLink?.pushDue { due = min(due, pushDue) }
      var fds = [pollfd(fd: input, events: Int16(POLLIN), revents: 0)]
      func watch(_ fd: Int32?) -> Int? {
        guard let fd else { return nil }
        fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0))
        return fds.count - 1
      }
      let signalled = watch(signals?.descriptor)
      let notice = watch(replica.noticeDescriptor)
      let synced = watch(server.syncLink?.descriptor)
      // Another writer's notice may already have been read off the descriptor (libpq reads a
      // NOTIFY that arrives during any query into its own queue; the socket is then quiet, and a
      // poll would sleep past it): what is queued is served first. (Non-blocking on both backends.)
      if notice != nil, replica.noticesMayBeQueued, replica.drainNotices() {
        tick()
        deadlines.lookAgain(now: ServeDeadlines.uptime())
        continue
      }
      var alarm: Int? = nil
      if subscribed, let dayAlarm, let day = deadlines.nextDayStart() {
        dayAlarm.arm(at: day.timeIntervalSince1970)
        alarm = watch(dayAlarm.descriptor)
      }
      var reminderRing: Int? = nil
      if let reminderDue, let reminderAlarm {
        reminderAlarm.arm(at: reminderDue.timeIntervalSince1970)
        reminderRing = watch(reminderAlarm.descriptor)
      }
      let timeout = Int32(max(0, min(86_400_000, ((due - now) * 1000).rounded(.up))))
      let ready = poll(&fds, nfds_t(fds.count), timeout)
      if signals?.arrived != nil || signalled.map({ fds[$0].revents != 0 }) == true { return false }
      if ready < 0 && errno != EINTR { return true }  // the read reports it
      if let notice, fds[notice].revents != 0, replica.drainNotices() {
        tick()
        // The wake-up may come with a writer's first WAL bytes, before its commit is visible:
        // a second look shortly after catches the commit.
        deadlines.lookAgain(now: ServeDeadlines.uptime())
        continue  // (a signal meanwhile is seen first)
      }
      if let synced, fds[synced].revents != 0, let link = server.syncLink {
        // The agent pulled others' changes (merged now, one commit: one diff for each
        // subscriber) or the log took ours.
        if link.serve() {
          served()
          connection.flush()
        }
        // A long catch-up comes page after page: a request waiting meanwhile goes first.
        if fds[0].revents != 0 { return true }
        continue
      }
      if let alarm, fds[alarm].revents != 0 {
        dayAlarm?.acknowledge()
        deadlines.dayCame(now: ServeDeadlines.uptime())
        tick()
        continue
      }
      if let reminderRing, fds[reminderRing].revents != 0 {
        reminderAlarm?.acknowledge()
        connection.flush()  // (fires what fell due, and sends it)
        continue
      }
      if fds[0].revents != 0 { return true }
      let after = ServeDeadlines.uptime()
      server.syncLink?.pushIfDue(now: after)
      if let silenceLimit, after - started >= silenceLimit { return false }
      switch deadlines.due(now: after, subscribed: subscribed) {
      case .tick: tick()
      case .housekeeping: replica.idle()
      case nil: break
      }
      if let reminderDue, reminderDue.timeIntervalSinceNow <= 0 { connection.flush() }
      if connection.closeCode != nil { return false }
    }
  }

  /// Other writers, the day, and the notifications they cause.
  private func tick() {
    server.poll()
    server.syncLink?.committed(now: ServeDeadlines.uptime())  // (another process's commit, maybe)
    connection.flush()
    deadlines.served(now: ServeDeadlines.uptime())
  }
}
