import Core
import Foundation

/// Motion: record (PNG frames or an asciinema cast) and play (real time in the terminal).
enum MotionCommands {
  static let all: [Command] = [record, play]

  /// The most frames one `record` or `play` may produce.
  static let maxFrames = 100_000.0

  /// The number of frames for SECONDS at FPS, bounded.
  static func frameCount(_ seconds: Double, fps: Double, _ inv: Invocation, at t: Token)
    throws(Diagnostic) -> Int
  {
    let n = (seconds * fps).rounded()
    guard n >= 1 else { throw inv.error("that is less than one frame", at: t) }
    guard n <= maxFrames else {
      throw inv.error(
        "\(ValueFormatting.number(n)) frames is too many", hint: "at most 100000 frames", at: t)
    }
    return Int(n)
  }

  /// The character cells a `.cast` recording draws: `show`'s fit (`ViewCommands.showSize`)
  /// to the terminal it is made for, as wide as its columns and no taller than its rows (the
  /// whole screen: nothing else is on it while the recording plays), or at most
  /// `ViewCommands.maxShowRows` rows when the height is not known. The header says this size.
  static func castCells(_ s: Session) -> (columns: Int, rows: Int) {
    ViewCommands.showSize(s, columns: s.defaultColumns, rows: nil, fitting: s.defaultRows)
  }

  /// One ANSI frame of the scene at `cols`×`rows` cells, or nil when Ctrl-C stopped its
  /// drawing.
  static func ansiFrame(_ s: Session, cols: Int, rows: Int) -> TerminalCells? {
    guard
      let canvas = SceneRenderer.render(
        s.scene, width: cols, height: rows * 2, stamps: s.stamps, stop: s.interruptRequested)
    else { return nil }
    let bg = SceneRenderer.rgba(s.scene.model.root.properties.backgroundColor, opacity: 1)
    return AnsiEncoder.cells(
      canvas, columns: cols, rows: rows, background: RGBA(r: bg.r, g: bg.g, b: bg.b, a: 1))
  }

