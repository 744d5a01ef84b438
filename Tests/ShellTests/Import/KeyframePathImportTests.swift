import Core
import Foundation
import TestSupport
import Testing

@testable import Shell

/// A CAKeyframeAnimation's `path` built in Objective-C reads as the same path built in Swift.
@Suite("import: keyframe paths in Objective-C")
struct KeyframePathImportTests {
  /// A view controller with an emitter whose position follows `build` (statements making a
  /// path and assigning it to the animation `a`), in Swift.
  static func swift(_ build: String) -> String {
    """
    import UIKit
    class OrbitViewController: UIViewController {
      override func viewDidLoad() {
        super.viewDidLoad()
        let sparks = CAEmitterLayer()
        let cell = CAEmitterCell()
        cell.birthRate = 10
        sparks.emitterCells = [cell]
        view.layer.addSublayer(sparks)
        let a = CAKeyframeAnimation(keyPath: "position")
    \(build)
        a.duration = 2
        sparks.add(a, forKey: "orbit")
      }
    }
    """
  }

  /// The same in Objective-C.
  static func objc(_ build: String) -> String {
    """
    #import <UIKit/UIKit.h>
    @implementation OrbitViewController
    - (void)viewDidLoad {
      [super viewDidLoad];
      CAEmitterLayer *sparks = [CAEmitterLayer layer];
      CAEmitterCell *cell = [CAEmitterCell emitterCell];
      cell.birthRate = 10;
      sparks.emitterCells = @[cell];
      [self.view.layer addSublayer:sparks];
      CAKeyframeAnimation *a = [CAKeyframeAnimation animationWithKeyPath:@"position"];
    \(build)
      a.duration = 2;
      [sparks addAnimation:a forKey:@"orbit"];
    }
    @end
    """
  }

  /// The `animate` line `save` writes for the imported file, and the import's warnings.
  static func animateLine(_ name: String, _ source: String) throws -> (String?, String) {
    let file = try temporaryFile(name, contents: source)
    let saved = try SaveTests.directory().appendingPathComponent(name + ".burst").path
    let d = Driven()
    #expect(d.run("import \(file)\nsave \(saved)\n") == nil, "\(d.out.stderr)")
    let text = try String(contentsOfFile: saved, encoding: .utf8)
    return (
      text.split(separator: "\n").first { $0.hasPrefix("animate sparks.position") }.map(
        String.init),
      d.out.stderr
    )
  }

  @Test(
    "a path built with UIBezierPath or CGPathCreateMutable animates as its Swift form does",
    arguments: [
      (
        """
            let p = UIBezierPath()
            p.move(to: CGPoint(x: 10, y: 10))
            p.addLine(to: CGPoint(x: 100, y: 10))
            p.addQuadCurve(to: CGPoint(x: 100, y: 100), controlPoint: CGPoint(x: 150, y: 50))
            p.close()
            a.path = p.cgPath
        """,
        """
          UIBezierPath *p = [UIBezierPath bezierPath];
          [p moveToPoint:CGPointMake(10, 10)];
          [p addLineToPoint:CGPointMake(100, 10)];
          [p addQuadCurveToPoint:CGPointMake(100, 100) controlPoint:CGPointMake(150, 50)];
          [p closePath];
          a.path = p.CGPath;
        """
      ),
      (
        """
            let p = UIBezierPath()
            p.move(to: CGPoint(x: 0, y: 0))
            p.addCurve(to: CGPoint(x: 0, y: 100), controlPoint1: CGPoint(x: 80, y: 20),
              controlPoint2: CGPoint(x: 80, y: 80))
            p.addArc(withCenter: CGPoint(x: 50, y: 50), radius: 30, startAngle: 0,
              endAngle: .pi, clockwise: true)
            a.path = p.cgPath
        """,
        """
          UIBezierPath *p = [[UIBezierPath alloc] init];
          [p moveToPoint:CGPointMake(0, 0)];
          [p addCurveToPoint:CGPointMake(0, 100) controlPoint1:CGPointMake(80, 20) controlPoint2:CGPointMake(80, 80)];
          [p addArcWithCenter:CGPointMake(50, 50) radius:30 startAngle:0 endAngle:M_PI clockwise:YES];
          a.path = p.CGPath;
        """
      ),
      (
        """
            let p = CGMutablePath()
            p.move(to: CGPoint(x: 10, y: 10))
            p.addLine(to: CGPoint(x: 100, y: 10))
            p.addArc(center: CGPoint(x: 100, y: 50), radius: 40, startAngle: -.pi / 2,
              endAngle: .pi / 2, clockwise: false)
            p.addEllipse(in: CGRect(x: 0, y: 0, width: 30, height: 20))
            a.path = p
        """,
        """
          CGMutablePathRef p = CGPathCreateMutable();
          CGPathMoveToPoint(p, NULL, 10, 10);
          CGPathAddLineToPoint(p, NULL, 100, 10);
          CGPathAddArc(p, NULL, 100, 50, 40, -M_PI_2, M_PI_2, NO);
          CGPathAddEllipseInRect(p, NULL, CGRectMake(0, 0, 30, 20));
          a.path = p;
          CGPathRelease(p);
        """
      ),
      (
        """
            a.path = UIBezierPath(ovalIn: CGRect(x: 20, y: 20, width: 200, height: 100)).cgPath
        """,
        """
          a.path = [[UIBezierPath bezierPathWithOvalInRect:CGRectMake(20, 20, 200, 100)] CGPath];
        """
      ),
    ])
  func objectiveCAsSwift(swift: String, objc: String) throws {
    let (fromSwift, swiftWarnings) = try Self.animateLine("Orbit.swift", Self.swift(swift))
    let (fromObjC, objcWarnings) = try Self.animateLine("Orbit.m", Self.objc(objc))
    let line = try #require(fromSwift, "\(swiftWarnings)")
    #expect(line.contains(" path "), "\(line)")
    #expect(fromObjC == line, "\(objcWarnings)")
    #expect(!objcWarnings.contains("skipped"), "\(objcWarnings)")
  }
}
