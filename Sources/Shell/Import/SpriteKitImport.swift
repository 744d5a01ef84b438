import Core
import Foundation

/// `import FILE.sks`: a particle file from Xcode's SpriteKit particle editor, as a
/// CAEmitterLayer with one cell (docs/import.md, "SpriteKit particle files").
///
/// An `.sks` file is an `NSKeyedArchiver` binary property list whose root object is an
/// `SKEmitterNode`; its keys are the node's stored fields (`_birthrate`, `_startSpeedVariance`,
/// …), not the public property names. Foundation's `PropertyListSerialization` reads the
/// property list; the archive's object graph (`$objects`, references by UID) is followed here.
/// `mapping` says, once, where each field goes.
enum SpriteKitImport {
  static let fileExtension = ".sks"

  /// Whether `import` reads `path` as a SpriteKit particle file.
  static func handles(_ path: String) -> Bool { path.lowercased().hasSuffix(fileExtension) }

  /// What becomes of one field of the node.
  enum Target: Sendable {
    /// A cell property: the value times `scale`.
    case cell(String, scale: Double = 1)
    /// A range of a cell property: SpriteKit draws M ± range/2, so the range is divided by
    /// the scene's `rangeRule` factor to draw the same interval.
    case cellRange(String)
    /// Kept for the colour: red, green, blue and alpha, their ranges and speeds (see
    /// `colour`).
    case colour
    /// Read with another field (`_numParticlesToEmit` with `_birthrate`; the emission angle
    /// and its range; the acceleration's string; the position range; the texture; the blend
    /// mode; the keyframe sequences).
    case special
    /// Dropped, with why.
    case dropped(String)
  }

  /// Every field Burst reads or names, SpriteKit's default, and where it goes.
  static let mapping: [(key: String, default: Double, target: Target)] = [
    ("_birthrate", 0, .cell("birthRate")),
    ("_numParticlesToEmit", 0, .special),
    ("_lifetime", 0, .cell("lifetime")),
    ("_lifetimeVariance", 0, .cellRange("lifetimeRange")),
    ("_startSpeed", 0, .cell("velocity")),
    ("_startSpeedVariance", 0, .cellRange("velocityRange")),
    ("_emissionAngle", 0, .special),
    ("_emissionAngleVariance", 0, .special),
    ("_acceleration", 0, .special),
    ("_startPositionVariance", 0, .special),
    ("_startScale", 1, .cell("scale")),
    ("_startScaleVariance", 0, .cellRange("scaleRange")),
    ("_scaleSpeed", 0, .cell("scaleSpeed")),
    ("_startRotation", 0, .dropped("a CAEmitterCell has no starting rotation")),
    ("_startRotationVariance", 0, .dropped("a CAEmitterCell has no starting rotation")),
    // SpriteKit turns counter-clockwise (y up), Core Animation clockwise on screen.
    ("_rotationSpeed", 0, .cell("spin", scale: -1)),
    ("_startAlpha", 1, .colour),
    ("_startAlphaVariance", 0, .colour),
    ("_alphaSpeed", 0, .colour),
    ("_startColorR", 1, .colour), ("_startColorG", 1, .colour), ("_startColorB", 1, .colour),
    ("_startColorA", 1, .colour),
    ("_startColorVarianceR", 0, .colour), ("_startColorVarianceG", 0, .colour),
    ("_startColorVarianceB", 0, .colour), ("_startColorVarianceA", 0, .colour),
    ("_colorSpeedR", 0, .colour), ("_colorSpeedG", 0, .colour), ("_colorSpeedB", 0, .colour),
    ("_colorSpeedA", 0, .colour),
    ("_startColorMix", 0, .colour),
    ("_particleBlendMode", 0, .special),
    ("_particleTexture", 0, .special),
    ("_particleColorSequence", 0, .special),
    ("_particleAlphaSequence", 0, .special),
    ("_particleScaleSequence", 0, .special),
    ("_particleZPosition", 0, .dropped("a flat layer's particles have no z order of their own")),
    ("_particleRenderOrder", 0, .dropped("Core Animation's renderMode sets the order")),
  ]

  /// SKBlendMode's raw values, by name: only `add` has a Core Animation counterpart
  /// (`renderMode additive`); `alpha` is the usual source-over.
  static let blendModes = [
    "alpha", "add", "subtract", "multiply", "multiplyX2", "screen", "replace",
  ]

  /// Reads the archive's root node: its fields as values (numbers, strings, or the objects
  /// they name), or the error to show.
  struct Archive {
    let objects: [Any]
    let root: [AnyHashable: Any]

