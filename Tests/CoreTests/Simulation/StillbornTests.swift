import Testing

@testable import Core

/// A birth whose drawn lifetime is ≤ 0 never shows and never emits; `stats` counts it apart
/// (`stillborn`), exactly, whatever the step size: the fast-forward over births certain to be
/// gone sorts them by their lifetime draw alone.
@Suite("Stillborn births are counted apart from born ones")
struct StillbornTests {
  /// A scene whose cell is set by `script`, advanced to `t` in one step or in steps of `dt`.
  static func stats(_ script: String, to t: Double, dt: Double? = nil) throws -> [CellStats] {
    var s = Scene()
    try CoreKit.build(&s, cells: ["sparkle"], script)
    if let dt {
      var k = 1
      while Double(k) * dt < t {
        s.advance(to: Double(k) * dt)
        k += 1
      }
    }
    s.advance(to: t)
    return s.stats()
  }

  @Test("a layer lifetime of 0: every birth is stillborn, none is born")
  func layerLifetimeZero() throws {
    let st = try #require(
      Self.stats(
        "like.lifetime 0\n\(CoreKit.sparkle).birthRate 10\n\(CoreKit.sparkle).lifetime 1", to: 1
      )
      .first)
    #expect(st.born == 0)
    #expect(st.stillborn == 10)
    #expect(st.live == 0)
  }

  @Test("lifetimes that are always positive: nothing is stillborn")
  func allPositive() throws {
    let st = try #require(
      Self.stats(
        "\(CoreKit.sparkle).birthRate 100\n\(CoreKit.sparkle).lifetime 1\n\(CoreKit.sparkle).lifetimeRange 1",
        to: 50
      ).first)
    #expect(st.born == 5000)
    #expect(st.stillborn == 0)
  }

  static let mixed = """
    \(CoreKit.sparkle).birthRate 200
    \(CoreKit.sparkle).lifetime 0.5
    \(CoreKit.sparkle).lifetimeRange 2
    """

  @Test("lifetimes either side of 0: the split is exact and the same for one step or many")
  func mixedIsStepSizeIndependent() throws {
    let one = try #require(Self.stats(Self.mixed, to: 30).first)
    let many = try #require(Self.stats(Self.mixed, to: 30, dt: 1.0 / 60).first)
    #expect(one.born + one.stillborn == 6000)
    #expect(one.born == many.born)
    #expect(one.stillborn == many.stillborn)
    #expect(one.unsorted == 0)
    // Lifetimes are uniform on [−0.5, 1.5]: a quarter are ≤ 0.
    #expect(abs(Double(one.stillborn) / 6000 - 0.25) < 0.03, "\(one)")
  }

  @Test("sub-cells: stillborn descendants are counted the same for one step or many")
  func subCellsStepSizeIndependent() throws {
    let script = """
      \(CoreKit.sparkle).birthRate 20
      \(CoreKit.sparkle).lifetime 1
      """
    func run(dt: Double?) throws -> CellStats {
      var s = Scene()
      try CoreKit.build(&s, cells: ["sparkle"], script)
      try s.model.addCell(named: "trail", to: try s.model.resolveObject(CoreKit.sparkle))
      try CoreKit.apply(
        &s,
        """
        \(CoreKit.sparkle).emitterCells.trail.birthRate 30
        \(CoreKit.sparkle).emitterCells.trail.lifetime 0.2
        \(CoreKit.sparkle).emitterCells.trail.lifetimeRange 0.8
        """)
      if let dt {
        var k = 1
        while Double(k) * dt < 20 {
          s.advance(to: Double(k) * dt)
          k += 1
        }
      }
      s.advance(to: 20)
      return try #require(s.stats().first { $0.path.hasSuffix("trail") })
    }
    let one = try run(dt: nil)
    let many = try run(dt: 0.05)
    #expect(one.stillborn > 0)
    #expect(one.born == many.born)
    #expect(one.stillborn == many.stillborn)
  }

  @Test("at the particle cap, stillborn births take no room and are counted the same way")
  func atTheCap() throws {
    let script = Self.mixed + "\n"
    func run(dt: Double?) throws -> CellStats {
      var s = Scene()
      try CoreKit.build(&s, cells: ["sparkle"], script)
      try CoreKit.set(&s, "scene.maxParticles", "50")
      if let dt {
        var k = 1
        while Double(k) * dt < 5 {
          s.advance(to: Double(k) * dt)
          k += 1
        }
      }
      s.advance(to: 5)
      return try #require(s.stats().first)
    }
    let one = try run(dt: nil)
    let many = try run(dt: 1.0 / 60)
    #expect(one.dropped > 0)
    #expect(one.stillborn > 0)
    #expect(one.born == many.born)
    #expect(one.stillborn == many.stillborn)
    #expect(one.dropped == many.dropped)
  }
}
