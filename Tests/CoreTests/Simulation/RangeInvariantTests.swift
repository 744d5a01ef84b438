import Foundation
import Testing

@testable import Core

/// One mean/range property and the interval its draws must fill: [M − R/2, M + R/2].
struct RangeCase: Sendable, CustomTestStringConvertible {
  enum Quantity: String, Sendable { case lifetime, velocity, scale, spin, red }
  let quantity: Quantity
  /// Cell properties as `NAME VALUE` lines.
  let cell: [String]
  let lo: Double
  let hi: Double
  /// How close the smallest and largest draws must come to the ends.
  let edge: Double

  var testDescription: String { "\(quantity.rawValue) in [\(lo), \(hi)]" }

  func value(_ p: ParticleSnapshot) -> Double {
    switch quantity {
    case .lifetime: return p.lifetime
    case .velocity: return CoreKit.speed(p.state)
    case .scale: return Double(p.state.scale)
    case .spin: return Double(p.state.rotation) / Double(p.state.age)
    case .red: return Double(p.state.red)
    }
  }
}

@Suite(
  "Ranges: draws are uniform over the interval scene.rangeRule gives (docs/semantics.md, 'Particles')"
)
struct RangeInvariantTests {
  static let cases: [RangeCase] = [
    RangeCase(
      quantity: .lifetime, cell: ["lifetime 0.7", "lifetimeRange 0.3"], lo: 0.55, hi: 0.85,
      edge: 0.005),
    RangeCase(
      quantity: .velocity, cell: ["lifetime 10", "velocity 100", "velocityRange 40"], lo: 80,
      hi: 120, edge: 0.5),
    RangeCase(
      quantity: .scale, cell: ["lifetime 10", "scale 1", "scaleRange 0.5"], lo: 0.75, hi: 1.25,
      edge: 0.005),
    RangeCase(
      quantity: .spin, cell: ["lifetime 10", "spin 2", "spinRange 1"], lo: 1.5, hi: 2.5,
      edge: 0.005),
    RangeCase(
      quantity: .red, cell: ["lifetime 10", "color rgb(0.5, 1, 1)", "redRange 0.4"], lo: 0.3,
      hi: 0.7, edge: 0.005),
  ]

  @Test(
    "10,000 draws lie in the interval the range rule gives, reach both ends and pass a 10-bin chi-square (half: [M − R/2, M + R/2]; full: [M − R, M + R])",
    arguments: cases, [RangeRule.half, .full])
  func uniformOverInterval(_ c: RangeCase, rule: RangeRule) throws {
    var s = Scene()
    let like = try CoreKit.build(
      &s, (c.cell + ["birthRate 30000"]).map { "\(CoreKit.sparkle).\($0)" }.joined(separator: "\n"))
    try CoreKit.set(&s, "scene.rangeRule", rule.rawValue)
    // The interval the rule gives: the declared one under half, twice as wide under full.
    let mean = (c.lo + c.hi) / 2
    let half = (c.hi - c.lo) / 2 * (rule == .half ? 1 : 2)
    let (lo, hi) = (mean - half, mean + half)
    // 10,000 draws: 30,000 births a second for a third of a second, so every particle is still
    // alive when counted (the shortest lifetime is 0.55 s under half, 0.4 s under full).
    let births = 10000
    s.advance(to: Double(births) / 30000)
    if c.quantity != .lifetime {
      // Stop emitting and let every particle age ≥ 1 s, so spin = rotation / age is precise.
      try CoreKit.set(&s, "\(CoreKit.sparkle).birthRate", "0")
      s.advance(to: 1.5)
    }
    let values = s.particles(of: like).map(c.value)
    #expect(values.count == births)
    let slack = 1e-5 * max(1, abs(hi))
    let outside = values.filter { $0 < lo - slack || $0 > hi + slack }
    #expect(outside.isEmpty, "\(outside.count) draws outside, e.g. \(outside.prefix(3))")
    let least = try #require(values.min())
    let most = try #require(values.max())
    #expect(least - lo < c.edge * 2, "smallest draw \(least)")
    #expect(hi - most < c.edge * 2, "largest draw \(most)")
    let unit = values.map { min(max(($0 - lo) / (hi - lo), 0), 0.999_999) }
    let chi = CoreKit.chiSquare(unit)
    #expect(chi < CoreKit.chiSquareCritical9, "chi-square \(chi) (9 d.o.f., α = 0.001)")
  }

  @Test("a range of 0 gives every particle exactly the mean")
  func zeroRangeIsConstant() throws {
    var s = Scene()
    let like = try CoreKit.build(
      &s,
      """
      \(CoreKit.sparkle).birthRate 1000
      \(CoreKit.sparkle).lifetime 0.7
      \(CoreKit.sparkle).velocity 100
      \(CoreKit.sparkle).scale 0.4
      """)
    s.advance(to: 0.5)
    let ps = s.particles(of: like)
    #expect(ps.count == 500)
    #expect(ps.allSatisfy { abs($0.lifetime - 0.7) < 1e-9 })
    #expect(ps.allSatisfy { abs(CoreKit.speed($0.state) - 100) < 1e-4 })
    #expect(ps.allSatisfy { $0.state.scale == Float(0.4) })
  }
}