  static let record = Command(
    name: "record", usage: "record PATH SECONDS [fps N] [scale N] [dither KIND]",
    abstract:
      "advance the clock SECONDS, writing numbered PNG frames into directory PATH, or the"
      + " format PATH's extension names: "
      + RecordFormat.table.map { "\($0.what) (\($0.extensions.joined(separator: ", ")))" }
      .joined(separator: ", "),
    discussion:
      "A path ending in /, an existing directory or a name without an extension is a directory"
      + " of frames; any other extension is refused before anything is done. Frames go into a"
      + " temporary directory beside PATH, renamed to PATH when the last frame is"
      + " written, so PATH must be new or an empty directory. A file is streamed to a"
      + " temporary file frame by frame and renamed into place at the end: a"
      + " \(CastFile.fileExtension) may be at most"
      + " \(SystemError.mebibytes(Limits.maxCastBytes)), a GIF, animated PNG or video at most"
      + " \(SystemError.mebibytes(Limits.maxAnimationBytes)). The path is checked before"
      + " the clock moves; after a failure or Ctrl-C no frames or temporary files are left, and"
      + " the scene is put back as it was before the command, clock included. A"
      + " \(CastFile.fileExtension) fits the terminal it is made for, as show does: as wide as"
      + " it and no taller. A .gif loops, with one palette chosen for the recording from a"
      + " first pass over up to \(Limits.maxPaletteSamples) frames, at most"
      + " \(ValueFormatting.number(Limits.maxGIFFramesPerSecond)) fps; a clear background is"
      + " transparent. Videos need ffmpeg on PATH (Debian package \(VideoFile.package)); their"
      + " sides are rounded down to even, and their bytes depend on ffmpeg's version."
      + " docs/sharing.md compares the GIFs with ffmpeg's and ImageMagick's.",
    examples: [
      "record frames 2 fps 30", "record like.cast 1.5", "record like.gif 1.5",
      "record like.gif 1.5 dither none", "record like.png 1.5", "record like.mp4 1.5 scale 2",
    ],
    hints: [.file, .none, .clauses],
    clauses: [OutputClause.fps.spec, OutputClause.recordScale.spec, OutputClause.dither.spec],
    effect: .clock, undoneWhole: true
  ) { s, inv throws(Diagnostic) in
    let pathToken = try inv.argument(1, "PATH")
    let path = pathToken.text
    // Which output the path means, before anything else.
    let format: RecordFormat
    switch RecordFormat.choose(path) {
    case .success(let f): format = f
    case .failure(let refusal): throw inv.error(refusal.message, hint: refusal.hint, at: pathToken)
    }
    let secondsToken = try inv.argument(2, "SECONDS")
    let seconds = try inv.number(secondsToken, range: 0...Limits.maxRecordSeconds, what: "SECONDS")
    let opts = try inv.clauses(from: 3)
    let fps = try opts.value(OutputClause.fps, default: 30)
    let n = try frameCount(seconds, fps: fps, inv, at: secondsToken)
    let start = s.scene.now
    if opts.has(OutputClause.dither) && format != .gif {
      throw inv.error("dither applies to \(GIFFile.fileExtension) recordings only", at: pathToken)
    }
    // Everything about the output is checked, and its temporary file or directory made, before
    // the clock moves; a failure or Ctrl-C later removes them again.
    switch format {
    case .cast:
      guard !opts.has(OutputClause.recordScale) else {
        throw inv.error(
          "scale applies to PNG frames, not to a \(CastFile.fileExtension)", at: pathToken)
      }
      let (cols, rows) = castCells(s)
      let least = CastFile.minimumBytes(columns: cols, rows: rows, frames: n)
      guard least <= Limits.maxCastBytes else {
        throw inv.error(
          "\(n) frames of \(cols)×\(rows) cells would exceed the "
            + "\(SystemError.mebibytes(Limits.maxCastBytes)) limit for"
            + " \(CastFile.fileExtension) recordings",
          hint: "they take at least \(SystemError.mebibytes(least)): record fewer seconds or"
            + " use a lower fps", at: secondsToken)
      }
      let cast = try inv.writing(pathToken) { () throws(OutputError) in
        try CastFile(try AtomicFile.check(path), columns: cols, rows: rows)
      }
      defer { cast.discard() }
      try recordFrames(
        s, inv, count: n, fps: fps, start: start, at: pathToken,
        frame: { i throws(OutputError) in
          // A frame Ctrl-C stopped is not written (and the recording ends after it).
          guard let cells = ansiFrame(s, cols: cols, rows: rows) else { return }
          try cast.append(time: Double(i) / fps, frame: cells)
        }, finish: { () throws(OutputError) in try cast.finish() })
      s.wrote(
        Session.counted(n, "frame"), to: path, then: "play it with: asciinema play \(path)")
      return
    case .gif, .apng, .video:
      let (width, height) = try frameSize(s, inv, opts, count: n, at: pathToken)
      try recordAnimation(
        s, inv, format: format, path: pathToken, count: n, fps: fps, start: start,
        width: width, height: height, dither: try opts.value(OutputClause.dither, default: .ordered)
      )
      return
    case .frames:
      break
    }
    // A directory of numbered PNG frames.
    let (width, height) = try frameSize(s, inv, opts, count: n, at: pathToken)
    let frames = try inv.writing(pathToken) { () throws(OutputError) in
      try FrameDirectory(try FrameDirectory.check(path))
    }
    defer { frames.discard() }
    /// Frame i's PNG, from the scene as it is then, drawn and converted in `buffers` (reused
    /// frame after frame). Its bands are compressed in the thread that makes the frame: frames
    /// are made on every core instead (or on one, when asked).
    @Sendable func png(
      _ scene: Scene, _ i: Int, _ buffers: inout FrameBuffers,
      _ stop: @escaping @Sendable () -> Bool
    ) throws(OutputError) -> [UInt8] {
      try renderRGBA(scene, width: width, height: height, into: &buffers, stop: stop, path: path)
      return try PNGFile.encode(
        pixels: buffers.rgba, channels: 4, width: width, height: height, compression: .frames,
        path: path + "/" + String(format: frameName, i + 1), parallel: false)
    }
    try recordMade(
      s, inv, count: n, fps: fps, start: start, at: pathToken, make: png,
      write: { i, bytes throws(OutputError) in
        try frames.write(bytes, named: String(format: frameName, i + 1))
      }, finish: { () throws(OutputError) in try frames.commit() })
    let rate = ValueFormatting.number(fps)
    s.wrote(
      Session.counted(n, "frame"), to: path + "/",
      then: "make a video with: ffmpeg -framerate \(rate) -i \(path)/\(frameName)"
        + " -pix_fmt yuv420p \(path).mp4")
  }

