#if canImport(Glibc)
  import Glibc
#endif

/// Where the signal handler writes (a handler may only do async-signal-safe things).
nonisolated(unsafe) private var signalPipeInput: Int32 = -1

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
    for number in signals {
      signal(number) { number in
        var byte = UInt8(truncatingIfNeeded: number)
        _ = write(signalPipeInput, &byte, 1)
      }
    }
    descriptor = ends[0]
  }

  /// The signal that arrived, if one did.
  func take() -> Int32? {
    var byte: UInt8 = 0
    return read(descriptor, &byte, 1) == 1 ? Int32(byte) : nil
  }
}
