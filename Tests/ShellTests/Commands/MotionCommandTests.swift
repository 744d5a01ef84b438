import Foundation
import TestSupport
import Testing

@testable import Core
@testable import Shell

private func tempDir(_ name: String) -> URL {
  let u =
    testScratchFolder
    .appendingPathComponent("burst-\(name)-\(getpid())-\(UUID().uuidString)")
  try? FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
  return u
}

private let sparkleScene = """
  scene 80x60
  emitter like; cell like sparkle
  set like emitterShape=circle emitterMode=outline emitterSize=15,0 emitterPosition=40,30
  set like.emitterCells.sparkle birthRate=300 lifetime=0.7 velocity=30 scale=0.2 \\
      contents=sparkle color=orange alphaSpeed=-1

  """

@Suite("Pictures and motion: PNG, record, asciicast")
struct MotionCommandTests {
  @Test("a PNG snapshot decodes, independently, to the pixels of the PPM of the same frame")
  func pngMatchesPPM() throws {
    let dir = tempDir("png-ppm")
    let png = dir.appendingPathComponent("f.png").path
    let ppm = dir.appendingPathComponent("f.ppm").path
    let run = runScript(
      sparkleScene + "step 0.3\nsnapshot \(png) scale 2\nsnapshot \(ppm) scale 2\n")
    #expect(run.error == nil, "\(run.stderr)")
    let decoded = try #require(PNGFixtures.decodeWithPython(png))
    let ppmData = try #require(FileManager.default.contents(atPath: ppm))
    let header = "P6\n160 120\n255\n"
    #expect(ppmData.prefix(header.utf8.count) == Data(header.utf8))
    let rgb = Array(ppmData.dropFirst(header.utf8.count))
    #expect(decoded.width == 160 && decoded.height == 120)
    // The scene's background is opaque, so the straight RGBA equals the PPM's RGB.
    var fromPNG: [UInt8] = []
    var opaque = true
    for i in stride(from: 0, to: decoded.bytes.count, by: 4) {
      fromPNG += decoded.bytes[i..<i + 3]
      opaque = opaque && decoded.bytes[i + 3] == 255
    }
    #expect(opaque)
    #expect(fromPNG == rgb)
    #expect(Set(rgb).count > 10, "the frame has sparkles in it")
  }

  @Test("record writes numbered PNG frames and advances the clock by exactly SECONDS")
  func recordFrames() throws {
    let dir = tempDir("frames").appendingPathComponent("out").path
    let run = runScript(sparkleScene + "record \(dir) 0.5 fps 12\ntime\n")
    #expect(run.error == nil, "\(run.stderr)")
    let names = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
    #expect(names.count == 6)
    #expect(names.first == "frame-0001.png" && names.last == "frame-0006.png")
    #expect(run.stdout.contains("ffmpeg -framerate 12 -i \(dir)/frame-%04d.png"))
    #expect(run.stdout.hasSuffix("0.5\n"))
    let first = try #require(PNGFixtures.decodeWithPython(dir + "/frame-0001.png"))
    #expect(first.width == 80 && first.height == 60)
  }

  @Test(
    "record makes the same frames, byte for byte, on one thread and on several",
    arguments: [2, 3, 8])
  func parallelRecordMatchesSequential(workers: Int) throws {
    // A scheduled change part way, so frames differ and the clock's order matters.
    let script = sparkleScene + "after 0.4 set like.emitterCells.sparkle color=cyan\n"
    var trees: [[String: Data]] = []
    var clocks: [String] = []
    for w in [1, workers] {
      let dir = tempDir("par").appendingPathComponent("out").path
      let run = MotionCommands.$recordWorkers.withValue(w) {
        runScript(script + "record \(dir) 1 fps 15\ntime\n")
      }
      #expect(run.error == nil, "\(run.stderr)")
      // What `time` printed after the recording (the first line names the directory).
      clocks.append(String(run.stdout.split(separator: "\n").last ?? ""))
      var files: [String: Data] = [:]
      for name in try FileManager.default.contentsOfDirectory(atPath: dir) {
        files[name] = FileManager.default.contents(atPath: dir + "/" + name)
      }
      trees.append(files)
    }
    #expect(trees[0].count == 15)
    #expect(trees[0] == trees[1])
    #expect(clocks[0] == clocks[1])
    // The frames are not all alike (the test would pass trivially otherwise).
    #expect(Set(trees[0].values).count > 10)
  }

