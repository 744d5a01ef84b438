// burst-bench: the Burst-only workloads (steady step, render, ASCII frame, PPM) and their rows (README.md, "Benchmarks").

import BenchKernels
import Core
import Foundation
import Shell

#if canImport(Glibc)
  import Glibc
#endif

/// `steady-1M`: a cell at birthRate R and lifetime 10 stepped at 60 Hz until 10·R particles are
/// alive, then `stepsPerRun` more steps timed per run; ns per particle-step.
func steady(quick: Bool) -> (Row, [String]) {
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
func renderSpec(count: Int) -> CellSpec {
  var spec = CellSpec(rate: Double(count), lifetime: 1)
  spec.spin = 0
  spec.spinRange = 0
  return spec
}

/// The 100k-dot scene of `render-100k`, stepped to t = 1 s (lifetime 1, so every particle born
/// is alive).
func renderScene(count: Int) -> (Scene, LayerID) {
  var (scene, id) = makeScene(renderSpec(count: count))
  for step in 1...60 { scene.advance(to: Double(step) / 60) }
  return (scene, id)
}

/// `render-100k`: SceneRenderer.render of the dots into 320×240 against ref_fill (the black
/// background) + ref_evaluate + ref_splat on the same particles.
func render(quick: Bool) -> (Row, [String]) {
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
func ascii(quick: Bool) -> (Row, [String]) {
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
func ppm(quick: Bool) -> (Row, [String]) {
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
