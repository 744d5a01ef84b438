import Core

/// explain, sample and lint: the commands that teach what the parameters do.
enum ExplainCommands {
  static let all: [Command] = [explain, sample, lint]

  /// Mean/range pairs of a cell (`lifetime`/`lifetimeRange`, `color.red`/`redRange`), from
  /// the ranges the cell table declares.
  static let rangedPairs: [(mean: String, range: String)] = EmitterCell.descriptors.compactMap {
    guard case .spread(let mean) = $0.relation else { return nil }
    return (mean, $0.name)
  }

  static func describe(_ info: PropertyInfo, owner: String) -> String {
    var out = "\(info.name) (\(owner)): \(info.kind.word)"
    if !info.unit.isEmpty { out += " in \(info.unit)" }
    out += ", default \(ValueFormatting.value(info.defaultValue))"
    out += info.animatable ? ", animatable" : ""
    out += info.writable ? "" : info.renames ? ", set renames" : ", read-only"
    out += "\n  \(info.summary)\n"
    if case .enumeration(let cases, let names) = info.kind {
      let also = names.spellings(of: cases[0]).dropFirst().joined(separator: ", ")
      out +=
        "  values: \(cases.joined(separator: ", "))" + (also.isEmpty ? "\n" : " (also \(also))\n")
    }
    switch info.relation {
    case .own: break
    case .alias(let target): out += "  another name for \(target)\n"
    case .combines(let parts):
      out += "  sets \(parts.joined(separator: " and ")) together and reads their mean\n"
    case .spread(let mean): out += "  the range of \(mean)\n"
    case .derived(let parts):
      out += "  computed from \(parts.joined(separator: ", ")); save and export write those\n"
    }
    if let swiftName = info.swiftName { out += "  Swift spells it \(swiftName) (accepted too)\n" }
    if let why = info.noEffectHere { out += "  changes nothing in Burst's picture: \(why)\n" }
    if let choice = info.choice { out += "  Burst's choice: \(choice)\n" }
    if let choice = info.kind.choice {
      out += "  Burst's choice (every \(info.kind.word)): \(choice)\n"
    }
    return out
  }

  static let explain = Command(
    name: "explain", usage: "explain NAME|PATH",
    abstract:
      "what a property or command does: unit, default, Core Animation's definition, and any"
      + " choice this simulator made",
    examples: [
      "explain lifetimeRange", "explain like.emitterCells.sparkle.lifetime", "explain fire",
    ],
    hints: [.property], effect: .display
  ) { s, inv throws(Diagnostic) in
    try inv.expectAtMost(1)
    let token = try inv.argument(1, "NAME")
    let name = token.text
    let m = s.scene.model
    // A key path: the property with its current value, and the interval a range gives.
    if token.keyPath.contains("."), let ref = try? m.resolveProperty(token.keyPath),
      let info = m.info(ref)
    {
      var out = describe(info, owner: m.describe(ref.object))
      if let v = m.value(ref) { out += "  current value: \(ValueFormatting.display(v))\n" }
      if case .cell = ref.object, let interval = rangeInterval(ref, m) { out += interval }
      s.sink.out(HelpText.wrapLines(out, width: s.textColumns))
      return
    }
    var out = ""
    let tables: [(String, [PropertyInfo])] = [
      ("CALayer", Layer.layerDescriptors.map(\.info)),
      ("CAEmitterLayer", Layer.emitterDescriptors.map(\.info)),
      ("CAEmitterCell", EmitterCell.descriptors.map(\.info)),
      ("scene", Layer.sceneDescriptors.map(\.info)),
    ]
    for (owner, infos) in tables {
      for info in infos where info.name == name { out += describe(info, owner: owner) }
    }
    out += behaviorText(name)
    out = HelpText.wrapLines(out, width: s.textColumns)
    if let c = s.commands.lookup(name) {
      if !out.isEmpty { out += "\n" }
      out += HelpText.wrapLines(
        "command: " + HelpText.detail(c, width: s.textColumns), width: s.textColumns)
    }
    guard !out.isEmpty else {
      let all = tables.flatMap { $0.1.map(\.name) } + s.commands.allNames
      throw inv.error(
        "nothing is called '\(name)'",
        suggestion: .nearest(to: name, in: all, otherwise: .text("try keys cell, or help")),
        at: token)
    }
    s.sink.out(out)
  }

