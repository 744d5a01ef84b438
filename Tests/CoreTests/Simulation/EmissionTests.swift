import Foundation
import Testing

@testable import Core

// MARK: - Shared kit for the Core suites (Emission, SubCell, KeyValue, *Invariant)

/// Small helpers that build scenes through the same key paths the language uses.
enum CoreKit {
  /// The key path of the default cell.
  static let sparkle = "like.emitterCells.sparkle"

  /// Sets a property by key path, exactly as `set PATH VALUE` does.
  static func set(_ s: inout Scene, _ path: String, _ text: String) throws {
    let ref = try s.model.resolveProperty(path)
    try s.model.set(ref, text: text)
  }

  /// Applies `PATH VALUE` lines (the value is everything after the first space).
  static func apply(_ s: inout Scene, _ script: String) throws {
    for raw in script.split(separator: "\n") {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.isEmpty { continue }
      guard let space = line.firstIndex(of: " ") else {
        throw ValueError("test script line without a value: '\(line)'")
      }
      try set(
        &s, String(line[..<space]),
        line[line.index(after: space)...].trimmingCharacters(in: .whitespaces))
    }
  }

  /// Adds emitter layer `layer` with top-level `cells`, then applies `script`.
  @discardableResult
  static func build(
    _ s: inout Scene, layer: String = "like", cells: [String] = ["sparkle"], _ script: String = ""
  ) throws -> LayerID {
    let id = try s.model.addLayer(named: layer, kind: .emitter, parent: SceneModel.rootID)
    for c in cells { try s.model.addCell(named: c, to: .layer(id)) }
    try apply(&s, script)
    return id
  }

  /// Pearson's chi-square statistic of values in [0, 1) against the uniform distribution.
  static func chiSquare(_ unit: [Double], bins: Int = 10) -> Double {
    var counts = [Int](repeating: 0, count: bins)
    for u in unit { counts[min(bins - 1, max(0, Int(u * Double(bins))))] += 1 }
    let expected = Double(unit.count) / Double(bins)
    return counts.reduce(0) { $0 + (Double($1) - expected) * (Double($1) - expected) / expected }
  }

  /// The chi-square critical value for 9 degrees of freedom (10 bins) at α = 0.001.
  static let chiSquareCritical9 = 27.877

  /// The scene rendered at its own size as binary PPM bytes over black.
  static func ppm(_ s: Scene) -> [UInt8] {
    PPMEncoder.p6(SceneRenderer.render(s, width: 320, height: 240), background: .black)
  }

  static func speed(_ st: ParticleState) -> Double {
    (Double(st.vx) * Double(st.vx) + Double(st.vy) * Double(st.vy)
      + Double(st.vz) * Double(st.vz)).squareRoot()
  }

  /// The first difference between two particle lists, in a short form for failure messages,
  /// or nil when they are equal. `ignoringCell` skips the scene-wide cell ids.
  static func firstDifference(
    _ a: [ParticleSnapshot], _ b: [ParticleSnapshot], ignoringCell: Bool = false
  ) -> String? {
    if a.count != b.count { return "counts differ: \(a.count) vs \(b.count)" }
    for (p, q) in zip(a, b) {
      var q2 = q
      if ignoringCell { q2.cell = p.cell }
      if p != q2 { return "first difference:\n  \(p)\n  \(q)" }
    }
    return nil
  }

  /// An angle difference folded into (−π, π].
  static func angleDifference(_ a: Double, _ b: Double) -> Double {
    remainder(a - b, 2 * .pi)
  }
}

// MARK: - Directions

@Suite(
  "Emission directions follow the shape's natural orientation (docs/semantics.md, 'Where a particle starts')"
)
struct EmissionDirectionTests {
  /// shape, longitude text, expected unit direction.
  static let central: [(String, String, Double, Double)] = [
    ("point", "0", 1, 0),
    ("point", "-pi/2", 0, -1),
    ("point", "pi/2", 0, 1),
    ("point", "pi", -1, 0),
    ("rectangle", "-pi/2", 0, -1),
    ("rectangle", "0", 1, 0),
    ("cuboid", "0", 1, 0),
    ("line", "0", 0, -1),
    ("line", "pi", 0, 1),
    ("line", "pi/2", 1, 0),
  ]

  /// Rectangles with no height are lines: they leave along a line's normal (Apple's fireworks
  /// template: a W×0 rectangle outline at the bottom, longitude 0, rockets rising).
  static let flat: [(String, String, Double, Double)] = [
    ("volume", "0", 0, -1),
    ("outline", "0", 0, -1),
    ("outline", "pi", 0, 1),
    ("surface", "pi/2", 1, 0),
  ]