    init(_ data: Data) throws(ValueError) {
      let plist: Any
      do {
        plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
      } catch {
        throw ValueError("not a property list, so not a SpriteKit particle file")
      }
      guard let top = plist as? [AnyHashable: Any],
        top["$archiver"] as? String == "NSKeyedArchiver",
        let objects = top["$objects"] as? [Any],
        let tops = top["$top"] as? [AnyHashable: Any]
      else {
        throw ValueError("a property list, but not a keyed archive (NSKeyedArchiver)")
      }
      self.objects = objects
      let rootRef = tops["root"] ?? tops.sorted { "\($0.key)" < "\($1.key)" }.first?.value
      guard
        let node = rootRef.flatMap({ Self.uid($0) }).flatMap({ Self.at(objects, $0) })
          as? [AnyHashable: Any]
      else {
        throw ValueError("the archive has no root object")
      }
      root = node
      let name = className(of: node) ?? "an object of no class"
      guard name == "SKEmitterNode" else {
        throw ValueError("the archive holds \(name), not an SKEmitterNode")
      }
    }

    /// The index an `NSKeyedArchiver` UID refers to. Foundation gives a UID as an object of
    /// its own private class with a `value` field.
    static func uid(_ value: Any) -> Int? {
      guard String(describing: type(of: value)).contains("KeyedArchiverUID") else { return nil }
      for child in Mirror(reflecting: value).children where child.label == "value" {
        if let v = child.value as? UInt32 { return Int(v) }
        if let v = child.value as? UInt64 { return Int(exactly: v) }
        if let v = child.value as? Int { return v }
      }
      return nil
    }

    static func at(_ objects: [Any], _ i: Int) -> Any? {
      objects.indices.contains(i) ? objects[i] : nil
    }

    /// A value with references followed (one level): a UID becomes the object it names.
    func resolve(_ value: Any?) -> Any? {
      guard let value else { return nil }
      if let i = Self.uid(value) {
        let o = Self.at(objects, i)
        return (o as? String) == "$null" ? nil : o
      }
      return value
    }

    func className(of object: [AnyHashable: Any]) -> String? {
      guard let c = resolve(object["$class"]) as? [AnyHashable: Any] else { return nil }
      return c["$classname"] as? String
    }

    func field(_ key: String) -> Any? { resolve(root[key]) }

    func number(_ key: String) -> Double? { Self.number(field(key)) }

    static func number(_ value: Any?) -> Double? {
      switch value {
      case let d as Double: return d
      case let f as Float: return Double(f)
      case let i as Int: return Double(i)
      case let b as Bool: return b ? 1 : 0
      case let n as NSNumber: return n.doubleValue
      default: return nil
      }
    }

    /// The items of an archived array (`NS.objects`), references followed.
    func array(_ value: Any?) -> [Any]? {
      if let a = value as? [Any] { return a.map { resolve($0) ?? NSNull() } }
      guard let d = value as? [AnyHashable: Any], let items = d["NS.objects"] as? [Any] else {
        return nil
      }
      return items.map { resolve($0) ?? NSNull() }
    }
  }

