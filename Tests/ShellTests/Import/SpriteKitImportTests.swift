import Foundation
import TestSupport
import Testing

@testable import Shell

/// `.sks` files written here by Python's plistlib as `NSKeyedArchiver` archives of an
/// `SKEmitterNode`, the way Xcode's particle editor saves them.
enum SKSFixtures {
  /// Python that writes an archive to argv[1] whose root has `fields` (a Python dict literal,
  /// in which `T` names the texture object and `SEQ(times, values)` a keyframe sequence), of
  /// class `rootClass`.
  static func script(fields: String, rootClass: String, texture: String) -> String {
    """
    import plistlib, sys
    U = plistlib.UID
    objs = ['$null']
    def add(o):
        objs.append(o)
        return U(len(objs) - 1)
    node = {}
    root = add(node)
    cls = add({'$classname': '\(rootClass)', '$classes': ['\(rootClass)', 'SKNode', 'NSObject']})
    node['$class'] = cls
    arraycls = add({'$classname': 'NSArray', '$classes': ['NSArray', 'NSObject']})
    def arr(items):
        return add({'$class': arraycls, 'NS.objects': [add(float(i)) for i in items]})
    seqcls = add({'$classname': 'SKKeyframeSequence', '$classes': ['SKKeyframeSequence', 'NSObject']})
    def SEQ(times, values):
        return add({'$class': seqcls, '_times': arr(times), '_values': arr(values)})
    texcls = add({'$classname': 'SKTexture', '$classes': ['SKTexture', 'NSObject']})
    T = add({'$class': texcls, '_imgName': add('\(texture)')})
    node.update(\(fields))
    d = {'$archiver': 'NSKeyedArchiver', '$version': 100000, '$top': {'root': root}, '$objects': objs}
    open(sys.argv[1], 'wb').write(plistlib.dumps(d, fmt=plistlib.FMT_BINARY))
    """
  }

  /// Writes the archive into a fresh folder; its path, or nil when Python is missing.
  static func write(
    _ fields: String, rootClass: String = "SKEmitterNode", texture: String = "spark.png",
    name: String = "Sparks.sks"
  ) throws -> String? {
    let path = try temporaryFile(name, contents: "")
    guard
      PNGFixtures.runPython(script(fields: fields, rootClass: rootClass, texture: texture), path)
        != nil
    else { return nil }
    return path
  }
}

@Suite("import FILE.sks: SpriteKit particle files")
struct SpriteKitImportTests {
  struct Case: CustomTestStringConvertible, Sendable {
    /// The SKEmitterNode fields, as a Python dict literal.
    let fields: String
    /// What `get` reads after the import (`Sparks` is the emitter, `particle` its cell), and
    /// what it must print.
    let get: String
    let value: String
    var testDescription: String { "\(fields) → \(get) \(value)" }
  }

  static let cell = "Sparks.emitterCells.particle"

