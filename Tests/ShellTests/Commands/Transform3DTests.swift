import Core
import Foundation
import TestSupport
import Testing

@testable import Shell

/// CATransform3D on `transform` and `sublayerTransform`: key paths per axis, whole matrices,
/// the fields m11 … m44, perspective, isDoubleSided, and what the renderer draws from them.
@Suite("3-D transforms")
struct Transform3DTests {
  /// A black 200×200 scene with a white 100×100 layer `card` centred in a plain 200×200 layer
  /// `host` (whose sublayerTransform can hold a perspective).
  static let card = """
    scene 200x200 black
    layer host
    set host bounds=200x200 position=100,100
    layer card in host
    set card bounds=100x100 position=100,100 backgroundColor=white

    """

  static func session(_ script: String) -> Session {
    let session = Session(sink: CapturedOutput())
    #expect(session.run(source: script, file: "3d") == nil)
    return session
  }

  static func render(_ script: String) -> Canvas {
    SceneRenderer.render(session(script).scene, width: 200, height: 200)
  }

  /// How much of each column (x) and row (y) is lit: the sum of alpha-weighted red.
  static func lit(_ c: Canvas) -> (columns: [Float], rows: [Float]) {
    var columns = [Float](repeating: 0, count: c.width)
    var rows = [Float](repeating: 0, count: c.height)
    for y in 0..<c.height {
      for x in 0..<c.width {
        columns[x] += c[x: x, y: y].r
        rows[y] += c[x: x, y: y].r
      }
    }
    return (columns, rows)
  }

  /// The lit width in pixels (total light over the height of one column).
  static func width(_ c: Canvas, height: Float) -> Float {
    lit(c).columns.reduce(0, +) / height
  }

  @Test(
    "a 100-point layer turned about y by θ is 100·|cos θ| wide and keeps its height",
    arguments: [("pi/3", 50.0), ("pi/4", 70.7107), ("0", 100.0), ("2*pi/3", 50.0)])
  func turnedWidth(_ angle: String, _ expected: Double) {
    let c = Self.render(Self.card + "set card.transform.rotation.y \(angle)\n")
    let w = Self.width(c, height: 100)
    #expect(abs(Double(w) - expected) < 0.3, "width \(w)")
    // Its height is unchanged: the middle column is lit over 100 rows.
    #expect(abs(Self.lit(c).columns[100] - 100) < 0.01)
  }

  @Test("about x the height shrinks instead, and a whole matrix does the same as the key path")
  func turnedAboutX() {
    let byPath = Self.render(Self.card + "set card.transform.rotation.x pi/3\n")
    let byMatrix = Self.render(Self.card + "set card.transform rotate(pi/3, 1, 0, 0)\n")
    let rows = Self.lit(byPath).rows.reduce(0, +) / 100
    #expect(abs(rows - 50) < 0.05)
    #expect(byPath.pixels == byMatrix.pixels)
  }

  @Test("with the host's m34 = -1/d, the near edge of a layer turned about y is taller")
  func perspective() throws {
    let flat = Self.render(Self.card + "set card.transform.rotation.y pi/3\n")
    let deep = Self.render(
      Self.card + "set card.transform.rotation.y pi/3\nset host.sublayerTransform.m34 -1/300\n")
    let lit = Self.lit(deep).columns
    let first = try #require(lit.firstIndex { $0 > 0.5 })
    let last = try #require(lit.lastIndex { $0 > 0.5 })
    // Two pixels in from each edge, clear of the anti-aliased columns.
    let left = (offset: first + 2, element: lit[first + 2])
    let right = (offset: last - 2, element: lit[last - 2])
    // +y turns the right edge away: the left (near) edge is taller than the right (far) one.
    #expect(left.element > right.element + 20, "left \(left.element), right \(right.element)")
    #expect(left.element > 100, "the near edge is closer than the layer's plane")
    #expect(right.element < 100)
    // The projection of the near edge: z = 25·√3 toward the viewer, so its height is
    // 100 / (1 − z/300).
    let z = 50 * (3.0).squareRoot() / 2
    #expect(abs(Double(left.element) - 100 / (1 - z / 300)) < 6, "\(left.element)")
    // Without the perspective both edges are 100 tall.
    let flatColumns = Self.lit(flat).columns.filter { $0 > 0.5 }
    #expect(flatColumns.allSatisfy { abs($0 - 100) < 0.01 })
  }

