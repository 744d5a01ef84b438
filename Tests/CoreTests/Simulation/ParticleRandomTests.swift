import Testing

@testable import Core

/// A particle's uniforms: 32 bits each, two to a word of its stream.
@Suite("A particle's uniforms")
struct ParticleRandomTests {
  static let keys: [UInt64] = [
    0, 1, 0x9E37_79B9_7F4A_7C15, .max, 0x8000_0000_0000_0000,
    ParticleRandom.topLevelKey(base: ParticleRandom.cellBase(seed: 7, cellName: "spark"), n: 3),
  ]

  static let draws: [ParticleRandom.Draw] = [
    .lifetime, .position1, .position2, .position3, .position4, .direction, .velocity, .scale,
    .spin, .red, .green, .blue, .alpha, .cone,
  ]

  @Test("Words mixes a particle's whole stream at once, with uniform(_:_:)'s bits", arguments: keys)
  func wordsGiveTheSameBits(key: UInt64) {
    let words = ParticleRandom.Words(key)
    for d in Self.draws {
      #expect(words.uniform(d).bitPattern == ParticleRandom.uniform(key, d).bitPattern, "\(d)")
    }
  }

  @Test("two draws of one word are its two halves, each in [0, 1) on a 2⁻³² grid")
  func halvesOfOneWord() {
    let key: UInt64 = 0x1234_5678_9ABC_DEF0
    let word = ParticleRandom.mix(key &+ 3 &* ParticleRandom.gamma)
    #expect(ParticleRandom.uniform(key, .direction) == Double(word & 0xFFFF_FFFF) * 0x1p-32)
    #expect(ParticleRandom.uniform(key, .position4) == Double(word >> 32) * 0x1p-32)
    for k in Self.keys {
      for d in Self.draws {
        let u = ParticleRandom.uniform(k, d)
        #expect(u >= 0 && u < 1)
        #expect((u * 0x1p32).rounded(.down) == u * 0x1p32)
      }
    }
  }

  @Test("every draw is spread evenly and the draws of one word are independent")
  func drawsAreUniform() {
    let n = 20_000
    for d in Self.draws {
      var sum = 0.0
      var product = 0.0
      var low = 0
      for i in 0..<n {
        let key = ParticleRandom.topLevelKey(base: 99, n: i)
        let u = ParticleRandom.uniform(key, d)
        // Its partner in the same word.
        let v = ParticleRandom.uniform(key, ParticleRandom.Draw(rawValue: d.rawValue ^ 1)!)
        sum += u
        product += (u - 0.5) * (v - 0.5)
        if u < 0.1 { low += 1 }
      }
      #expect(abs(sum / Double(n) - 0.5) < 0.01, "\(d) mean")
      #expect(abs(product / Double(n)) < 0.003, "\(d) correlation with its partner")
      #expect(abs(Double(low) / Double(n) - 0.1) < 0.01, "\(d) below 0.1")
    }
  }
}