  @Test("with emissionRange 0 every particle moves along the central direction", arguments: central)
  func centralDirection(shape: String, longitude: String, dx: Double, dy: Double) throws {
    try Self.expectDirection(
      shape: shape, mode: "volume", size: "40,20", longitude: longitude, dx: dx, dy: dy)
  }

  @Test("a rectangle with no height leaves along a line's normal", arguments: flat)
  func flatRectangle(mode: String, longitude: String, dx: Double, dy: Double) throws {
    try Self.expectDirection(
      shape: "rectangle", mode: mode, size: "40,0", longitude: longitude, dx: dx, dy: dy)
  }

  static func expectDirection(
    shape: String, mode: String, size: String, longitude: String, dx: Double, dy: Double
  ) throws {
    var s = Scene()
    let like = try CoreKit.build(
      &s,
      """
      like.emitterShape \(shape)
      like.emitterMode \(mode)
      like.emitterPosition 160,120
      like.emitterSize \(size)
      \(CoreKit.sparkle).birthRate 200
      \(CoreKit.sparkle).lifetime 10
      \(CoreKit.sparkle).velocity 50
      \(CoreKit.sparkle).emissionLongitude \(longitude)
      """)
    s.advance(to: 0.5)
    let ps = s.particles(of: like)
    #expect(ps.count == 100)
    let wrong = ps.filter {
      let v = CoreKit.speed($0.state)
      return abs(v - 50) > 1e-4 || abs(Double($0.state.vx) / v - dx) > 1e-5
        || abs(Double($0.state.vy) / v - dy) > 1e-5
    }
    #expect(
      wrong.isEmpty,
      "\(wrong.count) of \(ps.count) off direction, e.g. v = \(wrong.first.map { ($0.state.vx, $0.state.vy) } ?? (0, 0))"
    )
  }

  @Test(
    "a circle outline fires radially outward from a radius-W ring",
    arguments: [30.0, 55.0])
  func circleOutlineRadial(velocity: Double) throws {
    var s = Scene()
    let like = try CoreKit.build(
      &s,
      """
      like.emitterShape circle
      like.emitterMode outline
      like.emitterPosition 100,80
      like.emitterSize 25,0
      \(CoreKit.sparkle).birthRate 200
      \(CoreKit.sparkle).lifetime 10
      \(CoreKit.sparkle).velocity \(velocity)
      """)
    s.advance(to: 0.5)
    let ps = s.particles(of: like)
    #expect(ps.count == 100)
    var (wrongSpeed, wrongRadius, notParallel, inward) = (0, 0, 0, 0)
    for p in ps {
      let (dx, dy) = (Double(p.state.x) - 100, Double(p.state.y) - 80)
      let (vx, vy) = (Double(p.state.vx), Double(p.state.vy))
      let r = (dx * dx + dy * dy).squareRoot()
      let v = (vx * vx + vy * vy).squareRoot()
      let age = s.now - p.birthTime
      if abs(v - velocity) > 1e-3 { wrongSpeed += 1 }
      if abs(r - velocity * age - 25) > 1e-3 { wrongRadius += 1 }
      if abs(dx * vy - dy * vx) / (r * v) > 1e-4 { notParallel += 1 }
      if dx * vx + dy * vy <= 0 { inward += 1 }
    }
    #expect(wrongSpeed == 0, "speed")
    #expect(wrongRadius == 0, "distance from the centre at birth is not 25")
    #expect(notParallel == 0, "velocity not parallel to the radius")
    #expect(inward == 0, "velocity not pointing outward")
  }

  @Test("a negative velocity on a circle outline moves inward")
  func circleOutlineNegativeVelocity() throws {
    var s = Scene()
    let like = try CoreKit.build(
      &s,
      """
      like.emitterShape circle
      like.emitterMode outline
      like.emitterPosition 100,80
      like.emitterSize 25,0
      \(CoreKit.sparkle).birthRate 200
      \(CoreKit.sparkle).lifetime 10
      \(CoreKit.sparkle).velocity -30
      """)
    s.advance(to: 0.5)
    let ps = s.particles(of: like)
    #expect(ps.count == 100)
    let wrong = ps.filter { p in
      let (dx, dy) = (Double(p.state.x) - 100, Double(p.state.y) - 80)
      let r = (dx * dx + dy * dy).squareRoot()
      let age = s.now - p.birthTime
      return dx * Double(p.state.vx) + dy * Double(p.state.vy) >= 0
        || abs(r - (25 - 30 * age)) > 1e-3
    }
    #expect(wrong.isEmpty, "\(wrong.count) of \(ps.count) not moving inward from radius 25")
  }

  /// longitude, range text, range value (the full angle; negative acts as |R|).
  static let spreads: [(Double, String, Double)] = [
    (0.3, "pi/4", .pi / 4),
    (-.pi / 2, "pi/2", .pi / 2),
    (2.0, "-pi/3", .pi / 3),
    (0, "2pi", 2 * .pi),
  ]

  @Test(
    "emissionRange R read as a flat full-angle fan spreads directions uniformly over θc ± R/2",
    arguments: spreads)
  func emissionRangeSpread(longitude: Double, rangeText: String, range: Double) throws {
    var s = Scene()
    try CoreKit.set(&s, "scene.emissionRangeRule", "fullAngle")
    try CoreKit.set(&s, "scene.emissionCone", "flat")
    let like = try CoreKit.build(
      &s,
      """
      like.emitterPosition 160,120
      \(CoreKit.sparkle).birthRate 4000
      \(CoreKit.sparkle).lifetime 10
      \(CoreKit.sparkle).velocity 40
      \(CoreKit.sparkle).emissionLongitude \(longitude)
      \(CoreKit.sparkle).emissionRange \(rangeText)
      """)
    s.advance(to: 0.5)
    let ps = s.particles(of: like)
    #expect(ps.count == 2000)
    let offsets = ps.map {
      CoreKit.angleDifference(atan2(Double($0.state.vy), Double($0.state.vx)), longitude)
    }
    let half = range / 2
    if range < 2 * .pi {
      #expect(offsets.allSatisfy { abs($0) <= half + 1e-5 }, "all within θc ± R/2")
    }
    let unit = offsets.map { min(max(($0 + half) / range, 0), 0.999_999) }
    #expect(CoreKit.chiSquare(unit) < CoreKit.chiSquareCritical9)
    #expect((unit.min() ?? 1) < 0.01)
    #expect((unit.max() ?? 0) > 0.99)
  }
}