  /// A point written as SpriteKit archives it: `"{0, -100}"`.
  static func pair(_ text: String) -> (Double, Double)? {
    let inner = text.trimmingCharacters(in: CharacterSet(charactersIn: "{} "))
    let parts = inner.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    guard parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]),
      a.isFinite, b.isFinite
    else { return nil }
    return (a, b)
  }

  /// One translated command, or a warning about a field.
  struct Translation {
    var commands: [String] = []
    var warnings: [String] = []
  }

  /// The commands that build the node's emitter `layer` with cell `cell` at `position`, under
  /// the scene's `readings`, and what could not be carried over.
  static func translate(
    _ a: Archive, layer: String, cell: String, position: Point, readings: Readings,
    directory: String
  ) -> Translation {
    var t = Translation()
    let path = "\(layer).emitterCells.\(cell)"
    func fmt(_ x: Double) -> String { ValueFormatting.number(x) }
    func value(_ key: String) -> Double {
      if let v = a.number(key) { return v }
      return mapping.first { $0.key == key }?.default ?? 0
    }
    var cellSets: [String] = []
    var layerSets = ["emitterPosition=\(fmt(position.x)),\(fmt(position.y))"]
    for (key, _, target) in mapping {
      switch target {
      case .cell(let name, let scale):
        let v = value(key) * scale
        cellSets.append("\(name)=\(fmt(v == 0 ? 0 : v))")
      case .cellRange(let name):
        cellSets.append("\(name)=\(fmt(value(key) / readings.rangeFactor))")
      case .dropped(let why):
        if let v = a.number(key), v != 0 { t.warnings.append("\(key) \(fmt(v)) dropped: \(why)") }
      case .colour, .special:
        break
      }
    }
    // Missing fields take SpriteKit's defaults: say which of the main ones were missing.
    let missing = ["_birthrate", "_lifetime", "_startSpeed"].filter { a.field($0) == nil }
    if !missing.isEmpty {
      t.warnings.append(
        "the node has no \(missing.joined(separator: ", ")): SpriteKit's defaults (0) are used")
    }
    // A total number of particles: emission stops once that many are born.
    let total = value("_numParticlesToEmit")
    let rate = value("_birthrate")
    if total > 0, rate > 0 {
      cellSets.append("duration=\(fmt(total / rate))")
    }
    // Angles: SpriteKit turns counter-clockwise from +x with y up; Core Animation's longitude
    // turns clockwise with y down, so the longitude is the angle negated. The spread is
    // angle ± variance/2.
    let angle = value("_emissionAngle")
    cellSets.append("emissionLongitude=\(fmt(angle == 0 ? 0 : -angle))")
    let spread = value("_emissionAngleVariance")
    cellSets.append("emissionRange=\(fmt(spread / readings.angleFactor))")
    if spread > 0, readings.emissionCone == .cone {
      t.warnings.append(
        "SpriteKit spreads directions in the plane: set scene emissionCone=flat to draw its fan")
    }
    if let text = a.field("_acceleration") as? String {
      if let (x, y) = pair(text) {
        cellSets.append("xAcceleration=\(fmt(x)) yAcceleration=\(fmt(y == 0 ? 0 : -y))")
      } else {
        t.warnings.append("_acceleration '\(text)' is not a point {x, y}: left at 0")
      }
    }
    if let text = a.field("_startPositionVariance") as? String, let (w, h) = pair(text),
      w != 0 || h != 0
    {
      // A rectangle with no height is a line and turns the longitude to its normal; a flat
      // cuboid spreads the starts the same way and keeps SpriteKit's direction.
      let shape = h == 0 ? "cuboid" : "rectangle"
      layerSets.append("emitterShape=\(shape) emitterSize=\(fmt(abs(w))),\(fmt(abs(h)))")
    }
    // Colour: SpriteKit tints the texture towards the colour by colorBlendFactor (0: the
    // texture's own colour). Core Animation multiplies, so the colour is white blended towards
    // SpriteKit's by the factor, which is exact for a white texture.
    let mix = min(max(value("_startColorMix"), 0), 1)
    if mix > 0, mix < 1 {
      t.warnings.append(
        "colorBlendFactor \(fmt(mix)) has no Core Animation counterpart: the colour is white"
          + " blended towards the particle colour by it (exact for a white texture)")
    }
    func channel(_ c: String) -> (start: Double, range: Double, speed: Double) {
      (
        1 - mix + mix * value("_startColor\(c)"), mix * value("_startColorVariance\(c)"),
        mix * value("_colorSpeed\(c)")
      )
    }
    let (r, g, b) = (channel("R"), channel("G"), channel("B"))
    let alpha = value("_startAlpha") * (1 - mix + mix * value("_startColorA"))
    cellSets.append(
      "color=rgba(\(fmt(r.start)),\(fmt(g.start)),\(fmt(b.start)),\(fmt(min(max(alpha, 0), 1))))")
    cellSets.append(
      "redRange=\(fmt(r.range / readings.rangeFactor)) greenRange=\(fmt(g.range / readings.rangeFactor))"
        + " blueRange=\(fmt(b.range / readings.rangeFactor))"
        + " alphaRange=\(fmt(value("_startAlphaVariance") / readings.rangeFactor))")
    cellSets.append(
      "redSpeed=\(fmt(r.speed)) greenSpeed=\(fmt(g.speed)) blueSpeed=\(fmt(b.speed))"
        + " alphaSpeed=\(fmt(value("_alphaSpeed")))")
    // Blend mode.
    let mode = Int(value("_particleBlendMode"))
    if mode == 1 {
      layerSets.append("renderMode=additive")
    } else if mode != 0 {
      let name = blendModes.indices.contains(mode) ? blendModes[mode] : "\(mode)"
      t.warnings.append(
        "blend mode \(name) has no Core Animation counterpart: drawn as alpha (source-over)")
    }
    // Keyframe sequences: the nearest linear change over the particle's life.
    let life = value("_lifetime")
    for (key, speed, what) in [
      ("_particleScaleSequence", "scaleSpeed", "scale"),
      ("_particleAlphaSequence", "alphaSpeed", "alpha"),
    ] {
      guard let seq = a.field(key) as? [AnyHashable: Any] else { continue }
      let times = a.array(a.resolve(seq["_times"]))?.compactMap { Archive.number($0) } ?? []
      let values = a.array(a.resolve(seq["_values"]))?.compactMap { Archive.number($0) } ?? []
      guard times.count == values.count, let t0 = times.first, let t1 = times.last, t1 > t0,
        life > 0, let v0 = values.first, let v1 = values.last
      else {
        t.warnings.append("\(key): a keyframe sequence Burst cannot read was left out")
        continue
      }
      cellSets.append("\(speed)=\(fmt((v1 - v0) / ((t1 - t0) * life)))")
      if what == "scale" { cellSets.append("scale=\(fmt(v0))") }
      t.warnings.append(
        "\(key): \(values.count) keyframes became \(speed) \(fmt((v1 - v0) / ((t1 - t0) * life)))"
          + " (a straight change from the first value to the last; the keyframes between are"
          + " lost)")
    }
    if a.field("_particleColorSequence") != nil {
      t.warnings.append(
        "_particleColorSequence: a colour keyframe sequence has no Core Animation counterpart;"
          + " the start colour is kept")
    }
    // The texture: an image beside the file or in an asset catalog, else the built-in spark.
    var contents = "spark"
    if let texture = a.field("_particleTexture") as? [AnyHashable: Any],
      let name = a.resolve(texture["_imgName"]) as? String, !name.isEmpty
    {
      var listings: [String: [String]] = [:]
      let base = directory.isEmpty ? "" : directory + "/"
      let candidates = name.hasSuffix(".png") ? [name] : [name + ".png", name]
      if let found = candidates.first(where: { FileManager.default.fileExists(atPath: base + $0) })
      {
        contents = "\"" + base + found + "\""
      } else if let found = ImportAssets.image(
        named: name.hasSuffix(".png") ? String(name.dropLast(4)) : name, near: directory,
        listings: &listings)
      {
        contents = "\"" + found + "\""
      } else {
        t.warnings.append(
          "texture '\(name)' is not beside the file or in an asset catalog: using the built-in"
            + " spark")
      }
    } else {
      t.warnings.append("the node has no texture: using the built-in spark")
    }
    t.commands.append("emitter \(layer)")
    let set = SceneCommands.set.name
    t.commands.append("\(set) \(layer) " + layerSets.joined(separator: " "))
    t.commands.append("cell \(layer) \(cell)")
    for s in cellSets { t.commands.append("\(set) \(path) \(s)") }
    // A path in quotes is one value: `set PATH.contents "…"`, not KEY=VALUE.
    t.commands.append("\(set) \(path).contents \(contents)")
    return t
  }
}

