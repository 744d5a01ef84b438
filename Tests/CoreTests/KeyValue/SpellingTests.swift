import Testing

@testable import Core

/// Every enumeration property of every descriptor table that Apple spells (not Burst's own scene
/// settings, `ConstantNames.burstOwn`), with its cases and spellings.
private let enumerationProperties: [(name: String, cases: [String], names: ConstantNames)] =
  (Layer.layerDescriptors.map(\.info) + Layer.emitterDescriptors.map(\.info)
  + EmitterCell.descriptors.map(\.info) + Layer.sceneDescriptors.map(\.info)
  + MediaTiming.descriptors.map(\.info))
  .compactMap { info in
    guard case .enumeration(let cases, let names) = info.kind, names.isApple else { return nil }
    return (info.name, cases, names)
  }

/// One case of one enumeration property, written one way.
struct Spelling: CustomTestStringConvertible, Sendable {
  let property: String
  let kind: PropertyKind
  let text: String
  let expected: String
  var testDescription: String { "\(property) \(text)" }
}

/// Each case in the four forms, built here from the declared Swift type and prefix: the plain
/// name, `.name`, `SwiftType.name` and `kCAPrefix` + the name with its first letter raised.
private let spellings: [Spelling] = enumerationProperties.flatMap { p in
  p.cases.flatMap { c in
    let objc = p.names.objcPrefix + c.prefix(1).uppercased() + c.dropFirst()
    return [c, "." + c, "\(p.names.swiftType).\(c)", objc].map {
      Spelling(
        property: p.name, kind: .enumeration(cases: p.cases, names: p.names), text: $0,
        expected: c)
    }
  }
}

@Suite("Every enumeration value reads in every spelling, and numbers are expressions")
struct SpellingTests {
  @Test("every enumeration property declares its Swift type and Objective-C prefix")
  func everyEnumerationDeclaresItsNames() {
    #expect(enumerationProperties.count >= 6)
    for p in enumerationProperties {
      #expect(!p.names.swiftType.isEmpty, "\(p.name) has no Swift type")
      #expect(!p.names.objcPrefix.isEmpty, "\(p.name) has no Objective-C prefix")
      #expect(!p.cases.isEmpty)
    }
  }

  @Test("each case of each enumeration property parses from each spelling", arguments: spellings)
  func eachSpellingParses(s: Spelling) throws {
    #expect(try s.kind.parse(s.text) == .enumeration(s.expected))
  }

  @Test(
    "Apple's names for the enumerations are the ones in the SDK",
    arguments: [
      ("emitterShape", "circle", "CAEmitterLayerEmitterShape.circle", "kCAEmitterLayerCircle"),
      ("emitterMode", "outline", "CAEmitterLayerEmitterMode.outline", "kCAEmitterLayerOutline"),
      ("renderMode", "additive", "CAEmitterLayerRenderMode.additive", "kCAEmitterLayerAdditive"),
      ("contentsGravity", "center", "CALayerContentsGravity.center", "kCAGravityCenter"),
      ("fillMode", "forwards", "CAMediaTimingFillMode.forwards", "kCAFillModeForwards"),
      (
        "contentsFormat", "RGBA8Uint", "CALayerContentsFormat.RGBA8Uint",
        "kCAContentsFormatRGBA8Uint"
      ),
    ])
  func appleNames(property: String, name: String, swift: String, objc: String) throws {
    let p = try #require(enumerationProperties.first { $0.name == property })
    #expect(p.names.spellings(of: name) == [name, "." + name, swift, objc])
  }

