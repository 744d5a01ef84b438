// The libFuzzer entry point for the lexer, the parser and the executor.
//
// This file is not part of the Swift package: scripts/fuzz.sh compiles it into the Shell module
// together with Sources/Shell and Fuzz/FuzzSupport.swift (so it can use the internal Session),
// with -sanitize=fuzzer,address, and links it with Core. See README's Development section.

import Core
import Foundation

/// What the script target does with one input: run it as a script, and when the script stops at
/// an error, run it again as if each line were typed at the prompt (carrying on after errors),
/// so the commands after the first mistake are exercised too.
extension FuzzTarget {
  static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
    let text = String(decoding: bytes, as: UTF8.self)
    prepareDirectory(keeping: bytes)
    // Long but bounded work (`step 0.001 1000000`, `record frames 60`) is what a user stops
    // with Ctrl-C, so the target does the same after `budget` seconds; the sessions poll it at
    // their safe points. An input still running after libFuzzer's -timeout=1 therefore does
    // work that Ctrl-C cannot stop for more than 0.75 s: a hang.
    let script = session()
    guard run(text, in: script, stopAtError: true), !script.interruptRequested() else { return }
    clear(directory ?? ".")
    let prompt = Session(sink: CapturedOutput())
    prompt.interruptRequested = script.interruptRequested
    _ = run(text, in: prompt, stopAtError: false)
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func burstFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  guard FuzzTarget.accepts(bytes) else { return -1 }
  FuzzTarget.run(bytes)
  return 0
}
