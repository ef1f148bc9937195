/// The tasks of one list in manual order: (rank, id) pairs kept sorted in chunks, so that
/// finding a task's position, an insert and a removal cost a search and a chunk's worth of
/// moves, not the list's.
public struct OrderedList: Sendable {
  public struct Entry: Comparable, Sendable {
    public var rank: Int64
    /// What breaks a tie in rank: the id; on a replica of a shared store (`tie`) the id in the
    /// low 32 bits behind 31 bits of the item's uuid and the sign bit, so that ties go by uuid,
    /// the same on every device (ids are each device's own: Protocol/devices.md), with no byte
    /// more an entry. (An id past 32 bits is kept whole: its ties go by id.)
    var key: Int64

    public var id: Int64 { key < 0 ? key & 0xFFFF_FFFF : key }

    public init(rank: Int64, id: Int64) {
      self.rank = rank
      key = id
    }

    public init(rank: Int64, id: Int64, tie uuid: ItemUUID?) {
      self.rank = rank
      if let uuid, id >= 0, id <= 0xFFFF_FFFF {
        key = Int64(bitPattern: 1 << 63 | (uuid.high >> 33) << 32 | UInt64(id))
      } else {
        key = id
      }
    }

    public static func < (lhs: Entry, rhs: Entry) -> Bool {
      (lhs.rank, lhs.key) < (rhs.rank, rhs.key)
    }
  }

  /// The entries in order, in chunks of at most `chunkLimit` (none empty): a move inserts into
  /// and removes from one chunk, not from one array of the whole list (at 100k tasks a list's
  /// array was a quarter of a megabyte moved twice a drag).
  private var chunks: [[Entry]] = []
  /// Each chunk's last entry, side by side (the search for an entry's chunk reads these only).
  private var lasts: [Entry] = []
  /// The number of entries before each chunk.
  private var starts: [Int] = []
  public private(set) var count = 0
  static let chunkLimit = 512

  public init() {}

  /// A list from entries already in order.
  init(sorted entries: [Entry]) {
    // (Half-full chunks: room for inserts before the first split.)
    var start = 0
    while start < entries.count {
      let end = min(entries.count, start + Self.chunkLimit / 2)
      chunks.append(Array(entries[start..<end]))
      lasts.append(entries[end - 1])
      starts.append(start)
      start = end
    }
    count = entries.count
  }

  public var isEmpty: Bool { count == 0 }
  /// Every entry, in order (a copy: for walks over the whole list).
  public var entries: [Entry] { chunks.count == 1 ? chunks[0] : Array(chunks.joined()) }
  public var last: Entry? { lasts.last }

  public subscript(index: Int) -> Entry {
    let chunk = chunk(containing: index)
    return chunks[chunk][index - starts[chunk]]
  }

  /// Where `entry` is, or where it would go.
  public func insertionIndex(of entry: Entry) -> Int {
    guard !chunks.isEmpty else { return 0 }
    let chunk = chunk(for: entry)
    return starts[chunk] + Self.bisect(chunks[chunk], entry)
  }

  public func index(of entry: Entry) -> Int? {
    guard let (chunk, offset) = position(of: entry) else { return nil }
    return starts[chunk] + offset
  }

  public mutating func insert(_ entry: Entry) {
    guard !chunks.isEmpty else {
      self = OrderedList(sorted: [entry])
      return
    }
    let chunk = chunk(for: entry)
    chunks[chunk].insert(entry, at: Self.bisect(chunks[chunk], entry))
    lasts[chunk] = chunks[chunk][chunks[chunk].count - 1]
    count += 1
    for later in (chunk + 1)..<starts.count { starts[later] += 1 }
    guard chunks[chunk].count > Self.chunkLimit else { return }
    let half = chunks[chunk].count / 2
    let tail = Array(chunks[chunk][half...])
    chunks[chunk].removeSubrange(half...)
    chunks.insert(tail, at: chunk + 1)
    lasts[chunk] = chunks[chunk][half - 1]
    lasts.insert(tail[tail.count - 1], at: chunk + 1)
    starts.insert(starts[chunk] + half, at: chunk + 1)
  }

  public mutating func remove(_ entry: Entry) {
    guard let (chunk, offset) = position(of: entry) else { return }
    chunks[chunk].remove(at: offset)
    count -= 1
    for later in (chunk + 1)..<starts.count { starts[later] -= 1 }
    if chunks[chunk].isEmpty {
      chunks.remove(at: chunk)
      lasts.remove(at: chunk)
      starts.remove(at: chunk)
    } else {
      lasts[chunk] = chunks[chunk][chunks[chunk].count - 1]
    }
  }

  /// The list as it looks with one entry taken out, which is what a drop index counts against.
  public func without(_ entry: Entry?) -> ListWithout {
    ListWithout(list: self, skipped: entry.flatMap { index(of: $0) })
  }

  /// The chunk `entry` belongs in: the first whose last entry is not smaller, or the last.
  private func chunk(for entry: Entry) -> Int {
    lasts.withUnsafeBufferPointer { lasts in
      var low = 0
      var high = lasts.count - 1
      while low < high {
        let middle = (low + high) / 2
        if lasts[middle] < entry { low = middle + 1 } else { high = middle }
      }
      return low
    }
  }

  /// The chunk holding the entry at `index` (0 ≤ index < count).
  private func chunk(containing index: Int) -> Int {
    var low = 0
    var high = starts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= index { low = middle } else { high = middle - 1 }
    }
    return low
  }

  private func position(of entry: Entry) -> (chunk: Int, offset: Int)? {
    guard !chunks.isEmpty else { return nil }
    let chunk = chunk(for: entry)
    let offset = Self.bisect(chunks[chunk], entry)
    return offset < chunks[chunk].count && chunks[chunk][offset] == entry ? (chunk, offset) : nil
  }

  /// The first index of `list` whose entry is not smaller than `entry`, or its count.
  private static func bisect(_ list: [Entry], _ entry: Entry) -> Int {
    list.withUnsafeBufferPointer { list in
      var low = 0
      var high = list.count
      while low < high {
        let middle = (low + high) / 2
        if list[middle] < entry { low = middle + 1 } else { high = middle }
      }
      return low
    }
  }
}

/// A read-only view of a list with at most one entry skipped, without copying the list.
public struct ListWithout {
  let list: OrderedList
  let skipped: Int?

  public var count: Int { list.count - (skipped == nil ? 0 : 1) }

  public subscript(index: Int) -> OrderedList.Entry {
    if let skipped, index >= skipped { return list[index + 1] }
    return list[index]
  }
}