  @Test("zPosition moves a layer toward the viewer only through a perspective")
  func zPositionUnderPerspective() {
    let near = Self.render(
      Self.card + "set card.zPosition 100\nset host.sublayerTransform perspective(300)\n")
    // 100 points nearer of 300: drawn 1.5 times as large.
    #expect(abs(Self.width(near, height: 150) - 150) < 0.5)
    let flat = Self.render(Self.card + "set card.zPosition 100\n")
    #expect(abs(Self.width(flat, height: 100) - 100) < 0.01)
  }

  @Test(
    "isDoubleSided no hides a layer seen from behind, and only then",
    arguments: [
      ("pi", false), ("pi/3", true), ("2*pi/3", false), ("0", true),
    ])
  func doubleSided(_ angle: String, _ visible: Bool) {
    let c = Self.render(
      Self.card + "set card.isDoubleSided no\nset card.transform.rotation.y \(angle)\n")
    #expect((Self.width(c, height: 1) > 0) == visible)
    let shown = Self.render(Self.card + "set card.transform.rotation.y \(angle)\n")
    #expect(Self.width(shown, height: 1) > 0)
  }

  @Test("a planar transform draws exactly as before 3-D transforms: scale.z changes nothing")
  func planarUnchanged() {
    let a = Self.render(Self.card + "set card transform.rotation=0.3 transform.scale.x=1.5\n")
    let b = Self.render(
      Self.card + "set card transform.rotation=0.3 transform.scale.x=1.5 transform.scale.z=7\n")
    #expect(a.pixels == b.pixels)
  }

  @Test(
    "each key path reads back what was set, and the whole matrix agrees",
    arguments: [
      ("transform.rotation.y", "7", "transform.rotation.y", "7"),
      ("transform.rotation", "0.5", "transform.rotation.z", "0.5"),
      ("transform.scale", "2", "transform.scale.z", "2"),
      ("transform.translation", "10,20", "transform.translation.y", "20"),
      ("transform.translation.z", "30", "transform.m43", "30"),
      ("sublayerTransform.m34", "-1/500", "sublayerTransform.m34", "-0.002"),
      ("transform", "scale(2, 3, 4)", "transform.scale.y", "3"),
      ("transform", "translate(5, 6, 7)", "transform.translation.x", "5"),
      ("transform", "identity", "transform", "identity"),
      ("transform", "perspective(500)", "transform", "1,0,0,0,0,1,0,0,0,0,1,-0.002,0,0,0,1"),
      ("transform.scale.x", "-1", "transform.m11", "-1"),
    ])
  func readBack(_ path: String, _ value: String, _ read: String, _ expected: String) {
    let run = runScript(Self.card + "set card.\(path) \(value)\nget card.\(read)\n")
    #expect(run.error == nil, "\(run.stderr)")
    #expect(run.stdout == expected + "\n")
  }

