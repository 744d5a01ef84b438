import Core
import Foundation
import Testing

@testable import Shell

@Suite("layer masks")
struct MaskTests {
  /// A white 60×60 card over 20…80 each way with a blue sublayer over its right half, masked by
  /// a half-transparent red shape over its left half (x 0…30 of the card's space).
  static let card = """
    scene 100x100
    layer card
    set card bounds=0,0,60,60 position=50,50 backgroundColor=white
    layer inner in card
    set inner bounds=0,0,30,60 position=45,30 backgroundColor=blue
    shape hole in card
    set hole bounds=0,0,60,60 position=30,30 path=rect(0,0,30,60) fillColor=rgba(1, 0, 0, 0.5)

    """

  static func render(_ d: Driven) -> Canvas {
    SceneRenderer.render(d.session.scene, width: 100, height: 100)
  }

  @Test("the mask's alpha multiplies the layer's drawing; the mask itself is not drawn")
  func masks() {
    let d = Driven()
    #expect(d.run(Self.card + "set card.mask hole\n") == nil, "\(d.out.stderr)")
    #expect(d.output("get card.mask\n") == "hole\n")
    let c = Self.render(d)
    // Left half of the card: white at the mask's alpha 0.5, over black; no red from the mask.
    let left = c[x: 30, y: 50]
    #expect(abs(left.r - 0.5) < 1e-6 && abs(left.g - 0.5) < 1e-6, "\(left)")
    // Right half (the blue sublayer's): outside the mask, so the black background.
    #expect(c[x: 70, y: 50] == c[x: 5, y: 5])
    // Without the mask the shape is drawn, the card whole.
    #expect(d.run("set card.mask none\n") == nil)
    let plain = Self.render(d)
    #expect(plain[x: 70, y: 50].b == 1)
    #expect(plain[x: 30, y: 50].r == 1 && abs(plain[x: 30, y: 50].g - 0.5) < 1e-6)
  }

  @Test("a mask outside the layer's tree is placed in the masked layer's coordinate space")
  func masksInMaskedSpace() {
    let d = Driven()
    let script =
      Self.card
      + "remove hole\nshape hole\n"
      + "set hole bounds=0,0,60,60 position=30,30 path=rect(0,0,30,60) fillColor=white\n"
      + "set card.mask hole\n"
    #expect(d.run(script) == nil, "\(d.out.stderr)")
    let c = Self.render(d)
    // At the root hole would cover x 0…30; as card's mask it covers card's 0…30: x 20…50.
    #expect(c[x: 45, y: 50].r == 1)
    #expect(c[x: 10, y: 50] == c[x: 5, y: 5])
    #expect(c[x: 55, y: 50] == c[x: 5, y: 5])
  }

  @Test(
    "masks that would not draw are refused with the reason",
    arguments: [
      ("set card.mask card\n", "cannot mask itself"),
      ("set inner.mask card\n", "contains 'inner'"),
      ("layer a\nlayer b\nset a.mask b\nset b.mask a\n", "cycle"),
      ("set card.mask hole\nset inner.mask hole\n", "already masks 'card'"),
      ("set card.mask hloe\n", "unknown layer 'hloe'"),
      ("set scene.mask hole\n", "root layer cannot be masked"),
    ])
  func refused(script: String, says: String) {
    let d = Driven()
    d.run(Self.card)
    let e = d.run(script)
    #expect(e?.message.contains(says) == true, "\(String(describing: e))")
  }

  @Test("a renamed mask keeps masking; a removed one no longer masks")
  func followsRenameAndRemove() {
    let d = Driven()
    #expect(d.run(Self.card + "set card.mask hole\nset hole.name cutout\n") == nil)
    #expect(d.output("get card.mask\n") == "cutout\n")
    #expect(d.run("remove cutout\n") == nil)
    #expect(d.output("get card.mask\n") == "\n")
    #expect(Self.render(d)[x: 70, y: 50].b == 1)
  }

  @Test("save and load give the same masked picture (the mask is set after every layer)")
  func saveReplays() throws {
    try SaveTests.checkReplay(
      prefix: Self.card + "set card.mask hole\nlayer late\nset hole.mask late\n",
      file: "mask.burst", continuations: ["step 0.1\n"], in: try SaveTests.directory())
  }

  @Test("export sets the mask after the layers and leaves the mask out of the tree")
  func exportWritesMask() {
    for (language, expected, absent) in [
      ("swift", "card.mask = hole", "card.addSublayer(hole)"),
      ("objc", "card.mask = hole;", "[card addSublayer:hole];"),
    ] {
      let run = runScript(Self.card + "set card.mask hole\nexport \(language)\n")
      #expect(run.error == nil, "\(run.stderr)")
      #expect(run.stdout.contains(expected), "\(language)\n\(run.stdout)")
      #expect(!run.stdout.contains(absent), "\(language)\n\(run.stdout)")
    }
  }
}

@Suite("copy keeps every layer kind's properties")
struct CopyKindsTests {
  @Test("copy duplicates shape, gradient, replicator and text properties, and a mask inside")
  func copiesKinds() {
    let d = Driven()
    let script = """
      layer box
      shape ring in box
      set ring path=ellipse(0,0,10,10) strokeEnd=0.5
      gradient sky in box
      set sky colors=[red, blue]
      replicator rep in box
      set rep instanceCount=3
      text label in box
      set label.string "hi"
      set box.mask ring
      copy box as box2

      """
    #expect(d.run(script) == nil, "\(d.out.stderr)")
    let cases: [(String, String)] = [
      ("box2-ring.path", "ellipse(0,0,10,10)"), ("box2-ring.strokeEnd", "0.5"),
      ("box2-sky.colors", "[#ff0000, #0000ff]"), ("box2-rep.instanceCount", "3"),
      ("box2-label.string", "\"hi\""), ("box2.mask", "box2-ring"), ("box.mask", "ring"),
    ]
    for (path, value) in cases {
      #expect(d.output("get \(path)\n") == value + "\n", "\(path)")
    }
  }
}
