import Foundation
import Testing

@testable import Core

@Suite(
  "Counts: a constant rate R for T gives floor(R·T) particles (docs/semantics.md, 'Step-size independence')"
)
struct CountInvariantTests {
  /// rate, duration, expected count.
  static let cases: [(Double, Double, Int)] = [
    (1000, 0.1, 100), (10, 1.0, 10), (7, 0.5, 3), (2, 36, 72), (4000, 0.15, 600),
  ]

  func scene(rate: Double) throws -> (Scene, LayerID) {
    var s = Scene()
    let like = try CoreKit.build(
      &s,
      """
      \(CoreKit.sparkle).birthRate \(ValueFormatting.number(rate))
      \(CoreKit.sparkle).lifetime 1000
      """)
    return (s, like)
  }

  func check(_ s: Scene, _ like: LayerID, rate: Double, expected: Int) {
    #expect(s.liveCount(of: .layer(like)) == expected)
    let ps = s.particles(of: like)
    #expect(ps.count == expected)
    #expect(s.stats().first?.born == expected)
    // The n-th birth happens exactly when the integral R·t crosses n.
    let late = ps.enumerated().filter {
      abs($0.element.birthTime - Double($0.offset + 1) / rate) > 1e-9
    }
    #expect(late.isEmpty, "\(late.count) births off n/R, first: \(String(describing: late.first))")
  }

  @Test("one step to T", arguments: cases)
  func oneStep(rate: Double, duration: Double, expected: Int) throws {
    let built = try scene(rate: rate)
    var s = built.0
    let like = built.1
    s.advance(to: duration)
    check(s, like, rate: rate, expected: expected)
  }

  @Test("steps of 0.016 up to T", arguments: cases)
  func manySteps(rate: Double, duration: Double, expected: Int) throws {
    let built = try scene(rate: rate)
    var s = built.0
    let like = built.1
    var k = 1
    while Double(k) * 0.016 < duration {
      s.advance(to: Double(k) * 0.016)
      k += 1
    }
    s.advance(to: duration)
    check(s, like, rate: rate, expected: expected)
  }
}

@Suite("The particle cap bounds memory and reports drops (docs/semantics.md, 'The particle cap')")
struct ParticleCapInvariantTests {
  @Test("scene.maxParticles 50 keeps 50 alive and reports the dropped births")
  func capDropsAndReports() throws {
    var s = Scene()
    let like = try CoreKit.build(
      &s,
      """
      scene.maxParticles 50
      \(CoreKit.sparkle).birthRate 1000
      \(CoreKit.sparkle).lifetime 10
      """)
    #expect(s.model.root.settings.maxParticles == 50)
    let report = s.advance(to: 1)
    #expect(s.liveCount(of: .layer(like)) == 50)
    let stats = try #require(s.stats().first)
    #expect(stats.dropped > 0, "stats dropped \(stats.dropped)")
    #expect(
      report.dropped > 0, "StepReport.dropped \(report.dropped), stats dropped \(stats.dropped)")
    #expect(report.dropped == stats.dropped, "the report counts the same drops as stats")
    #expect(stats.born == 1000)
    let second = s.advance(to: 1.5)
    #expect(s.liveCount(of: .layer(like)) == 50)
    #expect(second.dropped > 0, "the next command reports its own drops")
  }

  @Test("a long step at the cap is estimated before it runs, and a shorter one stays at the cap")
  func hugeStepIsBounded() throws {
    var s = Scene()
    let like = try CoreKit.build(
      &s,
      """
      scene.maxParticles 20000
      \(CoreKit.sparkle).birthRate 100000
      \(CoreKit.sparkle).lifetime 10
      """)
    // About 20,000 × 10⁸ births would have to be decided one by one: the Shell refuses it.
    #expect(s.capDecisions(to: 1e9) > Limits.maxCapDecisions)
    #expect(s.capDecisions(to: 30) < Limits.maxCapDecisions)
    s.advance(to: 30)
    #expect(s.now == 30)
    #expect(s.liveCount(of: .layer(like)) == 20000)
    // Every survivor is one that can still be alive at 30: born within its 10 s lifetime.
    #expect(s.particles(of: like).allSatisfy { $0.birthTime > 20 && $0.birthTime <= 30 })
  }
}
