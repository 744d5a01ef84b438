import Core
import TestSupport
import Testing

@testable import Shell

/// Layer shadows: shadowColor, shadowOpacity, shadowRadius, shadowOffset and shadowPath.
@Suite("Layer shadows")
struct ShadowTests {
  /// A 60×60 grey scene with a white 20×20 layer `box` covering pixels 10..<30 each way.
  static let box = """
    scene 60x60 #808080
    layer box
    set box bounds=20x20 position=20,20 backgroundColor=#ffffff

    """

  /// The scene after `script`, rendered at one pixel per point.
  static func render(_ script: String) -> Canvas {
    let session = Session(sink: CapturedOutput())
    #expect(session.run(source: script, file: "shadow") == nil)
    return SceneRenderer.render(session.scene, width: 60, height: 60)
  }

  @Test("a hard shadow (radius 0) offset 5,5 is black exactly in the offset band")
  func hardShadowBand() {
    let canvas = Self.render(
      Self.box + "set box shadowOpacity=1 shadowRadius=0 shadowOffset=5,5\n")
    let grey = Self.render(Self.box)[x: 50, y: 50]
    for y in 0..<60 {
      for x in 0..<60 {
        let inLayer = (10..<30).contains(x) && (10..<30).contains(y)
        let inShadow = (15..<35).contains(x) && (15..<35).contains(y)
        let expected: RGBA = inLayer ? .white : (inShadow ? .black : grey)
        #expect(canvas[x: x, y: y] == expected, "pixel \(x), \(y)")
      }
    }
  }

  @Test(
    "a blurred shadow darkens less and less away from the layer",
    arguments: [2.0, 4.0, 8.0])
  func softFalloff(_ radius: Double) {
    let canvas = Self.render(
      Self.box + "set box shadowOpacity=1 shadowRadius=\(radius) shadowOffset=0,0\n")
    let grey = Self.render(Self.box)[x: 55, y: 20].r
    // Along the middle row, from the layer's right edge outwards.
    let darkness = (30..<60).map { grey - canvas[x: $0, y: 20].r }
    #expect(darkness[0] > 0.1, "just outside the edge: \(darkness[0])")
    #expect(darkness[0] < grey, "a blurred edge is not fully dark")
    for i in 1..<darkness.count {
      #expect(darkness[i] <= darkness[i - 1] + 1e-6, "x = \(30 + i): \(darkness)")
    }
    #expect(darkness.last! < 1e-3)
  }

  @Test(
    "with shadowOpacity 0 the other shadow properties change no pixel",
    arguments: [
      "shadowRadius=0 shadowOffset=5,5", "shadowColor=#ff0000 shadowRadius=9",
      "shadowPath=0,0,40,40", "masksToBounds=yes shadowOffset=-4,2",
    ])
  func noOpacityNoShadow(_ settings: String) {
    let plain = Self.render(Self.box)
    let set = Self.render(Self.box + "set box \(settings)\n")
    #expect(plain.pixels == set.pixels)
  }

  @Test("the default shadow (radius 3, offset 0,-3, black) darkens above the layer more than below")
  func defaultShadowIsAbove() {
    let canvas = Self.render(Self.box + "set box shadowOpacity=1\n")
    let grey = Self.render(Self.box)[x: 50, y: 50].r
    #expect(canvas[x: 20, y: 8].r < grey - 0.1)
    #expect(canvas[x: 20, y: 8].r < canvas[x: 20, y: 31].r)
  }

  @Test("shadowPath casts its rect's shadow even from a layer that draws nothing")
  func shadowPathCasts() {
    let canvas = Self.render(
      """
      scene 60x60 #808080
      layer box
      set box bounds=20x20 position=20,20 shadowOpacity=0.5 shadowRadius=0 shadowOffset=0,0
      set box shadowPath=0,0,10,10 shadowColor=#000000

      """)
    let grey = Self.render(Self.box)[x: 50, y: 50]
    #expect(abs(canvas[x: 12, y: 12].r - grey.r * 0.5) < 1e-5)
    #expect(canvas[x: 22, y: 22] == grey)
  }

