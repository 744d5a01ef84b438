import Core
import Foundation
import TestSupport
import Testing

@testable import Shell

/// `export` writes code ready to paste into an app (docs/export.md, "Ready to paste"): it never
/// resizes the hosting view, places what sits at the scene's centre, edges, thirds or quarters
/// relative to `view.bounds`, draws built-in images that look like SF Symbols as those
/// symbols, and imports back without a warning.
@Suite("export is ready to paste into an app")
struct ExportPasteTests {
  static func layer(_ name: String, _ s: Session) -> Layer? {
    s.scene.model.layerID(named: name).flatMap { s.scene.model.layer($0) }
  }

  /// Exports `script`'s scene in `language` and imports the file into a fresh session with a
  /// view of `view`: (the code, what the import printed on stderr, the import's session).
  static func exportImport(
    _ script: String, language: ExportLanguage, view: String? = nil
  ) throws -> (code: String, stderr: String, session: Session) {
    let ext = language == .swift ? "swift" : "m"
    let path = try temporaryFile("Exported.\(ext)", contents: "")
    let export = runScript(script + "export \(language.rawValue) to \(path)\n")
    #expect(export.error == nil, "\(export.stderr)")
    let out = CapturedOutput()
    let session = Session(sink: out)
    let e = session.run(
      source: "import \(path)" + (view.map { " view \($0)" } ?? "") + "\n", file: "import")
    #expect(e == nil, "\(out.stderr)")
    return (try String(contentsOfFile: path, encoding: .utf8), out.stderr, session)
  }

  @Test(
    "every example exports and imports back without a warning, at its setup and mid-run",
    arguments: ExportToolchain.examples, ExportLanguage.allCases)
  func noWarnings(example: String, language: ExportLanguage) throws {
    let setup = ExportToolchain.setup(of: example)
    for script in [setup, setup + "step 1.1\n"] {
      let r = try Self.exportImport(script, language: language)
      #expect(!r.stderr.contains("warning"), "\(example):\n\(r.stderr)\n\(r.code)")
      #expect(!r.code.contains("view.bounds = "), "the export resizes the hosting view")
    }
  }

  /// (value in a 320×240 scene, Swift, Objective-C) for a position and an emitter's size.
  static let relative: [(script: String, swift: String, objc: String)] = [
    (
      "set e position=160,120", "e.position = CGPoint(x: view.bounds.midX, y: view.bounds.midY)",
      "e.position = CGPointMake(CGRectGetMidX(view.bounds), CGRectGetMidY(view.bounds));"
    ),
    (
      "set e position=320,240", "e.position = CGPoint(x: view.bounds.maxX, y: view.bounds.maxY)",
      "e.position = CGPointMake(CGRectGetMaxX(view.bounds), CGRectGetMaxY(view.bounds));"
    ),
    (
      "set e position=80,160",
      "e.position = CGPoint(x: view.bounds.width / 4, y: view.bounds.height * 2 / 3)",
      "e.position = CGPointMake(CGRectGetWidth(view.bounds) / 4,"
        + " CGRectGetHeight(view.bounds) * 2 / 3);"
    ),
    (
      "set e position=240,-10", "e.position = CGPoint(x: view.bounds.width * 3 / 4, y: -10)",
      "e.position = CGPointMake(CGRectGetWidth(view.bounds) * 3 / 4, -10);"
    ),
    // A default emitter lies on the view: its own coordinates are the view's.
    (
      "set e emitterPosition=160,0 emitterSize=320,1",
      "e.emitterSize = CGSize(width: view.bounds.width, height: 1)",
      "e.emitterSize = CGSizeMake(CGRectGetWidth(view.bounds), 1);"
    ),
    // A frame that is the view's bounds.
    (
      "set e frame=0,0,320,240", "e.bounds = view.bounds", "e.bounds = view.bounds;"
    ),
    // An extent smaller than the view keeps its points; so do places elsewhere.
    (
      "set e bounds=0,0,160,120 position=100,50",
      "e.bounds = CGRect(x: 0, y: 0, width: 160, height: 120)",
      "e.bounds = CGRectMake(0, 0, 160, 120);"
    ),
    (
      "set e position=100,50", "e.position = CGPoint(x: 100, y: 50)",
      "e.position = CGPointMake(100, 50);"
    ),
  ]

