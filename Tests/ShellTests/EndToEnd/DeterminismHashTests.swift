import Core
import Foundation
import TestSupport
import Testing

@testable import Shell

/// FNV-1a, 64-bit, over the little-endian bytes of what is fed to it. Unlike `Hasher` it is
/// not seeded, so the same scene hashes the same in every process and on every machine.
struct FNV1a64 {
  private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  mutating func add(byte: UInt8) {
    value ^= UInt64(byte)
    value &*= 0x0000_0100_0000_01b3
  }

  mutating func add(_ x: UInt64) {
    for k in 0..<8 { add(byte: UInt8(truncatingIfNeeded: x >> (8 * UInt64(k)))) }
  }

  mutating func add(_ x: UInt32) {
    for k in 0..<4 { add(byte: UInt8(truncatingIfNeeded: x >> (8 * UInt32(k)))) }
  }

  mutating func add(_ x: Int) { add(UInt64(bitPattern: Int64(x))) }
  mutating func add(_ x: Double) { add(x.bitPattern) }
  mutating func add(_ x: Float) { add(x.bitPattern) }

  /// A string as its UTF-8 length, then its bytes (so "ab","c" and "a","bc" differ).
  mutating func add(_ s: String) {
    add(s.utf8.count)
    for b in s.utf8 { add(byte: b) }
  }
}

/// Everything a scene's particles are: per emitter layer in tree order, its live particles in
/// birth order; the scene clock; and the per-cell counts of `stats`.
struct SceneFingerprint: Sendable {
  struct EmitterParticles: Sendable {
    var layer: LayerID
    var name: String
    var particles: [ParticleSnapshot]
  }

  var emitters: [EmitterParticles]
  var now: Double
  var stats: [CellStats]

  init(_ scene: Scene) {
    emitters = scene.model.treeOrder.compactMap { id in
      guard let l = scene.model.layer(id), l.kind == .emitter else { return nil }
      return EmitterParticles(layer: id, name: l.name, particles: scene.particles(of: id))
    }
    now = scene.now
    stats = scene.stats()
  }

  /// Every field of a particle state, for hashing and for the test that each one counts.
  static var stateFields: [(name: String, path: WritableKeyPath<ParticleState, Float>)] {
    [
      ("x", \.x), ("y", \.y), ("z", \.z), ("vx", \.vx), ("vy", \.vy), ("vz", \.vz),
      ("red", \.red), ("green", \.green), ("blue", \.blue), ("alpha", \.alpha),
      ("scale", \.scale), ("rotation", \.rotation), ("theta", \.theta), ("age", \.age),
    ]
  }

  /// FNV-1a 64 over the exact bit patterns of everything above.
  var hash: UInt64 {
    var h = FNV1a64()
    add(to: &h)
    return h.value
  }

  /// Feeds the exact bit patterns of everything above to `h`, with counts before each list.
  func add(to h: inout FNV1a64) {
    h.add(emitters.count)
    for e in emitters {
      h.add(e.layer)
      h.add(e.name)
      h.add(e.particles.count)
      for p in e.particles {
        h.add(p.cell)
        h.add(p.birthIndex)
        h.add(p.birthTime)
        h.add(p.lifetime)
        for f in Self.stateFields { h.add(p.state[keyPath: f.path]) }
      }
    }
    h.add(now)
    h.add(stats.count)
    for s in stats {
      h.add(s.path)
      h.add(s.live)
      h.add(s.born)
      h.add(s.stillborn)
      h.add(s.unsorted)
      h.add(s.dropped)
      h.add(s.oldestAge)
    }
  }
}

@Suite("Determinism hashes")
struct DeterminismHashTests {
  static let goldenName = "determinism-hashes.txt"

  /// One hash over the fingerprints after every line of a run, in order.
  static func hash(_ prints: [SceneFingerprint]) -> UInt64 {
    var h = FNV1a64()
    h.add(prints.count)
    for f in prints { f.add(to: &h) }
    return h.value
  }

