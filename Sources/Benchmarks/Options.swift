// burst-bench: the command line: --quick, --filter NAME (README.md, "Benchmarks").

import BenchKernels
import Core
import Foundation
import Shell

#if canImport(Glibc)
  import Glibc
#endif

struct Options {
  var quick = false
  var filters: [String] = []
  /// Print the tables as Markdown (README.md's "Benchmarks"; scripts/bench-table.sh).
  var markdown = false

  func wants(_ name: String) -> Bool {
    filters.isEmpty || filters.contains { name.contains($0) }
  }
}

func parseOptions() -> Options {
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
          + "sprites-100k-16px, sprites-1M-4px, play-720p, show-10k, png-1080p, "
          + "png-vs-ppm-1080p, "
          + "record-1080p, record-gif-1080p, record-apng-1080p, record-mp4-1080p")
      exit(0)
    default:
      usage("unknown option '\(arg)'")
    }
  }
  return options
}

func usage(_ message: String) -> Never {
  FileHandle.standardError.write(
    Data(
      "burst-bench: \(message)\nusage: burst-bench [--quick] [--markdown] [--filter NAME]...\n"
        .utf8))
  exit(64)
}
