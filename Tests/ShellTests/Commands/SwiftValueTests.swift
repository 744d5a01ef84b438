import Core
import Foundation
import Testing

@testable import Shell

/// `set` reads values as Swift and UIKit write them, through the importer's reader, with one
/// table of colour names (issue 22 §5; README "The language", docs/semantics.md §8, "Values
/// written as code").
@Suite("Values as Swift and UIKit write them")
struct SwiftValueTests {
  /// A scene with a layer `l`, an emitter `e` and its cell `c`.
  static let scene = "layer l\nemitter e\ncell e c\n"

  /// What `get PATH` prints after `set PATH VALUE` (or the error).
  static func setThenGet(_ path: String, _ value: String, assign: Bool = false) -> String {
    let run = runScript(scene + "set \(path) \(assign ? "= " : "")\(value)\nget \(path)\n")
    return run.error.map { "error: \($0.message)" } ?? run.stdout
  }

  struct Form: CustomTestStringConvertible, Sendable {
    let path: String
    let swift: String
    let native: String
    var testDescription: String { swift }
  }

  static let forms: [Form] = [
    Form(path: "l.backgroundColor", swift: "UIColor.red", native: "red"),
    Form(path: "l.backgroundColor", swift: ".systemPink", native: "#ff2d55"),
    Form(path: "l.backgroundColor", swift: "UIColor.white.cgColor", native: "white"),
    Form(path: "l.backgroundColor", swift: "UIColor.systemPink.cgColor", native: "systemPink"),
    Form(
      path: "l.backgroundColor", swift: "UIColor(red: 1, green: 0.5, blue: 0.5, alpha: 1)",
      native: "rgb(1, 0.5, 0.5)"),
    Form(
      path: "l.backgroundColor", swift: "UIColor(white: 0.5, alpha: 0.5)",
      native: "rgba(0.5, 0.5, 0.5, 0.5)"),
    Form(
      path: "l.backgroundColor", swift: "#colorLiteral(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)",
      native: "rgb(0.2, 0.4, 0.6)"),
    Form(
      path: "l.backgroundColor", swift: "UIColor.blue.withAlphaComponent(0.5)",
      native: "rgba(0, 0, 1, 0.5)"),
    Form(path: "l.backgroundColor", swift: "[UIColor redColor]", native: "red"),
    Form(path: "l.position", swift: "CGPoint(x: 10, y: 20)", native: "10,20"),
    Form(path: "l.position", swift: "CGPoint.zero", native: "0,0"),
    Form(path: "e.emitterSize", swift: "CGSize(width: 30, height: 40)", native: "30x40"),
    Form(path: "l.bounds", swift: "CGRect(x: 1, y: 2, width: 3, height: 4)", native: "1,2,3,4"),
    Form(path: "l.position.x", swift: "CGFloat(12)", native: "12"),
    Form(path: "e.emitterCells.c.emissionLongitude", swift: ".pi / 4", native: "pi/4"),
    Form(path: "e.emitterCells.c.emissionLongitude", swift: "CGFloat.pi / 2", native: "pi/2"),
    Form(path: "e.emitterCells.c.emissionLongitude", swift: "-.pi / 2", native: "-pi/2"),
    Form(path: "e.emitterCells.c.emissionLongitude", swift: "180°", native: "180deg"),
    Form(path: "e.emitterCells.c.emissionLongitude", swift: "-90°", native: "-pi/2"),
    Form(path: "l.transform", swift: "CATransform3DMakeScale(2, 2, 1)", native: "scale(2,2,1)"),
  ]

  @Test("set reads each Swift form as the Burst form of the same value", arguments: forms)
  func swiftForm(form: Form) {
    let native = Self.setThenGet(form.path, form.native)
    #expect(!native.hasPrefix("error"), "\(native)")
    #expect(Self.setThenGet(form.path, form.swift) == native)
  }

  @Test(
    "set PATH = VALUE sets what set PATH VALUE sets",
    arguments: [
      ("l.opacity", "0.5"), ("l.position", "30 -10"), ("l.backgroundColor", "UIColor.red"),
      ("e.emitterCells.c.emissionLongitude", ".pi / 4"),
      ("e.emitterShape", ".circle"), ("e.emitterCells.c.contents", "spark"),
    ])
  func assignment(path: String, value: String) {
    let plain = Self.setThenGet(path, value)
    #expect(!plain.hasPrefix("error"), "\(plain)")
    #expect(Self.setThenGet(path, value, assign: true) == plain)
  }

