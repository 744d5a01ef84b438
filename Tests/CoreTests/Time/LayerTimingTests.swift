import Testing

@testable import Core

/// A scene with one emitter `e` and one cell `c` (rate 10/s, lifetime 100 s).
private func timingScene(_ extra: [(String, String)] = []) throws -> (Scene, LayerID) {
  var s = Scene()
  let id = try s.model.addLayer(named: "e", kind: .emitter, parent: SceneModel.rootID)
  try s.model.addCell(named: "c", to: .layer(id))
  for (path, value) in [("e.emitterCells.c.birthRate", "10"), ("e.emitterCells.c.lifetime", "100")]
    + extra
  {
    try s.model.set(try s.model.resolveProperty(path), text: value)
  }
  return (s, id)
}

@Suite("Layer and cell timing drive the particle clock")
struct LayerTimingTests {
  @Test(
    "layer speed scales births and ages",
    arguments: [("1", 10), ("2", 20), ("0.5", 5), ("0", 0)] as [(String, Int)])
  func layerSpeed(speed: String, expected: Int) throws {
    var (s, id) = try timingScene([("e.speed", speed)])
    s.advance(to: 1)
    #expect(s.liveCount(of: .layer(id)) == expected)
  }

  @Test("a layer whose beginTime is in the future emits nothing until then")
  func futureBeginTime() throws {
    var (s, id) = try timingScene([("e.beginTime", "2")])
    s.advance(to: 1.9)
    #expect(s.liveCount(of: .layer(id)) == 0)
    s.advance(to: 3)
    #expect(s.liveCount(of: .layer(id)) == 10)
  }

  @Test("a cell's beginTime and duration bound its emission window in layer time")
  func cellWindow() throws {
    var (s, id) = try timingScene([
      ("e.emitterCells.c.beginTime", "0.5"), ("e.emitterCells.c.duration", "0.3"),
    ])
    s.advance(to: 2)
    // Births at 0.6, 0.7, 0.8 (the integral crosses 1, 2, 3 inside [0.5, 0.8)).
    let births = s.particles(of: id).map(\.birthTime)
    #expect(births.count == 3)
    for (b, want) in zip(births, [0.6, 0.7, 0.8]) { #expect(abs(b - want) < 1e-9) }
  }

  @Test("restarting a layer with beginTime = now restarts its cells' windows")
  func restartMovesWindow() throws {
    var (s, id) = try timingScene([
      ("e.emitterCells.c.beginTime", "0.5"), ("e.emitterCells.c.duration", "0.3"),
    ])
    s.advance(to: 3)
    #expect(s.liveCount(of: .layer(id)) == 3)
    try s.model.set(try s.model.resolveProperty("e.beginTime"), text: "3")
    s.advance(to: 3.4)
    #expect(s.liveCount(of: .layer(id)) == 3)
    s.advance(to: 5)
    #expect(s.liveCount(of: .layer(id)) == 6)
    let ages = s.particles(of: id).suffix(3).map { $0.state.age }
    for (a, want) in zip(ages, [1.4, 1.3, 1.2] as [Float]) { #expect(abs(a - want) < 1e-4) }
  }

  @Test("the local time formula composes down the tree")
  func localTimeComposes() throws {
    var s = Scene()
    let a = try s.model.addLayer(named: "a", kind: .layer, parent: SceneModel.rootID)
    let b = try s.model.addLayer(named: "b", kind: .emitter, parent: a)
    for (path, value) in [
      ("a.beginTime", "1"), ("a.speed", "2"), ("b.timeOffset", "0.5"), ("b.speed", "3"),
    ] {
      try s.model.set(try s.model.resolveProperty(path), text: value)
    }
    // a: (5 − 1)·2 = 8; b: (8 − 0)·3 + 0.5 = 24.5
    #expect(s.localTime(of: b, at: 5) == 24.5)
  }
}