extension ImportRun {
  /// `import FILE.sks`: reads the archive, translates the node and runs the commands.
  func performSpriteKit(token: Token, inv: Invocation) throws(Diagnostic) {
    let bytes: [UInt8]
    do throws(InputError) {
      bytes = try InputFile.readBytes(
        path, limit: Limits.maxImportBytes, what: "SpriteKit particle files")
    } catch {
      var d = inv.error(error.message, hint: error.hint, at: token)
      d.exitCode = error.exitCode
      throw d
    }
    let archive: SpriteKitImport.Archive
    do throws(ValueError) {
      archive = try SpriteKitImport.Archive(Data(bytes))
    } catch {
      throw inv.error(
        "\(fileName): \(error.message)",
        hint: "an .sks file is the particle file Xcode's SpriteKit particle editor saves",
        at: token)
    }
    let s = session
    let base = fileName.split(separator: ".").first.map(String.init) ?? "particles"
    let stem = SceneExporter.identifier(for: base)
    let layer = Session.numbered(stem.isEmpty ? "particles" : stem, free: s.canNameNewLayer)
    let bounds = s.scene.model.root.properties.bounds.size
    let slash = path.lastIndex(of: "/")
    let t = SpriteKitImport.translate(
      archive, layer: layer, cell: "particle",
      position: Point(bounds.width / 2, bounds.height / 2),
      readings: s.scene.model.root.settings.readings,
      directory: slash.map { String(path[..<$0]) } ?? "")
    script = "# \(fileName) translated by: import \(path)\n"
    for c in t.commands { try runLine(c, line: 1) }
    report(t.warnings.map { ImportWarning(line: 1, column: 1, message: $0, hint: nil) })
    let warned =
      t.warnings.isEmpty ? "" : "; \(t.warnings.count) warning\(t.warnings.count == 1 ? "" : "s")"
    s.sink.out("imported \(fileName): 1 emitter (\(layer)), 1 cell\(warned)\n")
  }
}