  /// Each field on its own, against the value worked out from SpriteKit's meaning.
  static let cases: [Case] = [
    Case(fields: "{'_birthrate': 200.0}", get: "\(cell).birthRate", value: "200"),
    Case(fields: "{'_lifetime': 2.5}", get: "\(cell).lifetime", value: "2.5"),
    // SpriteKit's ranges are ± half the range, as Burst's default rangeRule reads them.
    Case(fields: "{'_lifetimeVariance': 1.0}", get: "\(cell).lifetimeRange", value: "1"),
    Case(fields: "{'_startSpeed': 100.0}", get: "\(cell).velocity", value: "100"),
    Case(fields: "{'_startSpeedVariance': 40.0}", get: "\(cell).velocityRange", value: "40"),
    // Counter-clockwise with y up is clockwise with y down: the angle negated.
    Case(fields: "{'_emissionAngle': 0.5}", get: "\(cell).emissionLongitude", value: "-0.5"),
    // A spread of 0.5 (± 0.25) is a half-angle of 0.25 (emissionRangeRule halfAngle).
    Case(fields: "{'_emissionAngleVariance': 0.5}", get: "\(cell).emissionRange", value: "0.25"),
    Case(fields: "{'_acceleration': '{3, -100}'}", get: "\(cell).yAcceleration", value: "100"),
    Case(fields: "{'_acceleration': '{3, -100}'}", get: "\(cell).xAcceleration", value: "3"),
    Case(
      fields: "{'_startPositionVariance': '{40, 10}'}", get: "Sparks.emitterSize",
      value: "40,10"),
    Case(
      fields: "{'_startPositionVariance': '{40, 10}'}", get: "Sparks.emitterShape",
      value: "rectangle"),
    // A band with no height: a flat cuboid, so the longitude is not turned as a line's is.
    Case(
      fields: "{'_startPositionVariance': '{40, 0}'}", get: "Sparks.emitterShape",
      value: "cuboid"),
    Case(fields: "{'_startScale': 0.5}", get: "\(cell).scale", value: "0.5"),
    Case(fields: "{'_startScaleVariance': 0.2}", get: "\(cell).scaleRange", value: "0.2"),
    Case(fields: "{'_scaleSpeed': -0.1}", get: "\(cell).scaleSpeed", value: "-0.1"),
    Case(fields: "{'_rotationSpeed': 1.0}", get: "\(cell).spin", value: "-1"),
    Case(fields: "{'_startAlphaVariance': 0.2}", get: "\(cell).alphaRange", value: "0.2"),
    Case(fields: "{'_alphaSpeed': -0.5}", get: "\(cell).alphaSpeed", value: "-0.5"),
    // colorBlendFactor 1: the particle colour; 0: the texture's own (white).
    Case(
      fields:
        "{'_startColorR': 1.0, '_startColorG': 0.0, '_startColorB': 0.0, '_startColorMix': 1.0}",
      get: "\(cell).color", value: "#ff0000"),
    Case(
      fields:
        "{'_startColorR': 1.0, '_startColorG': 0.0, '_startColorB': 0.0, '_startColorMix': 0.0}",
      get: "\(cell).color", value: "#ffffff"),
    Case(
      fields: "{'_startAlpha': 0.5, '_startColorMix': 1.0}", get: "\(cell).color.alpha",
      value: "0.5"),
    Case(
      fields: "{'_colorSpeedR': 0.25, '_startColorMix': 1.0}", get: "\(cell).redSpeed",
      value: "0.25"),
    Case(
      fields: "{'_startColorVarianceG': 0.4, '_startColorMix': 1.0}", get: "\(cell).greenRange",
      value: "0.4"),
    Case(fields: "{'_particleBlendMode': 1}", get: "Sparks.renderMode", value: "additive"),
    // 100 particles at 200 a second: emission stops after 0.5 s.
    Case(
      fields: "{'_birthrate': 200.0, '_numParticlesToEmit': 100}", get: "\(cell).duration",
      value: "0.5"),
    // Scale 0.2 → 1.0 over the whole of a 2 s life: 0.4 a second.
    Case(
      fields: "{'_lifetime': 2.0, '_particleScaleSequence': SEQ([0, 1], [0.2, 1.0])}",
      get: "\(cell).scaleSpeed", value: "0.4"),
  ]

  @Test("each field maps to its Core Animation property", arguments: cases)
  func field(c: Case) throws {
    guard let path = try SKSFixtures.write(c.fields) else { return }
    let run = runScript("scene 200x200\nimport \(path)\nget \(c.get)\n")
    #expect(run.error == nil, "\(run.stderr)")
    #expect(run.stdout.hasSuffix("\(c.value)\n"), "\(run.stdout)")
  }

  @Test("the emitter stands at the scene's centre and emits the given total, then stops")
  func totalThenStop() throws {
    guard
      let path = try SKSFixtures.write(
        "{'_birthrate': 100.0, '_numParticlesToEmit': 30, '_lifetime': 10.0, '_startSpeed': 10.0}")
    else { return }
    let run = runScript(
      "scene 200x100\nimport \(path)\nget Sparks.emitterPosition\nstep 2\ncount Sparks\n")
    #expect(run.error == nil, "\(run.stderr)")
    #expect(run.stdout.hasSuffix("100,50\n30\n"), "\(run.stdout)")
  }

