import Core
import Foundation
import TestSupport
import Testing

@testable import Shell

/// The renderer's exact output, pinned: every example and sample, and scenes that reach the
/// renderer's other paths (perspective and preserved depth, back-to-front and oldest-last
/// order, additive light, masks, group opacity, shadows, contentsRect, filters, one layer's
/// subtree), rendered at several times and sizes, each canvas hashed over the bit patterns of
/// its floats. The hashes were recorded before the renderer was optimised (issue 11), so the
/// optimised paths draw bit for bit what the straightforward ones drew.
@Suite("Render hashes")
struct RenderHashTests {
  static let goldenName = "render-hashes.txt"

  /// Scenes for the paths the examples do not reach.
  static let features: [(name: String, script: String)] = [
    (
      "depth",
      """
      scene 320x240 #101018
      layer host
      set host bounds=320x240 position=160,120 sublayerTransform.m34=-0.002
      emitter e in host
      set e emitterPosition=160,120 emitterShape=sphere emitterSize=100,100 emitterDepth=100 \\
          preservesDepth=yes renderMode=backToFront transform.rotation.y=0.6 seed=7
      cell e a
      set e.emitterCells.a birthRate=300 lifetime=3 velocity=60 velocityRange=30 \\
          emissionRange=2*pi contents=star scale=0.4 spin=1 spinRange=2 color=orange \\
          alphaSpeed=-0.2 zAcceleration=20
      cell e b
      set e.emitterCells.b birthRate=200 lifetime=2 velocity=40 emissionRange=2*pi \\
          contents=spark scale=0.2 color=cyan
      step 0.1 12
      """
    ),
    (
      "layers",
      """
      scene 320x240 #203040
      layer box
      set box bounds=120x90 position=110,100 backgroundColor=#ff8040 cornerRadius=12 \\
          borderWidth=3 borderColor=white opacity=0.6 masksToBounds=yes shadowOpacity=0.7 \\
          shadowRadius=4 shadowOffset=3,3
      emitter e in box
      set e emitterPosition=60,45 emitterShape=circle emitterSize=40,40 renderMode=oldestLast \\
          seed=3
      cell e a
      set e.emitterCells.a birthRate=400 lifetime=2 velocity=50 emissionRange=2*pi \\
          contents=heart.fill scale=0.3 spin=2 spinRange=3 contentsRect=0.25,0.25,0.5,0.5 \\
          magnificationFilter=nearest minificationFilter=nearest
      emitter f
      set f emitterPosition=240,160 emitterShape=line emitterSize=100,1 renderMode=additive \\
          seed=5 transform.rotation.z=0.3 opacity=0.8
      cell f b
      set f.emitterCells.b birthRate=600 lifetime=1.5 velocity=80 emissionRange=pi/3 \\
          contents=smoke scale=0.6 scaleSpeed=-0.2 color=#80c0ff alphaSpeed=-0.4 \\
          minificationFilter=trilinear minificationFilterBias=0.5
      cell f c
      set f.emitterCells.c birthRate=2000 lifetime=1 velocity=100 emissionRange=2*pi \\
          contents=dot scale=0.1 color=yellow
      cell f d
      set f.emitterCells.d birthRate=50 lifetime=1 velocity=60 emissionRange=2*pi \\
          contents=spark scale=1.5 spin=1 color=#ff80ff
      cell e g
      set e.emitterCells.g birthRate=80 lifetime=2 velocity=30 emissionRange=2*pi \\
          contents=confetti scale=2 magnificationFilter=nearest color=green
      step 0.1 10
      """
    ),
  ]

  /// Every scene: the examples, the samples and the feature scenes, by name and source.
  static func scenes() throws -> [(name: String, script: String)] {
    var out: [(String, String)] = []
    // Named as the golden names them: the example's file, the sample's path under examples/.
    // These runs go on past the script's end (`step 0.35`), so they are not ExampleRuns'.
    for path in ExampleRuns.examples {
      out.append((URL(fileURLWithPath: path).lastPathComponent, try repositoryText(path)))
    }
    for name in SampleEffectTests.samples {
      out.append(("samples/\(name)", try repositoryText(SampleEffectTests.path(name))))
    }
    return out + features
  }

  /// The canvas sizes rendered: `show 80`'s and `show 200x60 ansi`'s pixels, and (at the
  /// first time only, to keep the debug build's run short) an odd size that stretches the
  /// scene unevenly.
  static let sizes = [(160, 120), (200, 120), (413, 271)]

  /// FNV-1a 64 over the canvas's size and the bit pattern of every float.
  static func hash(_ canvas: Canvas) -> String {
    var h = FNV1a64()
    h.add(canvas.width)
    h.add(canvas.height)
    for v in canvas.pixels { h.add(v.bitPattern) }
    return FNV1a64.hex(h.value)
  }

  /// One line per scene, time and size: the whole scene, and for the feature scenes each
  /// top-level layer's subtree alone.
  static func lines(_ name: String, _ script: String) throws -> [String] {
    let out = CapturedOutput()
    let session = Session(sink: out)
    let error = session.run(source: script, file: name)
    try #require(error == nil, "\(name): \(out.stderr)")
    var lines: [String] = []
    for sample in 0..<2 {
      if sample > 0 { try #require(session.run(source: "step 0.35", file: name) == nil) }
      let scene = session.scene
      let t = String(format: "%.2f", scene.now)
      for (w, h) in sample == 0 ? sizes : Array(sizes.prefix(2)) {
        let canvas = SceneRenderer.render(scene, width: w, height: h)
        lines.append("\(name) t=\(t) \(w)x\(h) \(hash(canvas))")
      }
      guard features.contains(where: { $0.name == name }) else { continue }
      for id in scene.model.root.sublayers {
        let layer = scene.model.layer(id)?.name ?? "?"
        let canvas = SceneRenderer.render(scene, only: id, width: 200, height: 150)
        lines.append("\(name) t=\(t) only \(layer) 200x150 \(hash(canvas))")
      }
    }
    return lines
  }

  @Test("every scene renders the pinned canvases, bit for bit")
  func pinned() throws {
    var lines = ["# FNV-1a 64 of rendered canvases' floats (RenderHashTests)."]
    for (name, script) in try Self.scenes() {
      lines += try Self.lines(name, script)
    }
    expectGolden(lines.joined(separator: "\n") + "\n", name: Self.goldenName)
  }

  @Test("the canvas hash sees a one-ulp change in any channel", arguments: 0..<4)
  func hashSeesOneUlp(channel: Int) {
    let canvas = Canvas(width: 3, height: 2, fill: RGBA(r: 0.25, g: 0.5, b: 0.75, a: 1))
    var moved = canvas
    var p = moved[x: 1, y: 1]
    switch channel {
    case 0: p.r = p.r.nextUp
    case 1: p.g = p.g.nextUp
    case 2: p.b = p.b.nextUp
    default: p.a = p.a.nextDown
    }
    moved[x: 1, y: 1] = p
    #expect(Self.hash(moved) != Self.hash(canvas))
    moved[x: 1, y: 1] = canvas[x: 1, y: 1]
    #expect(Self.hash(moved) == Self.hash(canvas))
  }
}
