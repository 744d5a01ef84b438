// burst-bench: Burst's workloads against plain C reference kernels in the same process
// (README.md, "Benchmarks"). Run it in release mode: `swift run -c release burst-bench`.
//
// Options: `--quick` (fewer runs, smaller sizes: a smoke test), `--filter NAME` (only the
// workloads whose name contains NAME; repeatable).

import BenchKernels
import Core
import Foundation
import Shell

#if canImport(Glibc)
  import Glibc
#endif

// MARK: - Options

private struct Options {
  var quick = false
  var filters: [String] = []
  /// Print the tables as Markdown (README.md's "Benchmarks"; scripts/bench-table.sh).
  var markdown = false

  func wants(_ name: String) -> Bool {
    filters.isEmpty || filters.contains { name.contains($0) }
  }
}

private func parseOptions() -> Options {
  var options = Options()
  var args = CommandLine.arguments.dropFirst()
  while let arg = args.popFirst() {
    switch arg {
    case "--quick":
      options.quick = true
    case "--markdown":
      options.markdown = true
    case "--filter":
      guard let name = args.popFirst() else { usage("--filter needs a workload name") }
      options.filters.append(name)
    case "-h", "--help":
      print("usage: burst-bench [--quick] [--markdown] [--filter NAME]...")
      print(
        "workloads: steady-1M, render-100k, ascii-frame, ppm-1080p, step-1M-spread, "
          + "step-1M-fixed, scale-10k … scale-4M, births-10M, bytes-4M, peak-10M, "
          + "sprites-100k-16px, sprites-1M-4px, show-10k, png-1080p, png-vs-ppm-1080p, "
          + "record-1080p, record-gif-1080p, record-apng-1080p, record-mp4-1080p")
      exit(0)
    default:
      usage("unknown option '\(arg)'")
    }
  }
  return options
}

private func usage(_ message: String) -> Never {
  FileHandle.standardError.write(
    Data(
      "burst-bench: \(message)\nusage: burst-bench [--quick] [--markdown] [--filter NAME]...\n"
        .utf8))
  exit(64)
}

// MARK: - Timing

/// Wall-clock seconds taken by `body`.
/// `runs` runs of `stepsPerRun` steps each of Burst and of a reference, alternating run by run
/// so that a noisy neighbour slows both alike. Each step closure times one step and gives the
/// live count after it; the results are ns per particle-step per run, and every live count.
private func alternatingRuns(
  runs: Int, stepsPerRun: Int, burst: () -> (Double, Int), reference: () -> (Double, Int)
) -> (burst: [Double], reference: [Double], burstLive: [Int], referenceLive: [Int]) {
  var times: ([Double], [Double]) = ([], [])
  var lives: ([Int], [Int]) = ([], [])
  func run(_ step: () -> (Double, Int), _ live: inout [Int]) -> Double {
    var particleSteps = 0
    var elapsed = 0.0
    for _ in 0..<stepsPerRun {
      let (dt, n) = step()
      elapsed += dt
      particleSteps += n
      live.append(n)
    }
    return elapsed / Double(max(particleSteps, 1)) * 1e9
  }
  for _ in 0..<runs {
    times.0.append(run(burst, &lives.0))
    times.1.append(run(reference, &lives.1))
  }
  return (times.0, times.1, lives.0, lives.1)
}

func seconds(_ body: () -> Void) -> Double {
  let d = ContinuousClock().measure(body)
  return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
}

/// Milliseconds per run of `burst` and of `reference`, `runs` runs each, alternating run by run
/// so that a noisy neighbour slows both alike.
func alternatingFrames(runs: Int, burst: () -> Void, reference: () -> Void) -> (
  burst: [Double], reference: [Double]
) {
  var times: ([Double], [Double]) = ([], [])
  for _ in 0..<runs {
    times.0.append(seconds(burst) * 1e3)
    times.1.append(seconds(reference) * 1e3)
  }
  return times
}

