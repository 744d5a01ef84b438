/// One cell's parameters for a step, flattened in preorder (parents before sub-cells).
struct CompiledCell {
  let cell: EmitterCell
  /// Position in preorder: ties between births at the same instant go to the lower order.
  let order: Int
  let parent: Int?
  var subs: [Int] = []
  let nameHash: UInt64
  /// Emission for this cell: in the emitter's clock for a top-level cell, in its parent's age
  /// for a sub-cell (start is filled in by the runtime).
  let emission: EmissionSegment
  /// The longest a particle of this cell can live (s).
  let maxLifetime: Double
  /// The longest this cell's particles or any of their descendants can outlast a birth (s).
  var treeLifetime: Double = 0
  /// cos and sin of the cell's emissionLatitude, the same for every particle it fires.
  let latitudeCos: Double
  let latitudeSin: Double
  /// The scene's readings (`Readings`): what ranges and emissionRange are multiplied by before
  /// a draw, and, when directions fill a cone, the cosine of its half-angle.
  let rangeFactor: Double
  let angleFactor: Double
  let coneCos: Double?
  /// What a line emitter adds to the longitude: −π/2 (longitude 0 up) or π/2 (down).
  let lineTurn: Double
  /// sin and cos of the two central directions most shapes give (the longitude; a line's
  /// longitude plus `lineTurn`), worked out once per step for the cone's axis.
  let longitudeTurn: (sin: Double, cos: Double)
  let lineLongitudeTurn: (sin: Double, cos: Double)

  /// Flattens an emitter's cells in preorder with the layer's multipliers, under the scene's
  /// `readings`.
  static func compile(
    _ cells: [EmitterCell], emitter: EmitterProperties, readings: Readings
  ) -> [CompiledCell] {
    var out: [CompiledCell] = []
    func visit(_ c: EmitterCell, parent: Int?) {
      let index = out.count
      out.append(
        CompiledCell(
          cell: c, order: index, parent: parent, nameHash: ParticleRandom.hash(c.name),
          emission: emission(of: c, layerBirthRate: emitter.birthRate),
          maxLifetime: maxLifetime(of: c, layerLifetime: emitter.lifetime, readings: readings),
          latitudeCos: CoreMath.cos(c.emissionLatitude),
          latitudeSin: CoreMath.sin(c.emissionLatitude), rangeFactor: readings.rangeFactor,
          angleFactor: readings.angleFactor,
          coneCos: readings.emissionCone == .cone
            ? CoreMath.cos(readings.halfAngle(c.emissionRange)) : nil,
          lineTurn: readings.lineTurn,
          longitudeTurn: CoreMath.sincos(c.emissionLongitude),
          lineLongitudeTurn: CoreMath.sincos(c.emissionLongitude + readings.lineTurn)))
      if let p = parent { out[p].subs.append(index) }
      for s in c.cells { visit(s, parent: index) }
    }
    for c in cells { visit(c, parent: nil) }
    for i in out.indices.reversed() {
      let subMax = out[i].subs.map { out[$0].treeLifetime }.max() ?? 0
      out[i].treeLifetime = out[i].maxLifetime + subMax
    }
    return out
  }

  /// Effective rate and window from the cell's birthRate, the layer's birthRate and the cell's
  /// own timing (docs/semantics.md, "Step-size independence"). The rate is capped at
  /// `Limits.maxBirthRate`.
  static func emission(of c: EmitterCell, layerBirthRate: Double) -> EmissionSegment {
    let t = c.timing
    var rate = c.birthRate * layerBirthRate * t.speed
    guard c.enabled, rate > 0, t.speed > 0, rate.isFinite else { return .off(at: 0) }
    rate = min(rate, Limits.maxBirthRate)
    // Local cell time (x − beginTime)·speed + timeOffset lies in [0, active duration).
    let ws = t.beginTime - t.timeOffset / t.speed
    let ad = t.activeDuration
    let we = ad.isInfinite ? Double.infinity : t.beginTime + (ad - t.timeOffset) / t.speed
    return EmissionSegment(start: 0, rate: rate, ws: ws, we: we)
  }

  /// Which side of 0 a particle's drawn lifetime can fall on.
  enum LifetimeSign { case positive, nonPositive, mixed }

  /// Which side of 0 this cell's drawn lifetimes `(M + k·R·(u − 0.5)) · multiplier` fall on
  /// (k: `rangeFactor`).
  func lifetimeSign(multiplier: Double) -> LifetimeSign {
    let a = (cell.lifetime - cell.lifetimeRange * rangeFactor / 2) * multiplier
    let b = (cell.lifetime + cell.lifetimeRange * rangeFactor / 2) * multiplier
    if min(a, b) > 0 { return .positive }
    if max(a, b) <= 0 { return .nonPositive }
    return .mixed
  }

  static func maxLifetime(
    of c: EmitterCell, layerLifetime: Double, readings: Readings
  ) -> Double {
    let lo = (c.lifetime - readings.halfWidth(c.lifetimeRange)) * layerLifetime
    let hi = (c.lifetime + readings.halfWidth(c.lifetimeRange)) * layerLifetime
    return max(0, lo, hi)
  }
}
