// What both libFuzzer targets share: a private working directory, the path filter, the Ctrl-C
// budget, the particle cap and running a script's commands through a Session.
//
// Not part of the Swift package: scripts/fuzz.sh compiles it into the Shell module together with
// Sources/Shell and one target file (FuzzBurst.swift or FuzzImport.swift).

import Core
import Foundation

/// The shared machinery of the fuzz targets.
enum FuzzTarget {
  /// A private, empty working directory made once per process, holding only the input being
  /// run (`keep`). Each input starts in it empty, so files one input writes (`save`, `snapshot`, `record`, `export … to`) never
  /// change what the next input does, and nothing is written anywhere else.
  nonisolated(unsafe) static var directory: String?

  static func prepareDirectory(keeping bytes: UnsafeBufferPointer<UInt8>) {
    defer { keep(bytes) }
    if let dir = directory {
      clear(dir)
      return
    }
    var template = Array((NSTemporaryDirectory() + "/burst-fuzz-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else { fatalError("fuzz: mkdtemp failed") }
    let dir = String(cString: made)
    guard chdir(dir) == 0 else { fatalError("fuzz: cannot enter \(dir)") }
    directory = dir
    // libFuzzer ends with exit(); a crash or a timeout leaves the directory for inspection.
    atexit {
      guard let dir = FuzzTarget.directory else { return }
      FuzzTarget.clear(dir)
      rmdir(dir)
    }
  }

  /// Keeps the input being run as `.input` in the private directory, which the next input's
  /// `prepareDirectory` clears. A process that dies by a signal libFuzzer cannot catch (a
  /// stack overflow without AddressSanitizer's alternate stack) leaves the directory behind,
  /// so its input is there to reproduce even when no crash-* artifact was written.
  private static func keep(_ bytes: UnsafeBufferPointer<UInt8>) {
    _ = FileManager.default.createFile(atPath: ".input", contents: Data(bytes))
  }

  /// Removes everything inside `dir` (which this process made), leaving `dir` itself.
  static func clear(_ dir: String) {
    let fm = FileManager.default
    guard let names = try? fm.contentsOfDirectory(atPath: dir), !names.isEmpty else { return }
    for name in names { try? fm.removeItem(atPath: dir + "/" + name) }
  }

  /// Whether the input may run: it must not be able to name a file outside the working
  /// directory. Refused: `..`, any `~`, and any `/` that starts a path (at the start of the
  /// input or after a byte that cannot be part of a relative name, such as a space, a quote,
  /// `=`, `(`, `,` or a line break). `pi/4` and `frames/frame.png` still run.
  static func accepts(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var previous: UInt8 = 0
    for b in bytes {
      if b == UInt8(ascii: "~") { return false }
      if b == UInt8(ascii: "."), previous == UInt8(ascii: ".") { return false }
      if b == UInt8(ascii: "/"), !isNameByte(previous) { return false }
      previous = b
    }
    return true
  }

  static func isNameByte(_ b: UInt8) -> Bool {
    (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
      || b == UInt8(ascii: "_") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
      || b >= 0x80
  }

  /// How long an input may work before the target presses Ctrl-C for it (0.25 s, or
  /// BURST_FUZZ_BUDGET seconds: replaying a finding with other budgets shows whether it
  /// depends on where Ctrl-C lands).
  static let budget =
    ProcessInfo.processInfo.environment["BURST_FUZZ_BUDGET"].flatMap(Double.init) ?? 0.25

  /// The most particles a fuzzed scene may hold. A single step that fills the default
  /// 2,000,000 takes seconds even in a release build and cannot be interrupted part-way, so
  /// every input that found a high birth rate would time out for that known reason (see
  /// the fuzz findings' notes) instead of for a new one.
  static let maxParticles = 20_000

  /// Lowers the scene's maxParticles to `maxParticles` (again after `reset` or
  /// `set scene maxParticles=…`). Only between commands: the Ctrl-C poll cannot do it, because
  /// it also runs while a step holds exclusive access to the scene.
  static func capParticles(_ s: Session) {
    guard s.scene.model.root.settings.maxParticles > maxParticles else { return }
    let cap = PropertyRef(object: .layer(SceneModel.rootID), name: "maxParticles", field: nil)
    if let v = try? s.scene.model.parseValue(String(maxParticles), for: cap) {
      s.scene.model.apply(v, to: cap)
    }
  }

  /// Runs the commands of `text` as `Session.run` does (a script, stopping at the first error)
  /// or, with `stopAtError` false, as `Session.runPromptLine` does for each line in turn
  /// (carrying on after errors), lowering maxParticles before each command. Returns whether
  /// an error stopped it.
  static func run(_ text: String, in s: Session, stopAtError: Bool) -> Bool {
    for logical in Lexer.logicalLines(text, firstLine: 1) {
      let line = SourceLine(file: "fuzz.burst", number: logical.number, text: logical.text)
      do throws(Diagnostic) {
        for cmd in try Lexer.commands(inLine: line) {
          capParticles(s)
          try s.checkInterrupt()
          try s.execute(cmd)
          if s.scheduledFailure != nil {
            s.scheduledFailure = nil
            if stopAtError { return true }
          }
          if s.quitRequested { return false }
        }
      } catch {
        s.report(error)
        if stopAtError || error.isInterrupt { return true }
      }
    }
    return false
  }

  /// A fresh session whose Ctrl-C is pressed `budget` seconds from now.
  static func session() -> Session {
    let deadline = Playback.monotonicSeconds() + budget
    let s = Session(sink: CapturedOutput())
    s.interruptRequested = { Playback.monotonicSeconds() > deadline }
    return s
  }
}
