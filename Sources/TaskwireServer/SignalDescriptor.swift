import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Where the signal handler writes (a handler may only do async-signal-safe things).
nonisolated(unsafe) private var signalPipeInput: Int32 = -1
/// The last signal that arrived (0: none): read by the serving loop between reads, for free.
nonisolated(unsafe) private var signalArrived: Int32 = 0

/// The signals that end a server, as a descriptor to watch (the self-pipe trick: the handler
/// writes the signal's number as a byte). The handler is in place when this returns, so no
/// signal is lost: a dispatch signal source is registered later, on another thread, and a
/// signal before that (a client quick to send SIGTERM) would be ignored.
struct SignalDescriptor {
  let descriptor: Int32
  /// The end the handler writes.
  let input: Int32

  init?(_ signals: [Int32]) {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return nil }
    for fd in ends {
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }
    signalPipeInput = ends[1]
    input = ends[1]
    // Without SA_RESTART: a read that waits for the client comes back (EINTR), so that the
    // loop sees the signal at once.
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { number in
      signalArrived = number
      var byte = UInt8(truncatingIfNeeded: number)
      _ = write(signalPipeInput, &byte, 1)
    }
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    for number in signals { sigaction(number, &action, nil) }
    descriptor = ends[0]
    // A parent may have started us with these signals blocked (a blocked mask is inherited:
    // Foundation's Process in a test runner does so): unblocked here, on the thread that
    // makes the descriptor, before it starts any other, so that they are delivered at all.
    var set = sigset_t()
    sigemptyset(&set)
    for number in signals { sigaddset(&set, number) }
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
  }

  /// Makes sure a signal ends the process within `seconds`: the loop that serves it may be
  /// stuck in a write to a client that stopped reading (a pipe or socket that is full), and
  /// would then never get to it. A thread of its own watches the descriptor without reading it
  /// (the loop's own handling reads it and exits first when it can); once a signal waits there
  /// longer than `seconds`, `beforeExit` runs and the process ends. Every acknowledged change
  /// is committed already, so ending here loses none.
  func enforceDeadline(seconds: Double = 1, beforeExit: @escaping @Sendable () -> Void = {}) {
    let descriptor = self.descriptor
    let thread = Thread {
      var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      while poll(&ready, 1, -1) < 1 || ready.revents == 0 {}
      usleep(useconds_t(seconds * 1_000_000))
      ServerLog.write("taskwire: a signal was not served within \(seconds) s (a client not reading?); exiting now\n")
      beforeExit()
      _exit(0)
    }
    thread.start()
  }

  /// The signal that arrived, if one did, without reading the pipe (a load: checked between
  /// every two reads of the serving loop).
  var arrived: Int32? { signalArrived == 0 ? nil : signalArrived }

  /// The signal that arrived, if one did.
  func take() -> Int32? {
    var byte: UInt8 = 0
    return read(descriptor, &byte, 1) == 1 ? Int32(byte) : nil
  }
}