  @Test("set PATH = VALUE sets an animation's option too")
  func assignmentOfAnOption() {
    let run = runScript(
      "layer l\nanimate l.opacity from 0 to 1 duration 2 key fade\n"
        + "set l.animations.fade.duration = 1 + 2\nget l.animations.fade.duration\n")
    #expect(run.error == nil, "\(run.stderr)")
    #expect(run.stdout == "3\n")
  }

  @Test(
    "a word that is only + - * / joins its neighbours; a sign glued to a number stays apart",
    arguments: [
      ("l.position", "30 -10", "30,-10\n"), ("l.position", "30 - 10 5", "20,5\n"),
      ("l.position", "10 + 5 -3", "15,-3\n"), ("l.opacity", "1 / 4", "0.25\n"),
      ("l.opacity", "0.25 * 2", "0.5\n"), ("l.position", "(30, -10)", "30,-10\n"),
    ])
  func operatorWords(path: String, value: String, printed: String) {
    #expect(Self.setThenGet(path, value) == printed)
  }

  @Test("in KEY=VALUE pairs words stay words: an operator word is not a pair")
  func operatorWordsInPairs() {
    let run = runScript("layer l\nset l opacity=1 - 0.5\n")
    #expect(run.stderr.hasPrefix("test.burst:2:17: error: expected KEY=VALUE"), "\(run.stderr)")
  }