func median(_ values: [Double]) -> Double {
  let s = values.sorted()
  guard !s.isEmpty else { return .nan }
  return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

/// One line of the table: a Burst figure, an optional C figure, in `unit`.
private struct Row {
  var name: String
  var burst: Double
  var reference: Double?
  var unit: String
  var runs: Int
}

func format(_ v: Double) -> String {
  if v >= 100 { return String(format: "%.0f", v) }
  if v >= 10 { return String(format: "%.1f", v) }
  if v >= 1 { return String(format: "%.2f", v) }
  return String(format: "%.3f", v)
}

// MARK: - Machine

private func machineLine() -> String {
  var u = utsname()
  var machine = "?"
  if uname(&u) == 0 {
    machine = withUnsafeBytes(of: &u.machine) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
  }
  var model = ""
  if let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
    let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
    let colon = line.firstIndex(of: ":")
  {
    model = ", " + line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
  }
  let cores = ProcessInfo.processInfo.activeProcessorCount
  return "machine: \(machine), \(cores) cores\(model)"
}

// MARK: - Scenes

/// The emitter cell both sides simulate: a constant-rate cell on a 320×240 rectangle emitter.
private struct CellSpec {
  var rate: Double
  var lifetime: Double
  var lifetimeRange = 0.0
  var velocity = 20.0
  var velocityRange = 10.0
  var emissionRange = 6.283_185_307_179_586
  var ax = 0.0
  var ay = 10.0
  var color = (red: 1.0, green: 0.8, blue: 0.4, alpha: 1.0)
  var colorRange = 0.2
  var redSpeed = 0.0
  var greenSpeed = -0.02
  var blueSpeed = 0.0
  var alphaSpeed = -0.05
  var scale = 0.2
  var scaleSpeed = 0.0
  var spin = 1.0
  var spinRange = 2.0
  /// Scene settings set before the cell's (key path, value).
  var settingsExtra: [(String, String)] = []

  /// Key paths and values, as a script would `set` them.
  var settings: [(String, String)] {
    let c = "e.emitterCells.c."
    return settingsExtra + [
      ("e.emitterShape", "rectangle"), ("e.emitterPosition", "160,120"),
      ("e.emitterSize", "320,240"),
      (c + "birthRate", "\(rate)"), (c + "lifetime", "\(lifetime)"),
      (c + "lifetimeRange", "\(lifetimeRange)"),
      (c + "velocity", "\(velocity)"), (c + "velocityRange", "\(velocityRange)"),
      (c + "emissionRange", "\(emissionRange)"),
      (c + "xAcceleration", "\(ax)"), (c + "yAcceleration", "\(ay)"),
      (c + "color", "rgba(\(color.red), \(color.green), \(color.blue), \(color.alpha))"),
      (c + "redRange", "\(colorRange)"), (c + "greenRange", "\(colorRange)"),
      (c + "blueRange", "\(colorRange)"),
      (c + "redSpeed", "\(redSpeed)"), (c + "greenSpeed", "\(greenSpeed)"),
      (c + "blueSpeed", "\(blueSpeed)"), (c + "alphaSpeed", "\(alphaSpeed)"),
      (c + "scale", "\(scale)"), (c + "scaleSpeed", "\(scaleSpeed)"),
      (c + "spin", "\(spin)"), (c + "spinRange", "\(spinRange)"),
      (c + "contents", "dot"),
    ]
  }

  /// The same cell for the C kernels.
  var birthParams: bk_birth_params {
    var q = bk_birth_params()
    q.lifetime = lifetime
    q.lifetime_range = 0
    q.x = 160
    q.y = 120
    q.width = 320
    q.height = 240
    q.longitude = 0
    q.emission_range = Float(emissionRange)
    q.velocity = Float(velocity)
    q.velocity_range = Float(velocityRange)
    q.ax = Float(ax)
    q.ay = Float(ay)
    q.az = 0
    q.red = Float(color.red)
    q.green = Float(color.green)
    q.blue = Float(color.blue)
    q.alpha = Float(color.alpha)
    q.red_range = Float(colorRange)
    q.green_range = Float(colorRange)
    q.blue_range = Float(colorRange)
    q.alpha_range = 0
    q.red_speed = Float(redSpeed)
    q.green_speed = Float(greenSpeed)
    q.blue_speed = Float(blueSpeed)
    q.alpha_speed = Float(alphaSpeed)
    q.scale = Float(scale)
    q.scale_range = 0
    q.scale_speed = Float(scaleSpeed)
    q.spin = Float(spin)
    q.spin_range = Float(spinRange)
    return q
  }
}

/// A scene with one emitter layer `e` holding one cell `c`, built through Core's public API.
private func makeScene(_ spec: CellSpec) -> (Scene, LayerID) {
  var scene = Scene()
  do throws(ValueError) {
    let id = try scene.model.addLayer(named: "e", kind: .emitter, parent: SceneModel.rootID)
    try scene.model.addCell(named: "c", to: .layer(id))
    for (path, value) in spec.settings {
      let ref = try scene.model.resolveProperty(path)
      try scene.model.set(ref, text: value)
    }
    return (scene, id)
  } catch {
    fatalError("burst-bench: building the scene failed: \(error.message)")
  }
}

/// The live particle count after `step` steps at 60 Hz: births of a constant-rate cell whose
/// n-th birth is at n / rate, as Burst counts them.
private func birthsThrough(step: Int, rate: Double) -> Int {
  Int((rate * Double(step) / 60 + 1e-9).rounded(.down))
}

// MARK: - Workloads

/// `steady-1M`: a cell at birthRate R and lifetime 10 stepped at 60 Hz until 10·R particles are
/// alive, then `stepsPerRun` more steps timed per run; ns per particle-step.
private func steady(quick: Bool) -> (Row, [String]) {
  let rate = quick ? 10_000.0 : 100_000.0
  let target = Int(rate * 10)
  let runs = quick ? 3 : 5
  let stepsPerRun = quick ? 20 : 60
  let spec = CellSpec(rate: rate, lifetime: 10)

  var (scene, id) = makeScene(spec)
  var step = 0
  let fillBurst = seconds {
    while scene.liveCount(of: .layer(id)) < target && step < 100 * 60 {
      step += 1
      scene.advance(to: Double(step) / 60)
    }
  }

  var params = spec.birthParams
  var pop = bk_population()
  guard bk_population_init(&pop, target + 4096, 12_345) == 0 else {
    fatalError("burst-bench: out of memory")
  }
  defer { bk_population_free(&pop) }
  var cStep = 0
  func stepC() {
    let births = birthsThrough(step: cStep + 1, rate: rate) - birthsThrough(step: cStep, rate: rate)
    let t0 = Double(cStep) / 60
    cStep += 1
    guard ref_step(&pop, &params, t0, Double(cStep) / 60, births) >= 0 else {
      fatalError("burst-bench: out of memory")
    }
  }
  let fillC = seconds {
    while cStep < step { stepC() }
  }

  let (burstTimes, cTimes, burstLive, cLive) = alternatingRuns(
    runs: runs, stepsPerRun: stepsPerRun,
    burst: {
      step += 1
      let t = Double(step) / 60
      return (seconds { scene.advance(to: t) }, scene.liveCount(of: .layer(id)))
    },
    reference: { (seconds { stepC() }, pop.count) })
  let notes = [
    "steady-1M: \(step - runs * stepsPerRun) fill steps (Burst \(format(fillBurst)) s, C "
      + "\(format(fillC)) s), then \(runs) runs of \(stepsPerRun) steps; live Burst "
      + "\(burstLive.min() ?? 0)…\(burstLive.max() ?? 0), C \(cLive.min() ?? 0)…"
      + "\(cLive.max() ?? 0); ns per particle-step"
  ]
  let row = Row(
    name: "steady-1M", burst: median(burstTimes), reference: median(cTimes),
    unit: "ns/particle-step", runs: runs)
  return (row, notes)
}

/// The dots of `render-100k`: born at `count` per second for 1 s, unrotated (a rotated 1.6 px
/// sprite's bounding box can reach 2.3 px, which Burst draws as a full sprite, not a splat).
private func renderSpec(count: Int) -> CellSpec {
  var spec = CellSpec(rate: Double(count), lifetime: 1)
  spec.spin = 0
  spec.spinRange = 0
  return spec
}

/// The 100k-dot scene of `render-100k`, stepped to t = 1 s (lifetime 1, so every particle born
/// is alive).
private func renderScene(count: Int) -> (Scene, LayerID) {
  var (scene, id) = makeScene(renderSpec(count: count))
  for step in 1...60 { scene.advance(to: Double(step) / 60) }
  return (scene, id)
}

/// `render-100k`: SceneRenderer.render of the dots into 320×240 against ref_fill (the black
/// background) + ref_evaluate + ref_splat on the same particles.
private func render(quick: Bool) -> (Row, [String]) {
  let count = quick ? 10_000 : 100_000
  let runs = quick ? 3 : 11
  let width = 320
  let height = 240
  let spec = renderSpec(count: count)
  let (scene, id) = renderScene(count: count)
  guard let image = scene.image(.builtin("dot")) else { fatalError("burst-bench: no dot") }

  // The same particles for C: each one's birth values recovered from its state now.
  let particles = scene.particles(of: id)
  var pop = bk_population()
  var frame = bk_frame()
  guard bk_population_init(&pop, particles.count, 1) == 0,
    bk_frame_init(&frame, particles.count) == 0
  else { fatalError("burst-bench: out of memory") }
  defer {
    bk_population_free(&pop)
    bk_frame_free(&frame)
  }
  var values = [Float](repeating: 0, count: Int(BK_COLUMNS))
  let ax = Float(spec.ax)
  let ay = Float(spec.ay)
  for p in particles {
    let s = p.state
    let tau = s.age
    let h = 0.5 * tau * tau
    let v0x = s.vx - ax * tau
    let v0y = s.vy - ay * tau
    values[Int(BK_PX)] = s.x - v0x * tau - ax * h
    values[Int(BK_PY)] = s.y - v0y * tau - ay * h
    values[Int(BK_PZ)] = s.z
    values[Int(BK_VX)] = v0x
    values[Int(BK_VY)] = v0y
    values[Int(BK_VZ)] = s.vz
    values[Int(BK_AX)] = ax
    values[Int(BK_AY)] = ay
    values[Int(BK_AZ)] = 0
    values[Int(BK_RED)] = s.red - Float(spec.redSpeed) * tau
    values[Int(BK_GREEN)] = s.green - Float(spec.greenSpeed) * tau
    values[Int(BK_BLUE)] = s.blue - Float(spec.blueSpeed) * tau
    values[Int(BK_ALPHA)] = s.alpha - Float(spec.alphaSpeed) * tau
    values[Int(BK_RED_SPEED)] = Float(spec.redSpeed)
    values[Int(BK_GREEN_SPEED)] = Float(spec.greenSpeed)
    values[Int(BK_BLUE_SPEED)] = Float(spec.blueSpeed)
    values[Int(BK_ALPHA_SPEED)] = Float(spec.alphaSpeed)
    values[Int(BK_SCALE)] = s.scale - Float(spec.scaleSpeed) * tau
    values[Int(BK_SCALE_SPEED)] = Float(spec.scaleSpeed)
    values[Int(BK_SPIN)] = tau > 0 ? s.rotation / tau : 0
    values[Int(BK_THETA)] = s.theta
    let pushed = bk_population_push(
      &pop, values, p.birthTime, p.birthTime + p.lifetime, UInt64(p.birthIndex))
    guard pushed == 0 else { fatalError("burst-bench: out of memory") }
  }

  let t = scene.emitterTime(of: id)
  let bounds = scene.model.root.properties.bounds.size
  let kx = Float(Double(width) / bounds.width)
  let ky = Float(Double(height) / bounds.height)
  let bg = SceneRenderer.rgba(scene.model.root.properties.backgroundColor, opacity: 1)
  let background: [Float] = [bg.r, bg.g, bg.b, bg.a]
  let m = image.meanColor
  let mean: [Float] = [m.r, m.g, m.b, m.a]
  var cCanvas = [Float](repeating: 0, count: width * height * 4)
  var burstCanvas = Canvas(width: 1, height: 1)
  var skipped = 0
  func drawC() {
    cCanvas.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      ref_fill(base, Int32(width), Int32(height), background)
      ref_evaluate(&pop, t, &frame)
      skipped = ref_splat(
        base, Int32(width), Int32(height), &frame, pop.count, Float(image.width),
        Float(image.height), mean, kx, ky, 1)
    }
  }

  let (burstTimes, cTimes) = alternatingFrames(
    runs: runs, burst: { burstCanvas = SceneRenderer.render(scene, width: width, height: height) },
    reference: drawC)
  // What Burst spends on the frame without particles (canvas and black background).
  var emptyTimes: [Double] = []
  let empty = Scene()
  for _ in 0..<runs {
    emptyTimes.append(
      seconds { burstCanvas = SceneRenderer.render(empty, width: width, height: height) } * 1e3)
  }
  burstCanvas = SceneRenderer.render(scene, width: width, height: height)
  // Both draw the same frame: the largest channel difference (Float vs Double rounding).
  var maxDiff: Float = 0
  for (a, b) in zip(burstCanvas.pixels, cCanvas) { maxDiff = max(maxDiff, abs(a - b)) }
  let notes = [
    "render-100k: \(particles.count) dots (scale \(spec.scale), \(image.width) px image) into "
      + "\(width)×\(height), \(runs) runs; C skipped \(skipped) non-splats; max channel "
      + "difference Burst vs C \(String(format: "%.1e", Double(maxDiff))); Burst's frame "
      + "without particles (background only) \(format(median(emptyTimes))) ms"
  ]
  let row = Row(
    name: "render-100k", burst: median(burstTimes), reference: median(cTimes), unit: "ms/frame",
    runs: runs)
  return (row, notes)
}