  @Test("masksToBounds clips the shadow away, as on iOS")
  func masksToBoundsClips() {
    let canvas = Self.render(
      Self.box + "set box masksToBounds=yes shadowOpacity=1 shadowRadius=0 shadowOffset=5,5\n")
    #expect(canvas.pixels == Self.render(Self.box).pixels)
  }

  @Test("an emitter layer's particles cast a shadow")
  func particlesCastShadow() {
    let emitter = """
      scene 60x60 #ffffff
      emitter like
      set like emitterPosition=30,30 emitterShape=circle emitterSize=12,0 emitterMode=outline
      cell like sparkle
      set like.emitterCells.sparkle birthRate=200 lifetime=5 contents=sparkle scale=0.3
      step 0.5

      """
    func dark(_ c: Canvas) -> Int {
      (0..<(60 * 60)).filter { c.pixels[$0 * 4] < 0.8 }.count
    }
    let plain = Self.render(emitter)
    let shadowed = Self.render(
      emitter + "set like shadowOpacity=1 shadowRadius=1 shadowOffset=3,3\n")
    #expect(dark(shadowed) > dark(plain) + 20, "\(dark(plain)) → \(dark(shadowed))")
  }

  @Test(
    "export writes shadowPath as a CGPath and a cell's filter as the String iOS takes",
    arguments: [
      (
        "swift",
        "box.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)"
      ),
      ("swift", "c.minificationFilter = CALayerContentsFilter.trilinear.rawValue"),
      ("swift", "box.magnificationFilter = .nearest"),
      ("objc", "box.shadowPath = CGPathCreateWithRect(CGRectMake(0, 0, 10, 10), NULL);"),
      ("objc", "c.minificationFilter = kCAFilterTrilinear;"),
    ])
  func exportsShadowPathAndFilters(_ language: String, _ line: String) {
    let run = runScript(
      """
      scene 100x100
      layer box
      set box bounds=20x20 shadowOpacity=0.5 shadowPath=0,0,10,10 magnificationFilter=nearest
      emitter em
      cell em c
      set em.emitterCells.c minificationFilter=trilinear
      export \(language)

      """)
    #expect(run.error == nil)
    #expect(run.stdout.contains(line), "\(run.stdout)")
  }
}

/// `shadowPath roundedRect(x,y,w,h,r)`: a rounded-rect shadow, as
/// `UIBezierPath(roundedRect:cornerRadius:)` makes it.
@Suite("Rounded shadowPath")
struct RoundedShadowPathTests {
  /// An invisible 40×40 layer at 10,10 whose hard black shadow (offset 0) is `path`.
  static func render(path: String) -> Canvas {
    ShadowTests.render(
      """
      scene 60x60 #ffffff
      layer box
      set box bounds=40x40 position=30,30 shadowOpacity=1 shadowRadius=0 shadowOffset=0,0
      set box shadowPath=\(path)

      """)
  }

  @Test("the corners outside the radius get less shadow than with a square rect")
  func cornersLighter() {
    let square = Self.render(path: "0,0,40,40")
    let rounded = Self.render(path: "roundedRect(0,0,40,40,12)")
    // The corner pixel of the path (10,10 in the scene) lies outside a radius of 12.
    for (x, y) in [(10, 10), (49, 10), (10, 49), (49, 49), (11, 12)] {
      #expect(square[x: x, y: y] == .black, "square corner \(x), \(y)")
      #expect(rounded[x: x, y: y].r > 0.9, "rounded corner \(x), \(y): \(rounded[x: x, y: y])")
    }
    // Inside the rounding and along the edges' middles both are fully dark.
    for (x, y) in [(30, 30), (30, 10), (10, 30), (49, 30), (30, 49), (15, 15)] {
      #expect(rounded[x: x, y: y] == .black, "rounded \(x), \(y)")
      #expect(square[x: x, y: y] == .black, "square \(x), \(y)")
    }
    // Outside the path nothing is drawn in either.
    #expect(square[x: 5, y: 5] == .white && rounded[x: 5, y: 5] == .white)
  }

  @Test("a radius of 0 draws exactly the plain rect; a radius past half the side is half of it")
  func radiusBounds() {
    let plain = Self.render(path: "0,0,40,40")
    let zero = Self.render(path: "roundedRect(0,0,40,40,0)")
    let half = Self.render(path: "roundedRect(0,0,40,40,20)")
    let huge = Self.render(path: "roundedRect(0,0,40,40,1000)")
    for y in 0..<60 {
      for x in 0..<60 {
        #expect(zero[x: x, y: y] == plain[x: x, y: y], "pixel \(x), \(y)")
        #expect(huge[x: x, y: y] == half[x: x, y: y], "pixel \(x), \(y)")
      }
    }
  }

