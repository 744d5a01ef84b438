import Foundation
import Testing

@testable import Core

/// The scene's readings of the open conventions (docs/semantics.md, "Readings"): each changes
/// exactly the draws it should and leaves every other bit of every particle alone.
@Suite("Readings: rangeRule, emissionRangeRule, emissionCone and lineDirection")
struct ReadingsTests {
  /// A point emitter at 160,120 firing 2000 particles (lifetime 10, velocity 40 ± 20, every
  /// colour and scale ranged) at longitude 0.3 with `range`, under the given scene settings,
  /// stepped to 0.5 s.
  static func fan(range: String, settings: [String: String]) throws -> [ParticleSnapshot] {
    var s = Scene()
    let like = try CoreKit.build(
      &s,
      """
      like.emitterPosition 160,120
      \(CoreKit.sparkle).birthRate 4000
      \(CoreKit.sparkle).lifetime 10
      \(CoreKit.sparkle).lifetimeRange 2
      \(CoreKit.sparkle).velocity 40
      \(CoreKit.sparkle).velocityRange 20
      \(CoreKit.sparkle).scaleRange 0.5
      \(CoreKit.sparkle).spinRange 1
      \(CoreKit.sparkle).redRange 0.5
      \(CoreKit.sparkle).alphaRange 0.2
      \(CoreKit.sparkle).emissionLongitude 0.3
      \(CoreKit.sparkle).emissionRange \(range)
      """)
    // The flat full-angle fan, then the settings asked for.
    let base = ["emissionRangeRule": "fullAngle", "emissionCone": "flat"]
    for (key, value) in base.merging(settings, uniquingKeysWith: { $1 }).sorted(by: {
      $0.key < $1.key
    }) {
      try CoreKit.set(&s, "scene.\(key)", value)
    }
    s.advance(to: 0.5)
    return s.particles(of: like)
  }

  static func heading(_ p: ParticleSnapshot) -> Double {
    CoreKit.angleDifference(atan2(Double(p.state.vy), Double(p.state.vx)), 0.3)
  }

  @Test(
    "a fan's measured width: emissionRange π/2 spans ±π/4 as the full angle, ±π/2 as the half-angle, and fills it",
    arguments: [(EmissionRangeRule.fullAngle, Double.pi / 4), (.halfAngle, Double.pi / 2)])
  func fanWidth(rule: EmissionRangeRule, half: Double) throws {
    let ps = try Self.fan(range: "pi/2", settings: ["emissionRangeRule": rule.rawValue])
    #expect(ps.count == 2000)
    let offsets = ps.map(Self.heading)
    let widest = offsets.map(abs).max() ?? 0
    #expect(widest <= half + 1e-5, "widest \(widest)")
    #expect(widest > half * 0.99, "widest \(widest) should reach \(half)")
    let unit = offsets.map { min(max(($0 + half) / (2 * half), 0), 0.999_999) }
    #expect(CoreKit.chiSquare(unit) < CoreKit.chiSquareCritical9)
  }

  /// A particle's value of `field` as a number to compare.
  static func value(_ p: ParticleSnapshot, _ field: String) -> Double {
    switch field {
    case "lifetime": return p.lifetime
    case "speed":
      let v = (Double(p.state.vx), Double(p.state.vy), Double(p.state.vz))
      return (v.0 * v.0 + v.1 * v.1 + v.2 * v.2).squareRoot()
    // The drawn angle as the particle keeps it (its velocity's components are rounded to
    // Float after the speed multiplies them, so their atan2 moves with the speed).
    case "heading": return Double(p.state.theta)
    case "colour": return Double(p.state.red) * 4 + Double(p.state.alpha)
    case "scale": return Double(p.state.scale)
    case "rotation": return Double(p.state.rotation)
    default:
      Issue.record("unknown field \(field)")
      return .nan
    }
  }

  /// Whether `field` is the same in both: bit for bit, but for the speed, which is kept as
  /// Float components whose rounding depends on the direction (to 1 part in 10⁵).
  static func same(_ a: ParticleSnapshot, _ b: ParticleSnapshot, _ field: String) -> Bool {
    let (x, y) = (value(a, field), value(b, field))
    return field == "speed" ? abs(x - y) <= 1e-5 * abs(x) : x.bitPattern == y.bitPattern
  }

  struct Change: Sendable, CustomTestStringConvertible {
    let setting: String
    let value: String
    /// What the change must leave bit for bit.
    let kept: [String]
    /// What it must change (in some particle).
    let changed: [String]
    var testDescription: String { "\(setting) \(value)" }
  }

  static let changes: [Change] = [
    Change(
      setting: "rangeRule", value: "full", kept: ["heading"],
      changed: ["lifetime", "speed", "colour", "scale", "rotation"]),
    Change(
      setting: "emissionRangeRule", value: "halfAngle",
      kept: ["lifetime", "speed", "colour", "scale", "rotation"], changed: ["heading"]),
    Change(
      setting: "emissionCone", value: "cone",
      kept: ["lifetime", "speed", "colour", "scale", "rotation"], changed: ["heading"]),
  ]