/// `ascii-frame`: AsciiEncoder.encode of the 160×120 canvas `show` renders for 80×30 cells.
private func ascii(quick: Bool) -> (Row, [String]) {
  let runs = quick ? 3 : 11
  let batch = 20
  let (scene, _) = renderScene(count: quick ? 10_000 : 100_000)
  let canvas = SceneRenderer.render(scene, width: 160, height: 120)
  var lines: [String] = []
  var times: [Double] = []
  for _ in 0..<runs {
    times.append(
      seconds {
        for _ in 0..<batch { lines = AsciiEncoder.encode(canvas, columns: 80, rows: 30) }
      } * 1e3 / Double(batch))
  }
  let drawn = lines.reduce(0) { $0 + $1.filter { $0 != " " }.count }
  let notes = [
    "ascii-frame: 160×120 canvas → 80×30 characters (\(drawn) non-blank), \(runs) runs of "
      + "\(batch)"
  ]
  return (Row(name: "ascii-frame", burst: median(times), unit: "ms/frame", runs: runs), notes)
}

/// `ppm-1080p`: PPMEncoder.p6 of a 1920×1080 canvas (the dot scene rendered at that size).
private func ppm(quick: Bool) -> (Row, [String]) {
  let runs = quick ? 3 : 11
  let (scene, _) = renderScene(count: quick ? 10_000 : 100_000)
  let canvas = SceneRenderer.render(scene, width: 1920, height: 1080)
  var bytes: [UInt8] = []
  var times: [Double] = []
  for _ in 0..<runs {
    times.append(seconds { bytes = PPMEncoder.p6(canvas, background: .black) } * 1e3)
  }
  let notes = ["ppm-1080p: 1920×1080 → \(bytes.count) bytes, \(runs) runs"]
  return (Row(name: "ppm-1080p", burst: median(times), unit: "ms/frame", runs: runs), notes)
}

