import Core

// Running a sweep: its panels simulated on copies of the session, then shown in the terminal
// or written as a contact sheet.

extension Sweep {
  // MARK: - Running

  /// Simulates every panel on a copy of the session and shows or writes them. The session is
  /// never changed: a failure or Ctrl-C leaves nothing behind (and writes no file).
  static func run(_ plan: Plan, _ s: Session, _ inv: Invocation) throws(Diagnostic) {
    let start = s.scene.now
    let sink = PanelOutput(parent: s.sink)
    // Each panel visits its times in order, drawing each as it gets there.
    let order = plan.times.indices.sorted { (plan.times[$0], $0) < (plan.times[$1], $1) }
    let total = plan.values.count * plan.times.count
    var sheet: (layout: ContactSheet, canvas: Canvas)? = nil
    if plan.format == .png {
      let layout = contactSheet(plan)
      sheet = (layout, layout.canvas())
    }
    var lines = [[[String]]](
      repeating: [[String]](repeating: [], count: plan.values.count), count: plan.times.count)
    var done = 0
    for (vi, v) in plan.values.enumerated() {
      try s.checkInterrupt()
      let p = s.panel(sink: sink)
      try apply(v, plan.target, to: p, inv)
      for ti in order {
        try TimeCommands.advance(
          p, inPiecesTo: max(p.scene.now, TimeCommands.snapped(start + plan.times[ti])),
          for: inv.text)
        if var current = sheet {
          guard
            let canvas = SceneRenderer.render(
              p.scene, width: plan.width, height: plan.height, stop: s.interruptRequested)
          else { throw Diagnostic.interrupt() }
          var text = "\(plan.name)=\(v.label)"
          if plan.times.count > 1 { text += " +\(ValueFormatting.number(plan.times[ti]))s" }
          sheet = nil  // one reference to the canvas, so placing writes it in place
          current.layout.place(canvas, label: text, column: vi, row: ti, on: &current.canvas)
          sheet = current
        } else {
          lines[ti][vi] = try terminalPanel(p.scene, plan, s)
        }
        done += 1
        s.progress?.update(done, of: total, "panels")
      }
      s.droppedThisCommand += p.droppedThisCommand
    }
    if let sheet, let file = plan.file {
      try s.checkInterrupt()
      try inv.writing(file.token) { () throws(OutputError) in
        try AtomicFile.write(
          try PNGFile.encode(sheet.canvas, path: file.token.text), to: file.target)
      }
      s.wrote(
        Session.counted(total, "panel")
          + " (a \(sheet.canvas.width)×\(sheet.canvas.height) contact sheet)",
        to: file.token.text)
      return
    }
    s.sink.out(terminalText(plan, lines, path: inv.text.tokens[1].text))
  }

  /// Sets the value in a panel's scene.
  private static func apply(_ v: Value, _ target: Target, to p: Session, _ inv: Invocation)
    throws(Diagnostic)
  {
    switch target {
    case .property(let ref):
      try p.loadImageIfNeeded(v.value, token: v.token, in: inv.line)
      p.scene.model.apply(v.value, to: ref)
    case .option(let ref):
      p.scene.model.apply(v.value, to: ref)
    }
  }

  /// One panel's lines, each exactly `plan.width` cells wide.
  private static func terminalPanel(_ scene: Scene, _ plan: Plan, _ s: Session)
    throws(Diagnostic) -> [String]
  {
    let (w, h) = (plan.width, plan.height)
    if plan.format == .ansi {
      guard
        let canvas = SceneRenderer.render(
          scene, width: w, height: h * 2, stamps: s.stamps, stop: s.interruptRequested)
      else { throw Diagnostic.interrupt() }
      let bg = SceneRenderer.rgba(scene.model.root.properties.backgroundColor, opacity: 1)
      return AnsiEncoder.encode(
        canvas, columns: w, rows: h, background: RGBA(r: bg.r, g: bg.g, b: bg.b, a: 1))
    }
    guard
      let canvas = SceneRenderer.render(
        scene, width: w * 2, height: h * 4, stamps: s.stamps, stop: s.interruptRequested)
    else { throw Diagnostic.interrupt() }
    return AsciiEncoder.encode(canvas, columns: w, rows: h).map { pad($0, to: w) }
  }

  /// The panels in bands (one per time, in the order given), each band's panels in lines of
  /// `perRow` with a caption line under each.
  static func terminalText(_ plan: Plan, _ lines: [[[String]]], path: String) -> String {
    var out: [String] = []
    let spacer = String(repeating: " ", count: gap)
    for (ti, t) in plan.times.enumerated() {
      if !out.isEmpty { out.append("") }
      out.append("\(path) after \(ValueFormatting.number(t)) s")
      var first = 0
      while first < plan.values.count {
        let group = first..<min(plan.values.count, first + plan.perRow)
        if first > 0 { out.append("") }
        for row in 0..<plan.height {
          let parts = group.map { lines[ti][$0].indices.contains(row) ? lines[ti][$0][row] : "" }
          out.append(parts.joined(separator: spacer).trimmingTrailingSpaces())
        }
        let captions = group.map { caption(plan.values[$0].label, width: plan.width) }
        out.append(captions.joined(separator: spacer).trimmingTrailingSpaces())
        first = group.upperBound
      }
    }
    return out.joined(separator: "\n") + "\n"
  }

  /// A caption centred in `width` columns, cut with `..` when longer.
  static func caption(_ text: String, width: Int) -> String {
    var t = text
    if t.count > width {
      t = width < 3 ? String(t.prefix(width)) : String(t.prefix(width - 2)) + ".."
    }
    let left = (width - t.count) / 2
    return pad(String(repeating: " ", count: left) + t, to: width)
  }

  private static func pad(_ s: String, to width: Int) -> String {
    s.count >= width ? s : s + String(repeating: " ", count: width - s.count)
  }
}

/// Where a panel's output goes: what it prints is dropped; its warnings and errors go to the
/// session's, each text once for the whole sweep.
final class PanelOutput: OutputSink {
  let parent: OutputSink
  private var told: Set<String> = []

  init(parent: OutputSink) { self.parent = parent }

  func out(_ text: String) {}

  func err(_ text: String) {
    guard told.insert(text).inserted else { return }
    parent.err(text)
  }
}

extension Session {
  /// A copy of this session's state (scene, schedule, actions, timers) for one `sweep` panel:
  /// its commands that only print or write files are skipped, and it runs as inside a command,
  /// so the limits on scheduled runs count over the whole panel. Changing it changes nothing
  /// here.
  func panel(sink: OutputSink) -> Session {
    let p = Session(sink: sink, imageCache: imageCache)
    p.scene = scene
    p.undoable = undoable
    p.warnedThisCommand = []
    p.interruptRequested = interruptRequested
    p.skipsDisplayCommands = true
    p.checkpoints = [
      Checkpoint(scene: nil, state: Undoable(nextTimerID: 0), clockMoved: true)
    ]
    return p
  }
}