  @Test("each reading changes exactly its own draws; every other bit stays", arguments: changes)
  func changesOnlyItsDraws(_ c: Change) throws {
    let before = try Self.fan(range: "pi/2", settings: [:])
    let after = try Self.fan(range: "pi/2", settings: [c.setting: c.value])
    #expect(before.count == after.count)
    for field in c.kept {
      let moved = zip(before, after).filter { !Self.same($0, $1, field) }
      #expect(moved.isEmpty, "\(field) changed in \(moved.count) particles")
    }
    for field in c.changed {
      #expect(zip(before, after).contains { !Self.same($0, $1, field) }, "\(field) should change")
    }
  }

  @Test("under rangeRule full the colour's range doubles too, on the same random numbers")
  func fullRuleDoublesColourOffsets() throws {
    let half = try Self.fan(range: "0", settings: [:])
    let full = try Self.fan(range: "0", settings: ["rangeRule": "full"])
    // red = 1 + R·(u − 0.5) clamps at 1 on the render side only; the drawn value is stored.
    for (a, b) in zip(half, full).prefix(200) {
      let da = Double(a.state.red) - 1
      let db = Double(b.state.red) - 1
      #expect(abs(db - 2 * da) < 1e-6, "\(da) → \(db)")
    }
  }

  @Test("emissionRange 2π: flat is a ring (every particle at full speed on screen), cone a disc")
  func coneFillsADisc() throws {
    func projected(_ cone: String) throws -> [Double] {
      var s = Scene()
      let like = try CoreKit.build(
        &s,
        """
        like.emitterPosition 160,120
        \(CoreKit.sparkle).birthRate 4000
        \(CoreKit.sparkle).lifetime 10
        \(CoreKit.sparkle).velocity 40
        \(CoreKit.sparkle).emissionRange 2pi
        """)
      try CoreKit.set(&s, "scene.emissionCone", cone)
      s.advance(to: 1)
      return s.particles(of: like).map {
        (Double($0.state.vx) * Double($0.state.vx) + Double($0.state.vy) * Double($0.state.vy))
          .squareRoot() / 40
      }
    }
    let ring = try projected("flat")
    #expect(ring.allSatisfy { abs($0 - 1) < 1e-5 })
    let disc = try projected("cone")
    #expect(disc.allSatisfy { $0 <= 1 + 1e-5 })
    // Directions uniform over the sphere: P(projected radius < r) = 1 − √(1 − r²); at r = ½,
    // 0.134.
    let inner = Double(disc.filter { $0 < 0.5 }.count) / Double(disc.count)
    #expect(abs(inner - 0.134) < 0.02, "fraction inside half the speed: \(inner)")
  }

  @Test(
    "a cone of half-angle α keeps every direction within α of its axis (latitude tilts the axis), and reaches α",
    arguments: [0.0, 0.6])
  func coneStaysWithinItsAngle(latitude: Double) throws {
    var s = Scene()
    let like = try CoreKit.build(
      &s,
      """
      like.emitterPosition 160,120
      \(CoreKit.sparkle).birthRate 4000
      \(CoreKit.sparkle).lifetime 10
      \(CoreKit.sparkle).velocity 40
      \(CoreKit.sparkle).emissionLongitude 1
      \(CoreKit.sparkle).emissionLatitude \(latitude)
      \(CoreKit.sparkle).emissionRange 0.8
      """)
    try CoreKit.set(&s, "scene.emissionCone", "cone")
    try CoreKit.set(&s, "scene.emissionRangeRule", "fullAngle")
    s.advance(to: 0.5)
    let axis = (cos(latitude) * cos(1.0), cos(latitude) * sin(1.0), sin(latitude))
    let angles = s.particles(of: like).map { p in
      let v = (Double(p.state.vx), Double(p.state.vy), Double(p.state.vz))
      let n = (v.0 * v.0 + v.1 * v.1 + v.2 * v.2).squareRoot()
      let c = (v.0 * axis.0 + v.1 * axis.1 + v.2 * axis.2) / n
      return acos(min(1, max(-1, c)))
    }
    #expect(angles.count == 2000)
    #expect(angles.allSatisfy { $0 <= 0.4 + 1e-4 }, "widest \(angles.max() ?? 0)")
    #expect((angles.max() ?? 0) > 0.39)
  }

  @Test(
    "a line emitter's longitude 0 leaves up under lineDirection up, down under down",
    arguments: [("up", -1.0), ("down", 1.0)])
  func lineDirection(setting: String, sign: Double) throws {
    var s = Scene()
    let like = try CoreKit.build(
      &s,
      """
      like.emitterPosition 160,120
      like.emitterShape line
      like.emitterSize 200,0
      \(CoreKit.sparkle).birthRate 1000
      \(CoreKit.sparkle).lifetime 10
      \(CoreKit.sparkle).velocity 40
      \(CoreKit.sparkle).emissionRange 1
      """)
    try CoreKit.set(&s, "scene.lineDirection", setting)
    s.advance(to: 0.5)
    let ps = s.particles(of: like)
    #expect(ps.count == 500)
    #expect(ps.allSatisfy { Double($0.state.vy) * sign > 0 })
  }
}
