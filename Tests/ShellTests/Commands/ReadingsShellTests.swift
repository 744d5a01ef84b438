import TestSupport
import Testing

@testable import Shell

/// The readings as scene settings at the prompt: saved, swept, exported as a comment
/// (docs/semantics.md, "Readings").
@Suite("Readings at the prompt: save, sweep and export")
struct ReadingsShellTests {
  static let scene = """
    scene 160x120
    emitter e; cell e c
    set e emitterPosition=80,110 emitterShape=line emitterSize=100,0
    set e.emitterCells.c birthRate=200 lifetime=2 velocity=40 emissionRange=pi/2 contents=dot

    """

  @Test("save model writes the readings that differ from the defaults, and load reads them back")
  func saveAndLoad() throws {
    let path = try temporaryFile("readings.burst", contents: "")
    let saved = runScript(
      Self.scene + "set scene rangeRule=full emissionCone=flat lineDirection=down\n"
        + "save model \(path)\n")
    #expect(saved.error == nil, "\(saved.stderr)")
    let back = runScript(
      "load \(path)\nget scene.rangeRule\nget scene.emissionCone\nget scene.lineDirection\n"
        + "get scene.emissionRangeRule\n")
    #expect(back.error == nil, "\(back.stderr)")
    #expect(back.stdout.hasSuffix("full\nflat\ndown\nhalfAngle\n"), "\(back.stdout)")
  }

  @Test("sweep puts two readings side by side, and their panels differ")
  func sweepReadings() {
    let run = runScript(Self.scene + "step 1\nsweep scene.lineDirection up down\n")
    #expect(run.error == nil, "\(run.stderr)")
    #expect(run.stdout.contains("up") && run.stdout.contains("down"))
    // The panels' rows: particles above the line under up, below it under down, so the
    // two halves of the sheet are not the same picture.
    let rows = run.stdout.split(separator: "\n").dropFirst().dropLast()
    let halves = rows.map { row -> (Substring, Substring) in
      let middle = row.index(row.startIndex, offsetBy: row.count / 2)
      return (row[..<middle], row[middle...])
    }
    #expect(
      halves.contains {
        $0.0.trimmingCharacters(in: .whitespaces) != $0.1.trimmingCharacters(in: .whitespaces)
      })
  }

  @Test("export names a reading that is not the default in its header, as a comment")
  func exportComment() {
    let run = runScript(Self.scene + "set scene emissionRangeRule=fullAngle\nexport swift\n")
    #expect(run.error == nil)
    #expect(
      run.stdout.contains(
        "// - Burst's own settings have no Core Animation equivalent: emissionRangeRule fullAngle.")
    )
  }
}
