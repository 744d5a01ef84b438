import Core
import Foundation
import TestSupport
import Testing

@testable import Shell

@Suite("replicator, text and mask: import and export")
struct LayersImportTests {
  /// A view controller with a shape-layer progress ring (masked), a replicator spinner, a text
  /// label and an emitter, as an app builds them.
  static let swiftSource = """
    import UIKit

    class LoaderViewController: UIViewController {
      let ring = CAShapeLayer()
      let spinner = CAReplicatorLayer()
      let label = CATextLayer()

      override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .black
        ring.path = UIBezierPath(arcCenter: CGPoint(x: 50, y: 50), radius: 40, startAngle: -.pi / 2, endAngle: 1.5 * .pi, clockwise: true).cgPath
        ring.frame = CGRect(x: 110, y: 40, width: 100, height: 100)
        ring.fillColor = UIColor.clear.cgColor
        ring.strokeColor = UIColor.systemTeal.cgColor
        ring.lineWidth = 8
        ring.lineCap = .round
        ring.strokeEnd = 0
        view.layer.addSublayer(ring)
        let fill = CABasicAnimation(keyPath: "strokeEnd")
        fill.fromValue = 0
        fill.toValue = 1
        fill.duration = 2
        fill.fillMode = .forwards
        fill.isRemovedOnCompletion = false
        ring.add(fill, forKey: "progress")

        spinner.frame = CGRect(x: 20, y: 160, width: 60, height: 60)
        spinner.instanceCount = 8
        spinner.instanceTransform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        spinner.instanceDelay = 0.1
        spinner.instanceColor = UIColor.white.cgColor
        spinner.instanceAlphaOffset = -0.1
        let dot = CALayer()
        dot.frame = CGRect(x: 26, y: 0, width: 8, height: 8)
        dot.cornerRadius = 4
        dot.backgroundColor = UIColor.white.cgColor
        spinner.addSublayer(dot)
        view.layer.addSublayer(spinner)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0.2
        fade.duration = 0.8
        fade.repeatCount = .infinity
        dot.add(fade, forKey: "fade")

        label.frame = CGRect(x: 100, y: 170, width: 200, height: 40)
        label.string = "Loading #1"
        label.font = UIFont(name: "DejaVu Sans", size: 17)
        label.fontSize = 20
        label.alignmentMode = .center
        label.foregroundColor = UIColor.white.cgColor
        label.contentsScale = UIScreen.main.scale
        view.layer.addSublayer(label)

        let cutout = CAShapeLayer()
        cutout.path = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 100, height: 100)).cgPath
        ring.mask = cutout

        let emitter = CAEmitterLayer()
        emitter.emitterPosition = CGPoint(x: 160, y: 90)
        let cell = CAEmitterCell()
        cell.birthRate = 20
        cell.lifetime = 2
        cell.velocity = 40
        cell.emissionRange = .pi * 2
        cell.contents = UIImage(named: "spark")?.cgImage
        emitter.emitterCells = [cell]
        view.layer.addSublayer(emitter)
      }
    }
    """

  static let objcSource = """
    #import <UIKit/UIKit.h>

    @implementation SpinnerViewController
    - (void)viewDidLoad {
      [super viewDidLoad];
      CAReplicatorLayer *spinner = [CAReplicatorLayer layer];
      spinner.frame = CGRectMake(0, 0, 60, 60);
      spinner.instanceCount = 12;
      spinner.instanceTransform = CATransform3DMakeRotation(M_PI / 6, 0, 0, 1);
      spinner.instanceDelay = 0.05;
      spinner.instanceRedOffset = -0.05;
      CATextLayer *label = [CATextLayer layer];
      label.string = @"Score: #1";
      label.font = (__bridge CFTypeRef)[UIFont fontWithName:@"DejaVu Sans" size:12];
      label.fontSize = 18;
      label.alignmentMode = kCAAlignmentRight;
      label.truncationMode = kCATruncationMiddle;
      label.wrapped = YES;
      label.contentsScale = [UIScreen mainScreen].scale;
      [self.view.layer addSublayer:spinner];
      [self.view.layer addSublayer:label];
    }
    @end
    """

