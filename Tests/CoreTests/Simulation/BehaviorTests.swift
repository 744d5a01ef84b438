import Foundation
import Testing

@testable import Core

/// Emitter behaviours (docs/semantics.md, "Emitter behaviours") against worked-out cases.
@Suite("Emitter behaviours: drag, wave, alignToMotion, keyframes and attractors")
struct BehaviorTests {
  /// One particle a second (the first born at t = 1) from (100, 100), living 100 s, with
  /// `script` applied and `behaviors` (TYPE, assignments) added.
  static func scene(
    _ script: String, _ behaviors: [(BehaviorType, [(key: String, value: String)])]
  ) throws -> (Scene, LayerID) {
    var s = Scene()
    let id = try CoreKit.build(
      &s,
      """
      like.emitterPosition 100,100
      like.emitterCells.sparkle.birthRate 1
      like.emitterCells.sparkle.lifetime 100
      like.emitterCells.sparkle.contents dot
      \(script)
      """)
    for (type, fields) in behaviors {
      try s.model.addBehavior(type, named: nil, to: id, assignments: fields)
    }
    return (s, id)
  }

  /// The first particle's state (born at t = 1).
  static func first(_ s: Scene, _ id: LayerID) throws -> ParticleState {
    let p = try #require(s.particles(of: id).first)
    #expect(p.birthTime == 1)
    return p.state
  }

  @Test(
    "drag halves the speed in ln 2 / drag seconds and the path is the integral",
    arguments: [0.5, 2.0, 8.0])
  func dragHalvesSpeed(drag: Double) throws {
    var (s, id) = try Self.scene(
      "like.emitterCells.sparkle.velocity 100", [(.drag, [("drag", "\(drag)")])])
    let half = log(2) / drag
    s.advance(to: 1 + half)
    let p = try Self.first(s, id)
    let speed = (Double(p.vx) * Double(p.vx) + Double(p.vy) * Double(p.vy)).squareRoot()
    #expect(abs(speed - 50) < 1e-3, "speed \(speed) after ln2/drag s")
    // x = 100·(1 − e^(−k·τ))/k = 50/k past the emitter.
    #expect(abs(Double(p.x) - (100 + 50 / drag)) < 1e-3)
    #expect(abs(Double(p.y) - 100) < 1e-4)
  }

  @Test("a wave moves a resting particle by F/ω·(τ − sin(ωτ)/ω) when its phase starts at 0")
  func waveDisplacement() throws {
    // f = 1 Hz, born at t = 1: the phase ω·t starts at 2π, so sin starts at 0.
    var (s, id) = try Self.scene(
      "", [(.wave, [("force", "30,-20,0"), ("frequency", "1")])])
    for tau in [0.25, 0.5, 1.3] {
      s.advance(to: 1 + tau)
      let p = try Self.first(s, id)
      let w = 2 * Double.pi
      let shape = (tau - sin(w * tau) / w) / w
      #expect(abs(Double(p.x) - (100 + 30 * shape)) < 2e-4, "x at τ = \(tau)")
      #expect(abs(Double(p.y) - (100 - 20 * shape)) < 2e-4, "y at τ = \(tau)")
      // Velocity: F·(1 − cos ωτ)/ω.
      #expect(abs(Double(p.vx) - 30 * (1 - cos(w * tau)) / w) < 2e-4)
    }
  }

  @Test("with drag the wave is still integrated exactly: velocity matches the ODE's solution")
  func waveWithDrag() throws {
    var (s, id) = try Self.scene(
      "", [(.wave, [("force", "0,40,0"), ("frequency", "0.5")]), (.drag, [("drag", "1")])])
    s.advance(to: 3)
    let p = try Self.first(s, id)
    // Euler on a fine grid of v' = F·sin(ω(1 + τ)) − v, x' = v from rest.
    let w = Double.pi
    var v = 0.0
    var y = 0.0
    let n = 200_000
    let h = 2.0 / Double(n)
    for i in 0..<n {
      let t = 1 + (Double(i) + 0.5) * h
      let a = 40 * sin(w * t) - v
      y += (v + 0.5 * a * h) * h
      v += a * h
    }
    #expect(abs(Double(p.vy) - v) < 1e-3, "vy \(p.vy) against \(v)")
    #expect(abs(Double(p.y) - (100 + y)) < 1e-3, "y \(p.y) against \(100 + y)")
  }

