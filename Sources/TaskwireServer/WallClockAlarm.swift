#if canImport(Glibc)
  import Glibc
#endif

/// A descriptor that becomes readable at a moment on the wall clock (a Linux `timerfd` on
/// `CLOCK_REALTIME`), also when the machine slept past it or the clock was set past it: a
/// `poll` timeout counts monotonic time, which stands still during a suspend, so the day's
/// start is watched this way. (Looked up at run time: Swift's Glibc module leaves
/// `sys/timerfd.h` out.) Nil where the system has none; the loop then falls back on its
/// timeout.
final class WallClockAlarm {
  private typealias Create = @convention(c) (Int32, Int32) -> Int32
  private typealias SetTime =
    @convention(c) (Int32, Int32, UnsafePointer<itimerspec>, UnsafeMutablePointer<itimerspec>?) ->
    Int32
  private static let calls: (create: Create, set: SetTime)? = {
    guard let create = dlsym(nil, "timerfd_create"), let set = dlsym(nil, "timerfd_settime") else { return nil }
    return (unsafeBitCast(create, to: Create.self), unsafeBitCast(set, to: SetTime.self))
  }()
  /// `TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET`: fire at an absolute time, and wake at once
  /// when the clock is set.
  private static let absoluteAndCancelOnSet: Int32 = 1 | 2

  let descriptor: Int32
  /// The wall-clock second it is set for (0: not set).
  private(set) var armedFor: Int = 0

  init?() {
    guard let calls = Self.calls else { return nil }
    let fd = calls.create(CLOCK_REALTIME, O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { return nil }
    descriptor = fd
  }

  deinit { close(descriptor) }

  /// Fires at `seconds` since 1970 (whole seconds, rounded up).
  func arm(at seconds: Double) {
    let when = Int(seconds.rounded(.up))
    guard when != armedFor, let calls = Self.calls else { return }
    var value = itimerspec()
    value.it_value.tv_sec = when
    _ = calls.set(descriptor, Self.absoluteAndCancelOnSet, &value, nil)
    armedFor = when
  }

  /// Empties the descriptor after it was readable (the time came, or the clock was set).
  func acknowledge() {
    var expirations: UInt64 = 0
    _ = read(descriptor, &expirations, 8)
    armedFor = 0
  }
}
