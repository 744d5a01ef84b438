import Core

/// Looking at it: show, snapshot, tree, count, stats.
enum ViewCommands {
  static let all: [Command] = [show, snapshot, tree, count, stats]

  static let show = Command(
    name: "show", usage: "show [LAYER] [SIZE] [ascii|ansi]",
    abstract:
      "draw the scene (or one layer's subtree) in the terminal: ascii with a luminance ramp,"
      + " ansi with 24-bit colour half-blocks (the default on a colour terminal)",
    examples: ["show", "show 60", "show like 100x30 ansi"],
    hints: [.layer, .keywords(["ascii", "ansi"]), .keywords(["ascii", "ansi"])], effect: .display
  ) { s, inv throws(Diagnostic) in
    var layer: LayerID? = nil
    var columns: Int? = nil
    var rows: Int? = nil
    var ansi = s.colorByDefault
    for t in inv.args {
      if t.text == "ascii" || t.text == "ansi" {
        ansi = t.text == "ansi"
        continue
      }
      if let first = t.text.first, first.isNumber {
        let parts = t.text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count <= 2, let c = Int(parts[0]), (1...1000).contains(c) else {
          throw inv.error(
            "bad size '\(t.text)'", hint: "columns from 1 to 1000, e.g. 80 or 80x24", at: t)
        }
        columns = c
        if parts.count == 2 {
          guard let r = Int(parts[1]), (1...1000).contains(r) else {
            throw inv.error("bad size '\(t.text)'", hint: "rows from 1 to 1000", at: t)
          }
          rows = r
        }
        continue
      }
      guard layer == nil else { throw inv.unexpected(t, expected: ["ascii", "ansi"]) }
      layer = try inv.layer(t, in: s.scene.model, orKeyword: ["ascii", "ansi"])
    }
    let (cols, r) = showSize(s, columns: columns ?? s.defaultColumns, rows: rows)
    if ansi {
      // Two pixels per character cell, rendered at that size directly.
      let canvas = SceneRenderer.render(s.scene, only: layer, width: cols, height: r * 2)
      let bg = SceneRenderer.rgba(s.scene.model.root.properties.backgroundColor, opacity: 1)
      let lines = AnsiEncoder.encode(
        canvas, columns: cols, rows: r, background: RGBA(r: bg.r, g: bg.g, b: bg.b, a: 1))
      s.sink.out(lines.joined(separator: "\n") + "\n")
      return
    }
    let canvas = SceneRenderer.render(s.scene, only: layer, width: cols * 2, height: r * 4)
    let lines = AsciiEncoder.encode(canvas, columns: cols, rows: r)
    s.sink.out(lines.map { $0.trimmingTrailingSpaces() }.joined(separator: "\n") + "\n")
  }

  /// The most rows `show` draws, given or derived.
  static let maxShowRows = 1000

  /// The character cells `show` draws: the given rows, or as many as keep the scene's aspect
  /// (cells are about twice as tall as wide). A scene too tall for that many rows at `columns`
  /// gets `maxShowRows` rows and proportionally fewer columns.
  static func showSize(_ s: Session, columns: Int, rows: Int?) -> (columns: Int, rows: Int) {
    if let rows { return (columns, rows) }
    let bounds = s.scene.model.root.properties.bounds.size
    let aspect = max(0, bounds.height) / max(bounds.width, 1)
    let wanted = (Double(columns) * aspect / 2).rounded()
    guard wanted > Double(maxShowRows) else { return (columns, max(1, Int(wanted))) }
    let fitting = (Double(maxShowRows) * 2 / aspect).rounded()
    return (max(1, min(columns, Int(fitting))), maxShowRows)
  }

  /// The most pixels a snapshot may have: 8192×8192, whose float canvas takes 1 GiB.

