import Foundation
import Testing

@testable import Core

@Suite("Key-value tables and value parsing")
struct KeyValueTests {
  /// Every writable property: a label and what `keys` shows about it.
  static let writable: [(String, PropertyInfo)] =
    EmitterCell.descriptors.filter(\.writable).map { ("cell.\($0.name)", $0.info) }
    + Layer.layerDescriptors.filter(\.writable).map { ("layer.\($0.name)", $0.info) }
    + Layer.emitterDescriptors.filter(\.writable).map { ("emitter.\($0.name)", $0.info) }
    + Layer.sceneDescriptors.filter(\.writable).map { ("scene.\($0.name)", $0.info) }

  @Test(
    "every writable default prints in a form its kind parses back to the same value",
    arguments: writable)
  func defaultRoundTrips(label: String, info: PropertyInfo) throws {
    let text = ValueFormatting.value(info.defaultValue)
    let back = try info.kind.parse(text)
    #expect(back == info.defaultValue, "\(label): '\(text)' reads back as \(back)")
  }

  @Test("a new emitter layer and cell hold exactly their tables' defaults")
  func freshObjectsHoldDefaults() throws {
    var s = Scene()
    let like = try CoreKit.build(&s)
    let cell = try s.model.resolveObject(CoreKit.sparkle)
    for d in EmitterCell.descriptors where d.writable {
      let v = s.model.value(PropertyRef(object: cell, name: d.name))
      #expect(v == d.defaultValue, "cell.\(d.name) is \(String(describing: v))")
    }
    for d in Layer.layerDescriptors + Layer.emitterDescriptors where d.writable {
      let v = s.model.value(PropertyRef(object: .layer(like), name: d.name))
      #expect(v == d.defaultValue, "like.\(d.name) is \(String(describing: v))")
    }
    for d in Layer.sceneDescriptors where d.writable {
      let v = s.model.value(PropertyRef(object: .layer(SceneModel.rootID), name: d.name))
      #expect(v == d.defaultValue, "scene.\(d.name) is \(String(describing: v))")
    }
  }

  @Test(
    "a misspelt property is rejected with a did-you-mean hint",
    arguments: [
      ("like.emitterCells.sparkle.birthRat", "birthRate"),
      ("like.emitterCells.sparkle.velocty", "velocity"),
      ("like.emiterPosition", "emitterPosition"),
    ])
  func misspeltPropertySuggests(path: String, suggestion: String) throws {
    var s = Scene()
    try CoreKit.build(&s)
    do {
      let ref = try s.model.resolveProperty(path)
      Issue.record("'\(path)' resolved to \(ref)")
    } catch {
      #expect(error.hint == "did you mean '\(suggestion)'?", "message: \(error.message)")
    }
  }

  @Test("a field key path sets only that field")
  func fieldKeyPathSetsOneField() throws {
    var s = Scene()
    let like = try CoreKit.build(
      &s,
      """
      like.emitterPosition 10,20
      like.emitterSize 30,40
      like.emitterPosition.x 50
      like.emitterSize.height 7
      \(CoreKit.sparkle).color.green 0.25
      """)
    let e = try #require(s.model.layer(like)?.emitter)
    #expect(e.emitterPosition == Point(50, 20))
    #expect(e.emitterSize == Size(30, 7))
    let c = try #require(s.model.cell(try s.model.resolveObject(CoreKit.sparkle)))
    #expect(c.color == Color(1, 0.25, 1, 1))
  }

  @Test(
    "non-finite, overflowing and out-of-range numbers are rejected for birthRate",
    arguments: [
      "nan", "NaN", "inf", "-inf", "infinity", "1e400", "1e308", "-1e308", "45deg", "", "1/0",
      "1e200*1e200", "(1", "1+", "2 +3",
    ])
  func badNumbersRejected(text: String) throws {
    var s = Scene()
    try CoreKit.build(&s, "\(CoreKit.sparkle).birthRate 5")
    let path = "\(CoreKit.sparkle).birthRate"
    #expect(throws: ValueError.self) { try CoreKit.set(&s, path, text) }
    let v = s.model.value(try s.model.resolveProperty(path))
    #expect(v == .number(5), "birthRate changed to \(String(describing: v))")
  }

  static let angles: [(String, Double)] = [
    ("pi/4", .pi / 4), ("-pi/2", -.pi / 2), ("3pi/4", 3 * .pi / 4), ("45deg", .pi / 4),
    ("pi", .pi), ("-90deg", -.pi / 2), ("0.5", 0.5), ("2pi", 2 * .pi),
  ]

  @Test(
    "angles read pi forms and degrees",
    arguments: angles)
  func anglesParse(text: String, radians: Double) throws {
    var s = Scene()
    try CoreKit.build(&s, "\(CoreKit.sparkle).emissionLongitude \(text)")
    let v = try #require(
      s.model.value(try s.model.resolveProperty("\(CoreKit.sparkle).emissionLongitude"))?.number)
    #expect(abs(v - radians) < 1e-12, "\(text) read as \(v)")
  }

  @Test(
    "colours read hex, rgb(), rgba() and names",
    arguments: [
      ("#ff8000", Color(1, 128.0 / 255, 0, 1)),
      ("#ff800080", Color(1, 128.0 / 255, 0, 128.0 / 255)),
      ("rgb(1, 0.5, 0)", Color(1, 0.5, 0, 1)),
      ("rgba(1, 0.5, 0, 0.25)", Color(1, 0.5, 0, 0.25)),
      ("red", Color(1, 0, 0, 1)),
      ("orange", Color(1, 0.5, 0, 1)),
    ])
  func coloursParse(text: String, color: Color) throws {
    var s = Scene()
    try CoreKit.build(&s, "\(CoreKit.sparkle).color \(text)")
    let c = try #require(s.model.cell(try s.model.resolveObject(CoreKit.sparkle))?.color)
    #expect(abs(c.red - color.red) < 1e-12 && abs(c.green - color.green) < 1e-12)
    #expect(abs(c.blue - color.blue) < 1e-12 && abs(c.alpha - color.alpha) < 1e-12, "\(c)")
  }

  @Test(
    "sizes read 200x200, '30 30', '(30, 30)' and 30,30",
    arguments: [
      ("200x200", Size(200, 200)), ("30 30", Size(30, 30)), ("(30, 30)", Size(30, 30)),
      ("30,30", Size(30, 30)), ("12.5x4", Size(12.5, 4)),
    ])
  func sizesParse(text: String, size: Size) throws {
    var s = Scene()
    let like = try CoreKit.build(&s, "like.emitterSize \(text)")
    #expect(s.model.layer(like)?.emitter.emitterSize == size)
  }

  @Test(
    "malformed colours and sizes are rejected",
    arguments: [
      ("\(CoreKit.sparkle).color", "#ff80"), ("\(CoreKit.sparkle).color", "rgb(nan, 0, 0)"),
      ("\(CoreKit.sparkle).color", "rgb(1e20, 0, 0)"),
      ("\(CoreKit.sparkle).color", "rgb(1, 0.5)"), ("\(CoreKit.sparkle).color", "redd"),
      ("like.emitterSize", "30"), ("like.emitterSize", "30x"), ("like.emitterSize", "nanx3"),
    ])
  func malformedValuesRejected(path: String, text: String) throws {
    var s = Scene()
    try CoreKit.build(&s)
    let before = s.model
    #expect(throws: ValueError.self) { try CoreKit.set(&s, path, text) }
    #expect(s.model == before)
  }
}
