import Core
import Foundation
import TestSupport
import Testing

@testable import Shell

@Suite("set PATH += VALUE changes a value as Swift's compound assignment does")
struct CompoundSetTests {
  static let setup = """
    scene 200x200
    emitter e
    cell e c
    set e birthRate=2 emitterPosition=100,50 emitterSize=10,4
    set e.emitterCells.c birthRate=10 emissionLongitude=1 lifetime=2

    """

  @Test(
    "each operator on numbers, fields, points and sizes",
    arguments: [
      ("set e.birthRate += 0.5", "get e.birthRate", "2.5"),
      ("set e.birthRate -= 0.5", "get e.birthRate", "1.5"),
      ("set e.birthRate *= 3", "get e.birthRate", "6"),
      ("set e.birthRate /= 4", "get e.birthRate", "0.5"),
      ("set e.birthRate +=0.25", "get e.birthRate", "2.25"),
      ("set e.emitterCells.c.birthRate -= 2.5", "get e.emitterCells.c.birthRate", "7.5"),
      ("set e.emitterPosition.x += 5", "get e.emitterPosition", "105,50"),
      ("set e.emitterPosition -= 10,20", "get e.emitterPosition", "90,30"),
      ("set e.emitterSize *= 2", "get e.emitterSize", "20,8"),
      (
        "set e.emitterCells.c.emissionLongitude += .pi / 2",
        "get e.emitterCells.c.emissionLongitude",
        "2.5707963267948966"
      ),
    ])
  func operators(set: String, get: String, expected: String) {
    let run = runScript(Self.setup + set + "\n" + get + "\n")
    #expect(run.error == nil, "\(run.stderr)")
    #expect(run.stdout.split(separator: "\n").last.map(String.init) == expected)
  }

  @Test("a result out of range is clamped with set's warning, as set of the result would be")
  func clamped() {
    let run = runScript(
      Self.setup + "set e.opacity -= 2\nget e.opacity\n")
    #expect(run.error == nil)
    #expect(run.stdout.hasSuffix("0\n"), "\(run.stdout)")
    #expect(run.stderr.contains("opacity -1 is out of range; set to 0"), "\(run.stderr)")
  }

  @Test(
    "what has no arithmetic is refused and changes nothing",
    arguments: [
      ("set e.birthRate /= 0", "division by zero"),
      ("set e.backgroundColor += 1", "changes a number, point or size"),
      ("set e.emitterShape += 1", "changes a number, point or size"),
      ("set e.birthRate += ", "missing VALUE after +="),
      ("set e.birthRate += blue", "blue"),
    ])
  func refused(command: String, message: String) throws {
    let d = Driven()
    d.run(Self.setup)
    let out = d.output(command)
    #expect(out.contains(message), "\(out)")
    #expect(d.output("get e.birthRate") == "2\n")
  }

  @Test("in an action and an every block each run changes the value again")
  func cumulative() {
    let run = runScript(
      Self.setup + """
        action feed { set e.birthRate += 1 }
        run feed
        run feed
        get e.birthRate
        every 0.5 { set e.birthRate -= 0.25 } until 2
        step 2
        get e.birthRate
        actions

        """)
    #expect(run.error == nil, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains("4"), "\(run.stdout)")
    #expect(lines.contains("3"), "\(run.stdout)")
    #expect(run.stdout.contains("action feed { set e.birthRate += 1 }"), "\(run.stdout)")
  }
}

@Suite("export writes set's compound assignments back as code")
struct CompoundSetExportTests {
  @Test("a layer's number and, in Swift, a field, as the same assignment; import reads them back")
  func roundTrip() throws {
    let swift = try temporaryDirectory("compound-export").appendingPathComponent("rt.swift").path
    let script = """
      emitter e
      cell e c
      set e.emitterCells.c birthRate=10
      action feed { set e.birthRate -= 0.25; set e.emitterPosition.x += 12 }
      export swift to \(swift)

      """
    let run = runScript(script)
    #expect(run.error == nil, "\(run.stderr)")
    let code = try String(contentsOfFile: swift, encoding: .utf8)
    #expect(code.contains("e.birthRate -= 0.25"), "\(code)")
    #expect(code.contains("e.emitterPosition.x += 12"), "\(code)")
    let back = runScript("import \"\(swift)\" quiet\nactions\n")
    #expect(
      back.stdout.contains(
        "action feed { set e.birthRate -= 0.25; set e.emitterPosition.x += 12 }"),
      "\(back.stdout)")
  }
}
