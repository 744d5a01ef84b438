import Core
import Foundation
import TestSupport
import Testing

@testable import Shell

@Suite("shape layers")
struct ShapeLayerTests {
  static let ring = """
    scene 200x200
    shape ring
    set ring position=100,100 bounds=0,0,120,120 fillColor=clear strokeColor=#33ccff \
    lineWidth=10 lineCap=round path=ellipse(10,10,100,100) lineDashPattern=[6, 3]

    """

  @Test("shape adds a CAShapeLayer whose values read back in the form set takes")
  func valuesReadBack() {
    let d = Driven()
    #expect(d.run(Self.ring) == nil, "\(d.out.stderr)")
    let cases: [(String, String)] = [
      ("ring.path", "ellipse(10,10,100,100)"), ("ring.lineDashPattern", "[6, 3]"),
      ("ring.lineCap", "round"), ("ring.strokeEnd", "1"), ("ring.fillRule", "nonZero"),
      ("ring.miterLimit", "10"),
    ]
    for (path, value) in cases {
      #expect(d.output("get \(path)\n") == value + "\n", "\(path)")
    }
    #expect(d.run("set ring.path path(moveTo 10,50 lineTo 40,80 close)\n") == nil)
    #expect(d.output("get ring.path\n") == "path(moveTo 10,50 lineTo 40,80 close)\n")
  }

  @Test("a bad path names the element and how to write it")
  func badPath() {
    let d = Driven()
    d.run(Self.ring)
    let e = d.run("set ring.path path(moveTo 10,50 lineTo 40)\n")
    #expect(
      e?.message.contains("expected a point of 2 numbers") == true, "\(String(describing: e))")
    let f = d.run("set ring.path path(lineTo 10,50)\n")
    #expect(f?.message.contains("moveTo") == true, "\(String(describing: f))")
    let g = d.run("set ring.path path(mvoeTo 10,50)\n")
    #expect(g.map { "\($0)" }?.contains("moveTo") == true, "\(String(describing: g))")
  }

  @Test("shape is a command word, so it cannot name a layer")
  func reservedName() {
    let d = Driven()
    let e = d.run("layer shape\n")
    #expect(e?.message.contains("is a command") == true)
    #expect("\(String(describing: e))".contains("shapeLayer"))
  }

  @Test("strokeEnd animates linearly")
  func strokeEndAnimates() {
    let d = Driven()
    d.run(Self.ring)
    #expect(d.run("animate ring.strokeEnd from 0 to 1 duration 2 timing linear\nstep 0.5\n") == nil)
    #expect(d.output("get presentation ring.strokeEnd\n") == "0.25\n")
  }

  @Test("a path animates point by point between paths of the same elements")
  func pathAnimates() {
    let d = Driven()
    d.run(Self.ring)
    let script = """
      set ring.path path(moveTo 0,0 lineTo 10,0)
      animate ring.path from path(moveTo 0,0 lineTo 10,0) to path(moveTo 0,20 lineTo 30,0) \
      duration 1 timing linear
      step 0.5

      """
    #expect(d.run(script) == nil, "\(d.out.stderr)")
    #expect(d.output("get presentation ring.path\n") == "path(moveTo 0,10 lineTo 20,0)\n")
  }

  @Test("save and load give the same shape layer, animation and picture")
  func saveReplays() throws {
    let dir = try SaveTests.directory()
    try SaveTests.checkReplay(
      prefix: Self.ring + "animate ring.strokeEnd from 0 to 1 duration 2\nstep 0.3\n",
      file: "ring.burst", continuations: ["step 0.4\n", "step 2\n"], in: dir)
  }

  @Test("export writes a CAShapeLayer with its path built as the code would build it")
  func exportWritesShape() {
    for (language, expected) in [
      (
        "swift",
        [
          "CAShapeLayer()",
          "ringPath.addEllipse(in: CGRect(x: 10, y: 10, width: 100, height: 100))",
          "ring.path = ringPath", "ring.lineDashPattern = [6, 3]",
        ]
      ),
      (
        "objc",
        [
          "[CAShapeLayer layer]",
          "CGPathAddEllipseInRect(ringPath, NULL, CGRectMake(10, 10, 100, 100));",
          "ring.path = ringPath;", "CGPathRelease(ringPath);", "ring.lineDashPattern = @[@6, @3];",
        ]
      ),
    ] {
      let run = runScript(Self.ring + "export \(language)\n")
      #expect(run.error == nil, "\(run.stderr)")
      for e in expected { #expect(run.stdout.contains(e), "\(language): \(e)\n\(run.stdout)") }
    }
  }
}

@Suite("gradient layers")
struct GradientLayerTests {
  static let sky = """
    scene 200x200
    gradient sky
    set sky position=100,100 bounds=0,0,100,100 colors=[red, #0000ff, rgb(0, 0.5, 0)] \
    locations=[0, 0.25, 1] type=radial startPoint=0.5,0.5 endPoint=1,1

    """

  @Test("gradient adds a CAGradientLayer whose values read back in the form set takes")
  func valuesReadBack() {
    let d = Driven()
    #expect(d.run(Self.sky) == nil, "\(d.out.stderr)")
    let cases: [(String, String)] = [
      ("sky.colors", "[#ff0000, #0000ff, #008000]"), ("sky.locations", "[0, 0.25, 1]"),
      ("sky.type", "radial"), ("sky.endPoint", "1,1"),
    ]
    for (path, value) in cases {
      #expect(d.output("get \(path)\n") == value + "\n", "\(path)")
    }
  }

  @Test("colors animate entry by entry")
  func colorsAnimate() {
    let d = Driven()
    d.run(Self.sky)
    let e = d.run(
      "animate sky.colors from [black, black, black] to [white, #0000ff, black] duration 2"
        + " timing linear\nstep 1\n")
    #expect(e == nil)
    #expect(d.output("get presentation sky.colors\n") == "[#808080, #000080, #000000]\n")
  }

  @Test("save and load give the same gradient and picture")
  func saveReplays() throws {
    try SaveTests.checkReplay(
      prefix: Self.sky + "animate sky.locations to [0, 0.75, 1] duration 2\nstep 0.5\n",
      file: "sky.burst", continuations: ["step 1\n"], in: try SaveTests.directory())
  }

  @Test("export then import gives back the gradient", arguments: ["swift", "objc"])
  func roundTrip(language: String) throws {
    let a = Driven()
    #expect(a.run(Self.sky + "emitter e\ncell e c\n") == nil, "\(a.out.stderr)")
    let file = try temporaryFile("Sky." + (language == "swift" ? "swift" : "m"), contents: "")
    #expect(a.run("export \(language) to \(file)\n") == nil, "\(a.out.stderr)")
    let b = Driven()
    #expect(b.run("import \(file)\n") == nil, "\(b.out.stderr)")
    let la = try #require(a.session.scene.model.layerID(named: "sky"))
    let lb = try #require(b.session.scene.model.layerID(named: "sky"))
    #expect(a.session.scene.model.layer(la)?.gradient == b.session.scene.model.layer(lb)?.gradient)
  }
}
