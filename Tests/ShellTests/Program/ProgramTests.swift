import Foundation
import TestSupport
import Testing

@Suite("The burst program")
struct ProgramTests {

  @Test("a child that writes more than a pipe holds to standard error still finishes")
  func largeStandardError() throws {
    // 20,000 bad commands: each error line and its source go to standard error, ~1 MiB.
    let script = String(repeating: "bogus\n", count: 20_000)
    let r = try runBurst(["-i", "/dev/null"], stdin: Data(script.utf8))
    #expect(r.stderr.utf8.count > 65_536, "\(r.stderr.utf8.count) bytes")
  }
  static let temp: URL = {
    let u = testScratchFolder.appendingPathComponent(
      "burst-program-\(getpid())")
    try? FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
    return u
  }()

  struct ExitCase: CustomTestStringConvertible, Sendable {
    let args: [String]
    let stdin: String
    let status: Int32
    var testDescription: String { args.joined(separator: " ") + " → \(status)" }
  }

  static let exitCases: [ExitCase] = [
    ExitCase(args: ["-e", "echo hi"], stdin: "", status: 0),
    ExitCase(args: ["--version"], stdin: "", status: 0),
    ExitCase(args: ["--help"], stdin: "", status: 0),
    ExitCase(args: ["--bogus"], stdin: "", status: 64),
    ExitCase(args: ["-e"], stdin: "", status: 64),
    ExitCase(args: ["--color", "sometimes"], stdin: "", status: 64),
    ExitCase(args: ["-e", "stepp 1"], stdin: "", status: 65),
    ExitCase(args: ["/nonexistent/x.burst"], stdin: "", status: 66),
    ExitCase(args: ["-e", "load /nonexistent/x.burst"], stdin: "", status: 66),
    ExitCase(args: ["-e", "snapshot /nonexistent/dir/x.ppm"], stdin: "", status: 74),
    ExitCase(args: ["-e", "snapshot /tmp"], stdin: "", status: 65),
    ExitCase(args: [], stdin: "echo from stdin\n", status: 0),
    ExitCase(args: [], stdin: "echo a\nbogus\necho never\n", status: 65),
    ExitCase(args: ["-e", "quit", "-e", "bogus"], stdin: "", status: 0),
  ]

  @Test("exit status follows the documented codes", arguments: exitCases)
  func exitStatus(c: ExitCase) throws {
    let r = try runBurst(c.args, stdin: Data(c.stdin.utf8))
    #expect(r.status == c.status, "\(r.stderr)")
  }

  @Test("standard input that is not a terminal is read as a script named <stdin>")
  func stdinIsAScript() throws {
    let r = try runBurst([], stdin: Data("echo a\nbogus\necho never\n".utf8))
    #expect(r.stdout == "a\n")
    #expect(r.stderr.hasPrefix("<stdin>:2:1: error: unknown command 'bogus'"))
  }

  @Test("binary garbage on standard input gives an error, not a crash")
  func binaryStdin() throws {
    var bytes: [UInt8] = []
    for i in 0..<20_000 { bytes.append(UInt8(truncatingIfNeeded: i &* 2_654_435_761 >> 7)) }
    let r = try runBurst([], stdin: Data(bytes))
    #expect(r.status == 65)
  }

  @Test("-e and files run in order, and a snapshot is a P6 PPM of the scene's size")
  func snapshotWritesPPM() throws {
    let file = Self.temp.appendingPathComponent("a.ppm").path
    let r = try runBurst(["-e", "scene 40x30 red", "-e", "snapshot \(file) scale 2"])
    #expect(r.status == 0, "\(r.stderr)")
    let data = try #require(FileManager.default.contents(atPath: file))
    let header = "P6\n80 60\n255\n"
    #expect(data.prefix(header.utf8.count) == Data(header.utf8))
    #expect(data.count == header.utf8.count + 80 * 60 * 3)
    #expect(Array(data.suffix(3)) == [255, 0, 0])
  }

  @Test("a huge snapshot is refused with an error")
  func hugeSnapshotIsRefused() throws {
    let file = Self.temp.appendingPathComponent("huge.ppm").path
    let r = try runBurst(["-e", "scene 8192x8192", "-e", "snapshot \(file) scale 64"])
    #expect(r.status == 65)
    #expect(r.stderr.contains("too large"))
    #expect(!FileManager.default.fileExists(atPath: file))
  }
}
