/// Computes the rank for a task dropped at an index of a list, so that a move writes the moved
/// task's row and, only when two neighbours' ranks have no room left between them, a small
/// window of neighbours around the drop (a local rebalance) — never the whole list.
public enum DropIndex {
  /// The distance between ranks given to tasks appended to a list or spread by a rebalance.
  public static let gap: Int64 = 1 << 20

  public struct Placement: Equatable, Sendable {
    public var rank: Int64
    /// Neighbours that had to be given new ranks to make room, in list order.
    public var reassigned: [(id: Int64, rank: Int64)]

    public static func == (lhs: Placement, rhs: Placement) -> Bool {
      lhs.rank == rhs.rank && lhs.reassigned.map(\.id) == rhs.reassigned.map(\.id)
        && lhs.reassigned.map(\.rank) == rhs.reassigned.map(\.rank)
    }
  }

  /// The rank for a new entry at `index` (0…count) of `list`.
  public static func place(in list: ListWithout, at index: Int) -> Placement {
    precondition(index >= 0 && index <= list.count)
    let lower = index > 0 ? list[index - 1].rank : nil
    let upper = index < list.count ? list[index].rank : nil
    switch (lower, upper) {
    case (nil, nil): return Placement(rank: 0, reassigned: [])
    case (let lower?, nil): return Placement(rank: lower + gap, reassigned: [])
    case (nil, let upper?): return Placement(rank: upper - gap, reassigned: [])
    case (let lower?, let upper?) where upper - lower >= 2:
      return Placement(rank: lower + (upper - lower) / 2, reassigned: [])
    default: return rebalance(list, at: index)
    }
  }

  /// Spreads the entries of a window around `index` evenly between the ranks just outside it,
  /// doubling the window until there is room for all of them plus the dropped task.
  static func rebalance(_ list: ListWithout, at index: Int) -> Placement {
    var width = 1
    while true {
      let first = max(0, index - width)
      let end = min(list.count, index + width)
      let lower = first > 0 ? list[first - 1].rank : nil
      let upper = end < list.count ? list[end].rank : nil
      let slots = Int64(end - first + 1)
      let ranks: [Int64]?
      switch (lower, upper) {
      case (let lower?, let upper?):
        let step = (upper - lower) / (slots + 1)
        ranks = step >= 1 ? (1...slots).map { lower + step * $0 } : nil
      case (let lower?, nil): ranks = (1...slots).map { lower + gap * $0 }
      case (nil, let upper?): ranks = (1...slots).map { upper - gap * (slots + 1 - $0) }
      case (nil, nil): ranks = (1...slots).map { gap * $0 }
      }
      if let ranks {
        var reassigned: [(id: Int64, rank: Int64)] = []
        var rank: Int64 = 0
        var slot = 0
        for position in first...end {
          if position == index {
            rank = ranks[slot]
            slot += 1
          }
          if position < end {
            reassigned.append((list[position].id, ranks[slot]))
            slot += 1
          }
        }
        return Placement(rank: rank, reassigned: reassigned)
      }
      width *= 2
    }
  }
}