extension Row {
  init(name: String, burst: Double, unit: String, runs: Int) {
    self.init(name: name, burst: burst, reference: nil, unit: unit, runs: runs)
  }
}

// MARK: - Against kernel (a)

/// A sample of runs: its median (`middle`), least and greatest.
struct Sample {
  var values: [Double]
  var middle: Double { median(values) }
  var min: Double { values.min() ?? .nan }
  var max: Double { values.max() ?? .nan }

  /// "median (min–max)".
  var text: String { "\(format(middle)) (\(format(min))–\(format(max)))" }
}

/// One line of the kernel (a) table: Burst and kernel (a) on the same workload at `n`, both
/// in `unit` (lower is better), with the throughput a run's median stands for.
private struct KernelRow {
  var name: String
  var n: Int
  var burst: Sample
  var kernel: Sample
  var unit: String
  /// Throughput of a value in `unit`, and its unit.
  var throughput: (Double) -> Double
  var throughputUnit: String
}

/// The kernel (a) parameters of the same cell: shared accelerations and rates, and what births
/// draw from.
private func kernelParams(_ spec: CellSpec) -> ka_params {
  var q = ka_params()
  q.ax = Float(spec.ax)
  q.ay = Float(spec.ay)
  q.red_speed = Float(spec.redSpeed)
  q.green_speed = Float(spec.greenSpeed)
  q.blue_speed = Float(spec.blueSpeed)
  q.alpha_speed = Float(spec.alphaSpeed)
  q.scale_speed = Float(spec.scaleSpeed)
  q.x = 160
  q.y = 120
  q.width = 320
  q.height = 240
  q.emission_range = Float(spec.emissionRange)
  q.velocity = Float(spec.velocity)
  q.velocity_range = Float(spec.velocityRange)
  q.red = Float(spec.color.red)
  q.green = Float(spec.color.green)
  q.blue = Float(spec.color.blue)
  q.alpha = Float(spec.color.alpha)
  q.color_range = Float(spec.colorRange)
  q.scale = Float(spec.scale)
  q.spin = Float(spec.spin)
  q.spin_range = Float(spec.spinRange)
  q.lifetime = Float(spec.lifetime)
  q.lifetime_range = Float(spec.lifetimeRange)
  return q
}

/// The resident set size now (VmRSS), or with `field` "VmHWM" its peak, in bytes.
private func residentBytes(_ field: String = "VmRSS") -> Int {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
    let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") })
  else { return 0 }
  let kb = line.split(separator: " ").compactMap { Int($0) }.first ?? 0
  return kb * 1024
}

/// Resets the peak resident set (VmHWM) to the current one (Linux's `clear_refs` 5); false
/// when the system does not allow it.
private func resetPeakResident() -> Bool {
  guard let file = fopen("/proc/self/clear_refs", "w") else { return false }
  defer { fclose(file) }
  return fputs("5", file) >= 0
}

/// How far the resident set rose above what it was when `body` started, at its peak (bytes;
/// nil where the peak cannot be reset).
private func peakGrowth(_ body: () -> Void) -> Int? {
  let before = residentBytes()
  let reset = resetPeakResident()
  body()
  guard reset else { return nil }
  return max(0, residentBytes("VmHWM") - before)
}

/// What a step workload measured, and the memory of its filled scene.
private struct StepResult {
  var row: KernelRow
  var note: String
  /// Bytes per live particle: the store's own accounting, the growth of the resident set
  /// while the scene filled, and kernel (a)'s allocation.
  var storeBytes: Double
  var residentBytes: Double
  var kernelBytes: Double
}

