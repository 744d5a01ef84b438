/// A fixed xorshift stream for test cases that must be the same on every run.
struct XorshiftStream {
  var state: UInt64

  mutating func next() -> UInt64 {
    state ^= state << 13
    state ^= state >> 7
    state ^= state << 17
    return state
  }

  /// A double in [low, high).
  mutating func double(_ low: Double, _ high: Double) -> Double {
    low + (high - low) * Double(next() >> 11) / Double(1 << 53)
  }

  /// A float in [low, high).
  mutating func float(_ low: Float, _ high: Float) -> Float {
    low + (high - low) * Float(next() >> 40) / Float(1 << 24)
  }
}
