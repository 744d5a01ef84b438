// burst-bench: the rendering workloads against kernel (b) (Sources/BenchKernels/sprite_kernel.c),
// and the `show` frame (README.md, "Benchmarks").

import BenchKernels
import Core
import Foundation
import Shell

/// One line of the kernel (b) table: Burst and (when there is one) kernel (b) on the same
/// frame, in ms (lower is better), with the throughput in sprites per second.
struct RenderRow {
  var name: String
  var n: Int
  var burst: [Double]
  var kernel: [Double]?
}

/// A square premultiplied texture of side `side`: a disc with a soft edge, warmer toward its
/// centre. The same floats are Burst's image and kernel (b)'s texture.
private func benchTexture(side: Int) -> [Float] {
  var texels = [Float](repeating: 0, count: side * side * 4)
  let r = Float(side) / 2
  for y in 0..<side {
    for x in 0..<side {
      let dx = Float(x) + 0.5 - r
      let dy = Float(y) + 0.5 - r
      let d = (dx * dx + dy * dy).squareRoot() / r
      let a = min(max((1 - d) * 2.5, 0), 1)
      let i = (y * side + x) * 4
      texels[i] = a
      texels[i + 1] = a * (0.6 + 0.4 * (1 - d))
      texels[i + 2] = a * 0.5
      texels[i + 3] = a
    }
  }
  return texels
}

/// A `width`×`height` scene with one emitter layer `e` whose cell `c` (image `contents`, at
/// `scale`) is born at `count` per second for 1 s over the whole scene and lives 2 s, so
/// `count` particles are alive at t = 1; rotations spread over ±π·τ, colours and alphas vary.
private func spriteScene(
  count: Int, width: Int, height: Int, contents: String, scale: Double,
  image: (String, SpriteImage)? = nil
) -> (Scene, LayerID) {
  var scene = Scene()
  if let image { scene.images[image.0] = image.1 }
  let c = "e.emitterCells.c."
  let settings: [(String, String)] = [
    ("scene.bounds", "0,0,\(width),\(height)"),
    ("scene.maxParticles", "\(Limits.maxParticles)"),
    ("e.emitterShape", "rectangle"), ("e.emitterPosition", "\(width / 2),\(height / 2)"),
    ("e.emitterSize", "\(width),\(height)"),
    (c + "birthRate", "\(count)"), (c + "lifetime", "2"),
    (c + "velocity", "5"), (c + "velocityRange", "5"), (c + "emissionRange", "6.283185307"),
    (c + "color", "rgba(1, 0.8, 0.4, 1)"), (c + "redRange", "0.2"), (c + "greenRange", "0.2"),
    (c + "blueRange", "0.2"), (c + "alphaRange", "0.6"), (c + "spin", "0"),
    (c + "spinRange", "6.283185307"), (c + "scale", "\(scale)"), (c + "contents", contents),
  ]
  do throws(ValueError) {
    let id = try scene.model.addLayer(named: "e", kind: .emitter, parent: SceneModel.rootID)
    try scene.model.addCell(named: "c", to: .layer(id))
    for (path, value) in settings {
      try scene.model.set(try scene.model.resolveProperty(path), text: value)
    }
  } catch {
    fatalError("burst-bench: building the sprite scene failed: \(error.message)")
  }
  for step in 1...60 { scene.advance(to: Double(step) / 60) }
  guard let id = scene.model.layerID(named: "e") else { fatalError("burst-bench: no e") }
  return (scene, id)
}

