/// The tasks of one list in manual order: (rank, id) pairs kept sorted, so that finding a task's
/// position is a search (guided by the ranks, see `insertionIndex`) and an index lookup is
/// constant time.
public struct OrderedList: Sendable {
  public struct Entry: Comparable, Sendable {
    public var rank: Int64
    public var id: Int64

    public init(rank: Int64, id: Int64) {
      self.rank = rank
      self.id = id
    }

    public static func < (lhs: Entry, rhs: Entry) -> Bool {
      (lhs.rank, lhs.id) < (rhs.rank, rhs.id)
    }
  }

  public private(set) var entries: [Entry] = []

  public init() {}

  /// A list from entries already in order.
  init(sorted entries: [Entry]) { self.entries = entries }

  public var count: Int { entries.count }
  public var isEmpty: Bool { entries.isEmpty }

  /// Where `entry` is, or where it would go.
  ///
  /// Ranks are spread about evenly (a gap apart when made, midpoints after moves), so the place
  /// a rank's share of the range points at is near the answer: the search starts there and
  /// gallops outwards to bracket it, then bisects the bracket. A plain binary search of 100k
  /// entries touches ~17 cache lines far apart; this touches a few, side by side. (Uneven
  /// ranks only cost a longer gallop: O(log n) still.)
  public func insertionIndex(of entry: Entry) -> Int {
    entries.withUnsafeBufferPointer { list in
      let count = list.count
      guard count > 32, let first = list.first, let last = list.last, first.rank < entry.rank,
        entry.rank < last.rank
      else { return Self.bisect(list, entry, 0, count) }
      // (In Double: the difference of two Int64 ranks may not fit in an Int64.)
      // Ranks too close for a Double to tell apart give no share: a plain bisection then.
      let span = Double(last.rank) - Double(first.rank)
      let share = (Double(entry.rank) - Double(first.rank)) / span
      guard span > 0, share.isFinite else { return Self.bisect(list, entry, 0, count) }
      let guess = min(count - 1, max(0, Int(min(1, max(0, share)) * Double(count - 1))))
      var step = 1
      if list[guess] < entry {
        // Everything before `low` is smaller; the answer is in low...high.
        var low = guess + 1
        var high = low
        while high < count && list[high] < entry {
          low = high + 1
          high += step
          step <<= 1
        }
        return Self.bisect(list, entry, low, min(high, count))
      }
      // list[high] is not smaller; the answer is in low...high.
      var high = guess
      var below = high - 1
      while below >= 0 && !(list[below] < entry) {
        high = below
        below -= step
        step <<= 1
      }
      return Self.bisect(list, entry, max(below + 1, 0), high)
    }
  }

  /// The first index in low..<high whose entry is not smaller than `entry`, or `high`.
  private static func bisect(_ list: UnsafeBufferPointer<Entry>, _ entry: Entry, _ low: Int, _ high: Int) -> Int {
    var low = low
    var high = high
    while low < high {
      let middle = (low + high) / 2
      if list[middle] < entry { low = middle + 1 } else { high = middle }
    }
    return low
  }

  public func index(of entry: Entry) -> Int? {
    let index = insertionIndex(of: entry)
    return index < entries.count && entries[index] == entry ? index : nil
  }

  public mutating func insert(_ entry: Entry) {
    entries.insert(entry, at: insertionIndex(of: entry))
  }

  public mutating func remove(_ entry: Entry) {
    if let index = index(of: entry) { entries.remove(at: index) }
  }

  /// The list as it looks with one entry taken out, which is what a drop index counts against.
  public func without(_ entry: Entry?) -> ListWithout {
    ListWithout(entries: entries, skipped: entry.flatMap { index(of: $0) })
  }
}

/// A read-only view of a list with at most one entry skipped, without copying the list.
public struct ListWithout {
  let entries: [OrderedList.Entry]
  let skipped: Int?

  public var count: Int { entries.count - (skipped == nil ? 0 : 1) }

  public subscript(index: Int) -> OrderedList.Entry {
    if let skipped, index >= skipped { return entries[index + 1] }
    return entries[index]
  }
}