  /// The clauses `record` takes for `format` (nil: not known yet): scale for the formats made
  /// of pixels, dither for a GIF only.
  static func recordClauses(for format: RecordFormat?) -> [ClauseSpec] {
    record.clauses.filter { spec in
      switch spec.name {
      case OutputClause.recordScale.spec.name: return format?.isPixels ?? true
      case OutputClause.dither.spec.name: return format.map { $0 == .gif } ?? true
      default: return true
      }
    }
  }

  /// The pixel size of `record`'s frames (the scene's bounds × pixelScale × `scale`), checked
  /// against the limits for `n` frames.
  static func frameSize(
    _ s: Session, _ inv: Invocation, _ opts: ParsedClauses, count n: Int, at pathToken: Token
  ) throws(Diagnostic) -> (Int, Int) {
    let root = s.scene.model.root
    let k = root.settings.pixelScale * (try opts.value(OutputClause.recordScale, default: 1))
    let w = (root.properties.bounds.size.width * k).rounded()
    let h = (root.properties.bounds.size.height * k).rounded()
    guard w * h * Double(n) <= Limits.maxRecordPixels else {
      throw inv.error(
        "\(n) frames of \(Int(w))×\(Int(h)) is too much to record",
        hint: "at most 2×10⁹ pixels in all: fewer frames, a lower fps or a smaller scale",
        at: pathToken)
    }
    guard w >= 1, h >= 1, w <= Limits.maxFrameSide, h <= Limits.maxFrameSide else {
      throw inv.error(
        "frames of \(Int(w))×\(Int(h)) are too large (at most \(Limits.quoted(Limits.maxFrameSide)) each way)",
        at: pathToken)
    }
    return (Int(w), Int(h))
  }

  /// Draws `scene` at `width`×`height` into `buffers.rgba` (straight-alpha RGBA); a frame
  /// dropped before or while it is drawn (`stop`) throws.
  static func renderRGBA(
    _ scene: Scene, width: Int, height: Int, into buffers: inout FrameBuffers,
    stop: @escaping @Sendable () -> Bool, path: String
  ) throws(OutputError) {
    guard !stop(),
      SceneRenderer.render(
        scene, width: width, height: height, into: &buffers.canvas, stop: stop),
      !stop()
    else { throw .system(path: path, reason: "the frame was dropped") }
    buffers.canvas.rgba8(into: &buffers.rgba)
  }

  /// The recording loop with each frame made by `make` (rendered and encoded from a snapshot
  /// of the scene) and written in order by `write`: on every core
  /// (`recordFramesInParallel`), or in this thread when ``recordWorkers`` is 1. The bytes
  /// are the same either way.
  static func recordMade(
    _ s: Session, _ inv: Invocation, count n: Int, fps: Double, start: Double, at pathToken: Token,
    make:
      @escaping @Sendable (Scene, Int, inout FrameBuffers, @escaping @Sendable () -> Bool)
      throws(OutputError) -> [UInt8],
    write: (Int, [UInt8]) throws(OutputError) -> Void, finish: () throws(OutputError) -> Void
  ) throws(Diagnostic) {
    let workers = recordWorkers ?? ProcessInfo.processInfo.activeProcessorCount
    if workers > 1 {
      try recordFramesInParallel(
        s, inv, count: n, fps: fps, start: start, at: pathToken, workers: workers, make: make,
        write: write, finish: finish)
    } else {
      var buffers = FrameBuffers()
      try recordFrames(
        s, inv, count: n, fps: fps, start: start, at: pathToken,
        frame: { i throws(OutputError) in
          try write(i, try make(s.scene, i, &buffers, { false }))
        }, finish: finish)
    }
  }

  /// The name of each frame `record` writes into a directory, as a format taking the frame's
  /// number from 1 (also ffmpeg's input pattern).
  static let frameName = "frame-%04d" + SnapshotFormat.png.fileExtension

  /// The recording loop: frame i shows the scene at start + i/fps, then the clock moves to the
  /// next frame's time; Ctrl-C is honoured between frames, before the output is put in place.
  private static func recordFrames(
    _ s: Session, _ inv: Invocation, count n: Int, fps: Double, start: Double, at pathToken: Token,
    frame: (Int) throws(OutputError) -> Void, finish: () throws(OutputError) -> Void
  ) throws(Diagnostic) {
    for i in 0..<n {
      try inv.writing(pathToken) { () throws(OutputError) in try frame(i) }
      try s.checkInterrupt()
      try s.advance(to: TimeCommands.snapped(start + Double(i + 1) / fps), for: inv.text)
      s.progress?.update(i + 1, of: n, "frames")
    }
    try s.checkInterrupt()
    try inv.writing(pathToken) { () throws(OutputError) in try finish() }
  }

