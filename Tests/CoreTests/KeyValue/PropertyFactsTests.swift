import Testing

@testable import Core

/// The facts the property tables declare (aliases, combined properties, ranges, Swift
/// spellings) are what `save`, `export`, `explain` and `lint` derive their lists from, so these
/// tests hold the tables to them.
@Suite("Property facts in the descriptor tables")
struct PropertyFactsTests {
  static let tables: [(String, [PropertyInfo])] = [
    ("CALayer", Layer.layerDescriptors.map(\.info)),
    ("CAEmitterLayer", Layer.emitterDescriptors.map(\.info)),
    ("CAEmitterCell", EmitterCell.descriptors.map(\.info)),
    ("scene", Layer.sceneDescriptors.map(\.info)),
  ]

  @Test(
    "every alias, part and spread names a property (or field) of its own table", arguments: tables)
  func relationsNameRealProperties(table: String, infos: [PropertyInfo]) {
    let names = Set(infos.map(\.name))
    func exists(_ path: String) -> Bool {
      if names.contains(path) { return true }
      // `color.red`: a field of a whole property.
      guard let dot = path.lastIndex(of: ".") else { return false }
      let whole = String(path[..<dot])
      let field = String(path[path.index(after: dot)...])
      return infos.first { $0.name == whole }?.defaultValue.field(field) != nil
    }
    for info in infos {
      switch info.relation {
      case .own: break
      case .alias(let target):
        #expect(exists(target), "\(table).\(info.name) aliases a missing '\(target)'")
      case .combines(let parts), .derived(let parts):
        for p in parts { #expect(exists(p), "\(table).\(info.name) combines a missing '\(p)'") }
      case .spread(let mean):
        #expect(exists(mean), "\(table).\(info.name) spreads a missing '\(mean)'")
      }
    }
  }

  @Test("names and Swift spellings are unique within a table", arguments: tables)
  func spellingsAreUnique(table: String, infos: [PropertyInfo]) {
    let spellings = infos.map(\.name) + infos.compactMap(\.swiftName)
    #expect(Set(spellings).count == spellings.count, "\(table) spells a property twice")
  }

  @Test("every cell range spreads its mean, and each mean has one range")
  func cellRangesPairUp() {
    let spreads = EmitterCell.descriptors.compactMap { d -> String? in
      guard case .spread(let mean) = d.relation else { return nil }
      return mean
    }
    #expect(
      spreads == [
        "lifetime", "emissionLongitude", "velocity", "scale", "spin", "color.red",
        "color.green", "color.blue", "color.alpha",
      ])
  }

  /// A layer with `changes` made through the table, and the assignments that rebuild it.
  static func assignments(_ changes: [(String, Double)]) -> [String] {
    var layer = Layer.new(.layer)
    let table = Layer.layerDescriptors
    for (name, v) in changes {
      table.first { $0.name == name }?.set(&layer, .number(v))
    }
    return PropertyDescriptor.assignments(table, of: layer, from: Layer.new(.layer)).map {
      "\($0.descriptor.name)=\(ValueFormatting.value($0.value))"
    }
  }

  @Test(
    "each value is written once: a combined property when it says it all, never an alias",
    arguments: [
      ([("transform.scale", 2.0)], ["transform.scale=2"]),
      ([("transform.scale.x", 2.0)], ["transform.scale.x=2"]),
      (
        [("transform.scale.x", 2.0), ("transform.scale.y", 3.0)],
        ["transform.scale.x=2", "transform.scale.y=3"]
      ),
      (
        [("transform.scale.x", 1.5), ("transform.scale.y", 0.5)],
        ["transform.scale.x=1.5", "transform.scale.y=0.5"]
      ),
      ([("transform.rotation.z", 0.5)], ["transform.rotation=0.5"]),
      ([("opacity", 0.5), ("transform.rotation", 1)], ["opacity=0.5", "transform.rotation=1"]),
    ])
  func assignmentsWriteEachValueOnce(changes: [(String, Double)], expected: [String]) {
    #expect(Self.assignments(changes) == expected)
  }

  @Test(
    "the assignments rebuild the object exactly",
    arguments: [
      [("transform.scale.x", 2.0), ("transform.rotation.z", -1.0), ("zPosition", 3.0)],
      [("transform.scale", 4.0), ("transform.scale.y", 4.5)],
    ])
  func assignmentsRebuild(changes: [(String, Double)]) {
    var layer = Layer.new(.layer)
    let table = Layer.layerDescriptors
    for (name, v) in changes { table.first { $0.name == name }?.set(&layer, .number(v)) }
    var rebuilt = Layer.new(.layer)
    for (d, v) in PropertyDescriptor.assignments(table, of: layer, from: rebuilt) {
      d.set(&rebuilt, v)
    }
    for d in table { #expect(d.get(rebuilt) == d.get(layer), "\(d.name)") }
  }

  @Test(
    "a Swift spelling names the same property",
    arguments: [
      ("like.isHidden", "hidden"), ("like.emitterCells.sparkle.isEnabled", "enabled"),
    ])
  func swiftSpellingResolves(path: String, name: String) throws {
    var s = Scene()
    try CoreKit.build(&s)
    #expect(try s.model.resolveProperty(path).name == name)
  }

  @Test("the properties whose animation changes birth counts are the ones the tables mark")
  func countKeysComeFromTheTables() {
    let timing = [
      "beginTime", "speed", "timeOffset", "duration", "repeatCount", "repeatDuration",
      "autoreverses", "fillMode",
    ]
    #expect(Scene.countKeys == Set(["birthRate", "lifetime", "lifetimeRange", "enabled"] + timing))
  }

  @Test("a range that ends at a Limits bound said in words belongs to that bound's property")
  func namedBoundsAreTheirs() {
    for (table, infos) in Self.tables {
      for info in infos {
        let range: ClosedRange<Double>
        switch info.kind {
        case .number(let r), .angle(let r), .integer(let r): range = r
        default: continue
        }
        for bound in [range.lowerBound, range.upperBound] {
          if Limits.meaning(of: bound) == Limits.meaning(of: Double(Limits.maxParticles)) {
            #expect(info.name == "maxParticles", "\(table).\(info.name) ends at maxParticles")
          }
        }
      }
    }
  }
}
