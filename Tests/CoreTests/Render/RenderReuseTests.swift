import Testing

@testable import Core

@Suite("Rendering into a reused canvas (record's workers)")
struct RenderReuseTests {
  struct ReuseCase: Sendable, CustomTestStringConvertible {
    let name: String
    /// Property lines applied to a sparkle scene (CoreKit.apply).
    let script: String
    /// The size of the canvas handed in, which holds an earlier, different frame.
    let spareWidth: Int
    let spareHeight: Int
    var testDescription: String { name }
  }

  static let cases: [ReuseCase] = [
    ReuseCase(
      name: "same size, the root's background is the fill", script: "", spareWidth: 96,
      spareHeight: 72),
    ReuseCase(
      name: "same size, rounded root drawn over a clear fill",
      script: "scene.cornerRadius 30\nscene.backgroundColor rgba(0.2,0.4,0.6,0.5)",
      spareWidth: 96, spareHeight: 72),
    ReuseCase(
      name: "same size, translucent root", script: "scene.opacity 0.5", spareWidth: 96,
      spareHeight: 72),
    ReuseCase(name: "another size", script: "", spareWidth: 72, spareHeight: 96),
    ReuseCase(name: "an empty canvas", script: "", spareWidth: 0, spareHeight: 0),
  ]

  /// A sparkle scene with `script` applied, advanced to `t`.
  static func scene(_ script: String, at t: Double) throws -> Scene {
    var s = Scene()
    try CoreKit.build(
      &s,
      """
      like.emitterPosition 160,120
      \(CoreKit.sparkle).contents sparkle
      \(CoreKit.sparkle).birthRate 300
      \(CoreKit.sparkle).lifetime 2
      \(CoreKit.sparkle).velocity 80
      \(CoreKit.sparkle).emissionRange 6.28
      """)
    try CoreKit.apply(&s, script)
    s.advance(to: t)
    return s
  }

  @Test("a frame drawn into a reused canvas has exactly a fresh render's pixels", arguments: cases)
  func reusedCanvasMatchesFresh(c: ReuseCase) throws {
    let earlier = try Self.scene(c.script, at: 0.3)
    let now = try Self.scene(c.script, at: 0.8)
    var canvas =
      c.spareWidth == 0
      ? Canvas(width: 0, height: 0)
      : SceneRenderer.render(earlier, width: c.spareWidth, height: c.spareHeight)
    let fresh = SceneRenderer.render(now, width: 96, height: 72)
    // The earlier frame differs, so leftovers from it would show.
    #expect(canvas.width != 96 || canvas.pixels != fresh.pixels)
    SceneRenderer.render(now, width: 96, height: 72, into: &canvas)
    #expect(canvas.width == 96 && canvas.height == 72)
    #expect(canvas.pixels.elementsEqual(fresh.pixels) { $0.bitPattern == $1.bitPattern })
  }

  @Test("a canvas of the right size is refilled in place, not reallocated")
  func reusedCanvasKeepsItsStorage() throws {
    var canvas = SceneRenderer.render(try Self.scene("", at: 0.3), width: 96, height: 72)
    let before = canvas.pixels.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    SceneRenderer.render(try Self.scene("", at: 0.8), width: 96, height: 72, into: &canvas)
    #expect(canvas.pixels.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } == before)
  }
}
