import Foundation
import TestSupport
import Testing

@testable import Shell

/// Several files imported together, as one module (docs/import.md, "Several files"): the
/// view and the types, extensions, macros and helpers it uses from the others.
@Suite("import: several files together")
struct ImportMultiFileTests {
  static let dir = "\(importCorpus)/MultiFile"

  @Test(
    "what another file defines is read when both are imported, and missed when one is",
    arguments: [
      // Alone, the cells another file makes are one stand-in cell (docs/import.md).
      (["ConfettiView.swift"], "emitterLayer", 1),
      (["ConfettiView.swift", "ConfettiKind.swift"], "emitterLayer", 2),
      (["GlowView.h", "GlowView.m"], "glow", 1),
    ])
  func together(files: [String], layer: String, cells: Int) {
    let paths = files.map { "\"\(Self.dir)/\($0)\"" }.joined(separator: " ")
    let (transcript, session) = importTranscript("import \(paths)\nstep 1\n")
    #expect(!transcript.contains("error:"), "\(transcript)")
    let model = session.scene.model
    let emitter = model.layerID(named: layer).flatMap { model.layer($0) }
    #expect(emitter?.cells.count == cells, "\(transcript)")
    #expect(transcript.contains("imported " + files.joined(separator: " + ")), "\(transcript)")
  }

  @Test("each warning and summary line names its own file and line in it")
  func warningsNameTheirFile() {
    let (transcript, _) = importTranscript(
      "import \"\(Self.dir)/ConfettiView.swift\" \"\(Self.dir)/ConfettiKind.swift\"\n")
    #expect(
      transcript.contains("ConfettiKind.swift:23:5: warning: skipped: cell.frobnicate = 2"),
      "\(transcript)")
    #expect(transcript.contains("(ConfettiKind.swift line 16)"), "\(transcript)")
    #expect(transcript.contains("(ConfettiView.swift line 6)"), "\(transcript)")
  }

  @Test("the values a header's macros give reach the implementation")
  func header() {
    let (transcript, session) = importTranscript(
      "import \"\(Self.dir)/GlowView.h\" \"\(Self.dir)/GlowView.m\"\n"
        + "get glow.emitterCells.mote.birthRate\nget glow.emitterCells.mote.color\n")
    #expect(transcript.hasSuffix("25\n#ffcc33\n"), "\(transcript)")
    #expect(session.scene.model.layerID(named: "glow") != nil)
  }

  @Test(
    "files of two languages, or a SpriteKit file with another, are refused, the scene unchanged",
    arguments: [
      ("ConfettiView.swift GlowView.m", "files imported together are of one language"),
      ("Snow.sks ConfettiView.swift", "a SpriteKit particle file is imported on its own"),
      ("GlowView.h", "a header holds declarations, not the code that builds an effect"),
    ])
  func refused(files: String, message: String) {
    let paths = files.split(separator: " ").map { "\"\(Self.dir)/\($0)\"" }
      .joined(separator: " ")
    let (transcript, session) = importTranscript("emitter keep\nimport \(paths)\n")
    #expect(transcript.contains(message), "\(transcript)")
    #expect(
      session.scene.model.treeOrder.compactMap { session.scene.model.layer($0)?.name }
        == ["scene", "keep"], "\(transcript)")
  }
}

@Suite("import: a type of another file says which file to add")
struct ImportOtherFileHintTests {
  @Test(
    "making a value of a type another file declares names the import that would read it",
    arguments: [
      (
        "Burst.swift", "let cell = SparkleCell()\n",
        "SparkleCell is declared in another file of the app: import that file with this one"
          + " (import Burst.swift SparkleCell.swift)"
      ),
      (
        "Burst.m", "CAEmitterCell *cell = [SparkleCell sparkleWithTint:[UIColor redColor]];\n",
        "SparkleCell is declared in another file of the app: import that file with this one"
          + " (import Burst.m SparkleCell.m)"
      ),
    ])
  func namesTheFile(file: String, code: String, hint: String) throws {
    let path = try temporaryFile(file, contents: code)
    let (transcript, _) = importTranscript("import \"\(path)\"\n")
    #expect(transcript.contains("hint: " + hint), "\(transcript)")
  }
}