  @Test(
    "set and get read any path back in the form set takes; a rounded rect's radius is a field",
    arguments: [
      (
        "set box.shadowPath roundedRect(0, 0, 80, 40, 12)", "get box.shadowPath",
        "roundedRect(0,0,80,40,12)"
      ),
      ("set box.shadowPath roundedRect(0,0,80,40,12)", "get box.shadowPath.radius", "12"),
      (
        "set box.shadowPath 0,0,80,40\nset box.shadowPath.radius 6", "get box.shadowPath",
        "roundedRect(0,0,80,40,6)"
      ),
      ("set box.shadowPath roundedRect(0,0,80,40,0)", "get box.shadowPath", "rect(0,0,80,40)"),
      ("set box.shadowPath 80x40", "get box.shadowPath", "rect(0,0,80,40)"),
      ("set box.shadowPath 0,0,80,40", "get box.shadowPath.width", "80"),
      ("set box.shadowPath 0,0,0,0", "get box.shadowPath", "none"),
      ("set box.shadowPath ellipse(0, 0, 80, 40)", "get box.shadowPath", "ellipse(0,0,80,40)"),
      (
        "set box.shadowPath path(moveTo 0,0 lineTo 40,0 lineTo 0,40 close)", "get box.shadowPath",
        "path(moveTo 0,0 lineTo 40,0 lineTo 0,40 close)"
      ),
    ])
  func setAndGet(set: String, get: String, value: String) {
    let run = runScript("layer box\n\(set)\n\(get)\n")
    #expect(run.error == nil, "\(run.stderr)")
    #expect(run.stdout == value + "\n")
  }

  @Test(
    "bad rounded rects are refused, a negative radius is clamped to 0 with a warning",
    arguments: ["roundedRect(0,0,80,40)", "roundedRect(0,0,80,40,12", "roundedRect(0,0,80,40,x)"])
  func badValues(value: String) {
    let run = runScript("layer box\nset box.shadowPath \(value)\n")
    #expect(run.error != nil)
    let negative = runScript(
      "layer box\nset box.shadowPath roundedRect(0,0,8,4,-3)\nget box.shadowPath\n")
    #expect(negative.stdout == "rect(0,0,8,4)\n")
    #expect(negative.stderr.contains("shadowPath.radius -3 is out of range; set to 0"))
  }

  @Test(
    "export writes UIBezierPath's rounded rect, and CGPath's rect for a plain one",
    arguments: [
      (
        "swift", "roundedRect(0,0,80,40,12)",
        "box.shadowPath = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 80, height: 40),"
          + " cornerRadius: 12).cgPath"
      ),
      (
        "objc", "roundedRect(0,0,80,40,12)",
        "box.shadowPath = [UIBezierPath bezierPathWithRoundedRect:CGRectMake(0, 0, 80, 40)"
          + " cornerRadius:12].CGPath;"
      ),
      (
        "swift", "0,0,80,40",
        "box.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 80, height: 40), transform: nil)"
      ),
    ])
  func exported(language: String, path: String, line: String) {
    let run = runScript("layer box\nset box shadowPath=\(path)\nexport \(language) box\n")
    #expect(run.error == nil, "\(run.stderr)")
    #expect(run.stdout.contains(line), "\(run.stdout)")
  }

  @Test("save model writes the rounded path and it loads back")
  func saved() throws {
    let file = try SaveTests.directory().appendingPathComponent("m.burst").path
    let a = Driven()
    a.run("layer box\nset box shadowPath=roundedRect(1,2,30,40,7)\nsave model \(file)\n")
    let b = Driven()
    #expect(b.run("load \(file)\n") == nil, "\(b.out.stderr)")
    #expect(b.session.scene.model == a.session.scene.model)
  }
}

/// `shadowPath` as any path: the shadow is the path's fill, wherever the layer draws.
@Suite("Any shadowPath")
struct AnyShadowPathTests {
  /// The right triangle (0,0), (40,0), (0,40) in the layer's space, as a path value.
  static let triangle = "path(moveTo 0,0 lineTo 40,0 lineTo 0,40 close)"

