// burst-bench: timing: alternating runs of Burst and a reference, medians, number formatting (README.md, "Benchmarks").

import BenchKernels
import Core
import Foundation
import Shell

#if canImport(Glibc)
  import Glibc
#endif

/// Wall-clock seconds taken by `body`.
/// `runs` runs of `stepsPerRun` steps each of Burst and of a reference, alternating run by run
/// so that a noisy neighbour slows both alike. Each step closure times one step and gives the
/// live count after it; the results are ns per particle-step per run, and every live count.
func alternatingRuns(
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
struct Row {
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
