import Foundation
import TestSupport
import Testing

@testable import Core
@testable import Shell

/// A small sparkle scene whose recordings are compared byte for byte.
private let smallCastScene = """
  scene 40x20
  emitter like; cell like sparkle
  set like emitterShape=circle emitterMode=outline emitterSize=8,0 emitterPosition=20,10
  set like.emitterCells.sparkle birthRate=300 lifetime=0.7 velocity=30 scale=0.2 \\
      contents=sparkle color=orange alphaSpeed=-1
  step 0.2

  """

/// A fresh directory under the system's temporary directory.
private func scratchDirectory() throws -> String {
  let path = testScratchFolder.appendingPathComponent(
    "out-\(UInt64.random(in: 0...UInt64.max))"
  ).path
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}

/// Removes a scratch directory, making anything read-only in it removable first.
private func removeScratch(_ path: String) {
  _ = chmod(path, 0o755)
  if let names = try? FileManager.default.contentsOfDirectory(atPath: path) {
    for name in names { _ = chmod(path + "/" + name, 0o755) }
  }
  try? FileManager.default.removeItem(atPath: path)
}

/// Every entry in a directory, hidden ones included, sorted.
private func entries(_ directory: String) -> [String] {
  ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
}

/// The `lstat` of a path (no links followed); nil when nothing is there.
private func status(_ path: String) -> stat? {
  var info = stat()
  return lstat(path, &info) == 0 ? info : nil
}

private func fileType(_ path: String) -> mode_t? { status(path).map { $0.st_mode & S_IFMT } }

private func contents(_ path: String) -> String? {
  FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
}

private func write(_ text: String, to path: String) throws {
  try Data(text.utf8).write(to: URL(fileURLWithPath: path))
}

/// A session after `setup`, and what it printed.
private func session(_ setup: String = "") -> (Session, CapturedOutput) {
  let out = CapturedOutput()
  let s = Session(sink: out)
  if !setup.isEmpty { s.run(source: setup, file: "setup") }
  return (s, out)
}

/// Runs one line as a script in `s`; returns its error.
private func run(_ s: Session, _ line: String) -> Diagnostic? {
  s.run(source: line + "\n", file: "test.burst")
}

/// A command that writes one file, with `FILE` standing for the target.
struct Writer: CustomTestStringConvertible, Sendable {
  var command: String
  var testDescription: String { command }
  func line(_ path: String) -> String { command.replacingOccurrences(of: "FILE", with: path) }
}

private let writers = [
  Writer(command: "save FILE"), Writer(command: "snapshot FILE"),
  Writer(command: "export swift to FILE"), Writer(command: "record FILE 0.2 fps 10"),
]

@Suite("Output files: one atomic writer, targets, recordings")
struct OutputFileTests {
  // MARK: - Targets

  @Test(
    "a named pipe is refused with exit 74, before any work, and left as it was",
    arguments: writers)
  func fifoRefused(writer: Writer) throws {
    let dir = try scratchDirectory()
    defer { removeScratch(dir) }
    // Names that each command accepts: snapshots want .png/.ppm, recordings .cast.
    let name = writer.command.hasPrefix("snapshot") ? "pipe.ppm" : "pipe.cast"
    let fifo = dir + "/" + name
    #expect(mkfifo(fifo, 0o644) == 0)
    let (s, out) = session(smallCastScene)
    let before = s.scene.now
    let error = try #require(run(s, writer.line(fifo)))
    #expect(error.exitCode == 74, "\(out.stderr)")
    #expect(error.message == "'\(fifo)' is a named pipe (fifo), not a regular file")
    #expect(fileType(fifo) == S_IFIFO)
    #expect(entries(dir) == [name])
    #expect(s.scene.now == before)
    if writer.command.hasPrefix("export") {
      #expect(error.hint == "leave out 'to FILE' to print the code instead")
    }
  }

  @Test(
    "a directory is refused with exit 74 as the target of a single file",
    arguments: writers)
  func directoryRefused(writer: Writer) throws {
    let dir = try scratchDirectory()
    defer { removeScratch(dir) }
    let name = writer.command.hasPrefix("snapshot") ? "d.png" : "d.cast"
    let target = dir + "/" + name
    try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
    let (s, _) = session(smallCastScene)
    let error = try #require(run(s, writer.line(target)))
    #expect(error.exitCode == 74)
    #expect(error.message == "'\(target)' is a directory")
    #expect(entries(dir) == [name])
    #expect(entries(target).isEmpty)
  }

