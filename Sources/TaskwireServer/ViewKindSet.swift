import TaskwireCore

/// A set of views as one bit each: marking the views a change touched happens for every change
/// a server hears of, and a `Set<ViewKind>` hashed and allocated there (a tenth of a move).
struct ViewKindSet: ExpressibleByArrayLiteral, Equatable {
  private var bits: UInt32 = 0

  init() {}
  init(arrayLiteral views: ViewKind...) { formUnion(views) }

  private static func bit(_ view: ViewKind) -> UInt32 {
    switch view {
    case .inbox: 1 << 0
    case .today: 1 << 1
    case .upcoming: 1 << 2
    case .matrix: 1 << 3
    case .all: 1 << 4
    case .logbook: 1 << 5
    case .project: 1 << 6
    case .area: 1 << 7
    case .projects: 1 << 8
    case .anytime: 1 << 9
    case .someday: 1 << 10
    }
  }

  var isEmpty: Bool { bits == 0 }
  func contains(_ view: ViewKind) -> Bool { bits & Self.bit(view) != 0 }
  mutating func insert(_ view: ViewKind) { bits |= Self.bit(view) }
  mutating func formUnion(_ views: some Sequence<ViewKind>) { for view in views { insert(view) } }
  mutating func formUnion(_ other: ViewKindSet) { bits |= other.bits }
  mutating func removeAll() { bits = 0 }
}