  @Test(
    "every frame record writes, into reused buffers, is the PNG snapshot writes at its time",
    arguments: [1, 2])
  func recordFramesAreSnapshots(workers: Int) throws {
    // Different frames one after another, so leftovers of the frame before would show.
    let dir = tempDir("rec-snap")
    let out = dir.appendingPathComponent("out").path
    let run = MotionCommands.$recordWorkers.withValue(workers) {
      runScript(sparkleScene + "record \(out) 0.5 fps 10\n")
    }
    #expect(run.error == nil, "\(run.stderr)")
    var frames: [Data] = []
    for k in 0..<5 {
      let file = dir.appendingPathComponent("snap\(k).png").path
      let step = k == 0 ? "" : "step \(Double(k) / 10)\n"
      let snap = runScript(sparkleScene + step + "snapshot \(file)\n")
      #expect(snap.error == nil, "\(snap.stderr)")
      let frame = FileManager.default.contents(
        atPath: out + String(format: "/frame-%04d.png", k + 1))
      #expect(frame != nil && frame == FileManager.default.contents(atPath: file), "frame \(k + 1)")
      frames += frame.map { [$0] } ?? []
    }
    #expect(Set(frames).count == 5)
  }

  @Test(
    "Ctrl-C during a record on several threads leaves no frames and the scene as before it",
    arguments: [2, 4])
  func interruptedParallelRecord(workers: Int) throws {
    let parent = tempDir("par-int")
    let out = CapturedOutput()
    let s = session(interruptAt: 12, sink: out)
    s.run(source: sparkleScene, file: "setup.burst")
    let before = SceneState(s)
    MotionCommands.$recordWorkers.withValue(workers) {
      s.runPromptLine("record \(parent.path)/frames 2 fps 20", number: 1)
    }
    let left = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
    #expect(left.isEmpty, "\(left)")
    #expect(SceneState(s) == before)
    #expect(
      out.stderr.contains(
        "interrupted at t = \(Session.clockText(s.scene.now)) s; the scene is as before the command"
      ))
  }

  @Test(
    "a .cast fits the terminal it is made for, as show does: a tall scene is no taller than the terminal, and the header says the frame's size"
  )
  func castFitsTheTerminal() throws {
    let file = tempDir("cast-fit").appendingPathComponent("tall.cast").path
    let out = CapturedOutput()
    let s = Session(sink: out)
    s.defaultColumns = 120
    s.defaultRows = 20
    let script =
      "scene 100x400\nemitter e\ncell e c\nset e.emitterCells.c birthRate=50 lifetime=2 velocity=40 contents=dot\nrecord \(file) 0.2 fps 10\n"
    #expect(s.run(source: script, file: "t") == nil, "\(out.stderr)")
    let text = String(
      decoding: try #require(FileManager.default.contents(atPath: file)), as: UTF8.self)
    let lines = text.split(separator: "\n").map { Data($0.utf8) }
    let header = try #require(try JSONSerialization.jsonObject(with: lines[0]) as? [String: Any])
    let size = ViewCommands.showSize(s, columns: 120, rows: nil, fitting: 20)
    #expect(header["width"] as? Int == size.columns && header["height"] as? Int == size.rows)
    #expect(size.rows == 20 && size.columns == 10)
    let first = try #require(try JSONSerialization.jsonObject(with: lines[1]) as? [Any])
    let data = try #require(first[2] as? String)
    #expect(data.components(separatedBy: "\r\n").count == 20)
    // A wide scene is as wide as the terminal.
    let wide = tempDir("cast-wide").appendingPathComponent("wide.cast").path
    #expect(s.run(source: "scene 400x100\nrecord \(wide) 0.1 fps 10\n", file: "t") == nil)
    let wideText = String(
      decoding: try #require(FileManager.default.contents(atPath: wide)), as: UTF8.self)
    let wideHeader = try #require(
      try JSONSerialization.jsonObject(with: Data(wideText.split(separator: "\n")[0].utf8))
        as? [String: Any])
    #expect(wideHeader["width"] as? Int == 120 && wideHeader["height"] as? Int == 15)
  }

  @Test("an asciicast has a valid v2 header and events at exact frame times")
  func asciicastIsValid() throws {
    let file = tempDir("cast").appendingPathComponent("a.cast").path
    let run = runScript(sparkleScene + "record \(file) 0.4 fps 10\n")
    #expect(run.error == nil, "\(run.stderr)")
    let text = String(
      decoding: try #require(FileManager.default.contents(atPath: file)), as: UTF8.self)
    let lines = text.split(separator: "\n").map { Data($0.utf8) }
    #expect(lines.count == 5)
    let header = try #require(try JSONSerialization.jsonObject(with: lines[0]) as? [String: Any])
    #expect(header["version"] as? Int == 2)
    #expect(header["width"] as? Int == 80)
    #expect(header["height"] as? Int == 30)
    #expect(header["timestamp"] == nil, "no wall clock in a recording")
    for (i, line) in lines.dropFirst().enumerated() {
      let event = try #require(try JSONSerialization.jsonObject(with: line) as? [Any])
      #expect(event.count == 3)
      #expect((event[0] as? NSNumber)?.doubleValue == Double(i) / 10)
      #expect(event[1] as? String == "o")
      let data = try #require(event[2] as? String)
      // The first frame is drawn whole; later ones only change cells (CastReplayTests).
      if i == 0 {
        #expect(data.hasPrefix("\u{1B}[2J\u{1B}[H"))
        #expect(data.components(separatedBy: "\r\n").count == 30)
      } else {
        #expect(!data.contains("\u{1B}[2J") && !data.contains("\r\n"))
      }
    }
    // The same script records the same bytes.
    let again = tempDir("cast2").appendingPathComponent("a.cast").path
    _ = runScript(sparkleScene + "record \(again) 0.4 fps 10\n")
    #expect(
      FileManager.default.contents(atPath: again) == FileManager.default.contents(atPath: file))
  }

  @Test("show ansi draws 24-bit half-blocks, two pixels a cell")
  func ansiShow() {
    let run = runScript(
      "scene 4x4 #000000\nlayer a; set a bounds=4x2 position=2,1 backgroundColor=red\nshow 4 ansi\n"
    )
    #expect(run.error == nil)
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 2)
    #expect(lines[0] == "\u{1B}[38;2;255;0;0m\u{1B}[48;2;255;0;0m▀▀▀▀\u{1B}[0m")
    #expect(lines[1] == "\u{1B}[38;2;0;0;0m\u{1B}[48;2;0;0;0m▀▀▀▀\u{1B}[0m")
  }

  @Test("golden ANSI frames of two examples", arguments: ["like-button", "confetti"])
  func goldenAnsiFrames(example: String) throws {
    let path = repositoryRoot.appendingPathComponent("examples/\(example).burst").path
    let text = String(
      decoding: try #require(FileManager.default.contents(atPath: path)), as: UTF8.self)
    let run = runScript(text + "show 60 ansi\n")
    #expect(run.error == nil)
    let lastFrame = run.stdout.components(separatedBy: "\n").filter { $0.contains("\u{1B}[") }
    let frame = lastFrame.suffix(Int((60.0 * 0.5).rounded(.up)) + 20).joined(separator: "\n")
    expectGolden(frame + "\n", name: "\(example).ansi")
  }

  struct Bad: CustomTestStringConvertible, Sendable {
    let line: String
    let message: String
    let status: Int32
    var testDescription: String { line }
  }

  @Test(
    "bad output paths and inputs give clear errors and the right exit status",
    arguments: [
      Bad(line: "snapshot /nonexistent/dir/x.png", message: "does not exist", status: 74),
      Bad(line: "snapshot /nonexistent/dir/x.ppm", message: "does not exist", status: 74),
      Bad(
        line: "snapshot /tmp", message: "snapshots are written as .png or .ppm files", status: 65),
      Bad(
        line: "record /nonexistent/dir/frames 1", message: "cannot create the directory", status: 74
      ),
      Bad(line: "record /nonexistent/dir/x.cast 1", message: "does not exist", status: 74),
      Bad(line: "record /etc/hostname 1", message: "is a file, not a directory", status: 74),
      Bad(line: "record x.cast 1000 fps 240", message: "240000 frames is too many", status: 65),
      Bad(line: "record x.cast 1 fps 0", message: "fps: 0 is out of range", status: 65),
      Bad(
        line: "record x.cast 1 fsp 10", message: "unexpected 'fsp' (did you mean 'fps'?)",
        status: 65),
      Bad(
        line: "scene 8192x8192\nsnapshot /tmp/huge.png scale 64", message: "is too large",
        status: 65),
      Bad(line: "play 1", message: "play needs a terminal", status: 65),
      Bad(
        line: "record /tmp/burst-big 1000 fps 100 scale 4",
        message: "100000 frames of 1280×960 is too much to record", status: 65),
    ])
  func badOutput(b: Bad) throws {
    let r = try runBurst(["-e", b.line])
    #expect(r.status == b.status, "\(r.stderr)")
    #expect(r.stderr.contains(b.message), "\(r.stderr)")
  }

  @Test("a truncated or corrupt PNG as contents is refused and the scene is unchanged")
  func truncatedPNGContents() throws {
    let dir = tempDir("trunc")
    let good = dir.appendingPathComponent("good.png").path
    _ = runScript("scene 16x16 red\nsnapshot \(good)\n")
    let data = try #require(FileManager.default.contents(atPath: good))
    let cut = dir.appendingPathComponent("cut.png").path
    try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: cut))
    let out = CapturedOutput()
    let session = Session(sink: out)
    session.run(source: "emitter e; cell e c", file: "setup")
    let before = session.scene.model
    session.runPromptLine("set e.emitterCells.c contents=\(cut)", number: 1)
    #expect(session.scene.model == before)
    #expect(out.stderr.contains("error:"))
    session.runPromptLine("set e.emitterCells.c contents=\(good)", number: 2)
    #expect(session.scene.model != before)
    #expect(session.scene.images[good]?.width == 16)
  }
}

