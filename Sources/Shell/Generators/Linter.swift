import Core
import Foundation

/// The checks behind `lint`: the usual reasons an emitter shows nothing.
enum Linter {
  static let twoPi = 2 * Double.pi
  /// A cell whose particles cross the canvas's longer side faster than this (in seconds) is
  /// reported as too fast to see.
  static let fastCrossing = 0.25

  /// What would keep the scene from showing anything. `pending` says that commands are still
  /// to come (scheduled ones, or actions), which may start an emitter that is off now.
  static func problems(in scene: Scene, pending: Bool = false) -> [String] {
    let m = scene.model
    var out: [String] = []
    let bounds = m.root.properties.bounds.size
    let reading = m.root.settings.readings
    let live = Dictionary(scene.stats().map { ($0.path, $0.live) }, uniquingKeysWith: +)
    for id in m.treeOrder {
      guard let l = m.layer(id) else { continue }
      let name = KeyPathSyntax.spelled(l.name)
      out += noEffect(l.descriptors, of: l, path: id == SceneModel.rootID ? "scene" : name)
      guard l.kind == .emitter else { continue }
      let e = l.emitter
      func said(_ key: String, _ value: Double) -> String {
        quote(PropertyRef(object: .layer(id), name: key), value, in: m)
      }
      if l.properties.hidden { out.append("\(name): the layer is hidden") }
      if l.properties.opacity <= 0 {
        out.append("\(name): the layer's opacity \(said("opacity", l.properties.opacity))")
      }
      if l.cells.isEmpty {
        out.append("\(name): the emitter has no cells (add one with: cell \(name) NAME)")
      }
      // A finished `fire` (or a stop) leaves birthRate 0 with particles alive, or with a
      // schedule or an action to start it again: that is how effects are written.
      let emitting = l.cells.contains {
        live[name + ".emitterCells." + KeyPathSyntax.spelled($0.name), default: 0] > 0
      }
      if e.birthRate <= 0 && !emitting && !pending {
        out.append(
          "\(name): the layer's birthRate \(said("birthRate", e.birthRate)), so no cell emits"
            + " (fire \(name) SECONDS, or set \(name).birthRate 1)")
      }
      if e.lifetime <= 0 {
        out.append(
          "\(name): the layer's lifetime multiplier \(said("lifetime", e.lifetime)), so particles"
            + " are never born")
      }
      let p = SceneRenderer.transformToScene(m, id)
        .apply(x: e.emitterPosition.x, y: e.emitterPosition.y)
      // Off the canvas by more than any particle can travel: nothing can ever be seen. (An
      // emitter just above the top edge, as snow and rain are written, is fine.)
      let outside = hypot(max(0, -p.x, p.x - bounds.width), max(0, -p.y, p.y - bounds.height))
      if outside > reach(of: l, in: scene) {
        out.append(
          "\(name): the emitter sits off-canvas at \(fmt(p.x)),\(fmt(p.y)) in the scene;"
            + " particles must travel in to be seen")
      }
      func visit(_ c: EmitterCell, path: String, ids: [CellID]) {
        let p = path + ".emitterCells." + KeyPathSyntax.spelled(c.name)
        let ids = ids + [c.id]
        let topLevel = ids.count == 1
        func said(_ key: String, _ value: Double) -> String {
          quote(PropertyRef(object: .cell(id, ids), name: key), value, in: m)
        }
        out += noEffect(EmitterCell.descriptors, of: c, path: p)
        if !c.enabled { out.append("\(p): the cell is disabled") }
        if topLevel && c.birthRate <= 0 {
          out.append(
            "\(p): birthRate \(said("birthRate", c.birthRate)), so nothing is born"
              + " (set \(p).birthRate 10)")
        }
        if c.lifetime + reading.halfWidth(c.lifetimeRange) <= 0 {
          // With a range, the longest lifetime it draws (M + R/2, or M + R) says why.
          let range =
            c.lifetimeRange == 0
            ? ""
            : " and lifetimeRange \(said("lifetimeRange", c.lifetimeRange)), so every lifetime is"
              + " at most \(fmt(c.lifetime + reading.halfWidth(c.lifetimeRange))) and"
          out.append(
            "\(p): lifetime \(said("lifetime", c.lifetime))\(range)\(range.isEmpty ? ", so" : "")"
              + " particles are never born (set \(p).lifetime 1)")
        }
        // Sub-cells' rates are per parent particle, so these two apply to top-level cells.
        let rate = c.birthRate * e.birthRate
        let life = c.lifetime * e.lifetime
        let multiplied = " with the layer's multipliers"
        if topLevel && rate > 0 && life > 0 && rate * life < 1 {
          // The cell's birthRate that keeps about 10 alive, given the layer's multipliers.
          let enough = (10 / (life * e.birthRate)).rounded(.up)
          out.append(
            "\(p): birthRate \(fmt(rate)) × lifetime \(fmt(life))"
              + (e.birthRate != 1 || e.lifetime != 1 ? multiplied : "")
              + " keeps \(fmt(rate * life)) particles alive on average, so often none are on"
              + " screen (set \(p).birthRate \(ValueFormatting.number(enough)) for about 10)")
        }
        let speed = abs(c.velocity * e.velocity)
        let across = max(bounds.width, bounds.height)
        if topLevel && speed > 0 && across > 0 && across / speed < fastCrossing
          && life > across / speed
        {
          // The cell's velocity that crosses the canvas in 2 s, keeping its sign.
          let calm = (across / 2 / abs(e.velocity)).rounded() * (c.velocity < 0 ? -1 : 1)
          let written = PropertyRef(object: .cell(id, ids), name: "velocity")
          out.append(
            "\(p): velocity \(fmt(speed))" + (e.velocity != 1 ? multiplied : "")
              + (m.writtenNumber(written).map {
                " (set to \(ValueFormatting.number($0)), clamped to"
                  + " \(ValueFormatting.number(c.velocity)))"
              } ?? "")
              + " crosses the \(fmt(bounds.width))×\(fmt(bounds.height)) canvas in"
              + " \(fmt(across / speed)) s, so particles leave it almost at once"
              + " (set \(p).velocity \(ValueFormatting.number(calm)) to cross it in 2 s)")
        }
        // A cell without contents whose sub-cells emit is the usual invisible burst cell
        // (fireworks): its sub-cells show, so there is nothing to say.
        if c.contents == .none && c.cells.isEmpty {
          out.append(
            "\(p): no contents, so its particles are invisible (set \(p).contents sparkle)")
        }
        if c.color.alpha + reading.halfWidth(c.alphaRange) <= 0 {
          out.append("\(p): particles start transparent (color alpha 0)")
        }
        for d in EmitterCell.descriptors {
          guard case .angle = d.kind, let v = d.get(c).number,
            abs(v) > twoPi + 1e-9, v.rounded() == v
          else { continue }
          let key = d.name
          out.append(
            "\(p): \(key) \(ValueFormatting.number(v)) looks like degrees; angles are radians"
              + " (write \(ValueFormatting.number(v))deg = \(fmt(v * .pi / 180)))")
        }
        if case .some(let image) = scene.image(c.contents) {
          let size = Double(max(image.width, image.height)) / max(c.contentsScale, 1e-9)
          let largest = (abs(c.scale) + reading.halfWidth(c.scaleRange)) * abs(e.scale)
          if size * largest < 0.5 && c.scaleSpeed <= 0 {
            out.append("\(p): particles are under half a point across (scale \(fmt(c.scale)))")
          }
        }
        for s in c.cells { visit(s, path: p, ids: ids) }
      }
      for c in l.cells { visit(c, path: name, ids: []) }
    }
    out += futureParticles(in: scene)
    return out
  }