  @Test("a product applies its left factor first, as CATransform3DConcat does")
  func productOrder() throws {
    // Translate then scale moves the layer twice as far; scale then translate does not.
    let s = Self.session(
      Self.card
        + "set card.transform translate(10, 0, 0) * scale(2, 2, 1)\nlayer other in host\n"
        + "set other.transform scale(2, 2, 1) * translate(10, 0, 0)\n")
    let card = try #require(
      s.scene.model.layerID(named: "card").flatMap { s.scene.model.layer($0) }
    )
    .properties.transform
    let other = try #require(
      s.scene.model.layerID(named: "other").flatMap { s.scene.model.layer($0) }
    ).properties.transform
    #expect(card.translationX == 20)
    #expect(other.translationX == 10)
    #expect(card.scaleX == 2 && other.scaleX == 2)
  }

  @Test(
    "whole matrices decompose and recompose to themselves",
    arguments: [
      "rotate(pi/3, 0, 1, 0) * scale(2, 2, 1)", "rotate(1, 1, 1, 0) * translate(3, 4, 5)",
      "skew(0.5) * rotate(0.7)", "scale(-1, 1, 1) * rotate(0.2, 0, 1, 0)",
      "perspective(400) * rotate(0.3, 1, 0, 0)",
      "rotate(pi/2, 0, 1, 0)", "scale(0, 1, 1) * rotate(0.4)",
    ])
  func roundTrip(_ text: String) throws {
    let value = try PropertyKind.transform3D.parse(text)
    guard case .transform(let t) = value else {
      Issue.record("not a transform")
      return
    }
    // Its printed 16 entries read back to the same matrix.
    let printed = ValueFormatting.value(value)
    guard case .transform(let back) = try PropertyKind.transform3D.parse(printed) else { return }
    for i in 0..<16 {
      #expect(abs(back.matrix.m[i] - t.matrix.m[i]) < 1e-12, "entry \(i) of \(printed)")
    }
  }

  @Test(
    "bad transforms are errors with a suggestion, and change nothing",
    arguments: [
      ("rotat(1)", "did you mean 'rotate'?"), ("rotate(1, 2)", "rotate takes 1 or 4 arguments"),
      ("scale(0, 1, 1) * perspective(100)", "cannot be decomposed"),
      ("1 0 0", "expected a transform"),
      ("scale(1e9, 1, 1) * scale(10, 1, 1)", "beyond ±1e9, the largest magnitude Burst keeps"),
      ("rotate(nan)", "not a finite number"),
    ])
  func badValues(_ text: String, _ message: String) {
    let session = Self.session(Self.card)
    let before = session.scene.model
    let error = session.run(source: "set card.transform \(text)", file: "bad")
    let words = (error?.message ?? "") + " " + (error?.suggestion?.text ?? "")
    #expect(words.contains(message), "\(words)")
    #expect(session.scene.model == before)
  }

  @Test("a rotation about y animates as an angle and draws each frame in perspective")
  func animatedTurn() {
    let s = Self.session(
      Self.card
        + "set host.sublayerTransform.m34 -1/300\n"
        + "animate card.transform.rotation.y from 0 to 2*pi duration 1 timing linear\nstep 0.25\n")
    let card = s.scene.model.layerID(named: "card") ?? 0
    let turn = s.scene.presentationValue(
      PropertyRef(object: .layer(card), name: "transform.rotation.y"))
    #expect(abs((turn?.number ?? 0) - .pi / 2) < 1e-9)
    // A quarter turn: edge-on, nothing to see.
    let c = SceneRenderer.render(s.scene, width: 200, height: 200)
    #expect(Self.width(c, height: 100) < 0.5)
  }

  @Test("save writes the parts, and the matrix only when skew or perspective need it")
  func saved() throws {
    let file =
      testScratchFolder
      .appendingPathComponent("burst-3d-\(getpid()).burst").path
    defer { try? FileManager.default.removeItem(atPath: file) }
    let script =
      Self.card + "set card.transform.rotation.y 0.5\nset host.sublayerTransform.m34 -0.002\n"
    let a = Self.session(script + "save model \(file)\n")
    let text = try String(contentsOfFile: file, encoding: .utf8)
    #expect(text.contains("transform.rotation.y=0.5"), "\(text)")
    #expect(text.contains("-0.002"), "\(text)")
    #expect(!text.contains("card transform="), "the parts say it all: \(text)")
    let b = Self.session("load \(file)\n")
    #expect(b.scene.model == a.scene.model)
  }

  @Test("export writes CATransform3D with Apple's field names, and key paths for the parts")
  func exported() throws {
    let s = Self.session(
      Self.card + "set card.transform.rotation.y 0.5\nset host.sublayerTransform.m34 -0.002\n")
    _ = s
    let swift = runScript(
      Self.card
        + "set card.transform.rotation.y 0.5\nset host.sublayerTransform.m34 -0.002\nexport swift\n"
    ).stdout
    #expect(swift.contains("forKeyPath: \"transform.rotation.y\""))
    #expect(swift.contains("host.sublayerTransform = CATransform3D(m11: 1, m12: 0"))
    #expect(swift.contains("m34: -0.002"))
    let objc = runScript(
      Self.card
        + "set card.transform.rotation.y 0.5\nset host.sublayerTransform.m34 -0.002\nexport objc\n"
    ).stdout
    #expect(objc.contains("host.sublayerTransform = (CATransform3D){1, 0, 0, 0, 0, 1, 0, 0"))
  }
}