  /// What `explain` says about a behaviour type (`wave`) or one of its fields (`wave.force`);
  /// empty when `name` names neither.
  static func behaviorText(_ name: String) -> String {
    let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
    guard let type = BehaviorType(rawValue: parts[0]) else { return "" }
    let owner = "CAEmitterBehavior \(type.rawValue)"
    if parts.count == 2 {
      return type.infos.filter { $0.name == parts[1] }.map { describe($0, owner: owner) }.joined()
    }
    var out = "\(type.rawValue) (CAEmitterBehavior): \(type.summary)\n"
    out += "  \(BehaviorType.provenance)\n"
    out += "  Burst's choice: \(type.choice)\n"
    let fields = type.fields.map(\.name) + ["name", "enabled"]
    out += "  fields: \(fields.joined(separator: ", ")) (keys \(type.rawValue) lists them)\n"
    return out
  }

  /// The mean/range pair a cell property belongs to, with its current values.
  static func pair(_ ref: PropertyRef, _ m: SceneModel) -> (
    mean: Double, range: Double, label: String
  )? {
    let full = ref.field.map { "\(ref.name).\($0)" } ?? ref.name
    guard let p = rangedPairs.first(where: { $0.mean == full || $0.range == full }) else {
      return nil
    }
    let parts = p.mean.split(separator: ".").map(String.init)
    let meanRef = PropertyRef(
      object: ref.object, name: parts[0], field: parts.count > 1 ? parts[1] : nil)
    let rangeRef = PropertyRef(object: ref.object, name: p.range)
    guard let mean = m.value(meanRef)?.number, let range = m.value(rangeRef)?.number else {
      return nil
    }
    return (mean, range, p.mean)
  }

  static func rangeInterval(_ ref: PropertyRef, _ m: SceneModel) -> String? {
    guard let (mean, range, label) = pair(ref, m) else { return nil }
    let r = m.root.settings.readings
    if label == "emissionLongitude" {
      let half = r.halfAngle(range)
      return "  directions leave within ±\(fmt(half)) rad of the emission direction"
        + " (scene.emissionRangeRule \(r.emissionRangeRule.rawValue),"
        + " scene.emissionCone \(r.emissionCone.rawValue))\n"
    }
    let half = r.halfWidth(range)
    return "  \(label) is drawn uniformly from \(r.intervalFormula) = [\(fmt(mean - half)),"
      + " \(fmt(mean + half))] (scene.rangeRule \(r.rangeRule.rawValue))\n"
  }

  static func fmt(_ x: Double) -> String { ValueFormatting.display((x * 1e6).rounded() / 1e6) }

  static let sample = Command(
    name: "sample", usage: "sample PATH [N]",
    abstract:
      "draw N values (default 1000) of a ranged cell property and print a histogram with the"
      + " interval the scene's rangeRule gives; the layer's particles are not affected",
    examples: [
      "sample like.emitterCells.sparkle.lifetime", "sample like.emitterCells.sparkle.velocity 5000",
    ],
    hints: [.property, .none], effect: .display
  ) { s, inv throws(Diagnostic) in
    try inv.expectAtMost(2)
    let token = try inv.argument(1, "PATH")
    let ref = try inv.property(token, in: s.scene.model)
    guard case .cell(let layer, _) = ref.object, let (mean, range, label) = pair(ref, s.scene.model)
    else {
      throw inv.error(
        "'\(token.text)' is not a ranged cell property",
        hint: "one of " + rangedPairs.map(\.mean).joined(separator: ", "), at: token)
    }
    var n = 1000.0
    if inv.args.count > 1 {
      n = try inv.number(inv.text.tokens[2], range: 1...Limits.maxSamples, what: "N", integer: true)
    }
    let seed = s.scene.model.layer(layer)?.emitter.seed ?? 0
    let r = s.scene.model.root.settings.readings
    let factor = label == "emissionLongitude" ? r.angleFactor : r.rangeFactor
    let values = Sampler.draw(
      mean: mean, range: range, factor: factor, count: Int(n), seed: seed, name: label)
    s.sink.out(
      Sampler.histogram(values, mean: mean, range: range, factor: factor, label: label))
  }

