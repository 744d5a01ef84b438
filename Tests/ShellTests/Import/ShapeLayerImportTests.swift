import Core
import Foundation
import TestSupport
import Testing

@testable import Shell

@Suite("shape layers: import and export")
struct ShapeLayerImportTests {
  /// A view controller with a progress ring (its strokeEnd filling), a check mark and an
  /// emitter, as an app builds them.
  static let swiftSource = """
    import UIKit

    class RingViewController: UIViewController {
      let ring = CAShapeLayer()

      override func viewDidLoad() {
        super.viewDidLoad()
        let circle = UIBezierPath(
          arcCenter: CGPoint(x: 50, y: 50), radius: 40, startAngle: -.pi / 2,
          endAngle: 3 * .pi / 2, clockwise: true)
        ring.path = circle.cgPath
        ring.frame = CGRect(x: 60, y: 60, width: 100, height: 100)
        ring.fillColor = UIColor.clear.cgColor
        ring.strokeColor = UIColor.white.cgColor
        ring.lineWidth = 8
        ring.lineCap = .round
        ring.lineDashPattern = [6, 3]
        ring.strokeEnd = 0
        view.layer.addSublayer(ring)

        let check = CAShapeLayer()
        let p = UIBezierPath()
        p.move(to: CGPoint(x: 30, y: 50))
        p.addLine(to: CGPoint(x: 45, y: 65))
        p.addCurve(to: CGPoint(x: 72, y: 35), controlPoint1: CGPoint(x: 50, y: 60),
          controlPoint2: CGPoint(x: 60, y: 40))
        p.close()
        check.path = p.cgPath
        check.fillRule = .evenOdd
        view.layer.addSublayer(check)

        let sparks = CAEmitterLayer()
        let cell = CAEmitterCell()
        cell.birthRate = 10
        sparks.emitterCells = [cell]
        view.layer.addSublayer(sparks)

        let fill = CABasicAnimation(keyPath: "strokeEnd")
        fill.fromValue = 0
        fill.toValue = 1
        fill.duration = 2
        ring.add(fill, forKey: "progress")
      }
    }
    """

  static let objcSource = """
    #import <UIKit/UIKit.h>

    @implementation RingViewController
    - (void)viewDidLoad {
      [super viewDidLoad];
      CAShapeLayer *ring = [CAShapeLayer layer];
      ring.path = [UIBezierPath bezierPathWithOvalInRect:CGRectMake(10, 10, 80, 80)].CGPath;
      ring.strokeColor = [UIColor redColor].CGColor;
      UIBezierPath *p = [UIBezierPath bezierPath];
      [p moveToPoint:CGPointMake(0, 0)];
      [p addLineToPoint:CGPointMake(10, 10)];
      [p closePath];
      CAShapeLayer *tri = [CAShapeLayer layer];
      tri.path = p.CGPath;
      [self.view.layer addSublayer:ring];
      [self.view.layer addSublayer:tri];
    }
    @end
    """

  @Test("import reads CAShapeLayer, UIBezierPath's forms and a strokeEnd animation (Swift)")
  func importSwift() throws {
    let file = try temporaryFile("Ring.swift", contents: Self.swiftSource)
    let d = Driven()
    #expect(d.run("import \(file)\n") == nil, "\(d.out.stderr)")
    let cases: [(String, String)] = [
      // UIBezierPath's clockwise (angles increasing on a y-down screen) is CGPath's not.
      ("ring.path", "path(arc 50,50 40 -1.5707963267948966 4.71238898038469)"),
      ("ring.lineDashPattern", "[6, 3]"), ("ring.lineCap", "round"), ("ring.lineWidth", "8"),
      ("ring.strokeEnd", "0"),
      ("check.path", "path(moveTo 30,50 lineTo 45,65 curveTo 50,60 60,40 72,35 close)"),
      ("check.fillRule", "evenOdd"),
    ]
    for (path, value) in cases {
      #expect(d.output("get \(path)\n") == value + "\n", "\(path)")
    }
    #expect(d.run("step 1\n") == nil)
    #expect(d.output("get presentation ring.strokeEnd\n") == "0.5\n")
  }

  @Test("import reads [CAShapeLayer layer] and UIBezierPath's messages (Objective-C)")
  func importObjectiveC() throws {
    let file = try temporaryFile("Ring.m", contents: Self.objcSource)
    let d = Driven()
    #expect(d.run("import \(file)\n") == nil, "\(d.out.stderr)")
    #expect(d.output("get ring.path\n") == "ellipse(10,10,80,80)\n")
    #expect(d.output("get tri.path\n") == "path(moveTo 0,0 lineTo 10,10 close)\n")
  }

  @Test("export then import gives back the shape layers", arguments: ["swift", "objc"])
  func roundTrip(language: String) throws {
    let script = """
      scene 200x200
      shape ring
      set ring position=100,100 bounds=0,0,120,120 fillColor=clear strokeColor=#33ccff \
      lineWidth=10 lineCap=round path=ellipse(10,10,100,100) lineDashPattern=[6, 3] \
      strokeEnd=0.5 lineJoin=bevel miterLimit=4 lineDashPhase=2 fillRule=evenOdd
      shape check in ring
      set check path=path(moveTo 30,50 lineTo 45,65 quadTo 50,50 72,35 close) strokeColor=white
      emitter sparks
      cell sparks s

      """
    let a = Driven()
    #expect(a.run(script) == nil, "\(a.out.stderr)")
    let file = try temporaryFile("Shapes." + (language == "swift" ? "swift" : "m"), contents: "")
    #expect(a.run("export \(language) to \(file)\n") == nil, "\(a.out.stderr)")
    let b = Driven()
    #expect(b.run("import \(file)\n") == nil, "\(b.out.stderr)")
    for name in ["ring", "check"] {
      let la = try #require(a.session.scene.model.layerID(named: name))
      let lb = try #require(b.session.scene.model.layerID(named: name))
      #expect(a.session.scene.model.layer(la)?.shape == b.session.scene.model.layer(lb)?.shape)
    }
  }
}