  @Test("alignToMotion turns a particle on a parabola to atan2(vy, vx) plus its rotation")
  func alignAlongParabola() throws {
    var (s, id) = try Self.scene(
      """
      like.emitterCells.sparkle.velocity 100
      like.emitterCells.sparkle.yAcceleration 100
      like.emitterCells.sparkle.spin 5
      """, [(.alignToMotion, [("rotation", "0.25")])])
    for tau in [0.0, 1.0, 2.0, 4.0] {
      s.advance(to: 1 + tau)
      let p = try Self.first(s, id)
      let expected = atan2(100 * tau, 100) + 0.25
      #expect(abs(Double(p.rotation) - expected) < 1e-5, "angle at τ = \(tau)")
    }
  }

  @Test("valueOverLife and colorOverLife follow their keyframes over the life fraction")
  func keyframesOverLife() throws {
    var (s, id) = try Self.scene(
      "",
      [
        (.valueOverLife, [("keyPath", "scale"), ("values", "0,2,1"), ("locations", "0,0.1,1")]),
        (.colorOverLife, [("colors", "#ffffff,#00000000")]),
      ])
    // Lifetime 100: age 5 is fraction 0.05 (scale 1), age 55 is 0.55 (scale 1.5).
    s.advance(to: 6)
    var p = try Self.first(s, id)
    #expect(abs(p.scale - 1) < 1e-6)
    #expect(abs(p.alpha - 0.95) < 1e-6)
    s.advance(to: 56)
    p = try Self.first(s, id)
    #expect(abs(p.scale - 1.5) < 1e-6)
    #expect(abs(p.red - 0.45) < 1e-6)
  }

  @Test("an attractor pulls with stiffness × distance inside its radius, fading past it")
  func attractorPullAtRadius() throws {
    var b = EmitterBehavior(type: .attractor, name: "a")
    try b.set("position", text: "140,100")
    try b.set("stiffness", text: "10")
    try b.set("radius", text: "50")
    try b.set("falloffDistance", text: "20")
    let c = CompiledBehaviors([b])
    let at40 = c.pull(at: SIMD3(100, 100, 0))
    #expect(at40 == SIMD3(400, 0, 0), "10 × 40 pt toward the centre")
    let at60 = c.pull(at: SIMD3(80, 100, 0))
    #expect(abs(at60.x - 10 * 60 * 0.5) < 1e-9, "10 pt past the radius: half of 600")
    #expect(c.pull(at: SIMD3(60, 100, 0)) == SIMD3(0, 0, 0), "past radius + falloffDistance")
    // axial about the x axis through the centre pulls only across it.
    try b.set("attractorType", text: "axial")
    let axial = CompiledBehaviors([b]).pull(at: SIMD3(130, 90, 0))
    #expect(axial == SIMD3(0, 100, 0))
  }

  @Test("an attractor moves a resting particle by about ½·a·t² on its 1/240 s grid")
  func attractorMovesParticle() throws {
    var (s, id) = try Self.scene(
      "",
      [(.simpleAttractor, [("position", "140,100"), ("stiffness", "10"), ("radius", "50")])])
    // Born at t = 1 (a grid instant): each later instant carries the position on by the
    // velocity, then adds the pull there × h (semi-implicit Euler).
    s.advance(to: 1 + 12 * Limits.attractorGrid)
    let p = try Self.first(s, id)
    let h = Limits.attractorGrid
    var (x, v) = (100.0, 0.0)
    for _ in 0..<12 {
      x += v * h
      v += 10 * (140 - Double(Float(x))) * h
    }
    #expect(abs(Double(p.x) - x) < 1e-4, "\(p.x) against the grid's \(x)")
    #expect(abs(Double(p.x) - 100 - 0.5 * 400 * (12 * h) * (12 * h)) < 0.1, "near ½·a·t²")
    #expect(p.y == 100)
  }

