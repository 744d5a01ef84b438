import Dispatch
import Foundation
import TestSupport
import Testing

@testable import Core
@testable import Shell

private func folder(_ name: String) throws -> String {
  let path = testScratchFolder.appendingPathComponent(
    "watch-\(name)-\(UInt64.random(in: 0...UInt64.max))"
  ).path
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}

private func write(_ text: String, to path: String) throws {
  try Data(text.utf8).write(to: URL(fileURLWithPath: path))
}

/// An editor's save: a new file beside the old one, renamed over it.
private func saveByRename(_ text: String, to path: String) throws {
  try write(text, to: path + ".swp~")
  #expect(rename(path + ".swp~", path) == 0)
}

private let script = """
  scene 40x20
  emitter e; cell e c
  set e emitterPosition=20,10
  set e.emitterCells.c birthRate=50 lifetime=1 velocity=20 contents=dot

  """

private var display: Watch.Display {
  Watch.Display(graphics: nil, color: false, cellPixels: { .fallback }, columns: 40, rows: nil)
}

@Suite("burst --watch and reload")
struct WatchTests {
  struct Skip: CustomTestStringConvertible, Sendable {
    var line: String
    var skipped: Bool
    var testDescription: String { line }
  }

  @Test(
    "while watching, commands that write files or take over the terminal are skipped",
    arguments: [
      Skip(line: "snapshot x.png", skipped: true), Skip(line: "save x.burst", skipped: true),
      Skip(line: "record x.gif 1", skipped: true), Skip(line: "play 1", skipped: true),
      Skip(line: "sweep e.emitterCells.c.velocity 1 2 to s.png", skipped: true),
      Skip(line: "export swift to x.swift", skipped: true),
      Skip(line: "export swift", skipped: false), Skip(line: "set e birthRate=2", skipped: false),
      Skip(line: "step 0.1", skipped: false), Skip(line: "show", skipped: false),
    ])
  func skipped(c: Skip) throws {
    let dir = try folder("skip")
    let out = CapturedOutput()
    let s = Session(sink: out)
    #expect(s.run(source: script, file: "t") == nil)
    s.watchSkipped = []
    let line = c.line.replacingOccurrences(of: " x.", with: " \(dir)/x.")
      .replacingOccurrences(of: " s.png", with: " \(dir)/s.png")
    #expect(s.run(source: line + "\n", file: "t") == nil, "\(out.stderr)")
    #expect(s.watchSkipped == (c.skipped ? [String(c.line.split(separator: " ")[0])] : []))
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
  }

  @Test("the summary counts what was skipped, in the order first skipped")
  func summary() {
    #expect(Watch.skippedSummary([]) == nil)
    let text = Watch.skippedSummary(["record", "snapshot", "record"])
    #expect(text?.hasSuffix(": record ×2, snapshot") == true)
  }

  @Test("inotify catches a save in place and a save by rename, and ignores other names")
  func watcherCatchesSaves() throws {
    let dir = try folder("inotify")
    let file = dir + "/effect.burst"
    try write("a", to: file)
    let watcher = try #require(FileWatcher())
    #expect(watcher.watch([file]))
    #expect(watcher.wait(milliseconds: 50, input: nil).changed == false)
    try write("b", to: dir + "/other.burst")
    #expect(watcher.wait(milliseconds: 200, input: nil).changed == false)
    try write("c", to: file)
    #expect(watcher.wait(milliseconds: 2000, input: nil).changed)
    _ = watcher.changed()
    try saveByRename("d", to: file)
    #expect(watcher.wait(milliseconds: 2000, input: nil).changed)
  }

  @Test("a run with an error has no picture and reports the error with file:line:column")
  func runWithError() throws {
    let dir = try folder("error")
    let file = dir + "/effect.burst"
    try write(script + "set e.emitterCells.c velocty=3\n", to: file)
    let run = Watch.runOnce(
      Watch.Options(path: file), display: display, imageCache: ImageCache(),
      interrupted: { false })
    #expect(run.picture == nil)
    #expect(run.report.first?.hasPrefix("\(file):5:22: error: unknown property 'velocty'") == true)
  }

  @Test("a run watches the files the script loads, and --at shows a later time")
  func runWatchesLoadedFiles() throws {
    let dir = try folder("loads")
    let part = dir + "/part.burst"
    try write(script, to: part)
    let file = dir + "/effect.burst"
    try write("load \(part)\nstep 0.25\nsnapshot \(dir)/x.png\n", to: file)
    let run = Watch.runOnce(
      Watch.Options(path: file, at: 0.5), display: display, imageCache: ImageCache(),
      interrupted: { false })
    #expect(run.files == [file, part])
    #expect(run.session?.scene.now == 0.5)
    #expect(run.picture?.isEmpty == false)
    #expect(run.report.count == 1 && run.report[0].hasSuffix(": snapshot"))
    let early = Watch.runOnce(
      Watch.Options(path: file, at: 0.1), display: display, imageCache: ImageCache(),
      interrupted: { false })
    #expect(early.picture == nil)
    #expect(early.report.last == "burst: the script ends at t = 0.25 s, after --at 0.1")
  }

