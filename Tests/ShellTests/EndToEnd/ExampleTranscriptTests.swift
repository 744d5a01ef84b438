import Foundation
import TestSupport
import Testing

@testable import Shell

@Suite("Examples")
struct ExampleTranscriptTests {
  @Test("the examples folder holds the seeds' effects")
  func examplesExist() {
    for name in ["like-button.burst", "like-explosion.burst", "confetti.burst"] {
      #expect(ExampleRuns.examples.contains("examples/" + name))
    }
  }

  @Test(
    "every example runs cleanly and matches its golden transcript",
    arguments: ExampleRuns.examples)
  func exampleMatchesGolden(path: String) throws {
    let name = URL(fileURLWithPath: path).lastPathComponent
    let text = try repositoryText(path)
    #expect(text.hasPrefix("# \(name)"), "an example starts with a comment naming itself")
    #expect(text.contains("seed"), "an example names its seed")
    let commands = text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
    #expect(commands.last?.hasPrefix("show") == true, "an example ends with show")
    let run = try ExampleRuns.whole(path)
    #expect(run.error == nil)
    #expect(run.stderr.isEmpty)
    let golden = name.replacingOccurrences(of: ".burst", with: ".txt")
    expectGolden(run.transcript, name: golden)
  }

  @Test("running an example in two processes gives the same bytes", arguments: ExampleRuns.examples)
  func exampleIsDeterministic(path: String) throws {
    // Two processes, each with its own random seed for Swift's hashing: any dictionary or set
    // order that reached the output would differ between them (one process could not see it).
    let file = repositoryRoot.appendingPathComponent(path).path
    let first = try runBurst([file])
    let second = try runBurst([file])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(!first.stdout.isEmpty)
    #expect(first.stdout == second.stdout)
    #expect(first.stderr == second.stderr)
  }
}
