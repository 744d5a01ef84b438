import Testing

@testable import Core

/// iOS 7's "future particles" (docs/semantics.md, "Future particles"): with
/// `scene.futureParticles` on, an emitter whose beginTime was never set back-fills when it
/// goes from emitting nothing to emitting after its layer's time has run on.
@Suite("Future particles")
struct FutureParticlesTests {
  /// One cell at rate 0 (10/s once raised), lifetime 5.
  static let cell = """
    \(CoreKit.sparkle).birthRate 0
    \(CoreKit.sparkle).lifetime 5
    \(CoreKit.sparkle).velocity 10
    \(CoreKit.sparkle).emissionRange 6.28
    """

  /// A scene with the emitter added at `added` and stepped (emitting nothing) to `raisedAt`,
  /// where `start` runs (with `futureParticles` set as given and `before` applied first), then
  /// stepped to `after` in one step or in steps of `dt`.
  static func scene(
    added: Double = 10, raisedAt: Double = 20, on: Bool = true, before: String = "",
    start: String = "\(CoreKit.sparkle).birthRate 10", after: Double, dt: Double? = nil
  ) throws -> (Scene, LayerID) {
    var s = Scene()
    s.advance(to: added)
    let like = try CoreKit.build(&s, Self.cell)
    s.advance(to: raisedAt)
    try CoreKit.set(&s, "scene.futureParticles", on ? "yes" : "no")
    try CoreKit.apply(&s, before)
    if start.hasPrefix("cell ") {
      try s.model.addCell(named: String(start.dropFirst(5)), to: .layer(like))
      try CoreKit.apply(
        &s,
        "like.emitterCells.\(start.dropFirst(5)).birthRate 10\n"
          + "like.emitterCells.\(start.dropFirst(5)).lifetime 5")
    } else {
      try CoreKit.apply(&s, start)
    }
    if let dt {
      var k = 1
      while raisedAt + Double(k) * dt < after {
        s.advance(to: raisedAt + Double(k) * dt)
        k += 1
      }
    }
    s.advance(to: after)
    return (s, like)
  }

  @Test("the switch is off by default, and then nothing is back-filled")
  func offByDefault() throws {
    #expect(Scene().model.root.settings.futureParticles == false)
    let (s, like) = try Self.scene(on: false, after: 20.01)
    #expect(s.liveCount(of: .layer(like)) == 0)
  }

  @Test(
    "starting to emit back-fills rate × lifetime, whatever started it",
    arguments: [
      ("", "\(CoreKit.sparkle).birthRate 10"),
      ("\(CoreKit.sparkle).birthRate 10\nlike.birthRate 0", "like.birthRate 1"),
      (
        "\(CoreKit.sparkle).birthRate 10\n\(CoreKit.sparkle).enabled no",
        "\(CoreKit.sparkle).enabled yes"
      ),
      ("", "cell spark"),
    ])
  func backFills(before: String, start: String) throws {
    let (s, like) = try Self.scene(before: before, start: start, after: 20.01)
    #expect(s.liveCount(of: .layer(like)) == 50)
  }

  @Test(
    "back-filling needs a beginTime never set, and reaches back to local time 0 at most",
    arguments: [
      // added, raised at, applied before the raise, particles alive 0.01 s after it
      (10.0, 20.0, "like.beginTime 20", 0),  // as fire sets it
      (10.0, 20.0, "like.beginTime 12", 0),  // any set beginTime: not a future-particles case
      (0.0, 0.0, "", 0),  // local time 0 when it starts
      (0.0, 2.0, "", 20),  // back-filled only from local time 0: 2 s, not a lifetime
      (10.0, 11.0, "", 50),  // its local time is the scene's, not the time since it was added
    ])
  func limits(added: Double, raisedAt: Double, before: String, alive: Int) throws {
    let (s, like) = try Self.scene(
      added: added, raisedAt: raisedAt, before: before, after: raisedAt + 0.01)
    #expect(s.liveCount(of: .layer(like)) == alive)
  }

  @Test("an emitter whose particles are still alive is not idle, so nothing is back-filled")
  func liveParticlesBlock() throws {
    var s = Scene()
    s.advance(to: 10)
    let like = try CoreKit.build(&s, Self.cell)
    try CoreKit.set(&s, "\(CoreKit.sparkle).birthRate", "10")
    s.advance(to: 11)
    try CoreKit.set(&s, "\(CoreKit.sparkle).birthRate", "0")
    s.advance(to: 12)
    try CoreKit.set(&s, "scene.futureParticles", "yes")
    try CoreKit.set(&s, "\(CoreKit.sparkle).birthRate", "10")
    s.advance(to: 12.01)
    #expect(s.liveCount(of: .layer(like)) == 10)
  }

  @Test("back-filled particles are the same however the following time is cut")
  func stepSizeIndependent() throws {
    let one = try Self.scene(after: 21)
    let many = try Self.scene(after: 21, dt: 1.0 / 60)
    #expect(one.0.liveCount(of: .layer(one.1)) == 50)
    #expect(
      CoreKit.firstDifference(one.0.particles(of: one.1), many.0.particles(of: many.1)) == nil)
    #expect(one.0.stats() == many.0.stats())
  }

  @Test("back-filled particles are spread along their paths, not all at the emitter")
  func spreadAlongPaths() throws {
    let (s, like) = try Self.scene(after: 20.01)
    // Births in the emitter's own clock, spread over a lifetime back from the start.
    let births = s.particles(of: like).map(\.birthTime)
    #expect((births.max() ?? 0) - (births.min() ?? 0) > 4.8)
  }

  @Test("the start is recorded for lint whether or not the switch is on")
  func recordedForLint() throws {
    for on in [false, true] {
      let (s, like) = try Self.scene(on: on, after: 20.01)
      #expect(s.futureParticleStarts().map(\.layer) == [like])
      #expect(s.futureParticleStarts().map(\.at) == [20])
    }
    let (fired, _) = try Self.scene(before: "like.beginTime 20", after: 20.01)
    #expect(fired.futureParticleStarts().isEmpty)
  }
}