  @Test("the loop reruns on a save, keeps the last good picture under an error, and leaves on q")
  func loopRerunsOnSave() throws {
    let dir = try folder("loop")
    let file = dir + "/effect.burst"
    try write(script + "step 0.5\n", to: file)
    var fds: [Int32] = [0, 0]
    #expect(pipe(&fds) == 0)
    let output = Output()
    let done = DispatchSemaphore(value: 0)
    let input = fds[0]
    let status = Status()
    DispatchQueue.global().async {
      status.value = Watch.loop(
        Watch.Options(path: file), display: display, terminal: false, input: input,
        write: { output.add($0) }, interrupted: { false })
      done.signal()
    }
    #expect(output.waitFor(runs: 1))
    try saveByRename(script + "step 0.5\nset e.emitterCells.c velocty=3\n", to: file)
    #expect(output.waitFor(runs: 2))
    try write(script + "step 0.7\n", to: file)
    #expect(output.waitFor(runs: 3))
    var q = UInt8(ascii: "q")
    #expect(Glibc.write(fds[1], &q, 1) == 1)
    #expect(done.wait(timeout: .now() + 10) == .success)
    #expect(status.value == 0)
    close(fds[0])
    close(fds[1])
    let frames = output.text.components(separatedBy: "q or Ctrl-C leaves\n")
    #expect(frames.count >= 4)
    // The picture of run 1 is drawn again above run 2's error.
    let first = frames[0].components(separatedBy: "watching")[0]
    #expect(frames[1].hasPrefix(first))
    #expect(frames[1].contains("· run 2 ·"))
    #expect(frames[2].contains("effect.burst:6:22: error: unknown property 'velocty'"))
    #expect(frames[2].contains("· t = 0.700 s · run 3 ·"))
  }

  @Test("--play draws the scene moving on from where the script ends, then starts again")
  func playLoops() throws {
    let dir = try folder("play")
    let file = dir + "/effect.burst"
    try write(script + "step 0.5\n", to: file)
    var fds: [Int32] = [0, 0]
    #expect(pipe(&fds) == 0)
    let output = Output()
    let done = DispatchSemaphore(value: 0)
    let input = fds[0]
    DispatchQueue.global().async {
      _ = Watch.loop(
        Watch.Options(path: file, play: 0.2), display: display, terminal: false, input: input,
        write: { output.add($0) }, interrupted: { false })
      done.signal()
    }
    // 0.2 s at 15 frames a second is 3 frames: t = 0.500, 0.567, 0.633, then 0.500 again.
    var seen = false
    for _ in 0..<500 where !seen {
      seen = output.text.components(separatedBy: "· t = 0.500 s").count >= 3
      usleep(10_000)
    }
    #expect(seen, "\(output.text.suffix(300))")
    var q = UInt8(ascii: "q")
    #expect(Glibc.write(fds[1], &q, 1) == 1)
    #expect(done.wait(timeout: .now() + 10) == .success)
    close(fds[0])
    close(fds[1])
    let times = output.text.split(separator: "\n").filter { $0.hasPrefix("watching") }.map {
      $0.components(separatedBy: "· t = ")[1].components(separatedBy: " s")[0]
    }
    #expect(Array(times.prefix(4)) == ["0.500", "0.567", "0.633", "0.500"], "\(times)")
  }

  @Test("burst --watch with no terminal draws once and leaves at the end of standard input")
  func programWatch() throws {
    let dir = try folder("program")
    let file = dir + "/effect.burst"
    try write(script + "record \(dir)/take.gif 0.5\n", to: file)
    let r = try runBurst(["--watch", file, "--at=0.2"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.contains("watching \(file) · t = 0.200 s · run 1"))
    #expect(r.stdout.contains(": record"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["effect.burst"])
    #expect(try runBurst(["--watch", file, "--at=1", "--play"]).status == 64)
    #expect(try runBurst(["--at=1"]).status == 64)
    #expect(try runBurst(["--watch", file, "-e", "show"]).status == 64)
  }

  @Test(
    "reload runs the last loaded script again in a fresh scene, asking once before losing changes")
  func reload() throws {
    let dir = try folder("reload")
    let file = dir + "/effect.burst"
    try write(script, to: file)
    let out = CapturedOutput()
    let s = Session(sink: out)
    s.asksBeforeDiscarding = true
    s.runPromptLine("reload", number: 1)
    #expect(out.stderr.contains("no script was loaded"))
    s.runPromptLine("load \(file)", number: 2)
    s.runPromptLine("step 1", number: 3)
    try write(script + "set e birthRate=2\n", to: file)
    s.runPromptLine("reload", number: 4)
    #expect(out.stderr.contains("the scene has unsaved changes"))
    #expect(s.scene.now == 1)
    s.runPromptLine("reload", number: 5)
    #expect(s.scene.now == 0)
    #expect(s.run(source: "get e.birthRate\n", file: "t") == nil)
    #expect(out.stdout.hasSuffix("2\n"))
    // A reload of a script with an error leaves the scene as it was.
    try write(script + "set e birthRate=3\nbogus\n", to: file)
    s.runPromptLine("reload", number: 6)
    #expect(s.run(source: "get e.birthRate\n", file: "t") == nil)
    #expect(out.stdout.hasSuffix("2\n"))
    #expect(out.stderr.contains("effect.burst:6:1"))
  }
}

/// What the loop wrote, from its thread.
private final class Output: @unchecked Sendable {
  private let lock = NSLock()
  private var chunks: [String] = []

  func add(_ s: String) {
    lock.lock()
    chunks.append(s)
    lock.unlock()
  }

  var text: String {
    lock.lock()
    defer { lock.unlock() }
    return chunks.joined()
  }

  /// Waits (up to 10 s) until run `n` was drawn.
  func waitFor(runs n: Int) -> Bool {
    for _ in 0..<1000 {
      if text.contains("· run \(n) ·") { return true }
      usleep(10_000)
    }
    return false
  }
}

private final class Status: @unchecked Sendable {
  var value: Int32 = -1
}
