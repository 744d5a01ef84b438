import Core

/// Text layouts for `tree` and tables.
enum TreePrinter {
  /// The layer tree with cells, key values and live particle counts: the whole scene's, or
  /// the subtree of layer `top`.
  static func render(_ scene: Scene, from top: LayerID = SceneModel.rootID) -> String {
    var out = ""
    let m = scene.model
    func line(_ prefix: String, _ text: String) { out += prefix + text + "\n" }
    func visit(_ id: LayerID, prefix: String, childPrefix: String) {
      guard let l = m.layer(id) else { return }
      let p = l.properties
      var text = KeyPathSyntax.spelled(l.name)
      switch l.kind {
      case .scene:
        text +=
          " \(ValueFormatting.dimensions(p.bounds.size))"
          + " \(ValueFormatting.color(p.backgroundColor))"
      case .shape:
        text +=
          " (shape) position \(ValueFormatting.value(.point(p.position)))"
          + " \(l.shape.path.elements.count) path elements"
      case .gradient:
        text +=
          " (gradient) \(l.gradient.type.rawValue) position"
          + " \(ValueFormatting.value(.point(p.position)))"
          + " \(l.gradient.colors.count) colours"
      case .replicator:
        text +=
          " (replicator) position \(ValueFormatting.value(.point(p.position)))"
          + " \(l.replicator.instanceCount) instances"
      case .text:
        text +=
          " (text) position \(ValueFormatting.value(.point(p.position)))"
          + " \(ValueFormatting.quotedString(String(l.text.string.prefix(40))))"
      case .layer:
        text += " (layer) position \(ValueFormatting.value(.point(p.position)))"
      case .emitter:
        let e = l.emitter
        text +=
          " (emitter) \(e.emitterShape.rawValue) \(e.emitterMode.rawValue)"
          + " at \(ValueFormatting.value(.point(e.emitterPosition)))"
          + " birthRate \(ValueFormatting.number(e.birthRate))"
      }
      if p.hidden { text += " hidden" }
      if !l.animations.isEmpty {
        let n = l.animations.count
        text += " · \(n) animation\(n == 1 ? "" : "s")"
      }
      text += " · \(scene.liveCount(of: .layer(id))) live"
      line(prefix, text)
      func cellLines(_ cells: [EmitterCell], path: [CellID], childPrefix: String) {
        for (k, c) in cells.enumerated() {
          let last = k == cells.count - 1 && (!path.isEmpty || l.sublayers.isEmpty)
          let ref = ObjectRef.cell(id, path + [c.id])
          var t =
            "\(KeyPathSyntax.spelled(c.name)) (cell) birthRate \(ValueFormatting.number(c.birthRate))"
          t += " lifetime \(ValueFormatting.number(c.lifetime))"
          if c.contents != .none { t += " contents \(ValueFormatting.value(.image(c.contents)))" }
          if !c.enabled { t += " disabled" }
          t += " · \(scene.liveCount(of: ref)) live"
          line(childPrefix + (last ? "└─ " : "├─ "), t)
          cellLines(
            c.cells, path: path + [c.id], childPrefix: childPrefix + (last ? "   " : "│  "))
        }
      }
      cellLines(l.cells, path: [], childPrefix: childPrefix)
      for (k, sub) in l.sublayers.enumerated() {
        let last = k == l.sublayers.count - 1
        visit(
          sub, prefix: childPrefix + (last ? "└─ " : "├─ "),
          childPrefix: childPrefix + (last ? "   " : "│  "))
      }
    }
    visit(top, prefix: "", childPrefix: "")
    return out
  }

  /// `count` without a path: each emitter layer's own live particles (not its sublayers'),
  /// by key path in tree order, and the total, as a table with the counts right-aligned.
  static func counts(_ scene: Scene) -> String {
    let m = scene.model
    var rows: [[String]] = []
    var total = 0
    for id in m.treeOrder {
      guard let l = m.layer(id), l.kind == .emitter else { continue }
      let own =
        scene.liveCount(of: .layer(id))
        - l.sublayers.reduce(0) { $0 + scene.liveCount(of: .layer($1)) }
      rows.append([KeyPathSyntax.spelled(l.name), "\(own)"])
      total += own
    }
    rows.append([totalWord, "\(total)"])
    return table(rows, rightAligned: [1])
  }

  /// The last row of `count` without a path.
  static let totalWord = "total"

  /// Columns padded to their widest cell, two spaces apart.
  ///
  /// With `width`, a last column that would make a line longer wraps at word boundaries under
  /// itself (never narrower than `minimumLastColumn`, so a very narrow terminal still gets
  /// readable text).
  static func table(
    _ rows: [[String]], rightAligned: Set<Int> = [], width: Int? = nil
  ) -> String {
    let widths = columnWidths(rows)
    // Where the last column starts, and how wide it may be.
    let lastStart = lastColumnStart(rows)
    let lastWidth = width.map { max(minimumLastColumn, $0 - lastStart) }
    var out = ""
    for r in rows {
      var cells: [String] = []
      var continuation: [String] = []
      for (i, c) in r.enumerated() {
        var text = c
        if i == widths.count - 1, i > 0, let lastWidth, c.count > lastWidth {
          let lines = HelpText.wrap(c, width: lastWidth)
          text = lines.first ?? ""
          continuation = Array(lines.dropFirst())
        }
        let pad = String(repeating: " ", count: max(0, widths[i] - text.count))
        cells.append(rightAligned.contains(i) ? pad + text : text + pad)
      }
      out += cells.joined(separator: "  ").trimmingTrailingSpaces() + "\n"
      let indent = String(repeating: " ", count: lastStart)
      for line in continuation { out += indent + line + "\n" }
    }
    return out
  }

  /// The width of each column: its longest cell.
  static func columnWidths(_ rows: [[String]]) -> [Int] {
    var widths: [Int] = []
    for r in rows {
      for (i, c) in r.enumerated() {
        if i >= widths.count { widths.append(0) }
        widths[i] = max(widths[i], c.count)
      }
    }
    return widths
  }

  /// Where a table's last column starts: the other columns' widths, each with its 2-space gap.
  static func lastColumnStart(_ rows: [[String]]) -> Int {
    columnWidths(rows).dropLast().reduce(0) { $0 + $1 + 2 }
  }

  /// The narrowest a wrapped last column gets.
  static let minimumLastColumn = 24
}