/// `sprites-100k-16px` / `sprites-1M-4px`: SceneRenderer.render of `count` sprites of a
/// `side`×`side` texture drawn at `side` px (scale 1, rotated) into 1920×1080 on every core (as
/// the program draws), and with `-1t` on one thread, each against kernel (b) (one thread)
/// drawing the same sprites (centre, rotation, size, clamped colour and alpha, in birth order)
/// over the same background, alternating run by run; ms per frame.
func spritesAgainstKernel(
  name: String, count: Int, side: Int, runs: Int, wants: (String) -> Bool
) -> ([RenderRow], String) {
  let width = 1920
  let height = 1080
  let texture = benchTexture(side: side)
  let path = "bench/sprite\(side).png"
  let image = SpriteImage(width: side, height: side, premultiplied: texture)
  var (scene, id) = spriteScene(
    count: count, width: width, height: height, contents: path, scale: 1, image: (path, image))

  var sprites: [kb_sprite] = []
  sprites.reserveCapacity(count)
  func unit(_ v: Float) -> Float { min(max(v, 0), 1) }
  for p in scene.particles(of: id) {
    let s = p.state
    sprites.append(
      kb_sprite(
        x: s.x, y: s.y, rotation: s.rotation, size: Float(side) * abs(s.scale),
        red: unit(s.red), green: unit(s.green), blue: unit(s.blue), alpha: unit(s.alpha)))
  }
  let bg = SceneRenderer.rgba(scene.model.root.properties.backgroundColor, opacity: 1)
  let background: [Float] = [bg.r, bg.g, bg.b, bg.a]
  var cCanvas = [Float](repeating: 0, count: width * height * 4)
  var written = 0
  func drawC() {
    cCanvas.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      kb_fill(base, Int32(width), Int32(height), background)
      written = kb_draw(
        base, Int32(width), Int32(height), texture, Int32(side), sprites, sprites.count)
    }
  }
  var burstCanvas = Canvas(width: 1, height: 1)
  var rows: [RenderRow] = []
  for (suffix, workers) in [("", Workers.everyCore), ("-1t", Workers.serial)]
  where wants(name + suffix) {
    scene.workers = workers
    let (burstTimes, cTimes) = alternatingFrames(
      runs: runs,
      burst: { burstCanvas = SceneRenderer.render(scene, width: width, height: height) },
      reference: drawC)
    rows.append(
      RenderRow(name: name + suffix, n: sprites.count, burst: burstTimes, kernel: cTimes))
  }
  let burstSum = burstCanvas.pixels.withUnsafeBufferPointer {
    kb_sum($0.baseAddress, Int32(width), Int32(height))
  }
  let cSum = kb_sum(cCanvas, Int32(width), Int32(height))
  let note =
    "\(name): \(sprites.count) sprites of a \(side)×\(side) texture at \(side) px (rotated, "
    + "colour and alpha varied) into \(width)×\(height), \(runs) runs; kernel (b) wrote "
    + "\(written) pixels (\(format(Double(written) / Double(max(sprites.count, 1)))) per "
    + "sprite); canvas sums Burst \(String(format: "%.6g", burstSum)), kernel (b) "
    + "\(String(format: "%.6g", cSum)) (ratio \(String(format: "%.4f", burstSum / cSum)))"
    + "; \(name) draws on every core, \(name)-1t on one thread (kernel (b): one thread)"
  return (rows, note)
}

/// `show-10k-ascii` / `show-10k-ansi`: what `show 80` and `show 200x60 ansi` do with a
/// 10,000-particle 320×240 scene of 16-point circles (`circle` at scale 0.5): render at the
/// terminal's pixel size and encode; ms per frame. As in `play`, the frames share one stamp cache
/// (SpriteStamps); the first frame of each, which makes the stamps, is timed apart in the note.
func showFrames(quick: Bool, runs: Int) -> ([RenderRow], [String]) {
  let count = quick ? 2_000 : 10_000
  let (scene, id) = spriteScene(
    count: count, width: 320, height: 240, contents: "circle", scale: 0.5)
  let live = scene.liveCount(of: .layer(id))
  let batch = 5
  var ascii: [Double] = []
  var ansi: [Double] = []
  var asciiLines: [String] = []
  var ansiBytes: [UInt8] = []
  let bg = SceneRenderer.rgba(scene.model.root.properties.backgroundColor, opacity: 1)
  let opaque = RGBA(r: bg.r, g: bg.g, b: bg.b, a: 1)
  let asciiStamps = SpriteStamps()
  let ansiStamps = SpriteStamps()
  let asciiFirst = seconds {
    _ = SceneRenderer.render(scene, width: 160, height: 120, stamps: asciiStamps)
  }
  let ansiFirst = seconds {
    _ = SceneRenderer.render(scene, width: 200, height: 120, stamps: ansiStamps)
  }
  for _ in 0..<runs {
    ascii.append(
      seconds {
        for _ in 0..<batch {
          let canvas = SceneRenderer.render(scene, width: 160, height: 120, stamps: asciiStamps)
          asciiLines = AsciiEncoder.encode(canvas, columns: 80, rows: 30)
        }
      } * 1e3 / Double(batch))
    ansi.append(
      seconds {
        for _ in 0..<batch {
          let canvas = SceneRenderer.render(scene, width: 200, height: 120, stamps: ansiStamps)
          ansiBytes = AnsiEncoder.cells(canvas, columns: 200, rows: 60, background: opaque)
            .bytes(lineEnding: "\n")
        }
      } * 1e3 / Double(batch))
  }
  let suffix = quick ? "2k" : "10k"
  let notes = [
    "show-\(suffix): \(live) circles of 16 pt in 320×240; `show 80` renders 160×120 and "
      + "encodes 80×30 characters (\(asciiLines.count) lines), `show 200x60 ansi` renders "
      + "200×120 and encodes 200×60 cells (\(ansiBytes.count) bytes "
      + "with the newlines); \(runs) runs of \(batch) frames",
    "show-\(suffix) stamps: the first frame (making the stamps) took "
      + "\(format(asciiFirst * 1e3)) ms for ascii (\(asciiStamps.stampsMade) stamps, "
      + "\(asciiStamps.bytes / 1024) KiB) and \(format(ansiFirst * 1e3)) ms for ansi "
      + "(\(ansiStamps.stampsMade) stamps, \(ansiStamps.bytes / 1024) KiB)",
  ]
  return (
    [
      RenderRow(name: "show-\(suffix)-ascii", n: live, burst: ascii, kernel: nil),
      RenderRow(name: "show-\(suffix)-ansi", n: live, burst: ansi, kernel: nil),
    ], notes
  )
}

