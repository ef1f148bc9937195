import Dispatch
import Foundation
import JSON
import JSONRPC
import Synchronization
import TaskwireProtocol

#if canImport(Glibc)
  import Glibc
#endif

/// Serves stdin/stdout: a reader thread serves each frame, in order, inside one serial queue
/// that owns the server and its connection (a client writing without reading is held back by
/// the pipe, as the reader reads the next frame only when this one is answered); replies are
/// written from that queue, each flushed as it is written. Between frames the reader waits on
/// stdin and the store's notice descriptor together, so another writer's commit is served on
/// the same thread; timers on the queue notice the day changing and run the housekeeping.
final class ServeLoop: @unchecked Sendable {
  let server: Server
  let reader: FrameReader
  let connection: Connection
  let queue = DispatchQueue(label: "taskwire.loop")
  var recorder: SessionRecorder? {
    get { connection.observer as? SessionRecorder }
    set { connection.observer = newValue }
  }

  init(server: Server, input: Int32, output: Int32, maxMessageBytes: Int) {
    self.server = server
    self.input = input
    var ends: [Int32] = [-1, -1]
    if pipe(&ends) == 0 {
      for fd in ends { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    }
    wakePipe = (ends[0], ends[1])
    reader = FrameReader(descriptor: input, maxMessageBytes: maxMessageBytes)
    reader.waitsWhenNotReady = true
    connection = Connection(sink: FrameWriter(descriptor: output), handler: server, maxMessageBytes: maxMessageBytes)
  }

  /// Without a way to be woken by other writers, the loop looks for their commits this often.
  static let pollInterval = DispatchTimeInterval.milliseconds(100)
  /// With one (or with a private store), a coarse check this often catches what a wake-up may
  /// miss; otherwise an idle server sleeps (an editor keeps taskwire open all day).
  static let safetyInterval = DispatchTimeInterval.seconds(60)
  /// Housekeeping (a WAL checkpoint) runs this long after the last change.
  static let idleDelay = DispatchTimeInterval.seconds(1)
  private var timer: DispatchSourceTimer? = nil
  private var dayTimer: DispatchSourceTimer? = nil
  private var idleTimer: DispatchSourceTimer? = nil
  private let input: Int32
  /// Wakes the reading thread's wait when the notice descriptor changes (a reconnection).
  private let wakePipe: (read: Int32, write: Int32)
  /// The replica's commit count after the last frame: a frame that committed wrote the store's
  /// files, and its own file events are drained then, not served as another writer's.
  private var commitsSeen = 0
  private var signalSource: DispatchSourceRead? = nil

  func start() {
    refreshNoticeSource()
    scheduleDayStart()
    // SIGTERM and SIGINT are handled on the loop, so the change in progress finishes and the
    // store is closed before the process exits.
    if let signals = SignalDescriptor([SIGTERM, SIGINT]) {
      let source = DispatchSource.makeReadSource(fileDescriptor: signals.descriptor, queue: queue)
      source.setEventHandler { [self] in
        guard let signalNumber = signals.take() else { return }
        server.info("signal \(signalNumber): closing the store and exiting")
        finish(code: 0)
      }
      source.resume()
      signalSource = source
      signals.enforceDeadline()
    }
    // Each frame is served on the reading thread itself: `sync` on an idle serial queue runs
    // the block right here, so a request costs one read, the work and one write, without
    // waking another thread (the queue still keeps it apart from the timers' work).
    // Between frames the reading thread waits for stdin and the notice descriptor at once,
    // so another writer's commit is served on this thread too, without waking another.
    reader.waitForInput = { [self] in waitForInput() }
    let thread = Thread { [self] in
      while let frame = reader.next() {
        let framing = reader.framing ?? .newline
        queue.sync { [self] in
          connection.receive(frame, framing: framing)
          // A quick first list of Today is answered: the rest of the store is loaded now.
          server.replica.finishQuickStart()
          if server.replica.commits != commitsSeen {
            commitsSeen = server.replica.commits
            ownWritesDone()
          }
          if server.replica.needsHousekeepingNow { server.replica.idle() }
          scheduleIdle()
          refreshNoticeSource()
          finishIfClosed()
        }
      }
      queue.async { [self] in finish(code: 0) }
    }
    thread.start()
  }

  /// Waits until stdin is readable; meanwhile serves the notice descriptor (another writer's
  /// commit) on this thread.
  private func waitForInput() {
    // Nothing to watch but stdin (a file store that no subscriber listens on: its descriptor
    // appears only with a view/subscribe, served on this thread): the read itself waits, and a
    // request costs one read, the work and one write (not even a `sync` onto the queue).
    guard watchesMoreThanInput.load(ordering: .acquiring) else { return }
    while true {
      let (notice, listening) = queue.sync { (watched.descriptor, server.replica.storage.changeFeed.isListening) }
      if notice == nil && !listening { return }
      var fds = [
        pollfd(fd: input, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wakePipe.read, events: Int16(POLLIN), revents: 0),
      ]
      if let notice { fds.append(pollfd(fd: notice, events: Int16(POLLIN), revents: 0)) }
      let ready = poll(&fds, nfds_t(fds.count), -1)
      if ready < 0 && errno != EINTR { return }
      if fds[0].revents != 0 { return }
      if fds[1].revents != 0 {
        var bytes = [UInt8](repeating: 0, count: 64)
        _ = read(wakePipe.read, &bytes, bytes.count)
      }
      if fds.count > 2, fds[2].revents != 0 { queue.sync { noticed() } }
    }
  }

  /// The notice descriptor is readable: another writer may have committed.
  private func noticed() {
    guard server.replica.storage.changeFeed.drainNotices() else { return }
    tick()
    // The wake-up may come with a writer's first WAL bytes, before its commit is visible: a
    // second look shortly after catches the commit.
    scheduleLookAgain()
  }

  /// This frame committed: the file events it caused are ours, and are drained now. Another
  /// writer's, drained with them, are caught by one look shortly after (armed once per burst,
  /// not per commit: re-arming a timer wakes the dispatch manager thread).
  private func ownWritesDone() {
    guard server.replica.storage.changeFeed.drainNotices(), !lookAgainArmed else { return }
    scheduleLookAgain()
  }

  /// Other writers, the day, and the notifications they cause.
  private func tick() {
    server.poll()
    connection.flush()
    scheduleIdle()
    refreshNoticeSource()
    finishIfClosed()
  }

  private var watched: (descriptor: Int32?, generation: Int) = (nil, -1)
  /// Whether the reading thread waits on more than stdin (a notice descriptor, or a store that
  /// listens): set on the queue with the watched descriptor, read before each read of stdin.
  private let watchesMoreThanInput = Atomic<Bool>(false)
  private var timerInterval: DispatchTimeInterval? = nil

  /// Follows the storage's notice descriptor (a PostgreSQL connection gets a new socket when it
  /// reconnects, and has none while it is down): another writer's commit wakes the loop at once;
  /// without a descriptor the loop polls, which is also how a lost connection is retried.
  private func refreshNoticeSource() {
    let storage = server.replica.storage
    let descriptor = storage.changeFeed.noticeDescriptor
    watchesMoreThanInput.store(descriptor != nil || storage.changeFeed.isListening, ordering: .releasing)
    if descriptor != watched.descriptor || storage.changeFeed.noticeGeneration != watched.generation {
      watched = (descriptor, storage.changeFeed.noticeGeneration)
      // The reading thread may be waiting on the old one.
      var byte: UInt8 = 1
      _ = write(wakePipe.write, &byte, 1)
    }
    let interval =
      descriptor == nil && !storage.changeFeed.isPrivate && storage.changeFeed.isListening
      ? Self.pollInterval : Self.safetyInterval
    guard interval != timerInterval else { return }
    timerInterval = interval
    let timer = self.timer ?? DispatchSource.makeTimerSource(queue: queue)
    timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(10))
    if self.timer == nil {
      timer.setEventHandler { [self] in tick() }
      timer.resume()
      self.timer = timer
    }
  }

