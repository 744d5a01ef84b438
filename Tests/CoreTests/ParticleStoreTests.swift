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
    ])
  func removeDeadPreservesOrder(dies: [Bool]) {
    var store = ParticleStore()
    for (i, d) in dies.enumerated() {
      store.append(Self.newborn(i, death: d ? 5 : 50), subSlots: 1)
      store.subEmitted[0][i] = i * 7
    }
    let removed = store.removeDead(at: 10)
    let survivors = dies.enumerated().filter { !$0.element }.map(\.offset)
    #expect(removed == dies.count - survivors.count)
    #expect(store.count == survivors.count)
    #expect(store.key == survivors.map { UInt64($0) })
    #expect(store.birth == survivors.map { Double($0) })
    #expect(store.subEmitted[0] == survivors.map { $0 * 7 })
    for (k, i) in survivors.enumerated() {
      for c in Column.allCases {
        #expect(store.value(c, k) == Float(i * 100 + c.rawValue))
      }
    }
  }
}