  static let lint = Command(
    name: "lint", usage: "lint [strict]",
    abstract:
      "say why something will not show (rates, lifetimes, contents, alpha, position, speed,"
      + " degrees)",
    discussion:
      "lint strict fails (exit status 65 in a script) when it finds anything, so that a"
      + " project's CI can run it.",
    examples: ["lint", "lint strict"], hints: [.keywords(["strict"])], effect: .display
  ) { s, inv throws(Diagnostic) in
    try inv.expectAtMost(1)
    var strict = false
    if inv.args.count == 1 {
      let word = inv.text.tokens[1]
      guard word.text == "strict", !word.quoted else {
        throw inv.error("expected 'strict'", hint: "usage: \(inv.command.usage)", at: word)
      }
      strict = true
    }
    let problems = Linter.problems(in: s.scene, pending: !s.events.isEmpty || !s.actions.isEmpty)
    s.sink.out(problems.isEmpty ? "no problems found\n" : problems.map { $0 + "\n" }.joined())
    if strict && !problems.isEmpty {
      throw inv.error(
        "lint found \(problems.count) problem\(problems.count == 1 ? "" : "s")",
        hint: "the lines above say what and how to fix each", at: inv.nameToken)
    }
  }
}

/// Draws values with Burst's own generator on a stream of its own (so sampling never changes a
/// layer's particles), and draws a histogram.
enum Sampler {
  /// `count` draws of M + k·R·(u − 0.5), k (`factor`) being 1 or 2 as the scene's readings say
  /// (`Readings.rangeFactor`, `Readings.angleFactor`), exactly as a particle draws them.
  static func draw(
    mean: Double, range: Double, factor: Double, count: Int, seed: Int, name: String
  ) -> [Double] {
    var out: [Double] = []
    out.reserveCapacity(count)
    for i in 0..<count {
      let u = ParticleRandom.sampleUniform(seed: seed, stream: name, index: i)
      out.append(mean + range * factor * (u - 0.5))
    }
    return out
  }

  static func histogram(
    _ values: [Double], mean: Double, range: Double, factor: Double, label: String
  ) -> String {
    let lo = mean - abs(range) * factor / 2
    let hi = mean + abs(range) * factor / 2
    let formula = factor == 1 ? "M + R·(u − 0.5)" : "M + 2R·(u − 0.5)"
    let interval = Readings.interval(factor: factor)
    var out =
      "\(label): \(values.count) draws of \(formula), M = \(ExplainCommands.fmt(mean)), R = \(ExplainCommands.fmt(range))\n"
    out +=
      "interval \(interval) = [\(ExplainCommands.fmt(lo)), \(ExplainCommands.fmt(hi))]\n"
    guard hi > lo else {
      return out + "every draw is \(ExplainCommands.fmt(mean)) (the range is 0)\n"
    }
    let bins = 10
    var counts = Array(repeating: 0, count: bins)
    for v in values {
      let k = Int(((v - lo) / (hi - lo) * Double(bins)).rounded(.down))
      counts[min(max(k, 0), bins - 1)] += 1
    }
    let most = max(1, counts.max() ?? 1)
    for k in 0..<bins {
      let a = lo + (hi - lo) * Double(k) / Double(bins)
      let b = lo + (hi - lo) * Double(k + 1) / Double(bins)
      let bar = String(
        repeating: "#", count: Int((Double(counts[k]) / Double(most) * 40).rounded()))
      let label = "[\(ExplainCommands.fmt(a)), \(ExplainCommands.fmt(b)))"
      out += label.padded(to: 24) + " " + String(counts[k]).leftPadded(to: 7) + " " + bar + "\n"
    }
    let minV = values.min() ?? mean
    let maxV = values.max() ?? mean
    out += "min \(ExplainCommands.fmt(minV)), max \(ExplainCommands.fmt(maxV))\n"
    return out
  }
}

extension String {
  func padded(to n: Int) -> String { self + String(repeating: " ", count: max(0, n - count)) }
  func leftPadded(to n: Int) -> String { String(repeating: " ", count: max(0, n - count)) + self }
}
