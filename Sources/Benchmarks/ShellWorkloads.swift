// burst-bench: the PNG and record workloads, through the Shell, against their references (README.md, "Benchmarks").

import BenchKernels
import Core
import Foundation
import Shell

#if canImport(Glibc)
  import Glibc
#endif

/// One line of the Shell table: Burst and a reference (`referenceName`) on the same workload at
/// `n`, both in `unit` (lower is better), with Burst's throughput.
struct VersusRow {
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
let sparkles1080p = """
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
func scratchDirectory(_ name: String) -> String {
  let path = NSTemporaryDirectory() + "burst-bench-\(name)-\(getpid())"
  try? FileManager.default.removeItem(atPath: path)
  try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}

/// `png-1080p` and `png-vs-ppm-1080p`: a 1080p frame of the sparkles sample written as
/// `snapshot` writes it (encoded, then through the atomic writer, without the final fsync),
/// as PNG by Burst's writer, by libpng's simplified writer with its defaults (what Burst wrote
/// before), and as PPM.
func pngRows(quick: Bool) -> ([VersusRow], [String]) {
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
func recordRow(quick: Bool) -> ([VersusRow], [String]) {
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
func recordFormatRows(quick: Bool, wanted: (String) -> Bool) -> ([VersusRow], [String]) {
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
func shellWorkloads(_ options: Options) -> ([VersusRow], [String]) {
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