// MARK: - Where particles start

@Suite(
  "Emission geometry puts particles on the shape (docs/semantics.md, 'Where a particle starts')")
struct EmissionGeometryTests {
  enum Case: String, CaseIterable, Sendable {
    case rectangleVolume, rectangleOutline, lineVolume, circleSurface, sphereSurface, cuboidVolume

    var script: String {
      switch self {
      case .rectangleVolume:
        return "like.emitterShape rectangle\nlike.emitterMode volume\nlike.emitterSize 80x40"
      case .rectangleOutline:
        return "like.emitterShape rectangle\nlike.emitterMode outline\nlike.emitterSize 80x40"
      case .lineVolume: return "like.emitterShape line\nlike.emitterSize 120,0"
      case .circleSurface:
        return "like.emitterShape circle\nlike.emitterMode surface\nlike.emitterSize 30,30"
      case .sphereSurface:
        return "like.emitterShape sphere\nlike.emitterMode surface\nlike.emitterSize 30,30"
      case .cuboidVolume:
        return "like.emitterShape cuboid\nlike.emitterSize 60x40\nlike.emitterDepth 20"
      }
    }
  }

  /// 1000 particles at rest, as offsets from emitterPosition (100, 100, z 5).
  func offsets(_ c: Case) throws -> [(x: Double, y: Double, z: Double)] {
    var s = Scene()
    let like = try CoreKit.build(
      &s,
      """
      like.emitterPosition 100,100
      like.emitterZPosition 5
      \(c.script)
      \(CoreKit.sparkle).birthRate 2000
      \(CoreKit.sparkle).lifetime 10
      \(CoreKit.sparkle).emissionRange 2pi
      """)
    s.advance(to: 0.5)
    let ps = s.particles(of: like)
    #expect(ps.count == 1000)
    return ps.map { (Double($0.state.x) - 100, Double($0.state.y) - 100, Double($0.state.z) - 5) }
  }

  func extent(_ v: [Double]) -> Double { (v.max() ?? 0) - (v.min() ?? 0) }

