// The libFuzzer entry point for the importer: each input is a Swift or Objective-C source file.
//
// This file is not part of the Swift package: scripts/fuzz.sh (with FUZZ_TARGET=import)
// compiles it into the Shell module together with Sources/Shell and Fuzz/FuzzSupport.swift, with
// -sanitize=fuzzer,address, and links it with Core. See README's Development section.

import Core
import Foundation

/// What the import target does with one input: save it as `input.m` when it reads as
/// Objective-C (it has `@implementation`, `@interface` or `#import`), else as `input.swift`,
/// import it into a fresh scene, step and draw what it built, export that as Swift and import
/// the export into another fresh scene, so the importer, the translation it runs, the
/// exporter and the round trip are all exercised.
extension FuzzTarget {
  static func looksLikeObjectiveC(_ text: String) -> Bool {
    text.contains("@implementation") || text.contains("@interface") || text.contains("#import")
  }

  static func runImport(_ bytes: UnsafeBufferPointer<UInt8>) {
    let text = String(decoding: bytes, as: UTF8.self)
    prepareDirectory(keeping: bytes)
    let name = looksLikeObjectiveC(text) ? "input.m" : "input.swift"
    guard FileManager.default.createFile(atPath: name, contents: Data(bytes)) else {
      fatalError("fuzz: cannot write \(name)")
    }
    let first = session()
    let failed = run(
      "import \(name)\nstep 0.25 4\nshow 24 ascii\nexport swift to back.swift\n", in: first,
      stopAtError: true)
    guard !failed, !first.interruptRequested() else { return }
    let second = session()
    _ = run("import back.swift\nstep 0.25\n", in: second, stopAtError: true)
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func burstImportFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  FuzzTarget.runImport(UnsafeBufferPointer(start: data, count: size))
  return 0
}