  @Test("import reads CAReplicatorLayer, CATextLayer and a mask (Swift)")
  func importSwift() throws {
    let file = try temporaryFile("Loader.swift", contents: Self.swiftSource)
    let d = Driven()
    #expect(d.run("import \(file)\n") == nil, "\(d.out.stderr)")
    #expect(!d.out.stderr.contains("warning"), "\(d.out.stderr)")
    let cases: [(String, String)] = [
      ("spinner.instanceCount", "8"), ("spinner.instanceDelay", "0.1"),
      ("spinner.instanceAlphaOffset", "-0.1"), ("label.string", "\"Loading #1\""),
      ("label.font", "\"DejaVu Sans\""), ("label.fontSize", "20"),
      ("label.alignmentMode", "center"), ("ring.mask", "cutout"),
    ]
    for (path, value) in cases {
      #expect(d.output("get \(path)\n") == value + "\n", "\(path)")
    }
    let turn = try #require(Double(d.output("get spinner.instanceTransform.rotation\n").dropLast()))
    #expect(abs(turn - Double.pi / 4) < 1e-12)
  }

  @Test(
    "import reads [CAReplicatorLayer layer], [CATextLayer layer] and their properties (Objective-C)"
  )
  func importObjectiveC() throws {
    let file = try temporaryFile("Spinner.m", contents: Self.objcSource)
    let d = Driven()
    #expect(d.run("import \(file)\n") == nil, "\(d.out.stderr)")
    #expect(!d.out.stderr.contains("warning"), "\(d.out.stderr)")
    let cases: [(String, String)] = [
      ("spinner.instanceCount", "12"), ("spinner.instanceDelay", "0.05"),
      ("spinner.instanceRedOffset", "-0.05"), ("label.string", "\"Score: #1\""),
      ("label.font", "\"DejaVu Sans\""), ("label.fontSize", "18"),
      ("label.alignmentMode", "right"), ("label.truncationMode", "middle"),
      ("label.isWrapped", "yes"),
    ]
    for (path, value) in cases {
      #expect(d.output("get \(path)\n") == value + "\n", "\(path)")
    }
  }

  /// The model as `save model` writes it, without its header, the scene line (an export's size
  /// is the hosting view's) and instanceTransform (compared apart, to the last bit or so: a
  /// whole matrix is decomposed again).
  static func model(_ d: Driven) -> [String] {
    SceneSaver.script(d.session.scene).split(separator: "\n").map(String.init).filter {
      !$0.hasPrefix("#") && !$0.hasPrefix("scene ")
    }.map { line in
      line.split(separator: " ").filter { !$0.hasPrefix("instanceTransform") }.joined(
        separator: " ")
    }
  }

  @Test("a method named like the new commands (text, replicator) is renamed, not dropped")
  func methodsNamedLikeCommands() throws {
    let source = """
      import UIKit

      class NamedViewController: UIViewController {
        let sparks = CAEmitterLayer()

        override func viewDidLoad() {
          super.viewDidLoad()
          let cell = CAEmitterCell()
          cell.birthRate = 10
          sparks.emitterCells = [cell]
          view.layer.addSublayer(sparks)
        }

        @objc func text() {
          sparks.birthRate = 0
        }

        @objc func replicator() {
          sparks.birthRate = 2
        }
      }
      """
    let file = try temporaryFile("Named.swift", contents: source)
    let d = Driven()
    #expect(d.run("import \(file)\n") == nil, "\(d.out.stderr)")
    let actions = d.output("actions\n")
    #expect(actions.contains("action textAction { set sparks.birthRate 0 }"), "\(actions)")
    #expect(actions.contains("action replicatorAction { set sparks.birthRate 2 }"), "\(actions)")
    #expect(d.run("run replicatorAction\n") == nil)
    #expect(d.output("get sparks.birthRate\n") == "2\n")
  }

  @Test("import, export, import again gives the same model", arguments: ["swift", "objc"])
  func roundTrip(language: String) throws {
    let source = try temporaryFile("Loader.swift", contents: Self.swiftSource)
    let a = Driven()
    #expect(a.run("import \(source)\n") == nil, "\(a.out.stderr)")
    let file = try temporaryFile("Out." + (language == "swift" ? "swift" : "m"), contents: "")
    #expect(a.run("export \(language) to \(file)\n") == nil, "\(a.out.stderr)")
    let b = Driven()
    #expect(b.run("import \(file)\n") == nil, "\(b.out.stderr)")
    #expect(Self.model(a) == Self.model(b))
    for d in [a, b] {
      let turn = try #require(
        Double(d.output("get spinner.instanceTransform.rotation\n").dropLast()))
      #expect(abs(turn - Double.pi / 4) < 1e-12)
    }
  }
}