/// A step workload: one cell at birthRate N / 10 and lifetime 10 (± `spread` / 2), filled to
/// its steady state (N live) with one-second steps, then stepped at 60 Hz, Burst and kernel (a)
/// alternating run by run; ns per particle-step (births included on both sides).
private func stepAgainstKernel(name: String, live: Int, spread: Double, quick: Bool) -> StepResult {
  let rate = Double(live) / 10
  var spec = CellSpec(rate: rate, lifetime: 10)
  spec.lifetimeRange = spread
  if live > 2_000_000 { spec.settingsExtra = [("scene.maxParticles", "\(Limits.maxParticles)")] }
  let runs = quick ? 3 : 5
  let stepsPerRun = max(3, Int((quick ? 2e6 : 2e7) / Double(live)))
  let fillSeconds = Int((10 + spread / 2).rounded(.up)) + 1

  let rssBefore = residentBytes()
  var (scene, id) = makeScene(spec)
  var step = 0
  let fill = seconds {
    for s in 1...fillSeconds { scene.advance(to: Double(s)) }
  }
  step = fillSeconds * 60
  let rssAfter = residentBytes()
  let filled = scene.liveCount(of: .layer(id))

  var params = kernelParams(spec)
  var sys = ka_system()
  guard ka_init(&sys, live + live / 4, 0x5EED) == 0 else {
    fatalError("burst-bench: out of memory")
  }
  defer { ka_free(&sys) }
  // The kernel's steady state: ages spread over the longest lifetime, the dead removed by the
  // first step.
  let prefill = Int(rate * (10 + spread / 2))
  guard ka_emit(&sys, &params, prefill, Float(10 + spread / 2), Float(1 / rate)) == 0 else {
    fatalError("burst-bench: out of memory")
  }
  let dt = Float(1.0 / 60)
  _ = ka_step(&sys, &params, dt)
  var kStep = 0
  func stepKernel() {
    let births = birthsThrough(step: kStep + 1, rate: rate) - birthsThrough(step: kStep, rate: rate)
    kStep += 1
    _ = ka_step(&sys, &params, dt)
    guard ka_emit(&sys, &params, births, dt, dt / Float(max(births, 1))) == 0 else {
      fatalError("burst-bench: out of memory")
    }
  }

  let (burstTimes, kernelTimes, burstLive, kernelLive) = alternatingRuns(
    runs: runs, stepsPerRun: stepsPerRun,
    burst: {
      step += 1
      let t = Double(step) / 60
      return (seconds { scene.advance(to: t) }, scene.liveCount(of: .layer(id)))
    },
    reference: { (seconds { stepKernel() }, sys.count) })
  let row = KernelRow(
    name: name, n: live, burst: Sample(values: burstTimes), kernel: Sample(values: kernelTimes),
    unit: "ns/particle-step", throughput: { 1e3 / $0 }, throughputUnit: "M particle-steps/s")
  let note =
    "\(name): lifetime 10 ± \(format(spread / 2)) s, filled in \(fillSeconds) one-second steps "
    + "(\(format(fill)) s, \(filled) live), then \(runs) runs of \(stepsPerRun) steps at 60 Hz; "
    + "live Burst \(burstLive.min() ?? 0)…\(burstLive.max() ?? 0), kernel (a) "
    + "\(kernelLive.min() ?? 0)…\(kernelLive.max() ?? 0)"
  let stored = Double(scene.particleStorageBytes(of: id)) / Double(max(filled, 1))
  // Kernel (a) sized for its live count (its running system kept room for the prefill).
  var sized = ka_system()
  guard ka_init(&sized, sys.count, 1) == 0 else { fatalError("burst-bench: out of memory") }
  let kernelBytes = Double(ka_bytes(&sized)) / Double(max(sys.count, 1))
  ka_free(&sized)
  return StepResult(
    row: row, note: note, storeBytes: stored,
    residentBytes: Double(rssAfter - rssBefore) / Double(max(filled, 1)),
    kernelBytes: kernelBytes)
}

/// `births-10M`: one step from 0 to 1 s of a cell at birthRate 10,000,000 and lifetime 100 (so
/// every birth lives), against kernel (a) drawing as many newborns into its columns; births/s.
/// `peak-10M`: how far the resident set rose during it, per live particle, on both sides.
private func birthsAgainstKernel(quick: Bool) -> ([KernelRow], [String]) {
  let count = quick ? 1_000_000 : 10_000_000
  let runs = quick ? 3 : 5
  var spec = CellSpec(rate: Double(count), lifetime: 100)
  spec.settingsExtra = [("scene.maxParticles", "\(Limits.maxParticles)")]
  var params = kernelParams(spec)
  var burstTimes: [Double] = []
  var serialTimes: [Double] = []
  var kernelTimes: [Double] = []
  var live = 0
  var stored = 0.0
  var burstPeaks: [Double] = []
  var kernelPeaks: [Double] = []
  for _ in 0..<runs {
    // As the program draws them (long runs in pieces on every core), then on one thread.
    for (workers, asProgram) in [(Workers.everyCore, true), (Workers.serial, false)] {
      var (scene, id) = makeScene(spec)
      scene.workers = workers
      var time = 0.0
      let peak = peakGrowth { time = seconds { scene.advance(to: 1) } }
      guard asProgram else {
        serialTimes.append(time / Double(count) * 1e9)
        continue
      }
      burstTimes.append(time / Double(count) * 1e9)
      live = scene.liveCount(of: .layer(id))
      stored = Double(scene.particleStorageBytes(of: id)) / Double(max(live, 1))
      if let peak { burstPeaks.append(Double(peak) / Double(max(live, 1))) }
    }
    var sys = ka_system()
    guard ka_init(&sys, 0, 0x5EED) == 0 else { fatalError("burst-bench: out of memory") }
    var time = 0.0
    let peak = peakGrowth {
      time = seconds {
        guard ka_emit(&sys, &params, count, 1, 1 / Float(count)) == 0 else {
          fatalError("burst-bench: out of memory")
        }
      }
    }
    kernelTimes.append(time / Double(count) * 1e9)
    if let peak { kernelPeaks.append(Double(peak) / Double(max(sys.count, 1))) }
    ka_free(&sys)
  }
  let row = KernelRow(
    name: quick ? "births-1M" : "births-10M", n: count, burst: Sample(values: burstTimes),
    kernel: Sample(values: kernelTimes), unit: "ns/birth", throughput: { 1e3 / $0 },
    throughputUnit: "M births/s")
  let serialRow = KernelRow(
    name: quick ? "births-1M-1t" : "births-10M-1t", n: count, burst: Sample(values: serialTimes),
    kernel: Sample(values: kernelTimes), unit: "ns/birth", throughput: { 1e3 / $0 },
    throughputUnit: "M births/s")
  let note =
    "\(quick ? "births-1M" : "births-10M"): \(count) births in one `advance(to: 1)` (Burst cuts it into pieces of "
    + "\(Int(Scene().birthsPerPiece))), \(runs) runs; \(live) live after; store "
    + "\(format(stored)) bytes per live particle; drawn as the program draws them, runs of "
    + "\(2 * ParallelBirths.chunk) or more in pieces of \(ParallelBirths.chunk) on every core "
    + "(\(ProcessInfo.processInfo.activeProcessorCount) here; kernel (a) uses one); "
    + "\(quick ? "births-1M-1t" : "births-10M-1t") is Burst on one thread"
  guard !burstPeaks.isEmpty, !kernelPeaks.isEmpty else {
    return (
      [row, serialRow], [note, "peak-10M: not measured (/proc/self/clear_refs cannot be written)"]
    )
  }
  let peakName = quick ? "peak-1M" : "peak-10M"
  let peakRow = KernelRow(
    name: peakName, n: count, burst: Sample(values: burstPeaks),
    kernel: Sample(values: kernelPeaks), unit: "peak bytes/live particle",
    throughput: { $0 }, throughputUnit: "bytes (peak resident growth)")
  let peakNote =
    "\(peakName): how far the resident set (VmHWM, reset before each run) rose above where it "
    + "was while the \(count) births were drawn, over the live count after, for each side"
  return ([row, serialRow, peakRow], [note, peakNote])
}