/// What `play-720p` plays: every preset, in a 1280×720 scene from `settle` seconds (past its
/// start, where it is busiest: 3 s, the fireworks' 2.5 s), and every sample of
/// examples/samples (read from the working directory, the repository's root), from where its
/// script ends, its scene drawn as large as fits in 1280×720.
private struct PlaySubject {
  let name: String
  let script: String
}

private let playSubjects: [PlaySubject] = {
  let presets = BenchmarkHooks.presetNames.map { name in
    PlaySubject(
      name: name,
      script: "scene 1280x720\npreset \(name)\nstep \(name == "fireworks" ? "2.5" : "3")\n")
  }
  let folder = "examples/samples"
  let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
  let samples = files.filter { $0.hasSuffix(".burst") }.sorted().compactMap { file in
    (try? String(contentsOfFile: folder + "/" + file, encoding: .utf8)).map {
      PlaySubject(name: "sample-" + file.dropLast(".burst".count), script: $0)
    }
  }
  return presets + samples
}()

/// `play-720p-NAME`: what `play` does each frame through kitty in a window of 1280×720 pixels:
/// the scene stepped a 60th of a second, rendered as large as fits in 1280×720 (8×16-pixel
/// cells) and encoded (the frame to 8-bit RGB, then the kitty sequences); ms per frame, the
/// encoder's share in the note.
func playFrames(quick: Bool, runs: Int, wants: (String) -> Bool) -> ([RenderRow], [String]) {
  let frames = quick ? 10 : 30
  var rows: [RenderRow] = []
  var notes: [String] = []
  if !playSubjects.contains(where: { $0.name.hasPrefix("sample-") }) {
    notes.append("play-720p: no examples/samples here (run from the repository's root)")
  }
  for subject in playSubjects where wants("play-720p-\(subject.name)") {
    var (scene, errors) = BenchmarkHooks.scene(after: subject.script)
    guard errors.isEmpty else {
      fatalError("burst-bench: \(subject.name) failed: \(errors)")
    }
    let bounds = scene.model.root.properties.bounds.size
    let fit = min(1280 / bounds.width, 720 / bounds.height)
    let (width, height) = (
      Int((bounds.width * fit).rounded()), Int((bounds.height * fit).rounded())
    )
    let (columns, cellRows) = (max(1, width / 8), max(1, height / 16))
    let bg = SceneRenderer.rgba(scene.model.root.properties.backgroundColor, opacity: 1)
    let opaque = RGBA(r: bg.r, g: bg.g, b: bg.b, a: 1)
    var time = scene.now
    var totals: [Double] = []
    var renderTotal = 0.0
    var encodeTotal = 0.0
    var bytes = 0
    var live = 0
    for _ in 0..<runs {
      var renderTime = 0.0
      var encodeTime = 0.0
      for _ in 0..<frames {
        time += 1.0 / 60
        var canvas = Canvas(width: 1, height: 1)
        renderTime += seconds {
          scene.advance(to: time)
          canvas = SceneRenderer.render(scene, width: width, height: height)
        }
        encodeTime += seconds {
          let frame = RGB8Frame(canvas, background: opaque)
          bytes =
            KittyEncoder.encode(
              frame, columns: columns, rows: cellRows, imageID: 1, placementID: 1,
              moveCursor: false
            ).count
        }
      }
      live = scene.liveCount(of: .layer(SceneModel.rootID))
      totals.append((renderTime + encodeTime) * 1e3 / Double(frames))
      renderTotal += renderTime
      encodeTotal += encodeTime
    }
    let perFrame = 1e3 / Double(runs * frames)
    rows.append(
      RenderRow(name: "play-720p-\(subject.name)", n: live, burst: totals, kernel: nil))
    let what =
      subject.name.hasPrefix("sample-")
      ? "examples/samples/\(subject.name.dropFirst(7)).burst, from its end"
      : "the \(subject.name) preset in a 1280×720 scene"
    notes.append(
      "play-720p-\(subject.name): \(what) (t = \(format(scene.now)) s after), \(runs) runs of "
        + "\(frames) frames a 60th of a second apart (\(live) particles at the end), each stepped "
        + "and rendered at \(width)×\(height) "
        + "(\(format(renderTotal * perFrame)) ms a frame) and encoded for kitty "
        + "(\(format(encodeTotal * perFrame)) ms a frame, \(bytes / 1024) KiB)")
  }
  return (rows, notes)
}

