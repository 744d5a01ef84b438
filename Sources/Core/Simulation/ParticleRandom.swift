/// Burst's random numbers: a counter-based generator built on SplitMix64's mixing function.
///
/// Every particle has a 64-bit *stream key*; its k-th uniform is `unit(mix(key + k·γ))`. Keys
/// are derived, never drawn from shared state:
/// - a top-level particle: `key = mix(mix(seed ⊕ hash(cell name)) + n·γ)` for the cell's n-th
///   birth since the layer was created or re-seeded;
/// - a sub-cell particle: `key = mix(parentKey ⊕ mix(hash(sub-cell name) + n·γ))` for the n-th
///   birth from that parent.
/// So a particle's values depend only on the seed, the cell names and birth counts: never on how
/// time was cut into steps, on processing order, or on other layers (docs/semantics.md,
/// "Step-size independence"). The order of draws within a particle is fixed by `Draw`.
package enum ParticleRandom {
  /// SplitMix64's increment, the golden ratio in 64 bits.
  static let gamma: UInt64 = 0x9E37_79B9_7F4A_7C15

  /// SplitMix64's output mixing function.
  @inline(__always)
  static func mix(_ z0: UInt64) -> UInt64 {
    var z = z0
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform Double in [0, 1) with 32 bits, `Double(half) · 2⁻³²`: draws 2j and 2j + 1 are
  /// the high and low halves of the stream's (j + 1)-th word, `mix(key + (j + 1)·γ)`, so one
  /// mix serves two draws (`Words` gives all of a particle's at once, with the same bits).
  @inline(__always)
  package static func uniform(_ key: UInt64, _ draw: Draw) -> Double {
    half(mix(key &+ UInt64(draw.rawValue >> 1 + 1) &* gamma), draw)
  }

  /// Draw `d`'s uniform from its word: the high half for an even draw, the low for an odd one.
  @inline(__always)
  static func half(_ word: UInt64, _ d: Draw) -> Double {
    Double(UInt32(truncatingIfNeeded: d.rawValue & 1 == 0 ? word >> 32 : word)) * 0x1p-32
  }

  /// Every word of a particle's stream, mixed at once (they are independent, so the mixes
  /// overlap): `uniform(d)` is `ParticleRandom.uniform(key, d)`, bit for bit.
  struct Words {
    private let w: InlineArray<7, UInt64>

    @inline(__always)
    init(_ key: UInt64) {
      w = InlineArray { j in ParticleRandom.mix(key &+ UInt64(j + 1) &* ParticleRandom.gamma) }
    }

    @inline(__always)
    func uniform(_ d: Draw) -> Double { ParticleRandom.half(w[d.rawValue >> 1], d) }
  }

  /// FNV-1a of a name, so keys do not depend on creation order.
  static func hash(_ name: String) -> UInt64 {
    var h: UInt64 = 0xCBF2_9CE4_8422_2325
    for b in name.utf8 {
      h ^= UInt64(b)
      h = h &* 0x0000_0100_0000_01B3
    }
    return h
  }

  /// The base key of a top-level cell's stream for a layer seed.
  static func cellBase(seed: Int, cellName: String) -> UInt64 {
    mix(UInt64(truncatingIfNeeded: seed) ^ hash(cellName))
  }

  /// The key of the n-th particle of a stream (n counts from 1).
  @inline(__always)
  static func topLevelKey(base: UInt64, n: Int) -> UInt64 {
    mix(base &+ UInt64(truncatingIfNeeded: n) &* gamma)
  }

  /// The key of the n-th sub-particle a parent emits for one sub-cell.
  @inline(__always)
  static func subKey(parent: UInt64, subHash: UInt64, n: Int) -> UInt64 {
    mix(parent ^ mix(subHash &+ UInt64(truncatingIfNeeded: n) &* gamma))
  }

  /// A uniform for `sample`: a stream keyed by the seed and a name, apart from every particle's.
  package static func sampleUniform(seed: Int, stream: String, index: Int) -> Double {
    let base = mix(UInt64(truncatingIfNeeded: seed) ^ hash("sample:" + stream))
    return Double(mix(base &+ UInt64(truncatingIfNeeded: index) &* gamma) >> 11) * 0x1p-53
  }

  /// The fixed order of a particle's draws; each has its own uniform, used or not, so adding a
  /// use of one never shifts another.
  package enum Draw: Int, Sendable {
    case lifetime = 0
    case position1, position2, position3, position4
    case direction, velocity, scale, spin
    case red, green, blue, alpha
    /// `scene.emissionCone = cone` only: the angle from the cone's axis. Last, so that adding
    /// it moved no other draw.
    case cone
  }
}