  /// How far from its emitter's position a particle of layer `l` can get, in points, at most:
  /// half the emitter's size, plus each cell's fastest start × longest life and its
  /// acceleration's ½at², plus its sub-cells' reach and half its sprite. Generous on purpose:
  /// lint speaks only when nothing can reach the canvas.
  static func reach(of l: Layer, in scene: Scene) -> Double {
    let e = l.emitter
    let reading = scene.model.root.settings.readings
    func cell(_ c: EmitterCell) -> Double {
      let life = max(0, (c.lifetime + reading.halfWidth(c.lifetimeRange)) * e.lifetime)
      let speed = (abs(c.velocity) + reading.halfWidth(c.velocityRange)) * abs(e.velocity)
      let a = hypot(c.xAcceleration, c.yAcceleration)
      var sprite = 0.0
      if let image = scene.image(c.contents) {
        sprite =
          Double(max(image.width, image.height)) / max(c.contentsScale, 1e-9)
          * (abs(c.scale) + reading.halfWidth(c.scaleRange) + abs(c.scaleSpeed) * life)
          * abs(e.scale) / 2
      }
      let subCells = c.cells.map(cell).max() ?? 0
      return speed * life + a * life * life / 2 + sprite + subCells
    }
    let area = hypot(e.emitterSize.width / 2, e.emitterSize.height / 2)
    return area + (l.cells.map(cell).max() ?? 0)
  }

  /// Where a real app would see iOS 7+'s "future particles": an emitter that started emitting
  /// (a birthRate raised from 0, a cell added or enabled) on a layer whose beginTime was never
  /// set, after its layer's time had run on (docs/semantics.md, "Future particles").
  static func futureParticles(in scene: Scene) -> [String] {
    let m = scene.model
    let shown = m.root.settings.futureParticles
    return scene.futureParticleStarts().compactMap { start in
      guard let l = m.layer(start.layer) else { return nil }
      let name = KeyPathSyntax.spelled(l.name)
      // beginTime is in the parent's time: the parent's local time when it started.
      let begin = scene.localTime(of: l.parent ?? SceneModel.rootID, at: start.at)
      return
        "\(name): started emitting at t = \(fmt(start.at)) s (a birthRate raised from 0 or a"
        + " cell added) with its beginTime never set, so on iOS 7+ it back-fills \"future\""
        + " particles already spread along their paths"
        + (shown ? "" : " (set scene.futureParticles yes to see it here)")
        + "; give it beginTime = CACurrentMediaTime() before it starts (here: set"
        + " \(name).beginTime \(fmt(begin)) first, or start it with fire \(name) SECONDS)"
    }
  }

  /// The properties set away from their defaults that change nothing Burst draws (the table
  /// says which, and why).
  static func noEffect<Root>(
    _ table: [PropertyDescriptor<Root>], of object: Root, path: String
  ) -> [String] {
    table.compactMap { d in
      guard let why = d.noEffectHere, d.get(object) != d.defaultValue else { return nil }
      return "\(path).\(d.name) is set, but changes nothing Burst draws: \(why)"
    }
  }

  /// How lint quotes a number it finds wrong: as the model holds it (`is -5`), or, when `set`
  /// clamped what was written, both (`was set to -1 (clamped to 0)`): the number the user
  /// wrote is the one to recognise.
  static func quote(_ ref: PropertyRef, _ value: Double, in m: SceneModel) -> String {
    guard let given = m.writtenNumber(ref) else { return "is \(ValueFormatting.number(value))" }
    return
      "was set to \(ValueFormatting.number(given)) (clamped to \(ValueFormatting.number(value)))"
  }

  static func fmt(_ x: Double) -> String { ValueFormatting.number((x * 1000).rounded() / 1000) }
}
