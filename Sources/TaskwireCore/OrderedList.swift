/// The tasks of one list in manual order: (rank, id) pairs kept sorted, so that finding a task's
/// position is a binary search and an index lookup is constant time.
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
  public func insertionIndex(of entry: Entry) -> Int {
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      if entries[middle] < entry { low = middle + 1 } else { high = middle }
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
