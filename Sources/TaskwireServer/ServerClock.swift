import Foundation

/// The server's time: the system clock, or a fixed instant that only `test/setClock` moves, so
/// that recorded sessions and day changes replay exactly.
struct ServerClock {
  private(set) var fixed: Date?

  init(fixed: Date?) { self.fixed = fixed }

  var isFixed: Bool { fixed != nil }

  var now: Date { fixed ?? Date() }

  mutating func set(_ instant: Date) { fixed = instant }
}
