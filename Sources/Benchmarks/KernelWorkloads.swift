// burst-bench: the step and birth workloads against kernel (a), and the memory probes (README.md, "Benchmarks").

import BenchKernels
import Core
import Foundation
import Shell

#if canImport(Glibc)
  import Glibc
#endif

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
struct KernelRow {
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
func kernelParams(_ spec: CellSpec) -> ka_params {
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
func residentBytes(_ field: String = "VmRSS") -> Int {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
    let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") })
  else { return 0 }
  let kb = line.split(separator: " ").compactMap { Int($0) }.first ?? 0
  return kb * 1024
}

/// Resets the peak resident set (VmHWM) to the current one (Linux's `clear_refs` 5); false
/// when the system does not allow it.
func resetPeakResident() -> Bool {
  guard let file = fopen("/proc/self/clear_refs", "w") else { return false }
  defer { fclose(file) }
  return fputs("5", file) >= 0
}

/// How far the resident set rose above what it was when `body` started, at its peak (bytes;
/// nil where the peak cannot be reset).
func peakGrowth(_ body: () -> Void) -> Int? {
  let before = residentBytes()
  let reset = resetPeakResident()
  body()
  guard reset else { return nil }
  return max(0, residentBytes("VmHWM") - before)
}

/// What a step workload measured, and the memory of its filled scene.
struct StepResult {
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
func stepAgainstKernel(name: String, live: Int, spread: Double, quick: Bool) -> StepResult {
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
func birthsAgainstKernel(quick: Bool) -> ([KernelRow], [String]) {
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
func kernelWorkloads(_ options: Options) -> ([KernelRow], [String]) {
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
