import Foundation
import Testing

@testable import Core
@testable import Shell

/// Terminal text frames draw small sprites from stamps (SpriteStamps): close to the exact
/// drawing cell by cell, and the same bytes whatever the stamp cache held before.
@Suite("Terminal stamps")
struct TerminalStampTests {
  /// How far a stamped frame may be from the exact one, per character cell, in [0, 1]:
  /// `ascii`, the luminance of a cell's 2×4 pixels (what picks its character; the ramp's
  /// steps are 0.1 apart); `ansi`, any channel of either of a cell's two pixels.
  struct Bound {
    var ascii: Float
    var ansi: Float
  }

  static let bound = Bound(ascii: 0.1, ansi: 0.25)

  /// The largest per-cell differences between exact and stamped frames of one scene at two
  /// times, and where the largest was.
  static func worst(
    _ name: String, _ script: String, stamps: () -> SpriteStamps
  ) throws -> (ascii: Float, ansi: Float, at: String) {
    let out = CapturedOutput()
    let session = Session(sink: out)
    try #require(session.run(source: script, file: name) == nil, "\(name): \(out.stderr)")
    var ascii: Float = 0
    var ansi: Float = 0
    var at = ""
    for sample in 0..<2 {
      if sample > 0 { try #require(session.run(source: "step 0.35", file: name) == nil) }
      let scene = session.scene
      let t = String(format: "%.2f", scene.now)
      let exactText = SceneRenderer.render(scene, width: 160, height: 120)
      let stampedText = SceneRenderer.render(scene, width: 160, height: 120, stamps: stamps())
      let a = luminanceDifference(exactText, stampedText, cellWidth: 2, cellHeight: 4)
      if a.value > ascii { (ascii, at) = (a.value, "\(name) t=\(t) ascii cell \(a.cell)") }
      let exactCells = SceneRenderer.render(scene, width: 200, height: 120)
      let stampedCells = SceneRenderer.render(scene, width: 200, height: 120, stamps: stamps())
      let c = colourDifference(exactCells, stampedCells)
      if c.value > ansi { (ansi, at) = (c.value, "\(name) t=\(t) ansi pixel \(c.cell)") }
    }
    return (ascii, ansi, at)
  }

  /// The largest difference of mean luminance over `cellWidth`×`cellHeight` blocks.
  static func luminanceDifference(
    _ a: Canvas, _ b: Canvas, cellWidth: Int, cellHeight: Int
  ) -> (value: Float, cell: String) {
    var worst: Float = 0
    var cell = ""
    for row in 0..<(a.height / cellHeight) {
      for column in 0..<(a.width / cellWidth) {
        var sum: Float = 0
        for y in row * cellHeight..<(row + 1) * cellHeight {
          for x in column * cellWidth..<(column + 1) * cellWidth {
            let p = a[x: x, y: y]
            let q = b[x: x, y: y]
            sum +=
              0.2126 * (p.r - q.r) + 0.7152 * (p.g - q.g) + 0.0722 * (p.b - q.b)
          }
        }
        let d = abs(sum) / Float(cellWidth * cellHeight)
        if d > worst { (worst, cell) = (d, "\(column),\(row)") }
      }
    }
    return (worst, cell)
  }

  /// The largest difference of any colour channel of any pixel.
  static func colourDifference(_ a: Canvas, _ b: Canvas) -> (value: Float, cell: String) {
    var worst: Float = 0
    var cell = ""
    for y in 0..<a.height {
      for x in 0..<a.width {
        let p = a[x: x, y: y]
        let q = b[x: x, y: y]
        let d = max(abs(p.r - q.r), abs(p.g - q.g), abs(p.b - q.b))
        if d > worst { (worst, cell) = (d, "\(x),\(y)") }
      }
    }
    return (worst, cell)
  }

  /// Every scene RenderHashTests renders (examples, samples, feature scenes), by name.
  static let scenes: [String: String] = {
    var out: [String: String] = [:]
    do {
      for (name, script) in try RenderHashTests.scenes() { out[name] = script }
    } catch {
      preconditionFailure("cannot read the scenes RenderHashTests renders: \(error)")
    }
    precondition(!out.isEmpty, "RenderHashTests.scenes() found no scene")
    return out
  }()

  @Test(
    "stamped terminal frames stay within the bound of the exact ones, cell by cell",
    arguments: scenes.keys.sorted())
  func closeToExact(_ name: String) throws {
    let script = try #require(Self.scenes[name])
    let w = try Self.worst(name, script) { SpriteStamps() }
    #expect(w.ascii <= Self.bound.ascii, "\(w.at)")
    #expect(w.ansi <= Self.bound.ansi, "\(w.at)")
  }

  @Test("stamps made half a pixel off break the bound, so the check can fail")
  func misplacedStampsFail() throws {
    let name = "confetti.burst"
    let script = try #require(Self.scenes[name])
    let w = try Self.worst(name, script) {
      let broken = SpriteStamps()
      broken.misplacement = (x: 2, y: 2)
      return broken
    }
    #expect(w.ascii > Self.bound.ascii || w.ansi > Self.bound.ansi)
  }

  /// `show 80` and `show 200x60 ansi` of the confetti example (its clock moved by `steps`),
  /// after `between` in the same session.
  static func frames(between: String = "", steps: String = "step 0.1 40") throws -> String {
    let script = try #require(scenes["confetti.burst"])
      .replacingOccurrences(of: "step 0.1 40", with: steps)
    let out = CapturedOutput()
    let session = Session(sink: out)
    try #require(session.run(source: script, file: "confetti") == nil, "\(out.stderr)")
    try #require(session.run(source: between, file: "between") == nil, "\(out.stderr)")
    let start = out.stdout.utf8.count
    try #require(session.run(source: "show 80\nshow 200x60 ansi", file: "show") == nil)
    return String(decoding: out.stdout.utf8.dropFirst(start), as: UTF8.self)
  }

  @Test("terminal text is the same whatever was shown before and whatever the step size")
  func cacheStateDoesNotMatter() throws {
    let fresh = try Self.frames()
    #expect(fresh.contains("\u{1B}["))
    #expect(
      try Self.frames(between: "show 60\nshow 120x40 ansi\nshow 80\nshow 200x60 ansi") == fresh)
    #expect(try Self.frames(steps: "step 4") == fresh)
    #expect(try Self.frames(steps: "step 0.05 80") == fresh)
  }

  @Test("a frame drawn with stamps left by another scene, or a small cache, is the same")
  func otherScenesStampsDoNotMatter() throws {
    func scene(_ name: String) throws -> Scene {
      let session = Session(sink: CapturedOutput())
      try #require(session.run(source: try #require(Self.scenes[name]), file: name) == nil)
      return session.scene
    }
    let snow = try scene("samples/snow")
    let confetti = try scene("samples/confetti")
    for (w, h) in [(160, 120), (200, 120)] {
      let shared = SpriteStamps()
      _ = SceneRenderer.render(snow, width: w, height: h, stamps: shared)
      _ = SceneRenderer.render(confetti, width: w + 2, height: h, stamps: shared)
      let fresh = SceneRenderer.render(confetti, width: w, height: h, stamps: SpriteStamps()).pixels
      #expect(SceneRenderer.render(confetti, width: w, height: h, stamps: shared).pixels == fresh)
      let small = SpriteStamps(budget: 32 << 10)
      #expect(SceneRenderer.render(confetti, width: w, height: h, stamps: small).pixels == fresh)
      #expect(small.bytes <= 32 << 10)
    }
  }
}