  @Test("a symbolic link is followed: the file it points to is replaced, the link is kept")
  func symlinkFollowed() throws {
    let dir = try scratchDirectory()
    defer { removeScratch(dir) }
    let elsewhere = dir + "/elsewhere"
    try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: false)
    try write("old\n", to: elsewhere + "/real.burst")
    #expect(symlink("elsewhere/real.burst", dir + "/link.burst") == 0)
    // A dangling link: the file it names is created.
    #expect(symlink(elsewhere + "/new.swift", dir + "/dangling.swift") == 0)
    let (s, out) = session("layer a")
    #expect(run(s, "save \(dir)/link.burst") == nil, "\(out.stderr)")
    #expect(run(s, "export swift to \(dir)/dangling.swift") == nil, "\(out.stderr)")
    #expect(fileType(dir + "/link.burst") == S_IFLNK)
    #expect(fileType(dir + "/dangling.swift") == S_IFLNK)
    #expect(contents(elsewhere + "/real.burst")?.contains("layer a") == true)
    #expect(contents(elsewhere + "/new.swift")?.contains("CALayer") == true)
    // The temporary files were made beside the real files and are gone.
    #expect(entries(dir) == ["dangling.swift", "elsewhere", "link.burst"])
    #expect(entries(elsewhere) == ["new.swift", "real.burst"])
  }

  @Test("a read-only file is refused with exit 74 and left unchanged", arguments: writers)
  func readOnlyRefused(writer: Writer) throws {
    let dir = try scratchDirectory()
    defer { removeScratch(dir) }
    let name = writer.command.hasPrefix("snapshot") ? "ro.ppm" : "ro.cast"
    let file = dir + "/" + name
    try write("keep me\n", to: file)
    #expect(chmod(file, 0o444) == 0)
    let (s, _) = session(smallCastScene)
    let error = try #require(run(s, writer.line(file)))
    #expect(error.exitCode == 74)
    #expect(error.message == "'\(file)' is read-only")
    #expect(contents(file) == "keep me\n")
    #expect(status(file).map { $0.st_mode & 0o777 } == 0o444)
    #expect(entries(dir) == [name])
  }

  @Test(
    "an existing file's permission bits carry over to the file that replaces it",
    arguments: [0o600, 0o640, 0o604, 0o755] as [mode_t])
  func permissionsPreserved(mode: mode_t) throws {
    let dir = try scratchDirectory()
    defer { removeScratch(dir) }
    let file = dir + "/scene.burst"
    try write("old\n", to: file)
    #expect(chmod(file, mode) == 0)
    let (s, out) = session("layer a")
    #expect(run(s, "save \(file)") == nil, "\(out.stderr)")
    #expect(contents(file)?.contains("layer a") == true)
    #expect(status(file).map { $0.st_mode & 0o777 } == mode)
  }

  @Test("links planted at temporary-looking names are never followed", arguments: writers)
  func plantedLinksIgnored(writer: Writer) throws {
    let dir = try scratchDirectory()
    defer { removeScratch(dir) }
    let victim = dir + "/victim"
    try write("secret\n", to: victim)
    let name = writer.command.hasPrefix("snapshot") ? "out.ppm" : "out.cast"
    // The old writer's predictable names, and a few guesses in the new style.
    let planted = [
      ".\(name).\(getpid()).tmp", ".\(name).tmp", ".\(name).0000000000000000.tmp",
      ".\(name).\(getpid()).0.tmp",
    ]
    for link in planted { #expect(symlink(victim, dir + "/" + link) == 0) }
    let (s, out) = session(smallCastScene)
    #expect(run(s, writer.line(dir + "/" + name)) == nil, "\(out.stderr)")
    #expect(contents(victim) == "secret\n")
    for link in planted { #expect(fileType(dir + "/" + link) == S_IFLNK) }
    #expect(fileType(dir + "/" + name) == S_IFREG)
    #expect(entries(dir) == (planted + [name, "victim"]).sorted())
  }

  @Test(
    "a missing directory is refused before any work: the clock has not moved",
    arguments: ["frames", "take.cast", "x.png"])
  func missingDirectoryBeforeWork(name: String) throws {
    let dir = try scratchDirectory()
    defer { removeScratch(dir) }
    let (s, _) = session(smallCastScene)
    let before = s.scene.now
    let line =
      name.hasSuffix(".png") ? "snapshot \(dir)/nope/\(name)" : "record \(dir)/nope/\(name) 0.5"
    let error = try #require(run(s, line))
    #expect(error.exitCode == 74)
    #expect(error.message.contains("'\(dir)/nope' does not exist"), "\(error.message)")
    #expect(s.scene.now == before)
    #expect(error.stateNote == nil)
    #expect(entries(dir).isEmpty)
  }

  // MARK: - Recordings

  @Test("record into a directory that is not empty is refused and its frames are untouched")
  func recordIntoNonEmptyDirectory() throws {
    let dir = try scratchDirectory()
    defer { removeScratch(dir) }
    let frames = dir + "/frames"
    try FileManager.default.createDirectory(atPath: frames, withIntermediateDirectories: false)
    try write("old frame", to: frames + "/frame-0001.png")
    let (s, _) = session(smallCastScene)
    let before = s.scene.now
    let error = try #require(run(s, "record \(frames) 0.3 fps 10"))
    #expect(error.exitCode == 74)
    #expect(error.message == "'\(frames)' already exists and is not empty")
    #expect(error.hint?.contains("choose a new name") == true)
    #expect(s.scene.now == before)
    #expect(entries(frames) == ["frame-0001.png"])
    #expect(contents(frames + "/frame-0001.png") == "old frame")
    #expect(entries(dir) == ["frames"])

    // An empty directory is fine: it is replaced by the new one, keeping its permission bits.
    let empty = dir + "/empty"
    try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: false)
    #expect(chmod(empty, 0o750) == 0)
    #expect(run(s, "record \(empty) 0.3 fps 10") == nil)
    #expect(entries(empty) == ["frame-0001.png", "frame-0002.png", "frame-0003.png"])
    #expect(status(empty).map { $0.st_mode & 0o777 } == 0o750)
    #expect(entries(dir) == ["empty", "frames"])
  }

  struct Interruption: CustomTestStringConvertible, Sendable {
    var name: String
    var after: Int
    var testDescription: String { "\(name) after \(after) polls" }
  }

  @Test(
    "an interrupted record leaves no directory, no file and no temporary files",
    arguments: [
      Interruption(name: "frames", after: 1), Interruption(name: "frames", after: 5),
      Interruption(name: "take.cast", after: 1), Interruption(name: "take.cast", after: 5),
      Interruption(name: "take.gif", after: 1), Interruption(name: "take.gif", after: 5),
      Interruption(name: "take.gif", after: 12), Interruption(name: "take.png", after: 5),
      Interruption(name: "take.mp4", after: 5),
    ])
  func interruptedRecord(c: Interruption) throws {
    if c.name.hasSuffix(".mp4") && VideoFile.ffmpegPath() == nil { return }
    let dir = try scratchDirectory()
    defer { removeScratch(dir) }
    let (s, _) = session(smallCastScene)
    var polls = 0
    s.interruptRequested = {
      polls += 1
      return polls > c.after
    }
    let error = try #require(run(s, "record \(dir)/\(c.name) 1 fps 10"))
    #expect(error.isInterrupt)
    #expect(error.exitCode == 130)
    #expect(polls > c.after)
    #expect(entries(dir).isEmpty, "\(entries(dir))")
  }

  @Test("a streamed .cast is byte-identical to the recording built whole before streaming")
  func castIsByteIdentical() throws {
    let dir = try scratchDirectory()
    defer { removeScratch(dir) }
    let file = dir + "/small.cast"
    let (s, out) = session()
    s.defaultColumns = 20
    #expect(run(s, smallCastScene + "record \(file) 0.3 fps 10") == nil, "\(out.stderr)")
    let bytes = try #require(FileManager.default.contents(atPath: file))
    expectGolden(bytes: bytes, name: "record-small.cast")
    #expect(entries(dir) == ["small.cast"])
  }

  @Test("a .cast that would pass the size limit is refused before any frame, naming the limit")
  func castCapRefusedUpFront() throws {
    let dir = try scratchDirectory()
    defer { removeScratch(dir) }
    // 8192×1 at 2,000,000 columns is 2,000,000×122 cells: the first frame alone takes 732 MB.
    let (s, _) = session("scene 8192x1\nemitter e; cell e c; set e.emitterCells.c birthRate=10")
    s.defaultColumns = 2_000_000
    let error = try #require(run(s, "record \(dir)/big.cast 10 fps 10"))
    #expect(error.message.contains("100 frames of 2000000×122 cells would exceed the 256 MiB"))
    let least = SystemError.mebibytes(
      CastFile.minimumBytes(columns: 2_000_000, rows: 122, frames: 100))
    #expect(least == "698.1 MiB")
    #expect(error.hint?.contains("at least \(least)") == true, "\(error.hint ?? "")")
    #expect(s.scene.now == 0)
    #expect(entries(dir).isEmpty)
    #expect(Limits.maxCastBytes == 256 << 20)
  }

  @Test("the least size of a .cast is its first frame whole and an empty event for each other")
  func castMinimumIsALowerBound() throws {
    let dir = try scratchDirectory()
    defer { removeScratch(dir) }
    let header = AsciiCast.header(width: 4, height: 2).utf8.count
    let empty = "[0, \"o\", \"\"]\n".utf8.count
    #expect(CastFile.minimumBytes(columns: 4, rows: 2, frames: 3) == header + 8 * 3 + 2 * empty)
    #expect(CastFile.minimumBytes(columns: .max, rows: 2, frames: 3) == .max)
    // Both a still scene and a moving one take at least that.
    for script in ["scene 40x20", smallCastScene] {
      let (s, out) = session(script)
      s.defaultColumns = 20
      #expect(run(s, "record \(dir)/m.cast 1 fps 10") == nil, "\(out.stderr)")
      let size = try #require(FileManager.default.contents(atPath: dir + "/m.cast")).count
      #expect(CastFile.minimumBytes(columns: 20, rows: 5, frames: 10) <= size)
      try FileManager.default.removeItem(atPath: dir + "/m.cast")
    }
  }

  @Test("a .cast stream stops before the frame that would pass its limit and leaves nothing")
  func castStreamStopsAtLimit() throws {
    let dir = try scratchDirectory()
    defer { removeScratch(dir) }
    let target = try AtomicFile.check(dir + "/x.cast")
    let cast = try CastFile(target, columns: 4, rows: 1, limit: 300)
    // Frames that alternate between two colours, so every one changes all its cells.
    let frames = [0, 255].map { v in
      TerminalCells(
        columns: 4, rows: 1,
        cells: Array(
          repeating: TerminalCells.Cell(
            "▀", foreground: .init(r: v, g: 0, b: 0), background: .init(r: 0, g: v, b: 0)),
          count: 4))
    }
    var appended = 0
    let error = #expect(throws: OutputError.self) {
      for i in 0..<100 {
        try cast.append(time: Double(i), frame: frames[i % 2])
        appended += 1
      }
    }
    #expect(error == .sizeLimit(path: dir + "/x.cast", limit: 300, what: ".cast recordings"))
    #expect(error?.message == "'\(dir)/x.cast' would exceed the 1 KiB limit for .cast recordings")
    #expect(appended > 0 && appended < 100)
    #expect(entries(dir).isEmpty)
  }

  // MARK: - Images

  @Test("spellings of one image file share one decoded image; a rewritten file is read again")
  func imageSharedByIdentity() throws {
    let dir = try scratchDirectory()
    defer { removeScratch(dir) }
    let (s, out) = session("scene 16x16 red")
    #expect(run(s, "snapshot \(dir)/x.png") == nil, "\(out.stderr)")
    #expect(symlink("x.png", dir + "/link.png") == 0)
    let spellings = ["\(dir)/x.png", "\(dir)/./x.png", "\(dir)//x.png", "\(dir)/link.png"]
    let setup = "emitter e; " + spellings.indices.map { "cell e c\($0)" }.joined(separator: "; ")
    #expect(run(s, setup) == nil)
    for (i, path) in spellings.enumerated() {
      #expect(run(s, "set e.emitterCells.c\(i) contents=\(path)") == nil, "\(out.stderr)")
    }
    let first = try #require(s.scene.images[spellings[0]])
    for path in spellings { #expect(s.scene.images[path] === first, "\(path)") }
    #expect(s.imageCache.count == 1)
    #expect(s.imageCache.bytesInUse == PNGFile.decodedBytes(width: 16, height: 16))

    // A new file at the same path is a new identity: a new spelling decodes it.
    #expect(run(s, "scene 8x8 blue\nsnapshot \(dir)/x.png") == nil)
    let other = dir + "/../" + URL(fileURLWithPath: dir).lastPathComponent + "/x.png"
    #expect(run(s, "cell e fresh; set e.emitterCells.fresh contents=\(other)") == nil)
    let fresh = try #require(s.scene.images[other])
    #expect(fresh !== first)
    #expect(fresh.width == 8)
    #expect(s.imageCache.count == 2)
  }

  @Test("decoded images are bounded by a memory limit, refused with an error naming it")
  func imageMemoryLimit() throws {
    let dir = try scratchDirectory()
    defer { removeScratch(dir) }
    let (s, _) = session("scene 64x64 red")
    #expect(run(s, "snapshot \(dir)/a.png\nsnapshot \(dir)/b.ppm") == nil)
    let need = PNGFile.decodedBytes(width: 64, height: 64)
    #expect(need == (4096 + 1024 + 256 + 64 + 16 + 4 + 1) * 16)
    let cache = ImageCache(limit: 128 << 10)
    do {
      let a = try cache.image(at: dir + "/a.png")
      // The same file again costs nothing.
      #expect(try cache.image(at: dir + "/./a.png") === a)
      #expect(cache.bytesInUse == need)
      let error = #expect(throws: PNGFile.Error.self) { try cache.image(at: dir + "/b.ppm") }
      #expect(
        error
          == .memoryLimit(
            path: dir + "/b.ppm", width: 64, height: 64, needed: need, limit: 128 << 10))
      #expect(
        error?.message
          == "cannot load '\(dir)/b.ppm': its 64x64 pixels need 86 KiB decoded, past the 128 KiB"
          + " limit for all loaded images")
      withExtendedLifetime(a) {}
    }
    // Once nothing holds the first image, its memory is free again.
    #expect(cache.bytesInUse == 0)
    #expect(try cache.image(at: dir + "/b.ppm").width == 64)
    #expect(Limits.maxDecodedImageBytes == 512 << 20)
    #expect(s.imageCache.limit == Limits.maxDecodedImageBytes)
    #expect(SystemError.mebibytes(Limits.maxDecodedImageBytes) == "512 MiB")
    #expect(SystemError.mebibytes(need * 16) == "1.4 MiB")
  }

  // MARK: - Reading

  enum Bad: String, CaseIterable, Sendable {
    case missing, directory, notUTF8, notImage, fifo
  }

  /// Makes a bad input of `kind` in `dir`; returns its path.
  private func make(_ kind: Bad, in dir: String, image: Bool) throws -> String {
    let path = dir + "/bad" + (image ? ".png" : ".burst")
    switch kind {
    case .missing: break
    case .directory:
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    case .notUTF8:
      try Data([0x65, 0x63, 0x68, 0x6F, 0x0A, 0x65, 0x63, 0xFF, 0x0A]).write(
        to: URL(fileURLWithPath: path))
    case .notImage: try write("this is text\n", to: path)
    case .fifo: #expect(mkfifo(path, 0o644) == 0)
    }
    return path
  }

  // Text is a fine script whatever its name, and so is a pipe (`burst <(…)`).
  @Test("load says why a script cannot be read", arguments: [Bad.missing, .directory, .notUTF8])
  func loadReasons(kind: Bad) throws {
    let dir = try scratchDirectory()
    defer { removeScratch(dir) }
    let path = try make(kind, in: dir, image: false)
    let (s, _) = session()
    let error = try #require(run(s, "load \(path)"))
    let expected: (String, Int32) =
      switch kind {
      case .missing: ("no such file '\(path)'", 66)
      case .directory: ("'\(path)' is a directory", 66)
      case .notUTF8, .notImage, .fifo:
        ("'\(path)' is not UTF-8 text: the byte 0xff at line 2, column 3 is invalid", 65)
      }
    #expect(error.message == expected.0)
    #expect(error.exitCode == expected.1)
  }

  @Test("an image that cannot be used says why", arguments: Bad.allCases)
  func imageReasons(kind: Bad) throws {
    let dir = try scratchDirectory()
    defer { removeScratch(dir) }
    let path = try make(kind, in: dir, image: true)
    let (s, _) = session("emitter e; cell e c")
    let before = s.scene.model
    let error = try #require(run(s, "set e.emitterCells.c contents=\(path)"))
    let expected: (String, Int32) =
      switch kind {
      case .missing: ("no such file '\(path)'", 66)
      case .directory: ("'\(path)' is a directory", 66)
      case .notUTF8, .notImage: ("'\(path)' is not an image (expected a png or ppm file)", 65)
      case .fifo: ("cannot read '\(path)': it is a named pipe (fifo), not a regular file", 66)
      }
    #expect(error.message == expected.0)
    #expect(error.exitCode == expected.1)
    #expect(s.scene.model == before)
    #expect(s.scene.images.isEmpty)
  }

  @Test("unreadable files say 'permission denied'", .enabled(if: geteuid() != 0, "root reads all"))
  func permissionDenied() throws {
    let dir = try scratchDirectory()
    defer { removeScratch(dir) }
    let script = dir + "/locked.burst"
    let image = dir + "/locked.png"
    try write("echo hi\n", to: script)
    try write("x", to: image)
    #expect(chmod(script, 0) == 0 && chmod(image, 0) == 0)
    let (s, _) = session("emitter e; cell e c")
    #expect(run(s, "load \(script)")?.message == "cannot read '\(script)': permission denied")
    #expect(
      run(s, "set e.emitterCells.c contents=\(image)")?.message
        == "cannot read '\(image)': permission denied")
  }

  @Test("errno becomes the same words everywhere")
  func errnoWords() {
    #expect(SystemError.text(EACCES) == "permission denied")
    #expect(SystemError.text(ENOSPC) == "no space left on device")
    #expect(
      OutputError.system(path: "f", reason: SystemError.text(EROFS)).message
        == "cannot write 'f': read-only file system")
    #expect(
      InputError.unreadable(path: "f", reason: SystemError.text(EACCES)).message
        == "cannot read 'f': permission denied")
  }

  @Test("burst FILE refuses a script that is not UTF-8 with exit 65 and says where")
  func programRefusesNonUTF8() throws {
    let dir = try scratchDirectory()
    defer { removeScratch(dir) }
    let path = try make(.notUTF8, in: dir, image: false)
    let r = try runBurst([path])
    #expect(r.status == 65)
    #expect(
      r.stderr
        == "burst: '\(path)' is not UTF-8 text: the byte 0xff at line 2, column 3 is invalid\n")
    let missing = try runBurst([dir + "/missing.burst"])
    #expect(missing.status == 66)
    #expect(missing.stderr == "burst: no such file '\(dir)/missing.burst'\n")
  }
}

