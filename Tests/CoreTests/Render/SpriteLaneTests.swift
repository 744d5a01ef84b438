import Testing

@testable import Core

/// The sprite span works out four pixels at a time in SIMD lanes; each lane must give the bits
/// the one-pixel functions give, or rendered frames (and their pinned hashes) would change.
@Suite("Sprite pixels four at a time")
struct SpriteLaneTests {
  private static func bits(_ v: SIMD4<Float>) -> [UInt32] {
    [v.x.bitPattern, v.y.bitPattern, v.z.bitPattern, v.w.bitPattern]
  }

  @Test(
    "lane coverage is the one-pixel edge coverage, bit for bit",
    arguments: [Float(0.5), 0.25, 1, 3.7, 0.000_1, 100])
  func laneCoverage(_ half: Float) {
    var stream = XorshiftStream(state: 0x9E37_79B9_7F4A_7C15 ^ UInt64(half.bitPattern))
    var distances: [Float] = [
      0, -0.0, 0.5, half, half - 0.5, half + 0.5, half + 0.499_76, half - 0.499_76,
      half + 0.500_24, 0.000_24, 0.999_76, 1e-7, .leastNonzeroMagnitude,
    ]
    for _ in 0..<4000 { distances.append(stream.float(0, half + 1)) }
    while distances.count % 4 != 0 { distances.append(half) }
    for start in stride(from: 0, to: distances.count, by: 4) {
      let d = SIMD4(distances[start..<start + 4])
      let lanes = lanewiseEdgeCoverage(d, half)
      for k in 0..<4 {
        #expect(
          lanes[k].bitPattern == edgeCoverage(d[k], half).bitPattern,
          "distance \(d[k]), half \(half)")
      }
    }
  }

  @Test("lane magnitude clears only the sign bit")
  func laneMagnitude() {
    let values: [Float] = [
      -0.0, 0, -1.5, 2.25, -.infinity, -.leastNonzeroMagnitude, .leastNormalMagnitude / 2, -3e38,
    ]
    for start in stride(from: 0, to: values.count, by: 4) {
      let v = SIMD4(values[start..<start + 4])
      let lanes = lanewiseMagnitude(v)
      for k in 0..<4 { #expect(lanes[k].bitPattern == v[k].magnitude.bitPattern, "\(v[k])") }
    }
  }

  @Test("lane truncation is Int32(x) for every x ≥ 0, on both sides of 2²²")
  func laneTruncation() {
    var stream = XorshiftStream(state: 0x1234_5678_9ABC_DEF1)
    var values: [Float] = [
      0, 0.5, 0.499_999_97, 0.999_999_94, 1, 1.5, 2.5, 3.5, 4_194_303.5, 4_194_304,
      4_194_304.5, 8_388_607.5, 16_777_215, 1e9,
    ]
    for _ in 0..<4000 { values.append(stream.float(0, 5000)) }
    for _ in 0..<400 { values.append(stream.float(0, 8_000_000)) }
    while values.count % 4 != 0 { values.append(0.75) }
    for start in stride(from: 0, to: values.count, by: 4) {
      let x = SIMD4(values[start..<start + 4])
      let lanes = lanewiseTruncation(x)
      for k in 0..<4 { #expect(lanes[k] == Int32(x[k]), "\(x[k])") }
    }
  }

  @Test(
    "four-point taps sample each level as the one-point sampler does, bit for bit",
    arguments: [
      (1, 1, 0.0, 0.0, 1.0, 1.0), (16, 16, 0, 0, 1, 1), (5, 3, 0, 0, 1, 1),
      (16, 16, 0.25, 0.5, 0.5, 0.25), (9, 7, 1, 1, -1, -1), (32, 8, 0.1, 0.2, 0.3, -0.4),
    ])
  func levelTaps(_ w: Int, _ h: Int, _ rx: Double, _ ry: Double, _ rw: Double, _ rh: Double) {
    var stream = XorshiftStream(state: UInt64(w * 1000 + h) &* 0x2545_F491_4F6C_DD1D | 1)
    var texels: [Float] = []
    for _ in 0..<(w * h) {
      let a = stream.float(0, 1)
      texels += [stream.float(0, a), stream.float(0, a), stream.float(0, a), a]
    }
    let image = SpriteImage(width: w, height: h, premultiplied: texels)
    do {
      guard let base = image.texels.baseAddress else {
        Issue.record("no texels")
        return
      }
      for level in image.levels {
        let sampler = LevelSampler(base, LevelGeometry(level, rect: (rx, ry, rw, rh)))
        for _ in 0..<500 {
          let u = SIMD4<Float>((0..<4).map { _ in stream.float(-0.6, 0.6) })
          let v = SIMD4<Float>((0..<4).map { _ in stream.float(-0.6, 0.6) })
          let taps = sampler.taps(u, v)
          let nearest = sampler.nearestTaps(u, v)
          for k in 0..<4 {
            let expected = sampler.sample(u[k], v[k])
            #expect(Self.bits(sampler.sample(taps, k)) == Self.bits(expected), "\(u[k]), \(v[k])")
            let index = Int(nearest.y[k]) * sampler.width + Int(nearest.x[k])
            #expect(
              Self.bits(sampler.load(index)) == Self.bits(sampler.nearest(u[k], v[k])),
              "nearest \(u[k]), \(v[k])")
          }
        }
      }
    }
  }
}