  /// A one-shot timer at the next day start (wall clock, so that a suspend or a clock jump is
  /// caught when the machine wakes), re-armed each time; a fixed test clock moves only by
  /// test/setClock.
  private func scheduleDayStart() {
    guard !server.replica.clock.isFixed else { return }
    let now = server.replica.clock.now
    let seconds = max(1, server.replica.dayClock.nextDayStart(after: now).timeIntervalSince(now) + 0.05)
    let timer = dayTimer ?? DispatchSource.makeTimerSource(queue: queue)
    timer.schedule(wallDeadline: .now() + seconds, leeway: .milliseconds(50))
    if dayTimer == nil {
      timer.setEventHandler { [self] in
        tick()
        scheduleDayStart()
      }
      timer.resume()
      dayTimer = timer
    }
  }

  static let lookAgainDelay = DispatchTimeInterval.milliseconds(15)
  private var lookAgainTimer: DispatchSourceTimer? = nil

  private var lookAgainArmed = false

  private func scheduleLookAgain() {
    let timer = lookAgainTimer ?? DispatchSource.makeTimerSource(queue: queue)
    timer.schedule(deadline: .now() + Self.lookAgainDelay, leeway: .milliseconds(5))
    lookAgainArmed = true
    if lookAgainTimer == nil {
      timer.setEventHandler { [self] in
        lookAgainArmed = false
        tick()
      }
      timer.resume()
      lookAgainTimer = timer
    }
  }

  /// Housekeeping a second after the last change, not on a ticking timer. The timer is armed
  /// once and, when it fires early, re-armed for what is left: re-arming it on every change
  /// would wake the dispatch manager thread once per request.
  private var lastChange = DispatchTime.now()
  private var idleArmed = false

  private func scheduleIdle() {
    guard server.replica.hasIdleWork else { return }
    lastChange = DispatchTime.now()
    guard !idleArmed else { return }
    idleArmed = true
    let timer = idleTimer ?? DispatchSource.makeTimerSource(queue: queue)
    timer.schedule(deadline: lastChange + Self.idleDelay, leeway: .milliseconds(100))
    if idleTimer == nil {
      timer.setEventHandler { [self] in
        let due = lastChange + Self.idleDelay
        if DispatchTime.now() < due {
          idleTimer?.schedule(deadline: due, leeway: .milliseconds(100))
          return
        }
        idleArmed = false
        server.replica.idle()
      }
      timer.resume()
      idleTimer = timer
    }
  }

  private func finishIfClosed() {
    if let code = connection.closeCode { finish(code: code) }
  }

  func finish(code: Int32) -> Never {
    server.replica.storage.close()
    exit(code)
  }
}