/// Names typed without their extension (issue 22 §6).
@Suite("Names without their extension")
struct NamesWithoutExtensionTests {
  @Test("snapshot NAME writes NAME.png; a name with another extension is still refused")
  func snapshotAddsPNG() throws {
    let dir = (try temporaryFile("marker", contents: "") as NSString).deletingLastPathComponent
    let run = runScript("emitter e\nsnapshot \(dir)/frame\n")
    #expect(run.error == nil, "\(run.stderr)")
    #expect(FileManager.default.fileExists(atPath: dir + "/frame.png"))
    #expect(runScript("snapshot \(dir)/frame.gif\n").stderr.contains("snapshots are written as"))
    #expect(runScript("snapshot \(dir)\n").stderr.contains("snapshots are written as"))
  }

  @Test("load NAME reads NAME.burst when no file is named NAME, and errors name that file")
  func loadAddsBurst() throws {
    let path = try temporaryFile("steps.burst", contents: "layer a\nbogus\n")
    let bare = String(path.dropLast(".burst".count))
    let run = runScript("load \(bare)\n")
    #expect(run.stderr.contains("\(path):2:1: error: unknown command 'bogus'"), "\(run.stderr)")
    #expect(runScript("load \(bare)-missing\n").stderr.contains("no such file"))
  }
}