  /// `example hash` lines of the golden file, by example name.
  static func parse(_ text: String) -> [String: String] {
    var out: [String: String] = [:]
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      let parts = line.split(separator: " ")
      if parts.count == 2 { out[String(parts[0])] = String(parts[1]) }
    }
    return out
  }

  @Test("each example's particle states match its pinned FNV-1a hash")
  func pinnedHashes() throws {
    var actual: [(example: String, hash: String)] = []
    for path in ExampleRuns.examples {
      let run = try ExampleRuns.lineByLine(path)
      try #require(run.failure == nil, "\(run.failure ?? "")")
      let prints = run.fingerprints
      #expect(
        prints.contains { $0.emitters.contains { !$0.particles.isEmpty } },
        "\(path) never has a live particle")
      let whole = try ExampleRuns.whole(path)
      #expect(
        prints.last?.hash == SceneFingerprint(whole.scene).hash,
        "\(path): running line by line ends elsewhere than running the script whole")
      let hash = FNV1a64.hex(Self.hash(prints))
      actual.append((URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent, hash))
    }
    if isRecordingGoldens {
      let text =
        "# FNV-1a 64 of each example's particle state after each line (DeterminismHashTests).\n"
        + actual.map { "\($0.example) \($0.hash)\n" }.joined()
      recordGolden(Data(text.utf8), name: Self.goldenName)
      return
    }
    let data = try #require(
      FileManager.default.contents(atPath: goldenURL(Self.goldenName).path),
      "golden \(Self.goldenName) is missing. Record it with `BURST_RECORD=1 swift test`.")
    let pinned = Self.parse(String(decoding: data, as: UTF8.self))
    for (example, hash) in actual {
      guard let want = pinned[example] else {
        Issue.record("example \(example) has no pinned hash (actual \(hash)). \(goldenRecordHint)")
        continue
      }
      if want != hash {
        Issue.record(
          """
          example \(example): particle state hash changed: pinned \(want), actual \(hash). \
          Some particle, the clock or a cell's counts differ from when it was recorded. \
          \(goldenRecordHint)
          """)
      }
    }
    for example in pinned.keys.sorted() where !actual.contains(where: { $0.example == example }) {
      Issue.record(
        "\(Self.goldenName) pins \(example), which is not an example. \(goldenRecordHint)")
    }
  }

  @Test("the hash changes when any one field of one particle moves by one ulp")
  func hashSeesEveryField() throws {
    let base = try #require(ExampleRuns.lineByLine("examples/confetti.burst").fingerprints.last)
    let e = try #require(base.emitters.firstIndex { !$0.particles.isEmpty })
    let last = base.emitters[e].particles.count - 1
    let h = base.hash
    for f in SceneFingerprint.stateFields {
      var g = base
      g.emitters[e].particles[last].state[keyPath: f.path] =
        g.emitters[e].particles[last].state[keyPath: f.path].nextUp
      #expect(g.hash != h, "nudging \(f.name) left the hash unchanged")
    }
    var g = base
    g.emitters[e].particles[0].birthTime = g.emitters[e].particles[0].birthTime.nextUp
    #expect(g.hash != h, "birth time")
    g = base
    g.emitters[e].particles[0].lifetime = g.emitters[e].particles[0].lifetime.nextUp
    #expect(g.hash != h, "lifetime")
    g = base
    g.emitters[e].particles[0].cell += 1
    #expect(g.hash != h, "cell")
    g = base
    g.now = g.now.nextUp
    #expect(g.hash != h, "now")
    g = base
    g.stats[0].born += 1
    #expect(g.hash != h, "stats")
    g = base
    g.emitters[e].particles.swapAt(0, last)
    #expect(g.hash != h, "order of particles")
  }

  @Test("FNV-1a 64 gives the published values")
  func fnvKnownValues() {
    // Test vectors of the reference FNV-1a 64 (empty input, "a", "foobar").
    #expect(FNV1a64().value == 0xcbf2_9ce4_8422_2325)
    var a = FNV1a64()
    a.add(byte: UInt8(ascii: "a"))
    #expect(a.value == 0xaf63_dc4c_8601_ec8c)
    var foobar = FNV1a64()
    for b in "foobar".utf8 { foobar.add(byte: b) }
    #expect(foobar.value == 0x8594_4171_f739_67e8)
  }
}

extension FNV1a64 {
  /// A hash as 16 lowercase hex digits.
  static func hex(_ value: UInt64) -> String {
    let h = String(value, radix: 16)
    return String(repeating: "0", count: 16 - h.count) + h
  }
}
