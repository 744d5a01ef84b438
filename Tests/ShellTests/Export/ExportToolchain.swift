import Foundation
import TestSupport
import Testing

@testable import Shell

/// The compilers that check exported code, and the examples and scenes they check it on.
enum ExportToolchain {
  /// A tool of the Swift toolchain: on PATH (CI has it there, as it runs `swift test`), else
  /// where this machine's toolchain lives.
  static func tool(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let dirs = path.split(separator: ":").map(String.init) + ["/opt/swift/usr/bin", "/usr/bin"]
    return dirs.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  static let swiftc = tool("swiftc")
  /// The toolchain's clang (it has Objective-C blocks), beside swiftc when there is one.
  static let clang: String? = {
    if let swiftc {
      let beside = URL(fileURLWithPath: swiftc).deletingLastPathComponent()
        .appendingPathComponent("clang").path
      if FileManager.default.isExecutableFile(atPath: beside) { return beside }
    }
    return tool("clang")
  }()

  /// Runs a program: its exit status and everything it printed.
  static func run(_ program: String, _ arguments: [String]) -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    do {
      try process.run()
    } catch {
      return (-1, "cannot run \(program): \(error)")
    }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  /// A fresh temporary directory.
  static func temporaryDirectory() -> URL {
    let url = testScratchFolder.appendingPathComponent("export-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// The stand-in SDK under Tests/StandInSDK.
  static let standIn = repositoryRoot.appendingPathComponent("Tests/StandInSDK")

  /// The stand-in QuartzCore and UIKit compiled as Swift modules once per test run: the
  /// directory holding them, or the compiler's errors.
  static let swiftModules: (directory: String?, errors: String) = {
    guard let swiftc else { return (nil, "swiftc not found") }
    let dir = temporaryDirectory().path
    for module in ["QuartzCore", "UIKit"] {
      let source = standIn.appendingPathComponent("Swift/\(module).swift").path
      let r = run(
        swiftc,
        [
          "-emit-module", "-module-name", module, "-parse-as-library", "-swift-version", "5",
          "-I", dir, source, "-o", dir + "/\(module).swiftmodule",
        ])
      guard r.status == 0 else {
        return (nil, "the stand-in \(module) does not compile:\n" + r.output)
      }
    }
    return (dir, "")
  }()

  /// Every example script: examples/*.burst and examples/samples/*.burst, by path.
  static let examples = ExampleRuns.examples + ExampleRuns.samples

  /// An example's commands before the first that moves the clock (`step`): its layers, cells,
  /// animations and scheduled commands with no particle alive yet, the moment an export
  /// carries completely.
  static func setup(of example: String) -> String {
    let url = repositoryRoot.appendingPathComponent(example)
    let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    let commands = CommandTable.standard
    var lines: [Substring] = []
    var continued = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let word = line.split(separator: " ").first.map(String.init) ?? ""
      if !continued, commands.lookup(word)?.effect == .clock { break }
      lines.append(line)
      continued = line.hasSuffix("\\")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