  /// A 60×60 white scene with an invisible 40×40 layer at 10,10 casting a hard black shadow
  /// (radius 0) of the triangle, offset by 5,5.
  static func triangleShadow() -> Canvas {
    ShadowTests.render(
      """
      scene 60x60 #ffffff
      layer box
      set box bounds=40x40 position=30,30 shadowOpacity=1 shadowRadius=0 shadowOffset=5,5
      set box shadowPath=\(triangle)

      """)
  }

  @Test("a triangle's shadow lies inside the offset triangle and fills its inside")
  func triangleShadowInside() {
    let canvas = Self.triangleShadow()
    // In the scene the triangle is (10,10), (50,10), (10,50); moved by 5,5 it is (15,15),
    // (55,15), (15,55): x ≥ 15, y ≥ 15, (x − 15) + (y − 15) ≤ 40. Pixel (x, y) spans
    // [x, x+1] × [y, y+1]: it touches the triangle when its top-left corner is inside (the
    // other corners are further from the legs' corner), and lies wholly inside when its
    // bottom-right corner (x+1, y+1) is.
    var darkness = 0.0
    for y in 0..<60 {
      for x in 0..<60 {
        let dark = 1 - Double(canvas[x: x, y: y].r)
        darkness += dark
        let touches = x >= 15 && y >= 15 && (x - 15) + (y - 15) < 40
        let inside = x >= 15 && y >= 15 && (x + 1 - 15) + (y + 1 - 15) <= 40
        if !touches { #expect(dark < 1e-6, "pixel \(x), \(y) is outside the triangle") }
        if inside { #expect(dark > 1 - 1e-6, "pixel \(x), \(y) is inside the triangle") }
      }
    }
    // Its area: half of 40 × 40.
    #expect(abs(darkness - 800) < 1, "darkness \(darkness)")
  }

  @Test(
    "every path spelling casts the shadow of the same shape as its path(…) form",
    arguments: [
      ("rect(0,0,20,10)", "path(moveTo 0,0 lineTo 20,0 lineTo 20,10 lineTo 0,10 close)"),
      ("0,0,20,10", "rect(0,0,20,10)"),
      ("ellipse(0,0,40,20)", "path(ellipse 0,0,40,20)"),
      ("roundedRect(0,0,40,40,12)", "roundedRect(0,0,40,40,12)"),
    ])
  func spellingsAgree(_ a: String, _ b: String) {
    func render(_ path: String) -> Canvas {
      ShadowTests.render(
        """
        scene 60x60 #ffffff
        layer box
        set box bounds=40x40 position=30,30 shadowOpacity=1 shadowRadius=0 shadowOffset=0,0
        set box shadowPath=\(path)

        """)
    }
    let first = render(a)
    let second = render(b)
    #expect(first.pixels == second.pixels)
    #expect(first.pixels != ShadowTests.render("scene 60x60 #ffffff\n").pixels)
  }

  @Test("save model writes a triangle shadowPath and load reads it back")
  func savedTriangle() throws {
    let file = try SaveTests.directory().appendingPathComponent("triangle.burst").path
    let a = Driven()
    #expect(
      a.run("layer box\nset box shadowOpacity=1 shadowPath=\(Self.triangle)\nsave model \(file)\n")
        == nil)
    let b = Driven()
    #expect(b.run("load \(file)\n") == nil, "\(b.out.stderr)")
    #expect(b.session.scene.model == a.session.scene.model)
    #expect(b.output("get box.shadowPath\n") == Self.triangle + "\n")
  }

  @Test(
    "export then import gives back the shadowPath",
    arguments: [
      ("swift", triangle), ("objc", triangle), ("swift", "ellipse(0,0,40,20)"),
      ("objc", "ellipse(0,0,40,20)"), ("swift", "roundedRect(1,2,30,40,7)"),
      ("objc", "roundedRect(1,2,30,40,7)"), ("swift", "rect(0,0,20,10)"),
    ])
  func exportImport(language: String, path: String) throws {
    let a = Driven()
    #expect(
      a.run(
        "scene 100x100\nlayer box\nset box bounds=40x40 shadowOpacity=0.5 shadowPath=\(path)\n"
          + "emitter sparks\ncell sparks s\n") == nil, "\(a.out.stderr)")
    let file = try temporaryFile("Shadow." + (language == "swift" ? "swift" : "m"), contents: "")
    #expect(a.run("export \(language) to \(file)\n") == nil, "\(a.out.stderr)")
    let b = Driven()
    #expect(b.run("import \(file)\n") == nil, "\(b.out.stderr)")
    #expect(b.output("get box.shadowPath\n") == path + "\n", "\(b.out.stderr)")
    let la = try #require(a.session.scene.model.layerID(named: "box"))
    let lb = try #require(b.session.scene.model.layerID(named: "box"))
    #expect(
      a.session.scene.model.layer(la)?.properties.shadowPath
        == b.session.scene.model.layer(lb)?.properties.shadowPath)
  }

  @Test(
    "import reads a shadowPath built as an app builds it",
    arguments: [
      (
        "Tri.swift",
        """
        import UIKit
        class V: UIViewController {
          override func viewDidLoad() {
            super.viewDidLoad()
            let box = CALayer()
            box.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
            let p = UIBezierPath()
            p.move(to: CGPoint(x: 0, y: 0))
            p.addLine(to: CGPoint(x: 40, y: 0))
            p.addLine(to: CGPoint(x: 0, y: 40))
            p.close()
            box.shadowPath = p.cgPath
            box.shadowOpacity = 1
            view.layer.addSublayer(box)
            view.layer.addSublayer(CAEmitterLayer())
          }
        }
        """, triangle
      ),
      (
        "Oval.swift",
        """
        import UIKit
        class V: UIViewController {
          override func viewDidLoad() {
            super.viewDidLoad()
            let box = CALayer()
            box.shadowPath = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 40, height: 20), transform: nil)
            view.layer.addSublayer(box)
            view.layer.addSublayer(CAEmitterLayer())
          }
        }
        """, "ellipse(0,0,40,20)"
      ),
      (
        "Tri.m",
        """
        #import <UIKit/UIKit.h>
        @implementation V
        - (void)viewDidLoad {
          [super viewDidLoad];
          CALayer *box = [CALayer layer];
          UIBezierPath *p = [UIBezierPath bezierPath];
          [p moveToPoint:CGPointMake(0, 0)];
          [p addLineToPoint:CGPointMake(40, 0)];
          [p addLineToPoint:CGPointMake(0, 40)];
          [p closePath];
          box.shadowPath = p.CGPath;
          [self.view.layer addSublayer:box];
          [self.view.layer addSublayer:[CAEmitterLayer layer]];
        }
        @end
        """, triangle
      ),
      (
        "Round.m",
        """
        #import <UIKit/UIKit.h>
        @implementation V
        - (void)viewDidLoad {
          [super viewDidLoad];
          CALayer *box = [CALayer layer];
          box.shadowPath = [UIBezierPath bezierPathWithRoundedRect:CGRectMake(0, 0, 40, 40) cornerRadius:6].CGPath;
          [self.view.layer addSublayer:box];
          [self.view.layer addSublayer:[CAEmitterLayer layer]];
        }
        @end
        """, "roundedRect(0,0,40,40,6)"
      ),
    ])
  func importsAppCode(name: String, source: String, path: String) throws {
    let file = try temporaryFile(name, contents: source)
    let d = Driven()
    #expect(d.run("import \(file)\n") == nil, "\(d.out.stderr)")
    #expect(d.output("get box.shadowPath\n") == path + "\n", "\(d.out.stderr)")
  }

  @Test(
    "a value that is no path is refused with a path's example",
    arguments: ["foo", "1,2,3", "path(moveTo 0,0 wiggle 1,1)", "circle(0,0,4,4)"])
  func notAPath(value: String) {
    let run = runScript("layer box\nset box.shadowPath \(value)\n")
    #expect(run.error != nil)
    #expect(run.stderr.contains("path"), "\(run.stderr)")
  }

  @Test("explain shadowPath says it takes any path")
  func explained() {
    let run = runScript("explain shadowPath\n")
    #expect(run.error == nil, "\(run.stderr)")
    #expect(run.stdout.contains("any CGPath"), "\(run.stdout)")
  }
}
