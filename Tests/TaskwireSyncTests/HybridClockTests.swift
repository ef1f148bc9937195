import TaskwireSync
import Testing

@Suite struct HybridClockTests {
  let device = DeviceID(0x5e2a_9c0d_13f4_7b80)

  @Test func theTextIsFixedWidthAndSortsAsTheTimes() throws {
    let time = HybridTime(wall: 0x019a_c1f2_e4a0, counter: 3, device: device)
    #expect(time.description == "019ac1f2e4a00003-5e2a9c0d13f47b80")
    #expect(HybridTime(time.description) == time)
    let times = [
      HybridTime(wall: 5, counter: 0, device: DeviceID(2)), HybridTime(wall: 5, counter: 0, device: DeviceID(1)),
      HybridTime(wall: 4, counter: 9, device: DeviceID(9)), HybridTime(wall: 5, counter: 1, device: DeviceID(0)),
    ]
    #expect(times.sorted().map(\.description) == times.map(\.description).sorted())
    for bad in ["", "019ac1f2e4a00003", "019ac1f2e4a0003-5e2a9c0d13f47b80", "019AC1F2E4A00003-5e2a9c0d13f47b80"] {
      #expect(HybridTime(bad) == nil, "\(bad)")
    }
  }

  @Test func localTicksOnlyGoUpWhateverTheWallClockDoes() {
    var clock = HybridClock(device: device)
    var last = HybridTime.zero
    for now: UInt64 in [100, 100, 99, 50, 101, 101, 3] {
      let time = clock.tick(now: now)
      #expect(time > last)
      last = time
    }
    #expect(last.wall == 101 && last.counter == 2)
  }

  @Test func aTimeReceivedIsBelowTheNextTick() {
    var clock = HybridClock(device: device)
    _ = clock.tick(now: 10)
    let ahead = HybridTime(wall: 500, counter: 7, device: DeviceID(1))
    clock.receive(ahead, now: 20)
    #expect(clock.tick(now: 30) > ahead)
    clock.receive(HybridTime(wall: 3, counter: 0, device: DeviceID(1)), now: 40)
    let next = clock.tick(now: 600)
    #expect(next.wall == 600 && next.counter == 0)
  }

  @Test func aFullCounterMovesTheWallOn() {
    var clock = HybridClock(device: device, after: HybridTime(wall: 10, counter: .max - 1, device: device))
    #expect(clock.tick(now: 1).counter == .max)
    let next = clock.tick(now: 1)
    #expect(next.wall == 11 && next.counter == 0)
  }

  /// A time received at the clock's very end (a broken or hostile device) does not wrap the
  /// clock to 0: later ticks stay at the top, never below what was made before.
  @Test func theClockSaturatesInsteadOfWrapping() {
    var clock = HybridClock(device: device)
    let before = clock.tick(now: 1000)
    clock.receive(HybridTime(wall: HybridClock.maxWall, counter: .max, device: DeviceID(1)), now: 1001)
    let after = clock.tick(now: 1002)
    #expect(after > before && after.wall == HybridClock.maxWall)
  }
}