/// The rows of the kernel (a) table that `options` wants, and their notes.
private func kernelWorkloads(_ options: Options) -> ([KernelRow], [String]) {
  var rows: [KernelRow] = []
  var notes: [String] = []
  let quick = options.quick
  func run(_ name: String, live: Int, spread: Double) -> StepResult? {
    guard options.wants(name) else { return nil }
    FileHandle.standardError.write(Data("running \(name)…\n".utf8))
    let r = stepAgainstKernel(name: name, live: live, spread: spread, quick: quick)
    rows.append(r.row)
    notes.append(r.note)
    return r
  }
  let million = quick ? 100_000 : 1_000_000
  _ = run(quick ? "step-100k-spread" : "step-1M-spread", live: million, spread: 4)
  _ = run(quick ? "step-100k-fixed" : "step-1M-fixed", live: million, spread: 0)
  let series: [(String, Int)] =
    quick
    ? [("scale-10k", 10_000), ("scale-40k", 40_000), ("scale-400k", 400_000)]
    : [
      ("scale-10k", 10_000), ("scale-40k", 40_000), ("scale-100k", 100_000),
      ("scale-400k", 400_000), ("scale-1M", 1_000_000), ("scale-4M", 4_000_000),
    ]
  let biggest = series.last?.0 ?? ""
  let bytesName = quick ? "bytes-400k" : "bytes-4M"
  for (name, n) in series {
    // The bytes row measures the largest scene of the series.
    let wanted = options.wants(name) || (name == biggest && options.wants(bytesName))
    guard wanted else { continue }
    FileHandle.standardError.write(Data("running \(name)…\n".utf8))
    let r = stepAgainstKernel(name: name, live: n, spread: 4, quick: quick)
    if options.wants(name) {
      rows.append(r.row)
      notes.append(r.note)
    }
    if name == biggest && options.wants(bytesName) {
      rows.append(
        KernelRow(
          name: bytesName, n: n, burst: Sample(values: [r.storeBytes]),
          kernel: Sample(values: [r.kernelBytes]), unit: "bytes/live particle",
          throughput: { $0 }, throughputUnit: "bytes (store's own accounting)"))
      notes.append(
        "\(bytesName): Burst's figure is the particle store's own accounting (capacity × "
          + "bytes per slot, every column) over the live count; the resident set grew by "
          + "\(format(r.residentBytes)) bytes per live particle while the scene filled; "
          + "kernel (a): its one allocation, sized for its live count, over that count")
    }
  }
  if options.wants("births-10M") || options.wants("peak-10M")
    || (quick && (options.wants("births-1M") || options.wants("peak-1M")))
  {
    FileHandle.standardError.write(Data("running births…\n".utf8))
    let (more, moreNotes) = birthsAgainstKernel(quick: quick)
    rows += more
    notes += moreNotes
  }
  return (rows, notes)
}

// MARK: - Files and record (through the Shell)

/// One line of the Shell table: Burst and a reference (`referenceName`) on the same workload at
/// `n`, both in `unit` (lower is better), with Burst's throughput.
private struct VersusRow {
  var name: String
  var n: Int
  var burst: Sample
  var reference: Sample
  var referenceName: String
  var unit: String
  var throughput: String
}

/// The sparkles sample (examples/samples/sparkles.burst) in a 1920×1080 scene: the same cell,
/// its glow scaled by 1080/667 (the sample's height) so it covers as much of the frame, at its
/// steady state (2.5 s).
private let sparkles1080p = """
  scene 1920x1080 #000000
  emitter sparkEmitter
  set sparkEmitter frame=0,0,1920,1080 renderMode=kCAEmitterLayerAdditive \\
      emitterPosition=960,540
  cell sparkEmitter smallStar
  set sparkEmitter.emitterCells.smallStar contents=spark birthRate=150 lifetime=5.0 \\
      color=rgba(1,0.5,0.1,1.0) alphaSpeed=-0.4 velocity=81 velocityRange=81 \\
      emissionRange=M_PI*2.0 scale=1.62
  step 2.5

  """

/// A new empty directory under the system's temporary directory.
private func scratchDirectory(_ name: String) -> String {
  let path = NSTemporaryDirectory() + "burst-bench-\(name)-\(getpid())"
  try? FileManager.default.removeItem(atPath: path)
  try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}

/// `png-1080p` and `png-vs-ppm-1080p`: a 1080p frame of the sparkles sample written as
/// `snapshot` writes it (encoded, then through the atomic writer, without the final fsync),
/// as PNG by Burst's writer, by libpng's simplified writer with its defaults (what Burst wrote
/// before), and as PPM.
private func pngRows(quick: Bool) -> ([VersusRow], [String]) {
  let runs = quick ? 3 : 7
  let (scene, errors) = BenchmarkHooks.scene(after: sparkles1080p)
  guard errors.isEmpty else { fatalError("burst-bench: the sparkles scene failed: \(errors)") }
  let canvas = SceneRenderer.render(scene, width: 1920, height: 1080)
  let dir = scratchDirectory("png")
  defer { try? FileManager.default.removeItem(atPath: dir) }
  var times: (png: [Double], old: [Double], ppm: [Double]) = ([], [], [])
  var sizes = (png: 0, old: 0, ppm: 0)
  /// Milliseconds taken by one write, whose size goes to `size`.
  func ms(_ size: inout Int, _ write: () throws -> Int) -> Double {
    var bytes = 0
    let t = seconds {
      do {
        bytes = try write()
      } catch {
        fatalError("burst-bench: writing the frame failed: \(error)")
      }
    }
    size = bytes
    return t * 1e3
  }
  for _ in 0..<runs {
    times.png.append(ms(&sizes.png) { try BenchmarkHooks.writePNG(canvas, to: dir + "/new.png") })
    times.old.append(
      ms(&sizes.old) {
        try BenchmarkHooks.writePNG(canvas, to: dir + "/old.png", writer: .libpngSimplified)
      })
    times.ppm.append(ms(&sizes.ppm) { try BenchmarkHooks.writePPM(canvas, to: dir + "/f.ppm") })
  }
  let pixels = 1920 * 1080
  let png = Sample(values: times.png)
  let mb = { (ms: Double) in "\(format(Double(pixels) * 4 / ms / 1e3)) MB/s (RGBA)" }
  let rows = [
    VersusRow(
      name: "png-1080p", n: pixels, burst: png, reference: Sample(values: times.old),
      referenceName: "libpng, defaults", unit: "ms/frame", throughput: mb(png.middle)),
    VersusRow(
      name: "png-vs-ppm-1080p", n: pixels, burst: png, reference: Sample(values: times.ppm),
      referenceName: "PPM", unit: "ms/frame", throughput: mb(png.middle)),
  ]
  let notes = [
    "png-1080p: the sparkles sample at 1920×1080 (\(scene.liveCount(of: .layer(SceneModel.rootID))) particles), encoded and "
      + "written through the atomic writer without the final fsync, \(runs) runs; PNG "
      + "\(sizes.png) bytes from Burst's writer, \(sizes.old) from libpng's with its defaults ("
      + String(format: "%.2f×", Double(sizes.png) / Double(max(sizes.old, 1)))
      + "), PPM \(sizes.ppm) bytes"
  ]
  return (rows, notes)
}

