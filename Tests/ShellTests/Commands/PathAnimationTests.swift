import Foundation
import TestSupport
import Testing

@testable import Shell

private let setup = "layer a; set a bounds=20x20 position=50,50\n"
private let squarePath = "path moveTo 0,0 lineTo 100,0 lineTo 100,100 lineTo 0,100 close"

/// Runs the setup plus `body`; stdout lines, stderr and the error.
private func lines(_ body: String) -> (out: [String], err: String, error: Diagnostic?) {
  let run = runScript(setup + body)
  return (run.stdout.split(separator: "\n").map(String.init), run.stderr, run.error)
}

@Suite("animate … path: CAKeyframeAnimation.path and rotationMode")
struct PathAnimationTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let options: String
    let time: Double
    let position: String
    let rotation: String
    var testDescription: String { "\(options) at \(time) s" }
  }

  @Test(
    "the presented position follows the path and rotate turns the layer",
    arguments: [
      Case(options: "", time: 1, position: "100,0", rotation: "0"),
      Case(options: "", time: 2.5, position: "50,100", rotation: "0"),
      Case(options: "mode paced", time: 0.5, position: "50,0", rotation: "0"),
      Case(options: "rotate auto", time: 0.5, position: "50,0", rotation: "0"),
      Case(options: "rotate auto", time: 1.5, position: "100,50", rotation: "1.57079632679"),
      Case(options: "rotate autoReverse", time: 0.5, position: "50,0", rotation: "3.14159265359"),
      Case(
        options: "rotate kCAAnimationRotateAuto mode cubicPaced", time: 1.5, position: "100,50",
        rotation: "1.57079632679"),
      // After the animation the model shows again, unrotated.
      Case(options: "rotate auto", time: 5, position: "50,50", rotation: "0"),
    ])
  func presentation(c: Case) {
    let r = lines(
      """
      animate a.position \(squarePath) duration 4 \(c.options)
      step \(c.time)
      get presentation a.position
      get presentation a.transform.rotation
      get a.transform.rotation

      """)
    #expect(r.error == nil, "\(r.err)")
    #expect(r.out == [c.position, c.rotation, "0"])
  }

  @Test("a path moves any point property of a layer: an emitter's emitterPosition follows it")
  func emitterPositionFollowsPath() {
    let r = lines(
      "emitter e\nanimate e.emitterPosition \(squarePath) duration 4\nstep 1.5\n"
        + "get presentation e.emitterPosition\nget e.emitterPosition\n"
        + "get presentation e.transform.rotation\n")
    #expect(r.error == nil, "\(r.err)")
    #expect(r.out == ["100,50", "0,0", "0"])
  }

  @Test("the rotation adds to the model's rotation while the animation runs")
  func rotationAdds() {
    let r = lines(
      "set a transform.rotation=1\nanimate a.position \(squarePath) duration 4 rotate auto\n"
        + "step 1.5\nget presentation a.transform.rotation\n")
    #expect(r.error == nil, "\(r.err)")
    #expect(r.out == ["2.57079632679"])
  }

  @Test("the presentation is a function of time, not of the steps taken")
  func stepSizeIndependence() {
    func run(_ steps: String) -> [String] {
      lines(
        "animate a.position path moveTo 0,0 quadTo 80,0 80,80 arc 40,80 40 0 pi mode paced"
          + " rotate auto duration 3\n\(steps)\nget presentation a.position\n"
          + "get presentation a.transform.rotation\n"
      ).out
    }
    let one = run("step 1.7")
    #expect(one.count == 2)
    #expect(one == run("step 0.5\nstep 1.2"))
    #expect(one == run(String(repeating: "step 0.1\n", count: 17)))
  }

  @Test("animations lists a path animation with its mode and rotation")
  func listed() {
    let r = lines(
      "animate a.position \(squarePath) duration 4 mode paced rotate auto\nanimations a\n")
    #expect(r.error == nil, "\(r.err)")
    #expect(r.out.count == 2)
    #expect(r.out.last?.contains("path paced rotate auto") == true, "\(r.out)")
  }

  @Test(
    "export writes the path as CGMutablePath calls and the rotation mode",
    arguments: [
      (
        "swift",
        [
          "let aAnimationPath = CGMutablePath()",
          "aAnimationPath.move(to: CGPoint(x: 0, y: 0))",
          "aAnimationPath.addLine(to: CGPoint(x: 100, y: 0))",
          "aAnimationPath.addQuadCurve(to: CGPoint(x: 5, y: 6), control: CGPoint(x: 1, y: 2))",
          "aAnimationPath.addArc(center: CGPoint(x: 5, y: 5), radius: 2, startAngle: 0,"
            + " endAngle: 1, clockwise: true)",
          "aAnimationPath.addEllipse(in: CGRect(x: 0, y: 0, width: 4, height: 2))",
          "aAnimationPath.closeSubpath()",
          "aAnimation.path = aAnimationPath",
          "aAnimation.rotationMode = .rotateAuto",
        ]
      ),
      (
        "objc",
        [
          "CGMutablePathRef aAnimationPath = CGPathCreateMutable();",
          "CGPathMoveToPoint(aAnimationPath, NULL, 0, 0);",
          "CGPathAddLineToPoint(aAnimationPath, NULL, 100, 0);",
          "CGPathAddQuadCurveToPoint(aAnimationPath, NULL, 1, 2, 5, 6);",
          "CGPathAddArc(aAnimationPath, NULL, 5, 5, 2, 0, 1, true);",
          "CGPathAddEllipseInRect(aAnimationPath, NULL, CGRectMake(0, 0, 4, 2));",
          "CGPathCloseSubpath(aAnimationPath);",
          "aAnimation.path = aAnimationPath;",
          "CGPathRelease(aAnimationPath);",
          "aAnimation.rotationMode = kCAAnimationRotateAuto;",
        ]
      ),
    ])
  func export(language: String, expected: [String]) {
    let r = lines(
      "animate a.position path moveTo 0,0 lineTo 100,0 quadTo 1,2 5,6 arc 5,5 2 0 1 clockwise"
        + " ellipse 0,0,4,2 close rotate auto duration 2\nexport \(language)\n")
    #expect(r.error == nil, "\(r.err)")
    let trimmed = Set(r.out.map { String($0.drop { $0 == " " }) })
    for line in expected {
      #expect(trimmed.contains(line), "\(line)")
    }
    #expect(!r.out.contains { $0.contains("values") }, "the path replaces the values")
  }

  @Test("save keeps the path animation: loading the file gives the same presentation")
  func saved() throws {
    let file =
      testScratchFolder
      .appendingPathComponent("burst-path-\(getpid())-\(UUID().uuidString).burst").path
    defer { try? FileManager.default.removeItem(atPath: file) }
    let direct = lines(
      "animate a.position \(squarePath) duration 4 rotate auto\nsave \(file)\nstep 1.5\n"
        + "get presentation a.position\nget presentation a.transform.rotation\n")
    #expect(direct.error == nil, "\(direct.err)")
    let loaded = runScript(
      "load \(file)\nstep 1.5\nget presentation a.position\nget presentation a.transform.rotation\n"
    )
    #expect(loaded.error == nil, "\(loaded.stderr)")
    #expect(direct.out.first == "wrote 3 commands to \(file)")
    #expect(loaded.stdout.split(separator: "\n").map(String.init) == Array(direct.out.dropFirst()))
    #expect(direct.out.dropFirst() == ["100,50", "1.57079632679"])
  }

  typealias Bad = BadLine

  @Test(
    "bad paths give one positioned error",
    arguments: [
      Bad(
        line: "animate a.opacity path moveTo 0,0 lineTo 1,1",
        message:
          "'path' moves a layer's point property (position, emitterPosition, anchorPoint), not"
          + " opacity", column: 19),
      Bad(
        line: "animate a.position.x path moveTo 0,0 lineTo 1,1",
        message:
          "'path' moves a layer's point property (position, emitterPosition, anchorPoint), not"
          + " position.x", column: 22),
      Bad(
        line: "animate a.anchorPoint path moveTo 0,0 lineTo 1,1 rotate auto",
        message: "'rotate' turns the layer along a path of its position, not of anchorPoint",
        column: 50),
      Bad(
        line: "animate a.position path moveTo 0,0 lineto 10,0",
        message: "unknown path element 'lineto' (did you mean 'lineTo'?)", column: 36),
      Bad(
        line: "animate a.position path moveTo 0,0 wiggle 10,0",
        message: "unknown path element 'wiggle'", column: 36),
      Bad(
        line: "animate a.position path moveTo 0,0 quadTo 5,5",
        message: "'quadTo' takes 2 values, got 1", column: 36),
      Bad(
        line: "animate a.position path moveTo 0,0 lineTo duration 1",
        message: "'lineTo' takes 1 value, got 0", column: 36),
      Bad(
        line: "animate a.position path moveTo 0 lineTo 1,1",
        message: "bad point x,y for moveTo: expected a point of 2 numbers, got '0'", column: 32),
      Bad(
        line: "animate a.position path lineTo 10,0",
        message: "no current point: start the path with moveTo", column: 25),
      Bad(
        line: "animate a.position path arc 0,0 -1 0 1",
        message: "arc radius: -1 is out of range", column: 33),
      Bad(
        line: "animate a.position path", message: "'path' needs at least one path element",
        column: 20),
      Bad(
        line: "animate a.position path moveTo 0,0 lineTo 1,1 rotate sideways",
        message: "rotate is one of auto, autoReverse", column: 54),
      Bad(
        line: "animate a.position values 1,1 2,2 rotate auto",
        message: "'rotate' applies to path animations (path …) only", column: 35),
      Bad(
        line: "animate a.position path moveTo 0,0 lineTo 1,1 values 1,1",
        message: "'values' does not apply to path animations (the path gives the values)",
        column: 47),
      Bad(
        line: "animate a.position path moveTo 0,0 lineTo 1,1 duraton 2",
        message: "unexpected 'duraton' (did you mean 'duration'?)", column: 47),
    ])
  func badPath(b: Bad) {
    let run = runScript(setup + b.line + "\n", file: "bad.burst")
    let first = run.stderr.split(separator: "\n").first.map(String.init) ?? ""
    #expect(first == "bad.burst:2:\(b.column): error: \(b.message)", "\(run.stderr)")
  }

  @Test("numbers in a path may be expressions")
  func expressions() {
    let r = lines(
      "animate a.position path moveTo (2*50),0 lineTo 100,(200/2) duration 2\nstep 1\n"
        + "get presentation a.position\n")
    #expect(r.error == nil, "\(r.err)")
    #expect(r.out == ["100,50"])
  }
}