  @Test("ranges follow the scene's rangeRule: full reads SpriteKit's ± half as half the range")
  func rangeRuleFull() throws {
    guard let path = try SKSFixtures.write("{'_lifetimeVariance': 1.0}") else { return }
    let run = runScript(
      "set scene rangeRule=full\nimport \(path)\nget \(Self.cell).lifetimeRange\n")
    #expect(run.stdout.hasSuffix("0.5\n"), "\(run.stdout)")
  }

  @Test("a texture beside the file is its image; one that is not found is the built-in spark")
  func texture() throws {
    guard let path = try SKSFixtures.write("{'_particleTexture': T}", texture: "ember.png")
    else { return }
    let folder = (path as NSString).deletingLastPathComponent
    var found = runScript("import \(path)\nget \(Self.cell).contents\n")
    #expect(found.stdout.hasSuffix("spark\n"), "\(found.stdout)")
    #expect(found.stderr.contains("texture 'ember.png' is not beside the file"))
    let png = try #require(
      FileManager.default.contents(
        atPath: repositoryRoot.appendingPathComponent("docs/images/like-button.png").path))
    try png.write(to: URL(fileURLWithPath: folder + "/ember.png"))
    found = runScript("import \(path)\nget \(Self.cell).contents\n")
    #expect(found.stdout.hasSuffix("ember.png\n"), "\(found.stdout)")
  }

  @Test("what has no counterpart is named in a warning")
  func warnings() throws {
    guard
      let path = try SKSFixtures.write(
        "{'_startRotation': 1.0, '_particleBlendMode': 3, '_startColorMix': 0.5}")
    else { return }
    let run = runScript("import \(path)\n")
    #expect(run.error == nil)
    #expect(run.stderr.contains("_startRotation 1 dropped"))
    #expect(run.stderr.contains("blend mode multiply"))
    #expect(run.stderr.contains("colorBlendFactor 0.5"))
    #expect(run.stderr.contains("the node has no _birthrate, _lifetime, _startSpeed"))
  }

  struct Bad: CustomTestStringConvertible, Sendable {
    let name: String
    let bytes: [UInt8]?
    let rootClass: String
    let error: String
    var testDescription: String { name }
  }

  static let bad: [Bad] = [
    Bad(
      name: "not a property list", bytes: Array("bplist00\u{1}\u{2}junk".utf8),
      rootClass: "", error: "not a property list"),
    Bad(name: "another root class", bytes: nil, rootClass: "SKSpriteNode", error: "SKSpriteNode"),
    Bad(
      name: "a file over the import bound", bytes: [UInt8](repeating: 0, count: (4 << 20) + 1),
      rootClass: "", error: "is larger than the"),
  ]

  @Test("a bad archive is refused with its reason, and the scene is unchanged", arguments: bad)
  func badArchive(b: Bad) throws {
    let path: String
    if let bytes = b.bytes {
      path = try temporaryFile("Bad.sks", contents: "")
      try Data(bytes).write(to: URL(fileURLWithPath: path))
    } else {
      guard let p = try SKSFixtures.write("{'_birthrate': 5.0}", rootClass: b.rootClass) else {
        return
      }
      path = p
    }
    let out = CapturedOutput()
    let session = Session(sink: out)
    session.runPromptLine("layer keep", number: 1)
    session.runPromptLine("import \(path)", number: 2)
    #expect(out.stderr.contains(b.error), "\(out.stderr)")
    #expect(session.scene.model.treeOrder.count == 2)
  }
}

@Suite("The .sks mapping table in docs/import.md names every field the importer maps")
struct SpriteKitDocsTests {
  @Test("every field of SpriteKitImport.mapping is in the table")
  func everyFieldDocumented() throws {
    let text = try String(
      contentsOf: repositoryRoot.appendingPathComponent("docs/import.md"), encoding: .utf8)
    let table = try #require(text.components(separatedBy: "## SpriteKit particle files").last)
    for (key, _, _) in SpriteKitImport.mapping {
      #expect(table.contains("`\(key)`") || table.contains(key), "\(key) missing")
    }
    #expect(SpriteKitImport.mapping.count >= 30)
  }
}
