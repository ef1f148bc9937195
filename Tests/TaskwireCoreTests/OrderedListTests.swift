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
}
