import Foundation

/// The replica's time: the system clock, or a fixed instant that only `test/setClock` moves, so
/// that recorded sessions and day changes replay exactly.
public struct ReplicaClock: Sendable {
  public private(set) var fixed: Date?

  public init(fixed: Date?) { self.fixed = fixed }

  public var isFixed: Bool { fixed != nil }

  public var now: Date { fixed ?? Date() }

  public mutating func set(_ instant: Date) { fixed = instant }
}
