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
    ], [22, 9, 25, 29, 8, 24], renderTableCells(renderRows))
}
print("")
for n in notes + kernelNotes + renderNotes + shellNotes { print(options.markdown ? "- " + n : n) }