/// `record-1080p`: `record` of 1 s at 30 fps of the sparkles sample at 1920×1080, frames made on
/// every core against frames made one by one in the command's thread; the frames of the two
/// are compared byte for byte.
private func recordRow(quick: Bool) -> ([VersusRow], [String]) {
  let runs = quick ? 3 : 5
  let seconds1 = quick ? 0.5 : 1.0
  let frames = Int(seconds1 * 30)
  let cores = ProcessInfo.processInfo.activeProcessorCount
  let dir = scratchDirectory("record")
  defer { try? FileManager.default.removeItem(atPath: dir) }
  var parallel: [Double] = []
  var sequential: [Double] = []
  func record(_ name: String, workers: Int) -> Double {
    try? FileManager.default.removeItem(atPath: dir + "/" + name)
    var errors = ""
    let t = seconds {
      errors = BenchmarkHooks.run(
        sparkles1080p + "record \(dir)/\(name) \(seconds1)\n", recordWorkers: workers)
    }
    guard errors.isEmpty else { fatalError("burst-bench: record failed: \(errors)") }
    return t / Double(frames) * 1e3
  }
  // The setup (filling the scene to its steady state) is timed with the frames; it is the
  // same on both sides and small next to them.
  for _ in 0..<runs {
    parallel.append(record("parallel", workers: cores))
    sequential.append(record("sequential", workers: 1))
  }
  var identical = true
  for k in 1...frames {
    let name = String(format: "/frame-%04d.png", k)
    let a = FileManager.default.contents(atPath: dir + "/parallel" + name)
    let b = FileManager.default.contents(atPath: dir + "/sequential" + name)
    identical = identical && a != nil && a == b
  }
  let p = Sample(values: parallel)
  var load = ""
  if let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) {
    load = text.split(separator: " ").prefix(3).joined(separator: " ")
  }
  let row = VersusRow(
    name: "record-1080p", n: frames, burst: p, reference: Sample(values: sequential),
    referenceName: "one thread", unit: "ms/frame",
    throughput: "\(format(1e3 / p.middle)) frames/s on \(cores) cores")
  let note =
    "record-1080p: `record` of \(frames) frames (\(format(seconds1)) s at 30 fps) of the "
    + "sparkles sample at 1920×1080, \(runs) runs each way, setup included; speed-up "
    + String(format: "%.2f×", median(sequential) / p.middle) + " with \(cores) workers; "
    + "frames \(identical ? "byte-identical" : "DIFFERENT") both ways; load average \(load)"
  return ([row], [note])
}

/// `record-gif-1080p`, `record-apng-1080p`, `record-mp4-1080p`: `record` of the 1080p sparkles
/// into each file format (issue 24) against `record DIR` of the same frames (PNG files), on
/// every core; the setup is timed with the frames, as in `record-1080p`. The MP4 row is left
/// out when ffmpeg is not on PATH.
private func recordFormatRows(quick: Bool, wanted: (String) -> Bool) -> ([VersusRow], [String]) {
  let runs = quick ? 2 : 3
  let seconds1 = quick ? 0.5 : 1.0
  let frames = Int(seconds1 * 30)
  let dir = scratchDirectory("record-formats")
  defer { try? FileManager.default.removeItem(atPath: dir) }
  func record(_ name: String) -> (ms: Double, bytes: Int) {
    try? FileManager.default.removeItem(atPath: dir + "/" + name)
    var errors = ""
    let t = seconds {
      errors = BenchmarkHooks.run(
        sparkles1080p + "record \(dir)/\(name) \(seconds1)\n", recordWorkers: nil)
    }
    guard errors.isEmpty else { fatalError("burst-bench: record failed: \(errors)") }
    let path = dir + "/" + name
    var size = 0
    if let names = try? FileManager.default.contentsOfDirectory(atPath: path) {
      for n in names {
        size +=
          (try? FileManager.default.attributesOfItem(atPath: path + "/" + n)[.size] as? Int) ?? 0
      }
    } else {
      size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }
    return (t / Double(frames) * 1e3, size)
  }
  var formats = [("gif", "take.gif"), ("apng", "take.png")]
  if BenchmarkHooks.ffmpegAvailable { formats.append(("mp4", "take.mp4")) }
  formats = formats.filter { wanted("record-\($0.0)-1080p") }
  guard !formats.isEmpty else { return ([], []) }
  var reference: [Double] = []
  var referenceBytes = 0
  var times: [String: [Double]] = [:]
  var bytes: [String: Int] = [:]
  for _ in 0..<runs {
    let r = record("frames")
    reference.append(r.ms)
    referenceBytes = r.bytes
    for (format, name) in formats {
      let m = record(name)
      times[format, default: []].append(m.ms)
      bytes[format] = m.bytes
    }
  }
  var rows: [VersusRow] = []
  var notes: [String] = []
  for (kind, _) in formats {
    let p = Sample(values: times[kind]!)
    rows.append(
      VersusRow(
        name: "record-\(kind)-1080p", n: frames, burst: p, reference: Sample(values: reference),
        referenceName: "PNG frames", unit: "ms/frame",
        throughput: "\(format(1e3 / p.middle)) frames/s, \(bytes[kind]!) bytes"))
  }
  notes.append(
    "record-gif/apng/mp4-1080p: `record` of \(frames) frames (\(format(seconds1)) s at 30 fps) of"
      + " the sparkles sample at 1920×1080 into each format against `record DIR` (PNG frames,"
      + " \(referenceBytes) bytes), \(runs) runs each, setup included; MP4 bytes depend on"
      + " ffmpeg's version")
  return (rows, notes)
}