/// The kernel (b) rows `wants` selects (by name), and their notes.
func renderWorkloads(quick: Bool, wants: (String) -> Bool) -> ([RenderRow], [String]) {
  var rows: [RenderRow] = []
  var notes: [String] = []
  let runs = quick ? 3 : 5
  let cases: [(String, Int, Int)] =
    quick
    ? [("sprites-10k-16px", 10_000, 16), ("sprites-100k-4px", 100_000, 4)]
    : [("sprites-100k-16px", 100_000, 16), ("sprites-1M-4px", 1_000_000, 4)]
  for (name, count, side) in cases where wants(name) || wants(name + "-1t") {
    FileHandle.standardError.write(Data("running \(name)…\n".utf8))
    let (more, note) = spritesAgainstKernel(
      name: name, count: count, side: side, runs: runs, wants: wants)
    rows += more
    notes.append(note)
  }
  if playSubjects.contains(where: { wants("play-720p-\($0.name)") }) {
    FileHandle.standardError.write(Data("running play…\n".utf8))
    let (more, moreNotes) = playFrames(quick: quick, runs: runs, wants: wants)
    rows += more
    notes += moreNotes
  }
  if wants("show-10k") || (quick && wants("show-2k")) {
    FileHandle.standardError.write(Data("running show…\n".utf8))
    let (more, moreNotes) = showFrames(quick: quick, runs: quick ? 3 : 7)
    rows += more
    notes += moreNotes
  }
  return (rows, notes)
}

/// Names `renderWorkloads` answers to, for checking `--filter`.
let renderNames =
  [
    "sprites-100k-16px", "sprites-1M-4px", "sprites-10k-16px", "sprites-100k-4px",
    "sprites-100k-16px-1t", "sprites-1M-4px-1t", "sprites-10k-16px-1t", "sprites-100k-4px-1t",
    "show-10k", "show-2k",
  ] + playSubjects.map { "play-720p-\($0.name)" }

/// The cells of the kernel (b) table, one row per workload: N, medians with min–max, the ratio
/// and sprites per second.
func renderTableCells(_ rows: [RenderRow]) -> [[String]] {
  rows.map { r in
    let burst = Sample(values: r.burst)
    let kernel = r.kernel.map { Sample(values: $0) }
    let ratio = kernel.map { String(format: "%.2f×", burst.middle / $0.middle) } ?? "—"
    let through = "\(format(Double(r.n) / burst.middle / 1e3)) M sprites/s"
    return [r.name, "\(r.n)", burst.text, kernel?.text ?? "—", ratio, through, "ms/frame"]
  }
}
