import Testing

@testable import Core

@Suite("Names in key paths: quoting and splitting")
struct KeyPathSyntaxTests {
  @Test(
    "a name is written bare when it is a plain identifier, else double-quoted with escapes",
    arguments: [
      ("sparkle", "sparkle"), ("b-kid", "b-kid"), ("_x9", "_x9"),
      ("3F2A-9", "\"3F2A-9\""), ("-lead", "\"-lead\""), ("my layer", "\"my layer\""),
      ("a.b", "\"a.b\""), ("say \"hi\"", "\"say \\\"hi\\\"\""),
      ("back\\slash", "\"back\\\\slash\""),
      ("café", "\"café\""), ("#tag", "\"#tag\""),
    ])
  func spelling(name: String, spelled: String) {
    #expect(KeyPathSyntax.spelled(name) == spelled)
  }

  static let names = [
    "sparkle", "3F2A-9C01-4B7E-8D2A-1234567890AB", "my layer", "a.b", "say \"hi\"",
    "back\\slash", "emitterCells", "x'y",
  ]

  @Test("splitting a path of spelled names gives the names back", arguments: names)
  func roundTrip(name: String) throws {
    let path = "like.emitterCells." + KeyPathSyntax.spelled(name) + ".birthRate"
    let parts = try KeyPathSyntax.components(path)
    #expect(parts.map(\.text) == ["like", "emitterCells", name, "birthRate"])
    #expect(parts.map(\.quoted) == [false, false, !KeyPathSyntax.isPlain(name), false])
    // Offsets and lengths point at the component as written.
    let chars = Array(path)
    let written = String(chars[parts[2].offset..<(parts[2].offset + parts[2].length)])
    #expect(written == KeyPathSyntax.spelled(name))
  }

  @Test("single quotes quote without escapes, as in the lexer")
  func singleQuotes() throws {
    let parts = try KeyPathSyntax.components("like.emitterCells.'a.b\\'")
    #expect(parts.map(\.text) == ["like", "emitterCells", "a.b\\"])
  }

  @Test("an unclosed quote is an error, or an open last component when lenient")
  func unclosed() throws {
    #expect(throws: ValueError.self) { try KeyPathSyntax.components("like.emitterCells.\"3F") }
    let parts = try KeyPathSyntax.components("like.emitterCells.\"3F", lenient: true)
    #expect(parts.last?.text == "3F")
    #expect(parts.last?.open == true)
  }

  struct Case: Sendable, CustomTestStringConvertible {
    let layer: String
    let cell: String
    let path: String
    var testDescription: String { path }
  }

  @Test(
    "UUID-like, dashed and dotted names create and resolve through quoted key paths",
    arguments: [
      Case(layer: "like", cell: "3F2A-9C01-4B7E", path: "like.emitterCells.\"3F2A-9C01-4B7E\""),
      Case(layer: "9lives", cell: "b-kid", path: "\"9lives\".emitterCells.b-kid"),
      Case(layer: "fx-1", cell: "a.b", path: "fx-1.emitterCells.\"a.b\""),
      Case(
        layer: "my layer", cell: "say \"hi\"", path: "\"my layer\".emitterCells.\"say \\\"hi\\\"\""),
      Case(layer: "like", cell: "emitterCells", path: "like.emitterCells.emitterCells"),
    ])
  func createsAndResolves(c: Case) throws {
    var m = SceneModel()
    let id = try m.addLayer(named: c.layer, kind: .emitter, parent: SceneModel.rootID)
    let cell = try m.addCell(named: c.cell, to: .layer(id))
    #expect(try m.resolveObject(c.path) == cell)
    #expect(m.describe(path: cell) == c.path)
    let ref = try m.resolveProperty(c.path + ".birthRate")
    #expect(ref == PropertyRef(object: cell, name: "birthRate"))
    try m.set(ref, text: "10")
    #expect(m.cell(cell)?.birthRate == 10)
  }

  @Test(
    "a quoted component is a name, never a keyword or a property",
    arguments: ["like.\"emitterCells\".x", "like.emitterCells.x.\"birthRate\""])
  func quotedIsAName(path: String) throws {
    var m = SceneModel()
    let id = try m.addLayer(named: "like", kind: .emitter, parent: SceneModel.rootID)
    try m.addCell(named: "x", to: .layer(id))
    #expect(throws: ValueError.self) { try m.resolveProperty(path) }
  }

  @Test(
    "names must be non-empty, on one line, and (for layers) not reserved",
    arguments: [
      ("", "a layer name cannot be empty"),
      ("a\nb", "a layer name cannot hold a newline or other control character"),
      ("tab\there", "a layer name cannot hold a newline or other control character"),
      ("sublayers", "'sublayers' is a reserved word and cannot name a layer"),
    ])
  func badLayerNames(name: String, message: String) {
    var m = SceneModel()
    #expect {
      try m.addLayer(named: name, kind: .layer, parent: SceneModel.rootID)
    } throws: { error in
      (error as? ValueError)?.message == message
    }
  }

  @Test("cell names must be non-empty and on one line", arguments: ["", "a\nb", "a\rb"])
  func badCellNames(name: String) throws {
    var m = SceneModel()
    let id = try m.addLayer(named: "like", kind: .emitter, parent: SceneModel.rootID)
    #expect(throws: ValueError.self) { try m.addCell(named: name, to: .layer(id)) }
  }
}