  /// How many threads `record` renders and encode PNG frames on: nil for the active cores (1
  /// renders each frame in the command's own thread). Set for a task by tests and the benchmark
  /// to compare the two ways.
  @TaskLocal static var recordWorkers: Int?

  /// The recording loop with frames made on `workers` threads: the clock moves as in
  /// `recordFrames`, in this thread, and each frame's scene (a value: a snapshot) goes to a
  /// worker that renders and encodes it with `make`; this thread writes the frames in order with
  /// `write` as they come back, at most 2 × `workers` in flight. The same files as
  /// `recordFrames`, byte for byte. On a failure or Ctrl-C the frames in flight are told to
  /// stop, waited for and dropped.
  private static func recordFramesInParallel(
    _ s: Session, _ inv: Invocation, count n: Int, fps: Double, start: Double, at pathToken: Token,
    workers: Int,
    make:
      @escaping @Sendable (Scene, Int, inout FrameBuffers, @escaping @Sendable () -> Bool)
      throws(OutputError) -> [UInt8],
    write: (Int, [UInt8]) throws(OutputError) -> Void, finish: () throws(OutputError) -> Void
  ) throws(Diagnostic) {
    let pipeline = FramePipeline(workers: workers, depth: 2 * workers)
    defer { pipeline.drain() }
    var written = 0
    /// Writes the oldest frame in flight (waiting for it to be made).
    func writeOldest() throws(Diagnostic) {
      // Ctrl-C while a slow frame is being made ends the wait (and the frames are dropped).
      if !pipeline.waitForOldest(unless: s.interruptRequested) { try s.checkInterrupt() }
      guard let made = pipeline.takeOldest() else { return }
      let i = written
      try inv.writing(pathToken) { () throws(OutputError) in try write(i, try made.get()) }
      written += 1
    }
    for i in 0..<n {
      if pipeline.isFull { try writeOldest() }
      let scene = s.scene
      pipeline.submit { buffers, stop in
        Result { () throws(OutputError) in try make(scene, i, &buffers, stop) }
      }
      try s.advance(to: TimeCommands.snapped(start + Double(i + 1) / fps), for: inv.text)
      s.progress?.update(i + 1, of: n, "frames")
    }
    while !pipeline.isEmpty { try writeOldest() }
    try s.checkInterrupt()
    try inv.writing(pathToken) { () throws(OutputError) in try finish() }
  }

