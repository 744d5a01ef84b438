import Foundation
import TestSupport
import Testing

@testable import Shell

@Suite("Examples")
struct ExampleTranscriptTests {
  static let examples: [String] = {
    repositoryFiles(in: "examples", endingIn: ".burst")
  }()

  @Test("the examples folder holds the seeds' effects")
  func examplesExist() {
    for name in ["like-button.burst", "like-explosion.burst", "confetti.burst"] {
      #expect(Self.examples.contains(name))
    }
  }

  @Test("every example runs cleanly and matches its golden transcript", arguments: examples)
  func exampleMatchesGolden(name: String) throws {
    let path = repositoryRoot.appendingPathComponent("examples/\(name)").path
    let source = try #require(FileManager.default.contents(atPath: path))
    let text = String(decoding: source, as: UTF8.self)
    #expect(text.hasPrefix("# \(name)"), "an example starts with a comment naming itself")
    #expect(text.contains("seed"), "an example names its seed")
    let commands = text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
    #expect(commands.last?.hasPrefix("show") == true, "an example ends with show")
    let run = runScript(text, file: "examples/\(name)")
    #expect(run.error == nil)
    #expect(run.stderr.isEmpty)
    let golden = name.replacingOccurrences(of: ".burst", with: ".txt")
    expectGolden(run.transcript, name: golden)
  }

  @Test("running an example in two processes gives the same bytes", arguments: examples)
  func exampleIsDeterministic(name: String) throws {
    // Two processes, each with its own random seed for Swift's hashing: any dictionary or set
    // order that reached the output would differ between them (one process could not see it).
    let path = repositoryRoot.appendingPathComponent("examples/\(name)").path
    let first = try runBurst([path])
    let second = try runBurst([path])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(!first.stdout.isEmpty)
    #expect(first.stdout == second.stdout)
    #expect(first.stderr == second.stderr)
  }
}
