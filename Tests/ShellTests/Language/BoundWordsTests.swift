import Foundation
import TestSupport
import Testing

@testable import Core
@testable import Shell

/// Messages and help say a bound and its value in words, never its name in the source
/// (`Limits.maxMagnitude`); only the docs name `Limits` (issue 22 §6).
@Suite("messages say bounds in words, not by their names in Limits")
struct BoundWordsTests {
  static let setup = "emitter e; cell e c\n"

  @Test(
    "a message at a bound says the bound and its value, and no Limits name",
    arguments: [
      (
        "set e.emitterCells.c.birthRate 1e308",
        "warning: birthRate 1e+308 is out of range; set to 1e9, the largest magnitude Burst keeps"
      ),
      (
        "set scene maxParticles=1e8",
        "warning: maxParticles 100000000 is out of range; set to 1e7, the most particles a scene"
          + " may hold"
      ),
      (
        "set e.transform scale(1e9)*scale(1e9)",
        "entry of 1e+18, beyond ±1e9, the largest magnitude Burst keeps"
      ),
      ("every 0.0001 echo x", "hint: timers run at most every 1 ms"),
      (
        "sweep e.emitterCells.c.birthRate from 0 to 10 count 64 over 1 2",
        "hint: at most 64 panels (values × times)\n"
      ),
      (
        "sweep e.emitterCells.c.birthRate 1 2 size 4000x4000 to FILE",
        "hint: at most 8192 pixels each way and 16777216 (4096×4096) in all"
      ),
    ])
  func boundInWords(line: String, text: String) throws {
    let file = try temporaryFile("sheet.png", contents: "")
    let run = runScript(Self.setup + line.replacingOccurrences(of: "FILE", with: file) + "\n")
    #expect(run.stderr.contains(text), "\(run.stderr)")
    #expect(!run.stderr.contains("Limits"), "\(run.stderr)")
  }

  @Test("no command's help, and not the man page, names a Limits bound")
  func helpSaysNoNames() {
    for c in CommandTable.standard.commands {
      let run = runScript("help \(c.name)\n")
      #expect(run.error == nil)
      #expect(!run.stdout.contains("Limits"), "help \(c.name): \(run.stdout)")
    }
    #expect(!ManPage.text(version: Burst.version).contains("Limits"))
  }
}
