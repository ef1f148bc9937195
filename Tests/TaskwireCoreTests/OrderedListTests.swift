import TaskwireCore
import TaskwireTestSupport
import Testing

/// The rank-guided search of `OrderedList` against a linear scan, on lists whose ranks are even,
/// bunched, tied or at the ends of Int64: the same index for every entry in the list and for
/// entries between, before and after them.
@Suite struct OrderedListTests {
  enum Spread: CaseIterable { case even, bunched, tied, extreme, indistinct }

  static func ranks(_ spread: Spread, count: Int, _ random: inout Generator) -> [Int64] {
    switch spread {
    case .even: return (0..<count).map { Int64($0) << 20 }
    case .bunched:
      // Most ranks in a narrow band, a few far out: the guess is far off, the gallop long.
      return (0..<count).map { $0 % 50 == 0 ? Int64(random.next(1 << 40)) : Int64(1 << 30 + random.next(5000)) }
    case .tied: return (0..<count).map { _ in Int64(random.next(8)) }
    case .indistinct:
      // Ranks a Double cannot tell apart (the share of the range would be 0/0).
      return (0..<count).map { Int64.max - 8192 + Int64($0 % 8000) }
    case .extreme:
      return (0..<count).map { n in n == 0 ? .min : n == count - 1 ? .max : Int64(bitPattern: random.next()) }
    }
  }

  @Test(arguments: Spread.allCases) func theIndexIsTheLinearOne(spread: Spread) {
    var random = Generator(seed: 20_261_125)
    for count in [0, 1, 5, 33, 200, 3000] {
      var list = OrderedList()
      for (id, rank) in Self.ranks(spread, count: count, &random).enumerated() {
        list.insert(OrderedList.Entry(rank: rank, id: Int64(id + 1)))
      }
      let entries = list.entries
      #expect(entries == entries.sorted(), "\(spread), \(count): inserted in order")
      func linear(_ entry: OrderedList.Entry) -> Int { entries.firstIndex { !($0 < entry) } ?? entries.count }
      for (index, entry) in entries.enumerated() {
        #expect(list.index(of: entry) == index, "\(spread), \(count): entry \(index)")
      }
      var probes = [OrderedList.Entry(rank: .min, id: 0), OrderedList.Entry(rank: .max, id: .max)]
      for _ in 0..<300 where !entries.isEmpty {
        let near = entries[random.next(entries.count)]
        probes.append(OrderedList.Entry(rank: near.rank &+ Int64(random.next(3)) &- 1, id: Int64(random.next(4000))))
      }
      for probe in probes {
        #expect(list.insertionIndex(of: probe) == linear(probe), "\(spread), \(count): \(probe)")
      }
    }
  }

  /// Inserts and removals in any order (lists long enough to split into several chunks, and
  /// emptied chunks) against a sorted array: the same entries, indexes and neighbours.
  @Test func insertsAndRemovalsAgreeWithASortedArray() {
    var random = Generator(seed: 20_261_127)
    for count in [1, 600, 5000] {
      var list = OrderedList()
      var model: [OrderedList.Entry] = []
      for step in 0..<(count * 3) {
        if !model.isEmpty, random.next(3) == 0 {
          let gone = model.remove(at: random.next(model.count))
          list.remove(gone)
        } else {
          let entry = OrderedList.Entry(rank: Int64(random.next(count * 4)), id: Int64(step + 1))
          list.insert(entry)
          model.insert(entry, at: model.firstIndex { !($0 < entry) } ?? model.count)
        }
        if step % 97 == 0 || step == count * 3 - 1 {
          #expect(list.entries == model && list.count == model.count && list.last == model.last, "\(count): \(step)")
          for probe in model.indices where probe % 7 == 0 {
            #expect(list[probe] == model[probe] && list.index(of: model[probe]) == probe)
            let without = list.without(model[probe])
            #expect(without.count == model.count - 1)
            if probe < model.count - 1 { #expect(without[probe] == model[probe + 1]) }
          }
        }
      }
      // Emptied whole, then used again.
      for entry in model { list.remove(entry) }
      #expect(list.isEmpty && list.entries.isEmpty && list.last == nil)
      list.insert(OrderedList.Entry(rank: 5, id: 1))
      #expect(list.entries == [OrderedList.Entry(rank: 5, id: 1)])
    }
  }
}

/// A replica's index orders tasks tied in rank by uuid, the same on every device, and keeps
/// doing so after midnight (the index is rebuilt for the new day).
@Suite struct TaskIndexTiesTests {
  @Test func tiesGoByUUIDAcrossMidnight() throws {
    let today = try #require(CalendarDate(iso: "2026-02-12"))
    // Two tasks at one rank on Monday's list; the one with the smaller id has the larger uuid.
    let monday = try #require(CalendarDate(iso: "2026-02-16"))
    var first = TaskRecord(id: 1, title: "a", scheduledDate: monday, createdAt: "x", updatedAt: "x", rank: 7)
    first.uuid = ItemUUID(high: 0x9000_0000_0000_4000, low: 0x8000_0000_0000_0001)
    var second = TaskRecord(id: 2, title: "b", scheduledDate: monday, createdAt: "x", updatedAt: "x", rank: 7)
    second.uuid = ItemUUID(high: 0x1000_0000_0000_4000, low: 0x8000_0000_0000_0002)
    var index = TaskIndex(today: today, tasks: [first, second], tiesByUUID: true)
    let byUUID = index.tasks(in: .day(monday)).map(\.id)
    #expect(byUUID == [2, 1], "the smaller uuid first, whatever the ids")
    index.setToday(try #require(CalendarDate(iso: "2026-02-13")))
    #expect(index.tiesByUUID)
    #expect(index.tasks(in: .day(monday)).map(\.id) == byUUID, "the same order the next day")
  }
}
