// burst-bench: the machine line printed above the tables (README.md, "Benchmarks").

import BenchKernels
import Core
import Foundation
import Shell

#if canImport(Glibc)
  import Glibc
#endif

func machineLine() -> String {
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
