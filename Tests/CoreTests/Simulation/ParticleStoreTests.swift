import Testing

@testable import Core

@Suite("Particle store")
struct ParticleStoreTests {
  static func newborn(_ i: Int, death: Double) -> Newborn {
    var values = Newborn.Values(repeating: 0)
    for c in Column.allCases { values[c.rawValue] = Float(i * 100 + c.rawValue) }
    return Newborn(birth: Double(i), death: death, key: UInt64(i), cellOrder: 0, values: values)
  }

  @Test("a newborn holds one value per column")
  func newbornHoldsEveryColumn() {
    #expect(Newborn.Values.count == Column.allCases.count)
  }

  @Test(
    "removing the dead keeps the survivors in order with all their values",
    arguments: [
      [true, false, true, true, false, false, true, false, true, true],
      [false, false, false, true, true],
      [true, true, true],
      [false, false],
      [true, false, false, false, true],
      [true, true, false, false, false, false, false],
      [false, true, false, false, false, false, false],
    ])
  func removeDeadPreservesOrder(dies: [Bool]) {
    for reference in [false, true] {
      var store = ParticleStore(reference: reference)
      for (i, d) in dies.enumerated() {
        store.append(Self.newborn(i, death: d ? 5 : 50), subSlots: 1)
        store.setSubEmitted(0, i, i * 7)
      }
      let removed = store.removeDead(at: 10)
      let survivors = dies.enumerated().filter { !$0.element }.map(\.offset)
      #expect(removed == dies.count - survivors.count)
      #expect(store.count == survivors.count)
      #expect(store.keys == survivors.map { UInt64($0) })
      #expect(store.births == survivors.map { Double($0) })
      #expect(store.subEmittedColumn(0) == survivors.map { $0 * 7 })
      for (k, i) in survivors.enumerated() {
        for c in Column.allCases {
          #expect(store.value(c, k) == Float(i * 100 + c.rawValue))
        }
      }
    }
  }

  /// One step of a scripted workload: append `births` particles, then remove the dead at
  /// `time`, with lifetimes from a fixed LCG (no stdlib randomness).
  struct Workload: CustomTestStringConvertible, Sendable {
    var name: String
    var steps: Int
    var births: Int
    /// Lifetime = base + spread × u, u in [0, 1).
    var base: Double
    var spread: Double
    /// Which columns vary between particles (the others hold one value for all).
    var varying: Set<Int>
    /// The step after which one more column starts to vary (nil: never).
    var laterVarying: (step: Int, column: Int)?
    var testDescription: String { name }
  }

  static let workloads: [Workload] = [
    Workload(
      name: "fixed lifetimes: the dead are a prefix", steps: 30, births: 100, base: 10.5,
      spread: 0, varying: [0, 1, 3, 4], laterVarying: nil),
    Workload(
      name: "spread lifetimes: the dead are scattered", steps: 30, births: 200, base: 4,
      spread: 4, varying: [0, 1, 3, 4, 9, 19], laterVarying: (15, 6)),
    Workload(
      name: "lifetimes shorter than a step: the store empties", steps: 12, births: 50, base: 0.2,
      spread: 0.5, varying: Set(0..<21), laterVarying: nil),
    Workload(
      name: "every column constant", steps: 20, births: 150, base: 5, spread: 1, varying: [],
      laterVarying: (12, 20)),
  ]

