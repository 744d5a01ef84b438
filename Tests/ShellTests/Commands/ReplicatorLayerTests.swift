import Core
import Foundation
import Testing

@testable import Shell

@Suite("replicator layers")
struct ReplicatorLayerTests {
  /// A replicator whose space is the scene's, with a white 10×10 dot centred at 10,20 and its
  /// instances 30 pt apart along x: centres at 10, 40, 70, 100.
  static let row = """
    scene 130x40
    replicator rep
    set rep bounds=0,0,130,40 position=65,20 instanceTransform.translation.x=30
    layer dot in rep
    set dot bounds=0,0,10,10 position=10,20 backgroundColor=white

    """

  /// The pixel at the centre of instance `i` of `row`.
  static func instancePixel(_ c: Canvas, _ i: Int) -> RGBA { c[x: 10 + 30 * i, y: 20] }

  static func render(_ d: Driven) -> Canvas {
    let p = d.session.scene.model.root.properties.bounds.size
    return SceneRenderer.render(d.session.scene, width: Int(p.width), height: Int(p.height))
  }

  @Test("instanceCount copies the sublayers, each instanceTransform further on", arguments: [1, 3])
  func copies(count: Int) {
    let d = Driven()
    #expect(d.run(Self.row + "set rep.instanceCount \(count)\n") == nil, "\(d.out.stderr)")
    let c = Self.render(d)
    for i in 0..<4 {
      #expect(Self.instancePixel(c, i).r == (i < count ? 1 : 0), "instance \(i) of \(count)")
    }
    // Between the dots the background shows.
    #expect(c[x: 25, y: 20].r == 0)
  }

  @Test("instanceTransform turns each instance about the centre of the replicator's bounds")
  func turnsAboutCentre() {
    let d = Driven()
    let script = """
      scene 100x100
      replicator spin
      set spin bounds=0,0,100,100 position=50,50 instanceCount=4 instanceTransform.rotation.z=pi/2
      layer dot in spin
      set dot bounds=0,0,10,10 position=50,10 backgroundColor=white

      """
    #expect(d.run(script) == nil, "\(d.out.stderr)")
    let c = Self.render(d)
    // Clockwise on screen (+y down): top, right, bottom, left.
    for (x, y) in [(50, 10), (90, 50), (50, 90), (10, 50)] {
      #expect(c[x: x, y: y].r == 1, "\(x),\(y)")
    }
    #expect(c[x: 50, y: 50].r == 0)
  }

  @Test("instance i multiplies its drawing by instanceColor + i × the offsets, clamped 0…1")
  func colourOffsets() {
    let d = Driven()
    let script =
      Self.row
      + "set rep instanceCount=4 instanceColor=rgb(1, 1, 0.5) instanceRedOffset=-0.5"
      + " instanceBlueOffset=0.25\n"
    #expect(d.run(script) == nil, "\(d.out.stderr)")
    let c = Self.render(d)
    // red 1, 0.5, 0, then 1 − 1.5 clamped to 0; blue 0.5, 0.75, 1, then 1.25 clamped to 1.
    let reds: [Float] = [1, 0.5, 0, 0]
    let blues: [Float] = [0.5, 0.75, 1, 1]
    for i in 0..<4 {
      let p = Self.instancePixel(c, i)
      #expect(abs(p.r - reds[i]) < 1e-6, "instance \(i) red \(p.r)")
      #expect(abs(p.b - blues[i]) < 1e-6, "instance \(i) blue \(p.b)")
      #expect(p.g == 1)
    }
  }

