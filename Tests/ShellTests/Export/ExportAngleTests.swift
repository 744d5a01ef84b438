import TestSupport
import Testing

@testable import Shell

/// Angles are exported as π fractions where one gives exactly the same Double
/// (docs/export.md), so the code reads as it was written.
@Suite("export writes angles as π fractions where exact")
struct ExportAngleTests {
  static let cases: [(set: String, swift: String, objc: String)] = [
    ("emissionRange=pi/4", "c.emissionRange = .pi / 4", "c.emissionRange = M_PI_4;"),
    ("emissionLongitude=-pi/2", "c.emissionLongitude = -.pi / 2", "c.emissionLongitude = -M_PI_2;"),
    ("emissionLongitude=pi", "c.emissionLongitude = .pi", "c.emissionLongitude = M_PI;"),
    ("spin=2pi", "c.spin = 2 * .pi", "c.spin = 2 * M_PI;"),
    ("emissionRange=pi/3", "c.emissionRange = .pi / 3", "c.emissionRange = M_PI / 3;"),
    ("emissionRange=3*pi/4", "c.emissionRange = 3 * .pi / 4", "c.emissionRange = 3 * M_PI / 4;"),
    // Not a fraction with a small denominator: the number.
    ("emissionRange=0.3", "c.emissionRange = 0.3", "c.emissionRange = 0.3;"),
  ]

  @Test("each angle in Swift and Objective-C", arguments: cases)
  func angle(set: String, swift: String, objc: String) {
    let run = runScript(
      "emitter e; cell e c\nset e.emitterCells.c \(set)\nexport swift\nexport objc\n")
    #expect(run.error == nil, "\(run.stderr)")
    #expect(run.stdout.contains(swift), "\(run.stdout)")
    #expect(run.stdout.contains(objc), "\(run.stdout)")
  }

  @Test("a written fraction reads back to the same bits")
  func fractionIsExact() throws {
    for d in 1...12 {
      for n in -8...8 where n != 0 && abs(n) <= 4 * d {
        let x = (Double(n) * Double.pi) / Double(d)
        let (a, b) = try #require(SceneExporter.piFraction(x))
        #expect((Double(a) * Double.pi) / Double(b) == x, "\(n)/\(d)")
      }
    }
    #expect(SceneExporter.piFraction(0.3) == nil)
    #expect(SceneExporter.piFraction(0) == nil)
  }
}

@Suite("import of an export: Burst's own images need no file")
struct ExportReimportImageTests {
  @Test("an exported like button imports back without an image warning")
  func builtinImagesAreKnown() throws {
    let path = try temporaryFile("Like.swift", contents: "")
    let setup = ExportToolchain.setup(of: "examples/like-button.burst")
    let export = runScript(setup + "export swift to \(path)\n")
    #expect(export.error == nil, "\(export.stderr)")
    let back = runScript("import \(path)\n")
    #expect(back.error == nil, "\(back.stderr)")
    #expect(!back.stderr.contains("is not beside"), "\(back.stderr)")
  }
}