@Suite("Layer compositing")
struct LayerCompositingTests {
  /// The centre pixel of a 10×10 black scene after `body`, as RGB bytes.
  static func centre(_ body: String) throws -> [UInt8] {
    let file =
      testScratchFolder
      .appendingPathComponent("burst-group-\(getpid())-\(UUID().uuidString).ppm").path
    let run = runScript("scene 10x10 black\n" + body + "\nsnapshot \(file)\n")
    #expect(run.error == nil, "\(run.stderr)")
    let data = try #require(FileManager.default.contents(atPath: file))
    let header = "P6\n10 10\n255\n".utf8.count
    let i = header + (5 * 10 + 5) * 3
    return Array(data[i..<i + 3])
  }

  @Test("a translucent layer fades its content as one group, as iOS does by default")
  func groupOpacity() throws {
    // Red layer at 0.5 opacity holding an opaque blue sublayer over the same area: grouped,
    // only the blue shows, at half strength (0, 0, 128); per primitive it would mix in red.
    let rgb = try Self.centre(
      "layer a; set a bounds=10x10 position=5,5 backgroundColor=red opacity=0.5\n"
        + "layer b in a; set b bounds=10x10 position=5,5 backgroundColor=blue")
    #expect(rgb == [0, 0, 128])
  }

  @Test("a translucent layer with one thing to draw is simply faded")
  func singleLayerOpacity() throws {
    let rgb = try Self.centre(
      "layer a; set a bounds=10x10 position=5,5 backgroundColor=red opacity=0.5")
    #expect(rgb == [128, 0, 0])
  }
}