  @Test("instanceAlphaOffset fades the later instances over what is below")
  func alphaOffset() {
    let d = Driven()
    #expect(d.run(Self.row + "set rep instanceCount=3 instanceAlphaOffset=-0.5\n") == nil)
    let c = Self.render(d)
    let expected: [Float] = [1, 0.5, 0]
    for i in 0..<3 { #expect(abs(Self.instancePixel(c, i).r - expected[i]) < 1e-6) }
  }

  @Test("with instanceDelay 0.1 the instances show their sublayers' animation 0.1 s apart")
  func delay() {
    let d = Driven()
    let script =
      Self.row
        + """
        set rep instanceCount=4 instanceDelay=0.1
        animate dot.opacity from 0 to 1 duration 1 timing linear
        step 0.25

        """
    #expect(d.run(script) == nil, "\(d.out.stderr)")
    let c = Self.render(d)
    // t = 0.25, 0.15, 0.05 into the animation: opacity 0.25, 0.15, 0.05; instance 3 is seen
    // before the animation began, at the model's opacity 1.
    let expected: [Float] = [0.25, 0.15, 0.05, 1]
    for i in 0..<4 {
      let r = Self.instancePixel(c, i).r
      #expect(abs(r - expected[i]) < 1e-4, "instance \(i): \(r)")
    }
  }

  @Test("instanceCount is bounded: the bound is kept, one past it is set to it with a warning")
  func countBound() {
    let d = Driven()
    d.run(Self.row)
    let bound = Limits.maxInstanceCount
    #expect(d.output("set rep.instanceCount \(bound)\n") == "")
    #expect(d.output("get rep.instanceCount\n") == "\(bound)\n")
    let warned = d.output("set rep.instanceCount 2\nset rep.instanceCount \(bound + 1)\n")
    #expect(warned.contains("out of range; set to \(bound)"), "\(warned)")
    #expect(d.output("get rep.instanceCount\n") == "\(bound)\n")
  }

  @Test("an animated instanceCount steps through whole counts (rounded down)")
  func countAnimates() {
    let d = Driven()
    d.run(Self.row)
    let e = d.run("animate rep.instanceCount from 1 to 4 duration 1 timing linear\nstep 0.5\n")
    #expect(e == nil, "\(d.out.stderr)")
    // 1 + 0.5 × 3 = 2.5: two instances.
    #expect(d.output("get presentation rep.instanceCount\n") == "2\n")
    let c = Self.render(d)
    #expect(Self.instancePixel(c, 1).r == 1)
    #expect(Self.instancePixel(c, 2).r == 0)
  }

  @Test("an emitter in a replicator is simulated once and drawn once per instance")
  func emitterInside() {
    let d = Driven()
    let script = """
      scene 100x40
      replicator rep
      set rep bounds=0,0,100,40 position=50,20 instanceCount=2 instanceTransform.translation.x=50
      emitter flame in rep
      set flame bounds=0,0,50,40 position=25,20 emitterPosition=25,20 emitterSize=20,20 \
      emitterShape=rectangle
      cell flame spark
      set flame.emitterCells.spark birthRate=200 lifetime=5 velocity=5 emissionRange=2pi \
      contents=spark scale=0.2
      step 1

      """
    #expect(d.run(script) == nil, "\(d.out.stderr)")
    let c = Self.render(d)
    // Instance 1 is instance 0 moved 50 pixels right, pixel for pixel.
    var lit = 0
    for y in 0..<40 {
      for x in 0..<50 {
        let a = c[x: x, y: y]
        let b = c[x: x + 50, y: y]
        #expect(a == b, "\(x),\(y)")
        if a.r > 0 { lit += 1 }
      }
    }
    #expect(lit > 0)
  }

  @Test("replicator is a command word, so it cannot name a layer")
  func reservedName() {
    let d = Driven()
    let e = d.run("layer replicator\n")
    #expect(e?.message.contains("is a command") == true)
    #expect("\(String(describing: e))".contains("replicatorLayer"))
  }

  @Test("save and load give the same replicator, animation and picture")
  func saveReplays() throws {
    try SaveTests.checkReplay(
      prefix: Self.row
        + "set rep instanceCount=3 instanceDelay=0.1 instanceGreenOffset=-0.3\n"
        + "animate dot.opacity from 0 to 1 duration 1\nstep 0.2\n",
      file: "rep.burst", continuations: ["step 0.3\n"], in: try SaveTests.directory())
  }

  @Test("keys replicator and explain name the properties and the particle choice")
  func keysAndExplain() {
    let d = Driven()
    let keys = d.output("keys replicator\n")
    for k in ["instanceCount", "instanceTransform", "instanceDelay", "instanceAlphaOffset"] {
      #expect(keys.contains(k), "\(k)")
    }
    d.run(Self.row)
    #expect(d.output("explain rep.instanceDelay\n").contains("simulated once"))
  }
}