  @Test("an optimised store holds exactly what a straightforward one does", arguments: workloads)
  func optimisedMatchesStraightforward(w: Workload) {
    var fast = ParticleStore(reference: false)
    var plain = ParticleStore(reference: true)
    var lcg: UInt64 = 0x2545_F491_4F6C_DD1D
    func unit() -> Double {
      lcg = lcg &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(lcg >> 11) * 0x1p-53
    }
    var n = 0
    var movedHead = false
    for step in 0..<w.steps {
      for _ in 0..<w.births {
        var values = Newborn.Values(repeating: 0.5)
        for c in 0..<21 {
          let varies =
            w.varying.contains(c)
            || (w.laterVarying.map { step > $0.step && $0.column == c } ?? false)
          if varies { values[c] = Float(unit()) }
        }
        let birth = Double(step) + Double(n % w.births) / Double(w.births)
        let p = Newborn(
          birth: birth, death: birth + w.base + w.spread * unit(), key: UInt64(n), cellOrder: 0,
          values: values)
        fast.append(p, subSlots: 1)
        plain.append(p, subSlots: 1)
        fast.setSubAcc(0, fast.count - 1, Double(n))
        plain.setSubAcc(0, plain.count - 1, Double(n))
        n += 1
      }
      let t = Double(step + 1)
      #expect(fast.removeDead(at: t) == plain.removeDead(at: t))
      movedHead = movedHead || fast.head > 0
      #expect(fast.count == plain.count)
      #expect(fast.births == plain.births)
      #expect(fast.keys == plain.keys)
      #expect((0..<fast.count).map { fast.death($0) } == (0..<plain.count).map { plain.death($0) })
      #expect(
        (0..<fast.count).map { fast.subAcc(0, $0) } == (0..<plain.count).map { plain.subAcc(0, $0) }
      )
      for c in Column.allCases {
        let a = (0..<fast.count).map { fast.value(c, $0).bitPattern }
        let b = (0..<plain.count).map { plain.value(c, $0).bitPattern }
        #expect(a == b, "column \(c) after step \(step)")
      }
      var ff = ParticleFrame()
      var pf = ParticleFrame()
      fast.evaluate(at: t, into: &ff)
      plain.evaluate(at: t, into: &pf)
      for k in [\ParticleFrame.x, \.y, \.z, \.red, \.green, \.blue, \.alpha, \.scale, \.rotation] {
        #expect(ff[keyPath: k].map(\.bitPattern) == pf[keyPath: k].map(\.bitPattern))
      }
    }
    // The optimised paths were taken: some deaths only moved the head.
    #expect(movedHead || w.base < 1)
    #expect(plain.head == 0)
  }

  @Test("a column holds storage only once its particles differ")
  func uniformColumnsTakeNoStorage() {
    var store = ParticleStore()
    for i in 0..<10 {
      var p = Self.newborn(0, death: 50)
      p.values[Column.px.rawValue] = Float(i)
      store.append(p, subSlots: 0)
    }
    #expect(store.isStored(.px))
    #expect(!store.isStored(.py))
    #expect(store.value(.py, 9) == Self.newborn(0, death: 50).values[Column.py.rawValue])
    #expect(ParticleStore(reference: true).isStored(.py) == false)
    var plain = ParticleStore(reference: true)
    plain.append(Self.newborn(0, death: 50), subSlots: 0)
    #expect(plain.isStored(.py))
  }

  @Test("births at the same instant are sorted by key, as the staged path does")
  func sortTailOrdersByBirthThenKey() {
    var store = ParticleStore()
    let order: [(Double, UInt64)] = [(1, 9), (2, 5), (2, 3), (2, 4), (3, 1)]
    for (b, k) in order {
      var p = Self.newborn(Int(k), death: 100)
      p.birth = b
      p.key = k
      store.append(p, subSlots: 0)
    }
    store.sortTail(from: 1)
    #expect(store.keys == [9, 3, 4, 5, 1])
    #expect(store.value(.px, 1) == Self.newborn(3, death: 0).values[Column.px.rawValue])
  }

  @Test("room asked for a batch is what is needed and an eighth more, in whole 1024s")
  func reserveGrowsToWhatIsAsked() {
    var store = ParticleStore()
    store.reserve(10_000)
    // 10,000 + 1,250, rounded up to 11 × 1024.
    #expect(store.capacity == 11_264)
    // Within the capacity: no growth.
    store.reserve(11_264)
    #expect(store.capacity == 11_264)
    store.reserve(20_000)
    #expect(store.capacity == 22_528)
  }

  @Test("appending one at a time into a full store doubles its capacity")
  func appendingOneAtATimeDoubles() {
    var store = ParticleStore()
    store.reserve(1)
    #expect(store.capacity == 1024)
    for i in 0..<1025 { store.append(Self.newborn(i, death: 1e9), subSlots: 0) }
    #expect(store.capacity == 2048)
    #expect(store.keys == (0..<1025).map { UInt64($0) })
  }

  /// Fills a store as a scene stepped in one-second steps does (the dead removed, then room
  /// reserved for the step's births, then the births appended), with `births` per step and
  /// lifetimes 10 ± 2 s, nine Float columns varying.
  static func filledInSteps(births: Int, steps: Int) -> ParticleStore {
    var store = ParticleStore()
    var lcg: UInt64 = 0x9E37_79B9_7F4A_7C15
    func unit() -> Double {
      lcg = lcg &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(lcg >> 11) * 0x1p-53
    }
    var n = 0
    for step in 0..<steps {
      let t = Double(step + 1)
      store.removeDead(at: t - 1)
      store.reserve(births)
      var batch = BirthBatch()
      for k in 0..<births {
        var values = Newborn.Values(repeating: 0.5)
        for c in 0..<9 { values[c] = Float(unit()) }
        let birth = t - 1 + Double(k + 1) / Double(births)
        batch.add(birth: birth, death: birth + 8 + 4 * unit(), key: UInt64(n), values: values)
        n += 1
        if batch.isFull {
          store.append(batch, subSlots: 0)
          batch.removeAll()
        }
      }
      store.append(batch, subSlots: 0)
    }
    store.removeDead(at: Double(steps))
    return store
  }

  @Test("a store filled in big steps holds little more room than its live particles need")
  func bytesPerLiveParticleStayNearTheSlotSize() {
    // As the bytes-4M benchmark fills its scene, at a tenth of the size: 40,000 births a
    // second living 10 ± 2 s, about 400,000 live at the end. Doubling left 1.6× the room.
    let store = Self.filledInSteps(births: 40_000, steps: 13)
    #expect(store.count > 350_000)
    // Nine stored Float columns, birth and death times and keys.
    let slotBytes = 9 * 4 + 3 * 8
    let perLive = Double(store.bytes) / Double(store.count)
    #expect(perLive <= Double(slotBytes) * 1.25, "\(perLive) bytes per live particle")
  }

  @Test(
    "appending a batch stores exactly what appending its particles one by one does",
    arguments: [
      (batch: 64, varying: [0, 1, 3], deathsSorted: true, emptyFirst: true),
      (batch: 7, varying: [0, 1, 3, 4, 9, 19], deathsSorted: false, emptyFirst: false),
      (batch: 1, varying: Array(0..<21), deathsSorted: false, emptyFirst: true),
      (batch: 33, varying: [], deathsSorted: true, emptyFirst: false),
      (batch: 64, varying: [20], deathsSorted: false, emptyFirst: false),
    ])
  func batchAppendMatchesSingleAppends(
    batch size: Int, varying: [Int], deathsSorted: Bool, emptyFirst: Bool
  ) {
    var single = ParticleStore()
    var batched = ParticleStore()
    if !emptyFirst {
      // One particle already there: its values are the one-value columns' values.
      single.append(Self.newborn(0, death: 1), subSlots: 1)
      batched.append(Self.newborn(0, death: 1), subSlots: 1)
    }
    var lcg: UInt64 = 0x2545_F491_4F6C_DD1D
    func unit() -> Float {
      lcg = lcg &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Float(lcg >> 40) * 0x1p-24
    }
    var batch = BirthBatch()
    for i in 1...200 {
      var values = Self.newborn(0, death: 1).values
      // The varying columns start to vary partway through a batch.
      if i > 10 { for c in varying { values[c] = unit() } }
      let birth = Double(i)
      let death = deathsSorted ? birth + 5 : birth + Double(unit()) * 20
      single.append(birth: birth, death: death, key: UInt64(i), values: values, subSlots: 1)
      batch.add(birth: birth, death: death, key: UInt64(i), values: values)
      if batch.count == size {
        batched.append(batch, subSlots: 1)
        batch.removeAll()
      }
    }
    batched.append(batch, subSlots: 1)
    #expect(batched.count == single.count)
    #expect(batched.births == single.births)
    #expect(batched.keys == single.keys)
    #expect((0..<single.count).map(batched.death) == (0..<single.count).map(single.death))
    #expect(
      (0..<single.count).map { batched.subAcc(0, $0) }
        == Array(repeating: 0, count: 201 - (emptyFirst ? 1 : 0)))
    for c in Column.allCases {
      #expect(batched.isStored(c) == single.isStored(c), "column \(c)")
      let a = (0..<single.count).map { batched.value(c, $0).bitPattern }
      let b = (0..<single.count).map { single.value(c, $0).bitPattern }
      #expect(a == b, "column \(c)")
    }
    // The same removal path: the same survivors, in the same slots.
    for t in [30.0, 120.0] {
      #expect(batched.removeDead(at: t) == single.removeDead(at: t))
      #expect(batched.keys == single.keys)
      #expect(batched.head == single.head)
    }
  }

  /// A scene with one cell born at 100,000/s that lives 100 s, cut into pieces of 10,000
  /// births.
  static func burstScene() throws -> (Scene, LayerID) {
    var scene = Scene()
    let id = try scene.model.addLayer(named: "e", kind: .emitter, parent: SceneModel.rootID)
    try scene.model.addCell(named: "c", to: .layer(id))
    for (path, value) in [
      ("e.emitterCells.c.birthRate", "100000"), ("e.emitterCells.c.lifetime", "100"),
      ("e.emitterCells.c.velocity", "10"), ("e.emitterCells.c.emissionRange", "3"),
    ] {
      try scene.model.set(try scene.model.resolveProperty(path), text: value)
    }
    scene.birthsPerPiece = 10_000
    return (scene, id)
  }

  @Test("a step cut into pieces makes room for all its births in its first piece")
  func piecesReserveOnce() throws {
    let (scene, id) = try Self.burstScene()
    var stepped = scene
    // Ten steps of 0.1 s: each makes room for its own births (and an eighth).
    for k in 1...10 { stepped.advance(to: Double(k) / 10) }
    var cut = try Self.burstScene().0
    // One step of 1 s, cut into ten pieces of 10,000 births: room for all at once, and an
    // eighth, in whole 1024s.
    cut.advance(to: 1)
    let a = try #require(stepped.runtimes[id]?.cells.first?.store)
    let b = try #require(cut.runtimes[id]?.cells.first?.store)
    #expect(a.count == 100_000 && b.count == 100_000)
    #expect(a.growths > 1)
    #expect(b.growths == 1)
    #expect(b.capacity == 112_640)
    #expect(a.births == b.births && a.keys == b.keys)
  }
}
