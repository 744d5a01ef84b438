import Core
import Foundation

/// Looking at it: show, snapshot, sweep, tree, count, stats.
enum ViewCommands {
  static let all: [Command] = [show, snapshot, sweep, tree, count, stats]

  static let show = Command(
    name: "show", usage: "show [LAYER] [SIZE] [\(TerminalFormat.words.joined(separator: "|"))]",
    abstract: "draw the scene (or one layer's subtree) in the terminal: "
      + TerminalFormat.allCases.map(\.summary).joined(separator: ", "),
    discussion:
      "SIZE is in character cells for every format. kitty, sixel and iterm render the cells'"
      + " pixels: the cell size comes from the kernel (TIOCGWINSZ) or the terminal's answer to"
      + " CSI 16 t, else \(CellSize.fallback.width)×\(CellSize.fallback.height) pixels a cell."
      + " Their bytes are written even when the output is not a terminal. Burst's choice for"
      + " sixel: a fixed palette of 6 red × 7 green × 6 blue levels with 4×4 ordered (Bayer)"
      + " dithering, so the same frame always gives the same bytes. Plain show uses the format"
      + " --graphics chose (auto: a pixel format the terminal is known to show, else ansi or"
      + " ascii). " + TerminalFormat.textFramesNote + " See docs/terminal-graphics.md.",
    examples: ["show", "show 60", "show like 100x30 ansi", "show 40 kitty"],
    hints: [.layer, .keywords(TerminalFormat.words), .keywords(TerminalFormat.words)],
    effect: .display
  ) { s, inv throws(Diagnostic) in
    var layer: LayerID? = nil
    var columns: Int? = nil
    var rows: Int? = nil
    var format = s.graphics ?? TerminalFormat.default(color: s.colorByDefault)
    var sizeToken: Token? = nil
    for t in inv.args {
      if let f = TerminalFormat(rawValue: t.text) {
        format = f
        continue
      }
      if let first = t.text.first, first.isNumber {
        sizeToken = t
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
      guard layer == nil else { throw inv.unexpected(t, expected: TerminalFormat.words) }
      layer = try inv.layer(t, in: s.scene.model, orKeyword: TerminalFormat.words)
    }
    let cell = format.isPixels ? s.cellPixels() : CellSize.fallback
    let (cols, r) = showSize(
      s, columns: columns ?? s.defaultColumns, rows: rows,
      fitting: columns == nil ? s.defaultRows.map { max(1, $0 - promptRows) } : nil,
      cellAspect: cell.aspect)
    if format.isPixels {
      let w = cols * cell.width
      let h = r * cell.height
      guard Double(w) <= Limits.maxSnapshotSide, Double(h) <= Limits.maxSnapshotSide else {
        throw inv.error(
          "a picture of \(w)×\(h) pixels is too large",
          hint: "pictures are at most \(Limits.quoted(Limits.maxSnapshotSide)) pixels each way;"
            + " give fewer columns or rows", at: sizeToken ?? inv.nameToken)
      }
      guard
        let canvas = SceneRenderer.render(
          s.scene, only: layer, width: w, height: h, stop: s.interruptRequested)
      else { throw Diagnostic.interrupt() }
      let bytes = try inv.writing(inv.nameToken) { () throws(OutputError) in
        try TerminalPicture.encode(
          canvas, format: format, columns: cols, rows: r,
          background: TerminalPicture.background(s.scene))
      }
      s.sink.out(String(decoding: TerminalPicture.inFlow(bytes, rows: r), as: UTF8.self))
      return
    }
    if format == .ansi {
      // Two pixels per character cell, rendered at that size directly.
      guard
        let canvas = SceneRenderer.render(
          s.scene, only: layer, width: cols, height: r * 2, stamps: s.stamps,
          stop: s.interruptRequested)
      else { throw Diagnostic.interrupt() }
      let bg = SceneRenderer.rgba(s.scene.model.root.properties.backgroundColor, opacity: 1)
      let cells = AnsiEncoder.cells(
        canvas, columns: cols, rows: r, background: RGBA(r: bg.r, g: bg.g, b: bg.b, a: 1))
      s.sink.out(utf8: cells.bytes(lineEnding: "\n"))
      return
    }
    guard
      let canvas = SceneRenderer.render(
        s.scene, only: layer, width: cols * 2, height: r * 4, stamps: s.stamps,
        stop: s.interruptRequested)
    else { throw Diagnostic.interrupt() }
    let lines = AsciiEncoder.encode(canvas, columns: cols, rows: r)
    s.sink.out(lines.map { $0.trimmingTrailingSpaces() }.joined(separator: "\n") + "\n")
  }

  /// The most rows `show` draws, given or derived.
  static let maxShowRows = 1000

  /// The rows plain `show` leaves free below the picture: the command's line and the prompt.
  static let promptRows = 2

  /// The character cells `show` draws: the given rows, or as many as keep the scene's aspect
  /// (cells are `cellAspect` times as tall as wide: about twice for text). A scene too tall for that many rows at `columns`
  /// gets at most `fitting` rows (the terminal's height, for plain `show`) or `maxShowRows`,
  /// and proportionally fewer columns.
  static func showSize(
    _ s: Session, columns: Int, rows: Int?, fitting: Int? = nil, cellAspect: Double = 2
  ) -> (columns: Int, rows: Int) {
    if let rows { return (columns, rows) }
    let most = min(maxShowRows, fitting ?? maxShowRows)
    let bounds = s.scene.model.root.properties.bounds.size
    let aspect = max(0, bounds.height) / max(bounds.width, 1)
    let wanted = (Double(columns) * aspect / cellAspect).rounded()
    guard wanted > Double(most) else { return (columns, max(1, Int(wanted))) }
    let narrower = (Double(most) * cellAspect / aspect).rounded()
    return (max(1, min(columns, Int(narrower))), most)
  }

  /// The most pixels a snapshot may have: 8192×8192, whose float canvas takes 1 GiB.

  static let snapshot = Command(
    name: "snapshot", usage: "snapshot FILE [scale N]",
    abstract: "write the current frame as "
      + Suggestion.list(SnapshotFormat.allCases.map(\.summary)),
    discussion: "A FILE without an extension is written as FILE.png.",
    examples: ["snapshot like.png", "snapshot big.png scale 4", "snapshot frame.ppm"],
    hints: [.file, .clauses], clauses: [OutputClause.snapshotScale.spec], effect: .display
  ) { s, inv throws(Diagnostic) in
    let fileToken = try inv.argument(1, "FILE")
    let scale = try inv.clauses(from: 2).value(OutputClause.snapshotScale, default: 1)
    var path = fileToken.text
    // A name without an extension is a PNG (`snapshot like` writes like.png); a directory is
    // not a name.
    var isDirectory: ObjCBool = false
    if SnapshotFormat(path: path) == nil, !(path.split(separator: "/").last ?? "").contains("."),
      !path.hasSuffix("/"),
      !(FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        && isDirectory.boolValue)
    {
      path += SnapshotFormat.png.fileExtension
    }
    guard let format = SnapshotFormat(path: path) else {
      throw inv.error(
        "snapshots are written as "
          + Suggestion.list(SnapshotFormat.allCases.map(\.fileExtension)) + " files",
        hint: "name the file FILE" + SnapshotFormat.png.fileExtension, at: fileToken)
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
    // And once more before the encoding, the rest of a large picture's time.
    try s.checkInterrupt()
    try inv.writing(fileToken) { () throws(OutputError) in
      try AtomicFile.write(try format.encode(canvas, path: path), to: target)
    }
    s.wrote("a \(Int(w))×\(Int(h)) \(format.name)", to: path)
  }

  static let tree = Command(
    name: "tree", usage: "tree [LAYER]",
    abstract:
      "the layer tree with cells, key values and live particle counts (of LAYER: its subtree)",
    examples: ["tree", "tree like"], hints: [.layer], effect: .display
  ) { s, inv throws(Diagnostic) in
    try inv.expectAtMost(1)
    var top = SceneModel.rootID
    if let token = inv.args.first { top = try inv.layer(token, in: s.scene.model) }
    s.sink.out(TreePrinter.render(s.scene, from: top))
  }

  static let count = Command(
    name: "count", usage: "count [PATH]",
    abstract:
      "live particles of a layer (its subtree) or of one cell, as a bare integer; without"
      + " PATH, a line per emitter layer and the total",
    discussion:
      "Without PATH each emitter layer's line counts its own particles (its cells' and"
      + " sub-cells'), not its sublayers', so the lines add up to the last,"
      + " \(TreePrinter.totalWord).",
    examples: ["count like", "count like.emitterCells.sparkle", "count"], hints: [.object],
    effect: .display
  ) { s, inv throws(Diagnostic) in
    try inv.expectAtMost(1)
    guard let token = inv.args.first else {
      s.sink.out(TreePrinter.counts(s.scene))
      return
    }
    let ref = try inv.object(token, in: s.scene.model)
    s.sink.out("\(s.scene.liveCount(of: ref))\n")
  }

  static let stats = Command(
    name: "stats", usage: "stats",
    abstract: "per cell: live, born, stillborn, dropped, oldest age; and the clock",
    discussion:
      "born counts the births that lived (drawn lifetime > 0) and the dropped births;"
      + " stillborn counts the births whose drawn lifetime was 0 or less (a cell or layer"
      + " lifetime of 0, or a lifetimeRange wider than twice the lifetime): Core Animation draws"
      + " nothing for them and they emit no sub-cells, so they are counted apart. dropped counts"
      + " the births refused at scene.maxParticles.",
    examples: ["stats"], effect: .display
  ) { s, inv throws(Diagnostic) in
    try inv.expectAtMost(0)
    let rows = s.scene.stats()
    var out = "time \(ValueFormatting.display(s.scene.now)) s\n"
    let table =
      [["cell", "live", "born", "stillborn", "dropped", "oldest"]]
      + rows.map {
        [
          $0.path, "\($0.live)", "\($0.born)", "\($0.stillborn)", "\($0.dropped)",
          format3($0.oldestAge),
        ]
      }
    out += TreePrinter.table(table, rightAligned: [1, 2, 3, 4, 5])
    for r in rows where r.unsorted > 0 {
      out +=
        "\(r.path): \(r.unsorted) births of a step too long to sort were not split into born"
        + " and stillborn\n"
    }
    s.sink.out(out)
  }
}

/// How `show` draws the scene in the terminal; its words are `show`'s keywords.
enum TerminalFormat: String, CaseIterable, Sendable {
  case ascii
  case ansi
  case kitty
  case sixel
  case iterm

  /// The keywords, in declaration order.
  static let words = allCases.map(\.rawValue)

  /// The format `show` uses when none is named: colour where colour is wanted.
  static func `default`(color: Bool) -> TerminalFormat { color ? .ansi : .ascii }

  /// Whether it draws real pixels (and so needs the cell size in pixels).
  var isPixels: Bool {
    switch self {
    case .ascii, .ansi: return false
    case .kitty, .sixel, .iterm: return true
    }
  }

  /// How ascii and ansi frames draw particles, for the help of the commands that draw them.
  static let textFramesNote =
    "Burst's choice: ascii and ansi frames draw each particle up to"
    + " \(ValueFormatting.number(SpriteStamps.maxSide)) pixels of their canvas across from a"
    + " stamp, its exact drawing made once at a size rounded to 1/\(SpriteStamps.octaveSteps)"
    + " octave, a direction rounded to 1/\(SpriteStamps.turnSteps) turn and a position rounded"
    + " to 1/\(SpriteStamps.phaseSteps) pixel, then tinted; a cell may differ slightly from"
    + " the exact picture, which snapshot, record and the pixel formats draw."

  /// The keyword and what it draws, for `show`'s help.
  var summary: String {
    switch self {
    case .ascii: return "\(rawValue) with a luminance ramp"
    case .ansi:
      return "\(rawValue) with 24-bit colour half-blocks (the default on a colour terminal)"
    case .kitty: return "\(rawValue) pixels by the kitty graphics protocol"
    case .sixel: return "\(rawValue) pixels in 252 dithered colours"
    case .iterm: return "\(rawValue) pixels as an iTerm2 inline PNG"
    }
  }
}

/// The image files `snapshot` writes, each named by its extension.
enum SnapshotFormat: String, CaseIterable, Sendable {
  case png
  case ppm

  /// The format whose extension (in any case) ends `path`, or nil.
  init?(path: String) {
    let name = path.lowercased()
    guard let format = Self.allCases.first(where: { name.hasSuffix($0.fileExtension) }) else {
      return nil
    }
    self = format
  }

  /// `.png`, `.ppm`.
  var fileExtension: String { "." + rawValue }

  /// The format's name, as `snapshot` says what it wrote (`a 640×480 PNG`).
  var name: String { rawValue.uppercased() }

  /// What is written, for `snapshot`'s help.
  var summary: String {
    switch self {
    case .png: return "an 8-bit RGBA PNG (\(fileExtension))"
    case .ppm: return "a binary PPM (\(fileExtension), P6)"
    }
  }

  /// The file's bytes for `canvas` (`path` names it in errors).
  func encode(_ canvas: Canvas, path: String) throws(OutputError) -> [UInt8] {
    switch self {
    case .png: return try PNGFile.encode(canvas, path: path)
    case .ppm: return PPMEncoder.p6(canvas, background: .black)
    }
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