  static let snapshot = Command(
    name: "snapshot", usage: "snapshot FILE [scale N]",
    abstract: "write the current frame as an 8-bit RGBA PNG (.png) or a binary PPM (.ppm, P6)",
    examples: ["snapshot like.png", "snapshot big.png scale 4", "snapshot frame.ppm"],
    hints: [.file, .clauses], clauses: [OutputClause.snapshotScale.spec], effect: .display
  ) { s, inv throws(Diagnostic) in
    let fileToken = try inv.argument(1, "FILE")
    let scale = try inv.clauses(from: 2).value(OutputClause.snapshotScale, default: 1)
    let path = fileToken.text
    let isPNG = path.lowercased().hasSuffix(".png")
    guard isPNG || path.lowercased().hasSuffix(".ppm") else {
      throw inv.error(
        "snapshots are written as .png or .ppm files", hint: "name the file FILE.png",
        at: fileToken)
    }
    let root = s.scene.model.root
    let k = root.settings.pixelScale * scale
    let w = (root.properties.bounds.size.width * k).rounded()
    let h = (root.properties.bounds.size.height * k).rounded()
    guard w >= 1, h >= 1, w <= Limits.maxSnapshotSide, h <= Limits.maxSnapshotSide else {
      throw inv.error(
        "a \(ValueFormatting.number(w))×\(ValueFormatting.number(h)) snapshot is too large",
        hint: "snapshots are at most \(Limits.quoted(Limits.maxSnapshotSide)) pixels each way",
        at: fileToken)
    }
    // The target is checked before the frame is rendered: a bad path costs nothing.
    let target = try inv.writing(fileToken) { () throws(OutputError) in
      try AtomicFile.check(path)
    }
    // Ctrl-C during a slow render stops it; nothing is written.
    guard
      let canvas = SceneRenderer.render(
        s.scene, width: Int(w), height: Int(h), stop: s.interruptRequested)
    else { throw Diagnostic.interrupt() }
    try inv.writing(fileToken) { () throws(OutputError) in
      let bytes =
        isPNG
        ? try PNGFile.encode(canvas, path: path) : PPMEncoder.p6(canvas, background: .black)
      try AtomicFile.write(bytes, to: target)
    }
  }

  static let tree = Command(
    name: "tree", usage: "tree",
    abstract: "the layer tree with cells, key values and live particle counts",
    examples: ["tree"], effect: .display
  ) { s, inv throws(Diagnostic) in
    try inv.expectAtMost(0)
    s.sink.out(TreePrinter.render(s.scene))
  }

  static let count = Command(
    name: "count", usage: "count PATH",
    abstract: "live particles of a layer (its subtree) or of one cell, as a bare integer",
    examples: ["count like", "count like.emitterCells.sparkle"], hints: [.object], effect: .display
  ) { s, inv throws(Diagnostic) in
    try inv.expectAtMost(1)
    let ref = try inv.object(try inv.argument(1, "PATH"), in: s.scene.model)
    s.sink.out("\(s.scene.liveCount(of: ref))\n")
  }

  static let stats = Command(
    name: "stats", usage: "stats",
    abstract: "per cell: live, born, dropped, oldest age; and the clock", examples: ["stats"],
    effect: .display
  ) { s, inv throws(Diagnostic) in
    try inv.expectAtMost(0)
    let rows = s.scene.stats()
    var out = "time \(ValueFormatting.display(s.scene.now)) s\n"
    let table =
      [["cell", "live", "born", "dropped", "oldest"]]
      + rows.map {
        [
          $0.path, "\($0.live)", "\($0.born)", "\($0.dropped)",
          format3($0.oldestAge),
        ]
      }
    out += TreePrinter.table(table, rightAligned: [1, 2, 3, 4])
    s.sink.out(out)
  }
}

/// A number with three decimals (for ages and times in tables).
func format3(_ x: Double) -> String {
  let v = (x * 1000).rounded() / 1000
  var s = ValueFormatting.display(v)
  guard !s.contains("e") else { return s }
  if !s.contains(".") { s += ".0" }
  let parts = s.split(separator: ".")
  guard parts.count == 2 else { return s }
  let zeros = String(repeating: "0", count: max(0, 3 - parts[1].count))
  return String(parts[0]) + "." + String(parts[1]) + zeros
}
