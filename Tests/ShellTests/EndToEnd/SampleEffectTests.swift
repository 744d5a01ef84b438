import Core
import Foundation
import TestSupport
import Testing

@testable import Shell

/// The effects in examples/samples, each modelled on a public CAEmitterLayer sample whose
/// property values it keeps (the script's header names the repository and file). Each runs as
/// a golden transcript under Golden/samples, and a few facts per effect are checked on the
/// scene itself, so a change in the simulator that breaks the effect fails here by name.
@Suite("Sample effects")
struct SampleEffectTests {
  /// The studied samples, by script.
  static let samples: [String] = [
    // Gamaley/MarioStarWars, CANimations/FireworksEmitterView.m
    "fireworks",
    // walkertree/iOS-Animations-by-treewalker, …/SnowView.m
    "snow",
    // AnnaNikolS/VKWeather, VKWeather/Views/RainEmitterLayer.swift
    "rain",
    // Swift60tuts/tutorials, Fire60/Fire60/ViewController.swift
    "fire",
    // FutureWorkshops/FWTPopover, FWTPopoverView_Test/FWTPopoverView_Test/ViewController.m
    "smoke",
    // sudeepag/SAConfettiView, Pod/Classes/SAConfettiView.swift
    "confetti",
    // Leongum/WalkFun_IOS, Animation/PooViewController.m
    "hearts",
    // IamAlchemist/DemoCALayer, CALayerDemo/CAEmitterLayerViewController.swift
    "sparkles",
  ]

  /// A sample's path from the repository's root.
  static func path(_ name: String) -> String { "examples/samples/\(name).burst" }

  /// A sample run whole in a fresh session (remembered: ExampleRuns).
  static func run(_ name: String) throws -> ScriptRun { try ExampleRuns.whole(path(name)) }

  /// The live particles of the emitter layer `layer`.
  static func particles(_ run: ScriptRun, _ layer: String) throws -> [ParticleSnapshot] {
    let id = try #require(run.scene.model.layerID(named: layer))
    return run.scene.particles(of: id)
  }

  static func mean(_ xs: [Float]) -> Float { xs.reduce(0, +) / Float(max(xs.count, 1)) }

  @Test("the samples folder holds every studied sample", arguments: samples)
  func sampleExists(name: String) throws {
    let text = try repositoryText(Self.path(name))
    #expect(text.hasPrefix("# \(name).burst — "), "a sample starts with a comment naming itself")
    #expect(text.contains("Values from "), "a sample names the code it took its values from")
  }

  @Test("every sample runs cleanly and matches its golden transcript", arguments: samples)
  func sampleMatchesGolden(name: String) throws {
    let run = try Self.run(name)
    #expect(run.error == nil)
    #expect(run.stderr.isEmpty)
    expectGolden(run.transcript, name: "samples/\(name).txt")
  }

  @Test("fireworks: rockets, bursts and sparks are all alive at 2.3 s")
  func fireworksHasThreeLevels() throws {
    let run = try Self.run("fireworks")
    let live = Dictionary(
      run.scene.stats().map { ($0.path, $0.live) }, uniquingKeysWith: +)
    let rocket = "fireworksEmitter.emitterCells.rocket"
    #expect((live[rocket] ?? 0) >= 1)
    #expect((live[rocket + ".emitterCells.burst"] ?? 0) >= 1)
    #expect((live[rocket + ".emitterCells.burst.emitterCells.spark"] ?? 0) >= 100)
    // The burst happens inside the 667-pt view, not above it.
    let sparks = try Self.particles(run, "fireworksEmitter").filter { $0.lifetime == 2 }
    #expect(!sparks.isEmpty)
    #expect(sparks.allSatisfy { $0.state.y > 0 && $0.state.y < 667 })
  }

  @Test("snow: the flakes are on their way down")
  func snowFalls() throws {
    let run = try Self.run("snow")
    let ps = try Self.particles(run, "snowEmitter")
    #expect(ps.count == 400)
    let old = ps.filter { $0.state.age > 1.5 }
    #expect(!old.isEmpty)
    // 70 pt/s² of gravity: after 1.5 s nearly every flake falls; only those thrown almost
    // straight up at the top of the ±π/2 cone around "left" (10 + 175 pt/s) still rise.
    let falling = old.filter { $0.state.vy > 0 }.count
    #expect(Double(falling) >= 0.85 * Double(old.count), "\(falling) of \(old.count) falling")
  }

  @Test("rain: the drops are fast and fall straight down")
  func rainIsFast() throws {
    let run = try Self.run("rain")
    let ps = try Self.particles(run, "rain")
    #expect(ps.count == 120)
    #expect(ps.allSatisfy { $0.state.vy >= 500 && $0.state.vy <= 900 })
    #expect(ps.allSatisfy { abs($0.state.vx) < 1e-3 })
  }

  @Test("fire: additive, and the flame rises above its line")
  func fireIsAdditive() throws {
    let run = try Self.run("fire")
    let model = run.scene.model
    #expect(
      model.value(try model.resolveProperty("fireEmitter.renderMode")) == .enumeration("additive"))
    let ps = try Self.particles(run, "fireEmitter")
    let visible = ps.filter { $0.state.alpha > 0 }
    #expect(!visible.isEmpty)
    #expect(Self.mean(visible.map(\.state.y)) < 500)
    #expect(ps.filter { $0.state.age > 1 }.allSatisfy { $0.state.vy < 0 })
  }

  @Test("smoke: the puffs rise and grow")
  func smokeRises() throws {
    let run = try Self.run("smoke")
    let ps = try Self.particles(run, "smokeEmitter")
    #expect(ps.count > 100)
    #expect(ps.allSatisfy { $0.state.vy < 0 })
    let old = ps.filter { $0.state.age > 0.5 }
    #expect(Self.mean(old.map(\.state.scale)) > 1.4)
  }

  @Test("confetti: five colours, falling and spinning")
  func confettiFalls() throws {
    let run = try Self.run("confetti")
    let stats = run.scene.stats()
    #expect(stats.count == 5)
    #expect(stats.allSatisfy { $0.live == 9 })
    let ps = try Self.particles(run, "confettiEmitter")
    #expect(ps.allSatisfy { $0.state.vy > 0 })
    #expect(ps.contains { $0.state.rotation != 0 })
  }

  @Test("hearts: negative velocity makes them rise")
  func heartsRise() throws {
    let run = try Self.run("hearts")
    let ps = try Self.particles(run, "heartsEmitter")
    #expect(!ps.isEmpty)
    // Aimed down ± 0.55π with a negative speed: they leave upwards within 99° of straight up,
    // so a few start just below the horizontal, but they rise on the whole.
    let above = ps.filter { $0.state.y <= 250 }.count
    #expect(Double(above) >= 0.8 * Double(ps.count), "\(above) of \(ps.count) above y 250")
    #expect(Self.mean(ps.map(\.state.y)) < 240)
  }

  @Test("sparkles: spread in every direction around the centre")
  func sparklesSpread() throws {
    let run = try Self.run("sparkles")
    let ps = try Self.particles(run, "sparkEmitter")
    #expect(ps.count == 375)
    #expect(ps.contains { $0.state.vx > 0 } && ps.contains { $0.state.vx < 0 })
    #expect(ps.contains { $0.state.vy > 0 } && ps.contains { $0.state.vy < 0 })
    #expect(abs(Self.mean(ps.map(\.state.x)) - 375 / 2) < 15)
  }
}
