/// A small seeded random generator (PCG's LCG step), so that property tests replay exactly
/// from their seed.
public struct Generator: RandomNumberGenerator, Sendable {
  public var state: UInt64

  public init(seed: UInt64) { state = seed }

  /// A number in 0..<bound.
  public mutating func next(_ bound: Int) -> Int {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int((state >> 33) % UInt64(bound))
  }

  /// The raw 64-bit state step, for `RandomNumberGenerator` (shuffles, random elements).
  public mutating func next() -> UInt64 {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return state
  }
}
