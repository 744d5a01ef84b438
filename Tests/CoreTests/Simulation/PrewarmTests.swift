import Testing

@testable import Core

/// Pre-warm (docs/semantics.md, "Pre-warm"): setting an emitter layer's `timeOffset` ahead,
/// or its `beginTime` into the past, fills it as if it had been emitting, with the cells it has.
@Suite("Pre-warm")
struct PrewarmTests {
  static let cell = """
    \(CoreKit.sparkle).birthRate 10
    \(CoreKit.sparkle).lifetime 5
    \(CoreKit.sparkle).velocity 10
    \(CoreKit.sparkle).emissionRange 6.28
    """

  /// A scene stepped to `before`, then given an emitter with `timing`, stepped to `after` in
  /// one step or in steps of `dt`.
  static func scene(
    before: Double = 0, timing: String, after: Double, dt: Double? = nil, extra: String = ""
  ) throws -> (Scene, LayerID) {
    var s = Scene()
    s.advance(to: before)
    let like = try CoreKit.build(&s, Self.cell + "\n" + timing + "\n" + extra)
    if let dt {
      var k = 1
      while before + Double(k) * dt < after {
        s.advance(to: before + Double(k) * dt)
        k += 1
      }
    }
    s.advance(to: after)
    return (s, like)
  }

  @Test(
    "the emitter starts full: rate × the time it has been emitting, up to a lifetime",
    arguments: [
      // stepped to, timing, particles alive just after
      (0.0, "like.timeOffset 5", 50),
      (0.0, "like.timeOffset 2", 20),
      (10.0, "like.beginTime 7", 30),
      (10.0, "like.beginTime 0.5", 50),
      (10.0, "", 0),  // a default timing never pre-warms
      (10.0, "like.beginTime 10", 0),  // as fire sets it: local time 0
    ])
  func prewarmCounts(before: Double, timing: String, alive: Int) throws {
    let (s, like) = try Self.scene(before: before, timing: timing, after: before + 0.01)
    #expect(s.liveCount(of: .layer(like)) == alive)
  }

  @Test("pre-warmed particles are the same however the following time is cut")
  func stepSizeIndependent() throws {
    let one = try Self.scene(timing: "like.timeOffset 5", after: 1)
    let many = try Self.scene(timing: "like.timeOffset 5", after: 1, dt: 1.0 / 60)
    #expect(one.0.particles(of: one.1) == many.0.particles(of: many.1))
    #expect(one.0.liveCount(of: .layer(one.1)) > 40)
  }

  @Test("pre-warmed births meet the particle cap by the exact-time rule, whatever the steps")
  func capped() throws {
    let extra = "scene.maxParticles 20"
    let one = try Self.scene(timing: "like.timeOffset 5", after: 1, extra: extra)
    let many = try Self.scene(timing: "like.timeOffset 5", after: 1, dt: 0.05, extra: extra)
    #expect(one.0.liveCount(of: .layer(one.1)) == 20)
    #expect(one.0.particles(of: one.1) == many.0.particles(of: many.1))
    #expect(one.0.stats() == many.0.stats())
    #expect((one.0.stats().first?.dropped ?? 0) > 0)
  }

  @Test("a running emitter whose timeOffset moves ahead emits through the gap at once")
  func runningEmitterMovesAhead() throws {
    var s = Scene()
    let like = try CoreKit.build(&s, Self.cell)
    s.advance(to: 1)
    let before = s.liveCount(of: .layer(like))
    try CoreKit.set(&s, "like.timeOffset", "2")
    s.advance(to: 1.001)
    #expect(before == 10)
    #expect(s.liveCount(of: .layer(like)) == 30)
  }
}
