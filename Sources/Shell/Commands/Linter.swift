import Core

/// The checks behind `lint`: the usual reasons an emitter shows nothing.
enum Linter {
  static let twoPi = 2 * Double.pi

  static func problems(in scene: Scene) -> [String] {
    let m = scene.model
    var out: [String] = []
    let bounds = m.root.properties.bounds.size
    for id in m.treeOrder {
      guard let l = m.layer(id), l.kind == .emitter else { continue }
      let e = l.emitter
      let name = l.name
      if l.properties.hidden { out.append("\(name): the layer is hidden") }
      if l.properties.opacity <= 0 { out.append("\(name): the layer's opacity is 0") }
      if l.cells.isEmpty {
        out.append("\(name): the emitter has no cells (add one with: cell \(name) NAME)")
      }
      if e.birthRate <= 0 {
        out.append(
          "\(name): the layer's birthRate is \(ValueFormatting.number(e.birthRate)), so no cell"
            + " emits (fire \(name) SECONDS, or set \(name).birthRate 1)")
      }
      if e.lifetime <= 0 {
        out.append("\(name): the layer's lifetime multiplier is 0, so particles are never born")
      }
      let p = SceneRenderer.transformToScene(m, id)
        .apply(x: e.emitterPosition.x, y: e.emitterPosition.y)
      if p.x < 0 || p.y < 0 || p.x > bounds.width || p.y > bounds.height {
        out.append(
          "\(name): the emitter sits off-canvas at \(fmt(p.x)),\(fmt(p.y)) in the scene;"
            + " particles must travel in to be seen")
      }
      func visit(_ c: EmitterCell, path: String, topLevel: Bool) {
        let p = path + ".emitterCells." + c.name
        if !c.enabled { out.append("\(p): the cell is disabled") }
        if topLevel && c.birthRate <= 0 {
          out.append("\(p): birthRate is 0, so nothing is born (set \(p).birthRate 10)")
        }
        if c.lifetime + abs(c.lifetimeRange) / 2 <= 0 {
          out.append("\(p): lifetime is 0, so particles are never born (set \(p).lifetime 1)")
        }
        if c.contents == .none {
          out.append(
            c.cells.isEmpty
              ? "\(p): no contents, so its particles are invisible (set \(p).contents sparkle)"
              : "\(p): no contents: invisible, but its sub-cells still emit (a burst cell)")
        }
        if c.color.alpha + abs(c.alphaRange) / 2 <= 0 {
          out.append("\(p): particles start transparent (color alpha 0)")
        }
        for (key, v) in [
          ("emissionLongitude", c.emissionLongitude), ("emissionLatitude", c.emissionLatitude),
          ("emissionRange", c.emissionRange), ("spin", c.spin), ("spinRange", c.spinRange),
        ] where abs(v) > twoPi + 1e-9 && v.rounded() == v {
          out.append(
            "\(p): \(key) \(ValueFormatting.number(v)) looks like degrees; angles are radians"
              + " (write \(ValueFormatting.number(v))deg = \(fmt(v * .pi / 180)))")
        }
        if case .some(let image) = scene.image(c.contents) {
          let size = Double(max(image.width, image.height)) / max(c.contentsScale, 1e-9)
          let largest = (abs(c.scale) + abs(c.scaleRange) / 2) * abs(e.scale)
          if size * largest < 0.5 && c.scaleSpeed <= 0 {
            out.append("\(p): particles are under half a point across (scale \(fmt(c.scale)))")
          }
        }
        for s in c.cells { visit(s, path: p, topLevel: false) }
      }
      for c in l.cells { visit(c, path: name, topLevel: true) }
    }
    return out
  }

  static func fmt(_ x: Double) -> String { ValueFormatting.number((x * 1000).rounded() / 1000) }
}