  @Test("start positions lie on the shape and cover it", arguments: Case.allCases)
  func startsOnShape(_ c: Case) throws {
    let o = try offsets(c)
    let eps = 1e-3
    switch c {
    case .rectangleVolume:
      #expect(o.allSatisfy { abs($0.x) <= 40 + eps && abs($0.y) <= 20 + eps && $0.z == 0 })
      #expect(extent(o.map(\.x)) > 76 && extent(o.map(\.y)) > 38)
    case .rectangleOutline:
      let horizontal = o.filter { abs(abs($0.y) - 20) < eps && abs($0.x) <= 40 + eps }
      let vertical = o.filter { abs(abs($0.x) - 40) < eps && abs($0.y) <= 20 + eps }
      let onPerimeter = o.filter {
        (abs(abs($0.y) - 20) < eps && abs($0.x) <= 40 + eps)
          || (abs(abs($0.x) - 40) < eps && abs($0.y) <= 20 + eps)
      }
      #expect(onPerimeter.count == o.count, "every particle on the perimeter")
      // Length-weighted: the two long sides hold 160 of the 240 points of perimeter.
      let share = Double(horizontal.count) / Double(o.count)
      #expect(share > 0.60 && share < 0.73, "share on the horizontal sides: \(share)")
      for side in [(0.0, -20.0), (0, 20), (-40, 0), (40, 0)] {
        let hits =
          side.0 == 0
          ? horizontal.filter { ($0.y > 0) == (side.1 > 0) }
          : vertical.filter { ($0.x > 0) == (side.0 > 0) }
        #expect(hits.count > 50, "side \(side)")
      }
    case .lineVolume:
      #expect(o.allSatisfy { $0.y == 0 && abs($0.x) <= 60 + eps })
      #expect(extent(o.map(\.x)) > 114)
    case .circleSurface:
      let r = o.map { ($0.x * $0.x + $0.y * $0.y).squareRoot() }
      #expect(r.allSatisfy { $0 <= 30 + eps })
      // Uniform over the disc's area: half of the points lie within r/√2.
      let inner = Double(r.filter { $0 < 30 / 2.0.squareRoot() }.count) / Double(r.count)
      #expect(inner > 0.44 && inner < 0.56, "inner-half share \(inner)")
    case .sphereSurface:
      let r = o.map { ($0.x * $0.x + $0.y * $0.y + $0.z * $0.z).squareRoot() }
      #expect(
        r.allSatisfy { abs($0 - 30) < eps }, "max deviation \(r.map { abs($0 - 30) }.max() ?? 0)")
      #expect(extent(o.map(\.z)) > 55, "z covers both hemispheres")
    case .cuboidVolume:
      #expect(
        o.allSatisfy { abs($0.x) <= 30 + eps && abs($0.y) <= 20 + eps && abs($0.z) <= 10 + eps })
      #expect(extent(o.map(\.x)) > 57 && extent(o.map(\.y)) > 38 && extent(o.map(\.z)) > 19)
    }
  }
}

// MARK: - Evolution

@Suite(
  "Colour and alpha evolve linearly with age (docs/semantics.md, 'How a particle changes with age')"
)
struct ColourEvolutionTests {
  @Test("alphaSpeed -1 fades alpha to 0.5 at age 0.5 and the particle lives its full lifetime")
  func alphaFadesButParticleLives() throws {
    var s = Scene()
    let like = try CoreKit.build(
      &s,
      """
      \(CoreKit.sparkle).birthRate 1
      \(CoreKit.sparkle).lifetime 2
      \(CoreKit.sparkle).alphaSpeed -1
      \(CoreKit.sparkle).redSpeed -0.5
      \(CoreKit.sparkle).contents dot
      """)
    s.advance(to: 1.0)  // the first birth is at exactly t = 1
    try CoreKit.set(&s, "\(CoreKit.sparkle).birthRate", "0")
    #expect(s.liveCount(of: .layer(like)) == 1)
    s.advance(to: 1.5)
    let p = try #require(s.particles(of: like).first)
    #expect(abs(p.birthTime - 1.0) < 1e-9)
    #expect(abs(p.state.alpha - 0.5) < 1e-6)
    #expect(abs(p.state.red - 0.75) < 1e-6)
    #expect(p.state.green == 1 && p.state.blue == 1)
    s.advance(to: 2.9)  // alpha −0.9: invisible, still alive
    #expect(s.liveCount(of: .layer(like)) == 1)
    #expect(abs((s.particles(of: like).first?.state.alpha ?? 0) + 0.9) < 1e-5)
    s.advance(to: 3.01)  // lifetime 2 ended at t = 3
    #expect(s.liveCount(of: .layer(like)) == 0)
  }
}