  @Test(
    "a misspelt value is an error listing the plain names, with the plain name it misspells",
    arguments: [
      ("kCAEmitterLayerCircel", "circle"), (".circel", "circle"),
      ("CAEmitterLayerEmitterShape.circel", "circle"), ("circel", "circle"),
    ])
  func misspeltEnumeration(text: String, nearest: String) throws {
    let kind = try #require(enumerationProperties.first { $0.name == "emitterShape" })
    let error = #expect(throws: ValueError.self) {
      try PropertyKind.enumeration(cases: kind.cases, names: kind.names).parse(text)
    }
    #expect(error?.message == "'\(text)' is not one of " + kind.cases.joined(separator: ", "))
    #expect(error?.suggestion == .didYouMean(nearest))
  }

  @Test(
    "a number is a small arithmetic expression",
    arguments: [
      ("1/60", 1.0 / 60), ("(1 / 60)", 1.0 / 60), ("-.pi/2", -Double.pi / 2), ("2*pi", 2 * .pi),
      ("M_PI_4", .pi / 4), ("M_PI_2", .pi / 2), ("M_PI", .pi), ("CGFloat.pi", .pi),
      ("Double.pi", .pi), ("Float.pi", .pi), (".pi", .pi), ("pi", .pi), ("(320/2)", 160),
      ("480-20", 460), ("2+3*4", 14), ("(2+3)*4", 20), ("-(1+1)", -2), ("--1", 1), ("+2", 2),
      ("3pi/4", 3 * .pi / 4), ("1e3/1e1", 100), (".5*4", 2), ("8/2/2", 2), ("1-2-3", -4),
      ("( 1 + 2 )*3", 9),
    ] as [(String, Double)])
  func expressions(text: String, value: Double) throws {
    let n = try ValueParsing.number(text, angles: false)
    #expect(abs(n - value) < 1e-12, "\(text) read as \(n)")
  }

  @Test(
    "angles keep degrees, also inside expressions",
    arguments: [
      ("45deg", Double.pi / 4), ("-90deg", -Double.pi / 2), ("45deg+pi/4", Double.pi / 2),
    ])
  func degrees(text: String, value: Double) throws {
    #expect(abs(try ValueParsing.number(text, angles: true) - value) < 1e-12)
    #expect(throws: ValueError.self) { try ValueParsing.number(text, angles: false) }
  }

  @Test(
    "a division by zero, an overflow or a malformed expression is an error saying which",
    arguments: [
      ("1/0", "'1/0' divides by zero", 1 as Int?),
      ("pi/(1-1)", "'pi/(1-1)' divides by zero", 2),
      ("0/0", "'0/0' divides by zero", 1),
      ("1e300*1e300", "'1e300*1e300' is too large to be a number", 5),
      ("1e308+1e308", "'1e308+1e308' is too large to be a number", 5),
      ("(1", "expected a number, got '(1'", nil),
      ("1+", "expected a number, got '1+'", nil),
      ("2 +3", "expected a number, got '2 +3'", nil),
      ("(1 + 2) * 3", "expected a number, got '(1 + 2) * 3'", nil),
      ("M_PI_3", "expected a number, got 'M_PI_3'", nil),
      ("nan", "'nan' is not a finite number", nil),
    ])
  func badExpressions(text: String, message: String, offset: Int?) {
    let error = #expect(throws: ValueError.self) { try ValueParsing.number(text, angles: false) }
    #expect(error?.message == message)
    #expect(error?.offset == offset)
  }

  @Test(
    "points, sizes and rects take an expression per component; spaces still separate",
    arguments: [
      (PropertyKind.point, "(320/2),(480-20)", PropertyValue.point(Point(160, 460))),
      (.point, "160,460", .point(Point(160, 460))), (.point, "30 -10", .point(Point(30, -10))),
      (.point, "(30, -10)", .point(Point(30, -10))),
      (.point, "((1 / 2), 2*3)", .point(Point(0.5, 6))),
      (.size, "(100*2)x200", .size(Size(200, 200))), (.size, "200x200", .size(Size(200, 200))),
      (.rect, "0,0,(2*4),8", .rect(Rect(0, 0, 8, 8))),
    ])
  func components(kind: PropertyKind, text: String, value: PropertyValue) throws {
    #expect(try kind.parse(text) == value)
  }

  @Test(
    "booleans read in every spelling real code uses",
    arguments: [
      ("yes", true), ("true", true), ("on", true), ("YES", true),
      ("no", false), ("false", false), ("off", false), ("NO", false),
    ])
  func booleanSpellings(text: String, value: Bool) throws {
    #expect(try PropertyKind.bool.parse(text) == .bool(value))
  }
}