  static let play = Command(
    name: "play", usage: "play SECONDS [fps N] [speed X]",
    abstract:
      "advance the clock while drawing in the terminal in real time (alternate screen;"
      + " Ctrl-C stops and keeps the state reached)",
    discussion:
      "At its end play says the scene time it reached; Ctrl-C stops it between frames with the"
      + " scene as stepped so far, and says where (interrupted at t = …), as for step. "
      + TerminalFormat.textFramesNote,
    examples: ["play 2", "play 5 fps 60 speed 0.5"],
    hints: [.none, .clauses], clauses: [OutputClause.fps.spec, OutputClause.speed.spec],
    effect: .clock
  ) { s, inv throws(Diagnostic) in
    let secondsToken = try inv.argument(1, "SECONDS")
    let seconds = try inv.number(secondsToken, range: 0...Limits.maxRecordSeconds, what: "SECONDS")
    let opts = try inv.clauses(from: 2)
    let fps = try opts.value(OutputClause.fps, default: 30)
    let speed = try opts.value(OutputClause.speed, default: 1)
    let n = try frameCount(seconds, fps: fps, inv, at: secondsToken)
    guard let size = s.playTerminal() else {
      throw inv.error(
        "play needs a terminal", hint: "record FILE.cast SECONDS writes a recording instead",
        at: inv.nameToken)
    }
    let picture = s.graphics ?? .ansi
    let cell = picture.isPixels ? s.cellPixels() : CellSize.fallback
    let (cols, rows) = playCells(s, picture, cell: cell, terminal: size)
    let background = TerminalPicture.background(s.scene)
    let kittyImage = picture == .kitty ? TerminalPicture.playImageID : nil
    let start = s.scene.now
    let wallStart = Playback.monotonicSeconds()
    // Ctrl-C stops playback between frames and keeps the state reached; it is told (with the
    // time) once the alternate screen is left, as for step.
    var stopped = false
    do {
      s.sink.out(Playback.enterAlternateScreen + Playback.hideCursor + "\u{1B}[2J")
      defer {
        // The terminal keeps a kitty image's data until it is deleted.
        let free = kittyImage.map {
          String(decoding: KittyEncoder.delete(imageID: $0), as: UTF8.self)
        }
        s.sink.out((free ?? "") + Playback.showCursor + Playback.leaveAlternateScreen)
      }
      frames: for i in 0..<n {
        if s.interruptRequested() {
          stopped = true
          break
        }
        // The frame goes to the terminal as bytes, never made a string (it is large).
        var frame = Array((Playback.beginSynchronized + Playback.home).utf8)
        switch picture {
        case .ansi:
          guard let cells = ansiFrame(s, cols: cols, rows: rows) else {
            stopped = true
            break frames
          }
          frame += cells.bytes(lineEnding: "\r\n")
        case .ascii:
          guard
            let canvas = SceneRenderer.render(
              s.scene, width: cols * 2, height: rows * 4, stamps: s.stamps,
              stop: s.interruptRequested)
          else {
            stopped = true
            break frames
          }
          frame += Array(
            (AsciiEncoder.encode(canvas, columns: cols, rows: rows).joined(separator: "\r\n")
              + "\r\n").utf8)
        case .kitty, .sixel, .iterm:
          // The picture is drawn at the top left; kitty replaces its placement in place, sixel
          // and iTerm2 pictures are drawn over the last one.
          guard
            let canvas = SceneRenderer.render(
              s.scene, width: cols * cell.width, height: rows * cell.height,
              stop: s.interruptRequested)
          else {
            stopped = true
            break frames
          }
          frame += try inv.writing(inv.nameToken) { () throws(OutputError) in
            try TerminalPicture.encode(
              canvas, format: picture, columns: cols, rows: rows, background: background,
              kittyImage: kittyImage)
          }
          frame += Array("\u{1B}[\(rows + 1);1H".utf8)
        }
        let status = "t = \(format(s.scene.now)) s   frame \(i + 1)/\(n)   Ctrl-C stops"
        frame += Array(
          (String(status.prefix(cols)) + "\u{1B}[K" + Playback.endSynchronized).utf8)
        s.sink.out(utf8: frame)
        // The clock moves by exact frame intervals; the wall clock only paces the display.
        do throws(Diagnostic) {
          try s.advance(to: TimeCommands.snapped(start + Double(i + 1) / fps), for: inv.text)
        } catch {
          guard error.isInterrupt else { throw error }
          stopped = true
          break
        }
        Playback.sleep(until: wallStart + Double(i + 1) / (fps * speed)) { s.interruptRequested() }
      }
    }
    if stopped || s.interruptRequested() { throw Diagnostic.interrupt() }
    s.sink.out(
      "played \(Session.counted(n, "frame")), to t = \(Session.clockText(s.scene.now)) s\n")
  }

  static func format(_ t: Double) -> String { format3(t) }

  /// The cells `play` draws in `picture` on a terminal of `terminal` cells, leaving a row for
  /// the status line. The pixel formats are drawn no larger than the scene's own pixels
  /// (bounds × scene.pixelScale), so a 320×240 scene is a 320×240 picture on any terminal.
  static func playCells(
    _ s: Session, _ picture: TerminalFormat, cell: CellSize,
    terminal: (columns: Int, rows: Int)
  ) -> (Int, Int) {
    guard picture.isPixels else {
      return ViewCommands.showSize(
        s, columns: terminal.columns, rows: nil, fitting: terminal.rows - 1)
    }
    let root = s.scene.model.root
    let sceneWidth = root.properties.bounds.size.width * root.settings.pixelScale
    let wanted = (sceneWidth / Double(cell.width)).rounded(.up)
    let columns = wanted.isFinite && wanted >= 1 ? min(terminal.columns, Int(min(wanted, 1e6))) : 1
    return ViewCommands.showSize(
      s, columns: columns, rows: nil, fitting: terminal.rows - 1, cellAspect: cell.aspect)
  }
}