  /// A scene with every behaviour, sub-cells included.
  static func everyBehaviour() throws -> (Scene, LayerID) {
    var (s, id) = try Self.scene(
      """
      like.emitterShape line
      like.emitterSize 120,0
      like.emitterCells.sparkle.birthRate 40
      like.emitterCells.sparkle.lifetime 2
      like.emitterCells.sparkle.lifetimeRange 1
      like.emitterCells.sparkle.velocity 80
      like.emitterCells.sparkle.velocityRange 40
      like.emitterCells.sparkle.emissionRange pi/3
      like.emitterCells.sparkle.yAcceleration 50
      like.emitterCells.sparkle.spin 2
      """,
      [
        (.wave, [("force", "40,0,0"), ("frequency", "0.7")]),
        (.drag, [("drag", "0.8")]),
        (.alignToMotion, [("rotation", "0.1")]),
        (.valueOverLife, [("keyPath", "color.alpha"), ("values", "1,0")]),
        (.colorOverLife, [("colors", "#ff8080,#8080ff")]),
        (.attractor, [("position", "100,60"), ("stiffness", "6"), ("radius", "80")]),
        (.simpleAttractor, [("position", "60,140"), ("stiffness", "-3")]),
        (.light, []),
      ])
    try s.model.addCell(named: "spark", to: try s.model.resolveObject(CoreKit.sparkle))
    try CoreKit.apply(
      &s,
      """
      like.emitterCells.sparkle.emitterCells.spark.birthRate 5
      like.emitterCells.sparkle.emitterCells.spark.lifetime 0.5
      like.emitterCells.sparkle.emitterCells.spark.velocity 20
      like.emitterCells.sparkle.emitterCells.spark.contents dot
      """)
    return (s, id)
  }

  @Test("a scene with every behaviour is the same after one step of 1 s and after 60 steps")
  func stepSizeIndependence() throws {
    var (one, id) = try Self.everyBehaviour()
    var sixty = one
    one.advance(to: 1.5)
    one.advance(to: 2.5)
    for i in 1...60 { sixty.advance(to: 1.5 + Double(i) / 60) }
    sixty.advance(to: 2.5)
    let a = one.particles(of: id)
    let b = sixty.particles(of: id)
    #expect(a.count > 50)
    #expect(a == b)
    // The behaviours did something: without them the particles differ.
    var plain = try Self.everyBehaviour().0
    try plain.model.keepBehaviors([], on: id)
    plain.advance(to: 2.5)
    #expect(plain.particles(of: id).count == a.count)
    #expect(plain.particles(of: id) != a)
  }

  @Test(
    "with every behaviour, the optimised stores, the straightforward ones and a capped scene agree")
  func storesAndCapAgree() throws {
    var (fast, id) = try Self.everyBehaviour()
    fast.advance(to: 2.5)
    let plain = try Scene.withStraightforwardStores { () throws -> Scene in
      var (s, _) = try Self.everyBehaviour()
      s.advance(to: 2.5)
      #expect(s.storesAreStraightforward)
      return s
    }
    #expect(fast.particles(of: id) == plain.particles(of: id))
    // A cap far above the live count takes the event-ordered path only where it could bind;
    // one just above it decides every birth by exact times and must give the same particles.
    var capped = try Self.everyBehaviour().0
    let live = fast.particles(of: id).count
    try CoreKit.set(&capped, "scene.maxParticles", "\(live + 40)")
    let report = capped.advance(to: 2.5)
    #expect(report.work.capTurns > 0, "the event-ordered step ran")
    #expect(report.dropped == 0)
    #expect(capped.particles(of: id) == fast.particles(of: id))
  }

  @Test("attractor work counts grid instants × particles, and is 0 without attractors")
  func attractorWork() throws {
    var (s, id) = try Self.everyBehaviour()
    s.advance(to: 2)
    let live = Double(s.particles(of: id).count)
    let work = s.attractorWork(to: 3)
    #expect(work >= 240 * live)
    #expect(work > Limits.maxAttractorWork / 1e6)
    try s.model.keepBehaviors(["wave", "drag"], on: id)
    #expect(s.attractorWork(to: 3) == 0)
  }
}