/// The rows of the Shell table that `options` wants, and their notes.
private func shellWorkloads(_ options: Options) -> ([VersusRow], [String]) {
  var rows: [VersusRow] = []
  var notes: [String] = []
  if options.wants("png-1080p") || options.wants("png-vs-ppm-1080p") {
    FileHandle.standardError.write(Data("running png-1080p…\n".utf8))
    let (more, moreNotes) = pngRows(quick: options.quick)
    rows += more.filter { options.wants($0.name) }
    notes += moreNotes
  }
  if options.wants("record-1080p") {
    FileHandle.standardError.write(Data("running record-1080p…\n".utf8))
    let (more, moreNotes) = recordRow(quick: options.quick)
    rows += more
    notes += moreNotes
  }
  if ["record-gif-1080p", "record-apng-1080p", "record-mp4-1080p"].contains(where: options.wants) {
    FileHandle.standardError.write(Data("running record-gif/apng/mp4-1080p…\n".utf8))
    let (more, moreNotes) = recordFormatRows(quick: options.quick, wanted: options.wants)
    rows += more
    notes += moreNotes
  }
  return (rows, notes)
}

// MARK: - Main

private let options = parseOptions()
private let workloads: [(String, (Bool) -> (Row, [String]))] = [
  ("steady-1M", steady), ("render-100k", render), ("ascii-frame", ascii), ("ppm-1080p", ppm),
]
private let selected = workloads.filter { options.wants($0.0) }
/// The kernel (a) rows, for checking `--filter` before anything runs.
private let kernelNames = [
  "step-1M-spread", "step-1M-fixed", "step-100k-spread", "step-100k-fixed", "scale-10k",
  "scale-40k", "scale-100k", "scale-400k", "scale-1M", "scale-4M", "bytes-4M", "bytes-400k",
  "births-10M", "births-1M", "births-10M-1t", "births-1M-1t", "peak-10M", "peak-1M",
]
/// The Shell rows.
private let shellNames = [
  "png-1080p", "png-vs-ppm-1080p", "record-1080p", "record-gif-1080p", "record-apng-1080p",
  "record-mp4-1080p",
]
if selected.isEmpty && !(kernelNames + shellNames).contains(where: options.wants)
  && !renderNames.contains(where: options.wants)
{
  usage("no workload matches \(options.filters.joined(separator: ", "))")
}

print("burst-bench\(options.quick ? " --quick" : "") — Burst vs C reference, medians")
print(machineLine())
private var rows: [Row] = []
private var notes: [String] = []
for (name, run) in selected {
  FileHandle.standardError.write(Data("running \(name)…\n".utf8))
  let (row, more) = run(options.quick)
  rows.append(row)
  notes += more
}
private let (kernelRows, kernelNotes) = kernelWorkloads(options)
private let (renderRows, renderNotes) = renderWorkloads(quick: options.quick, wants: options.wants)
private let (shellRows, shellNotes) = shellWorkloads(options)
if selected.isEmpty && kernelRows.isEmpty && renderRows.isEmpty && shellRows.isEmpty {
  usage("no workload matches \(options.filters.joined(separator: ", "))")
}

private func pad(_ s: String, _ width: Int) -> String {
  s.count >= width ? s : s + String(repeating: " ", count: width - s.count)
}

/// Prints a table: columns padded to `widths`, or with `--markdown` as a Markdown table (what
/// README.md's "Benchmarks" shows).
private func table(_ title: String?, _ header: [String], _ widths: [Int], _ rows: [[String]]) {
  print("")
  if let title { print(title) }
  if options.markdown {
    if title != nil { print("") }
    print("| " + header.joined(separator: " | ") + " |")
    print("|" + header.map { _ in "---|" }.joined())
    for r in rows { print("| " + r.joined(separator: " | ") + " |") }
    return
  }
  func line(_ cells: [String]) -> String {
    zip(cells, widths).map { pad($0, $1) }.joined() + cells.dropFirst(widths.count).joined()
  }
  print(line(header))
  for r in rows { print(line(r)) }
}

if !rows.isEmpty {
  table(
    nil, ["workload", "Burst", "C", "ratio", "unit"], [13, 10, 10, 9],
    rows.map { r in
      let c = r.reference.map(format) ?? "—"
      let ratio = r.reference.map { String(format: "%.2f×", r.burst / $0) } ?? "—"
      return [r.name, format(r.burst), c, ratio, r.unit]
    })
}
if !kernelRows.isEmpty {
  table(
    "against kernel (a) (integrating step, \(String(cString: ka_path())) compaction):",
    [
      "workload", "N", "Burst median (min–max)", "kernel (a) median (min–max)", "ratio",
      "Burst throughput", "unit",
    ], [17, 10, 25, 29, 8, 30],
    kernelRows.map { r in
      let ratio = String(format: "%.2f×", r.burst.middle / r.kernel.middle)
      let through = "\(format(r.throughput(r.burst.middle))) \(r.throughputUnit)"
      return [r.name, "\(r.n)", r.burst.text, r.kernel.text, ratio, through, r.unit]
    })
}
if !shellRows.isEmpty {
  table(
    "files and record (through the Shell):",
    [
      "workload", "N", "Burst median (min–max)", "against", "its median (min–max)", "ratio",
      "Burst throughput", "unit",
    ], [18, 10, 25, 17, 23, 8, 30],
    shellRows.map { r in
      let ratio = String(format: "%.2f×", r.burst.middle / r.reference.middle)
      return [
        r.name, "\(r.n)", r.burst.text, r.referenceName, r.reference.text, ratio, r.throughput,
        r.unit,
      ]
    })
}
if !renderRows.isEmpty {
  table(
    "against kernel (b) (sprite rasteriser, 1920×1080 float RGBA) and the show frame:",
    [
      "workload", "N", "Burst median (min–max)", "kernel (b) median (min–max)", "ratio",
      "Burst throughput", "unit",
    ], [19, 9, 25, 29, 8, 24], renderTableCells(renderRows))
}
print("")
for n in notes + kernelNotes + renderNotes + shellNotes { print(options.markdown ? "- " + n : n) }