  @Test(
    "places at the scene's centre, edges, thirds and quarters follow view.bounds",
    arguments: relative.indices, ExportLanguage.allCases)
  func relativeLayout(index: Int, language: ExportLanguage) throws {
    let c = Self.relative[index]
    let script =
      "scene 320x240\nemitter e\n\(c.script)\ncell e c\nset e.emitterCells.c birthRate=50 lifetime=2 velocity=40 contents=dot\n"
    let r = try Self.exportImport(script, language: language, view: "320x240")
    let want = language == .swift ? c.swift : c.objc
    #expect(
      r.code.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == want },
      "missing \(want) in\n\(r.code)")
    // Imported into a view of the same size, the values are the same Doubles.
    let original = Session(sink: CapturedOutput())
    _ = original.run(source: script, file: "original")
    #expect(Self.layer("e", r.session)?.properties == Self.layer("e", original)?.properties)
  }

  @Test(
    "into a larger view, what was at the centre stays at the centre",
    arguments: ExportLanguage.allCases)
  func followsTheView(language: ExportLanguage) throws {
    let script = "scene 120x120\nemitter e\nset e position=60,60 emitterPosition=0,0\n"
    let r = try Self.exportImport(script, language: language, view: "390x844")
    #expect(Self.layer("e", r.session)?.properties.position == Point(195, 422))
  }

  @Test(
    "built-in images that look like SF Symbols are those symbols, tinted, and read back",
    arguments: SymbolImages.table.map(\.builtin), ExportLanguage.allCases)
  func symbols(builtin: String, language: ExportLanguage) throws {
    let script =
      "scene 100x100\nemitter e\ncell e c\nset e.emitterCells.c birthRate=10 contents=\(builtin)\n"
    let r = try Self.exportImport(script, language: language, view: "100x100")
    let symbol = try #require(SymbolImages.symbol(forBuiltin: builtin))
    let want =
      language == .swift
      ? "systemName: \"\(symbol.symbol)\"" : "systemImageNamed:@\"\(symbol.symbol)\""
    #expect(r.code.contains(want), "\(r.code)")
    #expect(
      !r.code.contains("imageNamed:@\"\(builtin)\"") && !r.code.contains("named: \"\(builtin)\""))
    #expect(!r.stderr.contains("warning"), "\(r.stderr)")
    let cell = Self.layer("e", r.session)?.cells.first
    #expect(cell?.contents == .builtin(builtin))
  }

  @Test(
    "an action with parameters exports as a function with them, and imports back the same, without a warning",
    arguments: ExportLanguage.allCases)
  func parameterisedActions(language: ExportLanguage) throws {
    let script = """
      scene 200x200
      emitter e
      cell e c
      set e.emitterCells.c birthRate=0 lifetime=1 contents=spark
      action tap (point=100,100, n=3) { set e.emitterPosition $point; set e.emitterCells.c.birthRate $n*20; set e emitterSize=$n*pi,-$n+4; set e.emitterCells.c.lifetime $point.y/50 }

      """
    let r = try Self.exportImport(script, language: language, view: "200x200")
    let opening =
      language == .swift
      ? "func tap(point: CGPoint = CGPoint(x: 100, y: 100), n: CGFloat = 3) {"
      : "void (^tap)(CGPoint point, CGFloat n) = ^(CGPoint point, CGFloat n) {"
    #expect(r.code.contains(opening), "\(r.code)")
    #expect(!r.code.contains("no code equivalent"), "\(r.code)")
    #expect(!r.stderr.contains("warning"), "\(r.stderr)")
    let a = try #require(r.session.actions.first { $0.name == "tap" })
    #expect(a.parameters.map(\.name) == ["point", "n"])
    #expect(a.parameters.map(\.fallback) == ["100,100", "3"])
    #expect(r.session.run(source: "run tap 40,50 2\n", file: "test") == nil)
    let e = try #require(Self.layer("e", r.session))
    #expect(e.emitter.emitterPosition == Point(40, 50))
    #expect(e.cells.first?.birthRate == 40)
    #expect(e.cells.first?.lifetime == 1)
    #expect(abs(e.emitter.emitterSize.width - 2 * .pi) < 1e-12 && e.emitter.emitterSize.height == 2)
  }

  @Test("export images DIR writes each built-in image loaded by name as an image set")
  func images() throws {
    let dir = try temporaryFile("x", contents: "") + "-Assets.xcassets"
    let script = """
      emitter e
      cell e a
      set e.emitterCells.a birthRate=1 contents=confetti
      cell e b
      set e.emitterCells.b birthRate=1 contents=heart.fill
      layer l
      set l contents=spark
      export images \(dir)

      """
    let r = runScript(script)
    #expect(r.error == nil, "\(r.stderr)")
    #expect(r.stdout.contains("wrote 2 image sets (confetti, spark) to \(dir)"), "\(r.stdout)")
    for name in ["confetti", "spark"] {
      let folder = dir + "/" + name + ".imageset/"
      let json = try String(contentsOfFile: folder + "Contents.json", encoding: .utf8)
      let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
      let images = decoded?["images"] as? [[String: String]] ?? []
      #expect(images.map { $0["scale"] ?? "" } == ["1x", "2x", "3x"])
      let builtin = try #require(BuiltinImages.named(name))
      for file in images.compactMap({ $0["filename"] }) {
        let png = try PNGFile.read(path: folder + file)
        #expect(png.width == builtin.width && png.height == builtin.height, "\(file)")
      }
    }
    // The symbol is drawn by iOS: no image set.
    #expect(!FileManager.default.fileExists(atPath: dir + "/heart.fill.imageset"))
  }

  @Test("export images says when there is nothing to write, and refuses a file as DIR")
  func imagesNothing() throws {
    let r = runScript(
      "emitter e\ncell e a\nset e.emitterCells.a contents=sparkle\nexport images x\n")
    #expect(r.error == nil && r.stdout.contains("nothing to write"), "\(r.stdout)")
    let file = try temporaryFile("plain", contents: "x")
    let bad = runScript(
      "emitter e\ncell e a\nset e.emitterCells.a contents=dot\nexport images \(file)\n")
    #expect(bad.error != nil)
  }
}