/// Depth in emitters: with preservesDepth a particle's z goes through the layer's 3-D map and
/// its superlayer's perspective; without it the particles are flattened into the layer.
@Suite("Depth in emitters")
struct EmitterDepthTests {
  /// One still particle at x = 150 (50 right of the vanishing point) and z = `z`, under a host
  /// whose sublayerTransform is a perspective of 300 points.
  static func scene(z: Double, preservesDepth: Bool, extra: String = "") -> String {
    """
    scene 200x200 black
    layer host
    set host bounds=200x200 position=100,100 sublayerTransform=perspective(300)
    emitter e in host
    set e bounds=200x200 position=100,100 emitterPosition=150,100 emitterZPosition=\(z)
    set e preservesDepth=\(preservesDepth ? "yes" : "no")
    cell e dot
    set e.emitterCells.dot birthRate=1 lifetime=100 velocity=0 contents=circle
    \(extra)
    step 1.2

    """
  }

  /// The light's total and its centroid.
  static func light(_ script: String) -> (total: Double, x: Double, y: Double) {
    let c = Transform3DTests.render(script)
    var total = 0.0
    var sx = 0.0
    var sy = 0.0
    for y in 0..<c.height {
      for x in 0..<c.width {
        let a = Double(c[x: x, y: y].r)
        total += a
        sx += a * (Double(x) + 0.5)
        sy += a * (Double(y) + 0.5)
      }
    }
    return (total, sx / max(total, 1e-9), sy / max(total, 1e-9))
  }

  @Test("a particle 100 points nearer through a perspective of 300 is 1.5× as far out and as big")
  func projected() {
    let flat = Self.light(Self.scene(z: 100, preservesDepth: false))
    let deep = Self.light(Self.scene(z: 100, preservesDepth: true))
    #expect(abs(flat.x - 150) < 0.01 && abs(flat.y - 100) < 0.01)
    #expect(abs(deep.x - 175) < 0.05, "\(deep)")
    #expect(abs(deep.y - 100) < 0.05)
    #expect(abs(deep.total / flat.total - 2.25) < 0.05, "\(deep.total) vs \(flat.total)")
  }

  @Test("at z = 0, or without a perspective or turn, preservesDepth changes no pixel")
  func flatWhenNothingIsDeep() {
    #expect(
      Transform3DTests.render(Self.scene(z: 0, preservesDepth: true)).pixels
        == Transform3DTests.render(Self.scene(z: 0, preservesDepth: false)).pixels)
    let noPerspective = "set host.sublayerTransform identity"
    #expect(
      Transform3DTests.render(Self.scene(z: 80, preservesDepth: true, extra: noPerspective))
        .pixels
        == Transform3DTests.render(Self.scene(z: 80, preservesDepth: false, extra: noPerspective))
        .pixels)
  }

  @Test("an emitter turned about y moves a preserved-depth particle's z across the screen")
  func turnedEmitter() {
    // Turned a quarter about y, the layer is edge-on: flat particles collapse onto the
    // vanishing line, while one with depth sits where its z takes it (+z turns toward +x).
    let turn = "set e.transform.rotation.y pi/2"
    let deep = Self.light(Self.scene(z: 40, preservesDepth: true, extra: turn))
    #expect(deep.total > 0)
    #expect(abs(deep.x - 100) > 20, "\(deep)")
  }
}
