import Testing

@testable import Core

/// A particle's uniforms are keyed by their index, so a draw whose value cannot matter is not
/// made; these tests pin that skipping one gives the bits drawing it would have.
@Suite("Draws a particle does not need are skipped, with the same bits")
struct SkippedDrawTests {
  static let uniforms: [Double] = [
    0, 0x1p-53, 0.25, 0.5 - 0x1p-54, 0.5, 0.5 + 0x1p-53, 0.75, 1 - 0x1p-53,
  ]

  @Test(
    "a value with range 0 is its mean, bit for bit, whatever the uniform",
    arguments: [
      0.0, 1, -1, 0.2, -0x1p-1030, .leastNonzeroMagnitude, 1e308, -1e308, .infinity, -.infinity,
      .greatestFiniteMagnitude, -0.0, .nan,
    ])
  func zeroRangeGivesTheFormulasBits(m: Double) {
    for r in [0.0, -0.0] {
      for u in Self.uniforms {
        var drawn = 0
        let value = Spawner.rnd(
          m, r,
          {
            drawn += 1
            return u
          }())
        let formula = m + r * (u - 0.5)
        #expect(value.bitPattern == formula.bitPattern, "rnd(\(m), \(r), \(u))")
        #expect(drawn <= 1)
      }
    }
  }

  @Test(
    "the uniform is drawn only when the value can depend on it",
    arguments: [
      (0.0, 0.0, false), (2.5, 0.0, false), (-2.5, -0.0, false), (.infinity, 0.0, false),
      (-0.0, 0.0, true), (.nan, 0.0, true), (0.0, 1.0, true), (2.5, -0.1, true),
      (2.5, .nan, true), (0.0, .infinity, true),
    ] as [(Double, Double, Bool)])
  func drawsOnlyWhenItMatters(m: Double, r: Double, expected: Bool) {
    var drawn = false
    _ = Spawner.rnd(
      m, r,
      {
        drawn = true
        return 0.75
      }())
    #expect(drawn == expected, "rnd(\(m), \(r))")
  }

  @Test("a mean of −0 with range 0 takes its sign from the uniform, as the formula does")
  func negativeZeroMeanFollowsTheUniform() {
    #expect(Spawner.rnd(-0.0, 0, 0.25).bitPattern == (-0.0).bitPattern)
    #expect(Spawner.rnd(-0.0, 0, 0.75).bitPattern == (0.0).bitPattern)
  }

  typealias D = ParticleRandom.Draw

  @Test(
    "each shape and mode draws the position uniforms it uses, each once",
    arguments: [
      (.point, .points, []), (.point, .outline, []), (.point, .surface, []),
      (.point, .volume, []),
      (.line, .points, [.position1]), (.line, .outline, [.position1]),
      (.line, .volume, [.position1]),
      (.rectangle, .points, [.position1]), (.rectangle, .outline, [.position1]),
      (.rectangle, .surface, [.position1, .position2]),
      (.rectangle, .volume, [.position1, .position2]),
      (.cuboid, .points, [.position1]),
      (.cuboid, .outline, [.position1, .position2, .position3]),
      (.cuboid, .surface, [.position1, .position2, .position3, .position4]),
      (.cuboid, .volume, [.position1, .position2, .position3]),
      (.circle, .points, []), (.circle, .outline, [.position1]),
      (.circle, .surface, [.position1, .position2]),
      (.circle, .volume, [.position1, .position2]),
      (.sphere, .points, []), (.sphere, .outline, [.position1]),
      (.sphere, .surface, [.position1, .position2]),
      (.sphere, .volume, [.position1, .position2, .position3]),
    ] as [(EmitterShape, EmitterMode, [D])])
  func positionDraws(shape: EmitterShape, mode: EmitterMode, expected: [D]) {
    var drawn: [D] = []
    let values: [D: Double] = [.position1: 0.3, .position2: 0.6, .position3: 0.2, .position4: 0.9]
    _ = EmissionGeometry.start(
      shape: shape, mode: mode, position: Point(10, 20), z: 0,
      size: Size(40, 30), depth: 12, longitude: 0, lineTurn: Readings().lineTurn,
      u: { d in
        drawn.append(d)
        return values[d] ?? .nan
      })
    #expect(drawn.map(\.rawValue).sorted() == expected.map(\.rawValue), "\(shape) \(mode)")
  }

  @Test("a slot written but not added is overwritten by the next particle, never staged")
  func unaddedSlotIsReused() {
    var batch = BirthBatch()
    batch.filling { w in
      guard let gone = w.next() else { return }
      for c in Column.allCases { gone.put(c, -1) }  // a birth gone within the step
      guard let kept = w.next() else { return }
      for c in Column.allCases { kept.put(c, Float(c.rawValue)) }
      w.add(birth: 2, death: 9, key: 7)
    }
    #expect(batch.count == 1)
    #expect(batch.births[0] == 2 && batch.deaths[0] == 9 && batch.keys[0] == 7)
    for c in Column.allCases {
      #expect(batch.values[c.rawValue * BirthBatch.capacity] == Float(c.rawValue))
    }
  }

  @Test("a batch offers a slot until it is full, across fillings")
  func batchFillsToCapacity() {
    var batch = BirthBatch()
    var added = 0
    for _ in 0..<3 {
      batch.filling { w in
        for _ in 0..<30 {
          guard let s = w.next() else { return }
          s.put(.px, Float(added))
          w.add(birth: Double(added), death: 100, key: UInt64(added))
          added += 1
        }
      }
    }
    #expect(added == BirthBatch.capacity)
    #expect(batch.isFull)
    #expect(batch.births == (0..<BirthBatch.capacity).map(Double.init))
    #expect(
      Array(batch.values[0..<BirthBatch.capacity]) == (0..<BirthBatch.capacity).map(Float.init))
  }
}