  @Test(
    "rgb with 0–255 components is refused, offering the colour in 0…1 and as #rrggbb",
    arguments: [
      ("rgb(200, 220, 255)", "rgb(0.78, 0.86, 1) or #c8dcff"),
      ("rgb(255, 128, 2)", "rgb(1, 0.5, 0.01) or #ff8002"),
    ])
  func byteColours(value: String, offer: String) {
    let run = runScript("layer l\nset l.backgroundColor \(value)\n")
    #expect(
      run.stderr.hasPrefix(
        "test.burst:2:23: error: bad value for backgroundColor: '\(value)' looks like 0–255"
          + " components, but rgb takes them from 0 to 1"), "\(run.stderr)")
    #expect(run.stderr.contains("hint: write \(offer); for an extended-range colour, rgba("))
  }

  @Test(
    "extended-range colours are still read: fractions, a zero, or rgba",
    arguments: ["rgb(1.5, 1.2, 1.1)", "rgb(2, 0, 0)", "rgba(200, 220, 255, 1)"])
  func extendedStillRead(value: String) {
    let run = runScript("layer l\nset l.backgroundColor \(value)\n")
    #expect(run.error == nil, "\(run.stderr)")
  }

  @Test("scene reads colours with the same reader, so it refuses 0–255 too")
  func sceneRefusesBytes() {
    let run = runScript("scene 100x100 rgb(200, 220, 255)\n")
    #expect(run.stderr.contains("#c8dcff"), "\(run.stderr)")
  }

  @Test("an angle in degrees reads with ° as with deg; a plain number refuses both")
  func degreeSign() {
    #expect(Self.setThenGet("e.emitterCells.c.spin", "45°") == "0.7853981633974483\n")
    #expect(
      Self.setThenGet("l.opacity", "180°")
        == "error: bad value for opacity: '180°' is an angle, but this property is a plain number")
  }

  @Test(
    "an unknown colour suggests the name it misspells in its own spelling, or where the names are",
    arguments: [
      ("UIColor.rde", "(did you mean 'UIColor.red'?)"),
      (".systemPnik", "(did you mean '.systemPink'?)"),
      ("[UIColor rdeColor]", "(did you mean '[UIColor redColor]'?)"),
      ("bleu", "(did you mean 'blue'?)"),
      ("zzz", "hint: use #rrggbb, rgb(1, 0.5, 0) or a colour name such as red (help set lists"),
    ])
  func unknownColour(value: String, suggestion: String) {
    let run = runScript("layer l\nset l.backgroundColor \(value)\n")
    #expect(run.stderr.hasPrefix("test.burst:2:23: error: bad value for backgroundColor"))
    #expect(run.stderr.contains(suggestion), "\(run.stderr)")
  }

  @Test("help set lists every colour name")
  func helpListsColours() {
    let help = runScript("help set\n").stdout.replacingOccurrences(of: "\n", with: " ")
    for (name, _) in Color.named {
      #expect(help.contains(" \(name),") || help.contains(" \(name)."), "\(name)")
    }
  }

  @Test(
    "one table of colour names: each reads the same plain, as a member and from UIColor",
    arguments: Color.named.map(\.name))
  func oneColourTable(name: String) {
    let plain = Self.setThenGet("l.backgroundColor", name)
    #expect(!plain.hasPrefix("error"), "\(plain)")
    for spelling in [".\(name)", "UIColor.\(name)", "UIColor.\(name).cgColor"] {
      #expect(Self.setThenGet("l.backgroundColor", spelling) == plain, "\(spelling)")
    }
    #expect(ImportNames.color(name + "Color") == Color(named: name))
  }

  @Test(
    "code of the wrong kind gets the importer's reason; Burst's own refusals stay Burst's",
    arguments: [
      ("l.opacity UIColor.red", "bad value for opacity: expected a number here, not a colour"),
      ("l.backgroundColor CGPoint(x: 1, y: 2)", "expected a colour here, not a point"),
      (
        "l.opacity " + String(repeating: "(", count: 40) + "1" + String(repeating: ")", count: 40),
        "bad value for opacity: parentheses nest more than"
      ),
      ("e.emitterShape CAEmitterLayerEmitterShape.circel", "(did you mean 'circle'?)"),
      ("e.emitterPosition scene.widht,0", "expected a number, got 'scene.widht'"),
    ])
  func refusals(command: String, message: String) {
    let run = runScript(Self.scene + "set \(command)\n")
    #expect(run.error != nil)
    #expect(run.stderr.contains(message), "\(run.stderr)")
  }

  @Test("KEY=VALUE pairs take code too, all or nothing")
  func pairs() {
    let d = Driven()
    d.run(Self.scene)
    let before = d.session.scene.model
    let bad = "set l backgroundColor=UIColor.red position=CGPoint(x:1,y:2) opacity=UIColor.red\n"
    #expect(d.run(bad) != nil)
    #expect(d.session.scene.model == before)
    let good = runScript(
      Self.scene + "set l backgroundColor=UIColor.red position=CGPoint(x:1,y:2)\n"
        + "get l.position\nget l.backgroundColor\n")
    #expect(good.stdout == "1,2\n#ff0000\n", "\(good.stderr)")
  }

  @Test("#colorLiteral( begins a value, not a comment, in a block too")
  func colorLiteralInBlock() {
    let run = runScript(
      "layer l\nafter 1 { set l.backgroundColor #colorLiteral(red: 1, green: 0, blue: 0, alpha: 1) }"
        + "\nstep 1\nget l.backgroundColor\n")
    #expect(run.error == nil, "\(run.stderr)")
    #expect(run.stdout == "#ff0000\n")
  }

  @Test("set PATH = FILE writes its image path relative to the saved file")
  func assignedImageSaved() throws {
    let dir = try SaveTests.directory()
    let fm = FileManager.default
    try fm.createDirectory(at: dir.appendingPathComponent("img"), withIntermediateDirectories: true)
    try fm.createDirectory(at: dir.appendingPathComponent("out"), withIntermediateDirectories: true)
    try SaveTests.ppm.write(to: dir.appendingPathComponent("img/dot.ppm"))
    let script = dir.appendingPathComponent("scene.burst")
    try Data("emitter e; cell e c\nset e.emitterCells.c.contents = img/dot.ppm\n".utf8)
      .write(to: script)
    let d = Driven()
    let saved = dir.appendingPathComponent("out/h.burst").path
    #expect(d.run("load \(script.path)\nsave \(saved)\n") == nil, "\(d.out.stderr)")
    #expect(try SaveTests.read(saved).contains("set e.emitterCells.c.contents = ../img/dot.ppm\n"))
  }
}
