/// Draws a new particle's values from its cell (docs/semantics.md, "Particles").
enum Spawner {
  /// `rnd(M, R) = M + R·(u − 0.5)`: uniform in [M − R/2, M + R/2]. Callers pass R times the
  /// cell's `rangeFactor` (1 or 2, the scene's `rangeRule`; times 1 keeps every bit).
  ///
  /// With R = ±0 that is M, bit for bit, whatever u: R·(u − 0.5) is a zero, and M + ±0 = M for
  /// any M but −0 and NaN. `u` is then not drawn at all; a particle's uniforms are keyed by their
  /// index (`ParticleRandom.uniform`), so skipping one changes no other.
  @inline(__always)
  static func rnd(_ m: Double, _ r: Double, _ u: @autoclosure () -> Double) -> Double {
    if r == 0 && m.bitPattern != (-0.0 as Double).bitPattern && !m.isNaN { return m }
    return m + r * (u() - 0.5)
  }

  /// The lifetime a particle of cell `c` with `key` draws (≤ 0: stillborn), exactly as
  /// `topLevel` and `sub` draw it.
  @inline(__always)
  static func lifetime(_ c: CompiledCell, multiplier: Double, key: UInt64) -> Double {
    lifetime(c, multiplier: multiplier, uniform: ParticleRandom.uniform(key, .lifetime))
  }

  /// The lifetime for the particle's lifetime uniform (drawn only when the range needs it).
  @inline(__always)
  static func lifetime(
    _ c: CompiledCell, multiplier: Double, uniform: @autoclosure () -> Double
  ) -> Double {
    rnd(c.cell.lifetime, c.cell.lifetimeRange * c.rangeFactor, uniform()) * multiplier
  }

  /// A top-level particle, or nil when its drawn lifetime is ≤ 0 (never rendered).
  static func topLevel(
    _ c: CompiledCell, emitter e: EmitterProperties, key: UInt64, birth: Double
  ) -> Newborn? {
    var values = Newborn.Values(repeating: 0)
    let death = topLevelValues(c, emitter: e, key: key, birth: birth) { values[$0.rawValue] = $1 }
    guard let death else { return nil }
    return Newborn(birth: birth, death: death, key: key, cellOrder: c.order, values: values)
  }

  /// A top-level particle's death time, or nil when its drawn lifetime is ≤ 0; its initial
  /// values go to `put` (each column once, only when it lives): what `topLevel` wraps, and for
  /// births written straight into a store's batch.
  @inline(__always)
  static func topLevelValues(
    _ c: CompiledCell, emitter e: EmitterProperties, key: UInt64, birth: Double,
    put: (Column, Float) -> Void
  ) -> Double? {
    let cell = c.cell
    let k = c.rangeFactor
    let words = ParticleRandom.Words(key)
    let u = { (d: ParticleRandom.Draw) in words.uniform(d) }
    let life = lifetime(c, multiplier: e.lifetime, uniform: u(.lifetime))
    guard life > 0 else { return nil }
    let start = EmissionGeometry.start(
      shape: e.emitterShape, mode: e.emitterMode, position: e.emitterPosition,
      z: e.emitterZPosition, size: e.emitterSize, depth: e.emitterDepth,
      longitude: cell.emissionLongitude, lineTurn: c.lineTurn, u: u)
    let color = (
      rnd(cell.color.red, cell.redRange * k, u(.red)),
      rnd(cell.color.green, cell.greenRange * k, u(.green)),
      rnd(cell.color.blue, cell.blueRange * k, u(.blue)),
      rnd(cell.color.alpha, cell.alphaRange * k, u(.alpha))
    )
    let scale = rnd(cell.scale, cell.scaleRange * k, u(.scale)) * e.scale
    make(
      cell: c, emitter: e, position: (start.x, start.y, start.z),
      centralAngle: start.centralAngle, u: u, color: color, scale: scale, put: put)
    return birth + life
  }

  /// A sub-cell particle born from `parent` (evaluated at the birth time), or nil when its
  /// drawn lifetime is ≤ 0. Direction follows the parent's current velocity (its firing
  /// direction when at rest); colour and scale are the parent's current values times the
  /// sub-cell's draws; velocity is not inherited.
  static func sub(
    _ c: CompiledCell, parent p: ParticleState, emitter e: EmitterProperties, key: UInt64,
    birth: Double
  ) -> Newborn? {
    let cell = c.cell
    let k = c.rangeFactor
    let words = ParticleRandom.Words(key)
    let u = { (d: ParticleRandom.Draw) in words.uniform(d) }
    let life = lifetime(c, multiplier: e.lifetime, uniform: u(.lifetime))
    guard life > 0 else { return nil }
    let moving = p.vx != 0 || p.vy != 0
    let heading = moving ? CoreMath.atan2(Double(p.vy), Double(p.vx)) : Double(p.theta)
    func clamp01(_ x: Float) -> Double { Double(min(max(x, 0), 1)) }
    let color = (
      clamp01(p.red) * rnd(cell.color.red, cell.redRange * k, u(.red)),
      clamp01(p.green) * rnd(cell.color.green, cell.greenRange * k, u(.green)),
      clamp01(p.blue) * rnd(cell.color.blue, cell.blueRange * k, u(.blue)),
      clamp01(p.alpha) * rnd(cell.color.alpha, cell.alphaRange * k, u(.alpha))
    )
    let scale = Double(p.scale) * rnd(cell.scale, cell.scaleRange * k, u(.scale))
    var values = Newborn.Values(repeating: 0)
    make(
      cell: c, emitter: e, position: (Double(p.x), Double(p.y), Double(p.z)),
      centralAngle: heading + cell.emissionLongitude, u: u, color: color, scale: scale
    ) { values[$0.rawValue] = $1 }
    return Newborn(
      birth: birth, death: birth + life, key: key, cellOrder: c.order, values: values)
  }

  /// The initial values, each column's given to `put` once.
  @inline(__always)
  private static func make(
    cell c: CompiledCell, emitter e: EmitterProperties, position: (Double, Double, Double),
    centralAngle: Double, u: (ParticleRandom.Draw) -> Double,
    color: (Double, Double, Double, Double), scale: Double, put store: (Column, Float) -> Void
  ) {
    let cell = c.cell
    let k = c.rangeFactor
    let theta: Double
    let speed = rnd(cell.velocity, cell.velocityRange * k, u(.velocity)) * e.velocity
    let spin = rnd(cell.spin, cell.spinRange * k, u(.spin)) * e.spin
    let dir: (Double, Double, Double)
    if let coneCos = c.coneCos {
      dir = coneDirection(c, cosAlpha: coneCos, centralAngle: centralAngle, u: u)
      // The particle's firing direction (a sub-cell's heading while its parent is at rest):
      // the cone's axis.
      theta = centralAngle
    } else {
      theta = rnd(centralAngle, abs(cell.emissionRange) * c.angleFactor, u(.direction))
      // The latitude's cos and sin are the cell's (computed once per step, not per particle);
      // theta's come from one reduction (the same bits as CoreMath.cos and CoreMath.sin).
      let turn = CoreMath.directionSinCos(theta)
      dir = (c.latitudeCos * Double(turn.cos), c.latitudeCos * Double(turn.sin), c.latitudeSin)
    }
    func put(_ col: Column, _ x: Double) { store(col, Float(x)) }
    put(.px, position.0)
    put(.py, position.1)
    put(.pz, position.2)
    put(.vx, speed * dir.0)
    put(.vy, speed * dir.1)
    put(.vz, speed * dir.2)
    put(.ax, cell.xAcceleration)
    put(.ay, cell.yAcceleration)
    put(.az, cell.zAcceleration)
    put(.red, color.0)
    put(.green, color.1)
    put(.blue, color.2)
    put(.alpha, color.3)
    put(.redSpeed, cell.redSpeed)
    put(.greenSpeed, cell.greenSpeed)
    put(.blueSpeed, cell.blueSpeed)
    put(.alphaSpeed, cell.alphaSpeed)
    put(.scale, scale)
    put(.scaleSpeed, cell.scaleSpeed)
    put(.spin, spin)
    put(.theta, speed < 0 ? theta + .pi : theta)
  }

  /// A direction uniform over the cone of half-angle α (cos α: `cosAlpha`) around the
  /// emission direction c = (cos φ·cos λ, cos φ·sin λ, sin φ) (λ: `centralAngle`, φ: the
  /// latitude): the angle θ from c has cos θ uniform in [cos α, 1] (the cone's own draw), the
  /// turn ψ around c is 2π·u (the direction draw), and the result is
  /// cos θ·c + sin θ·(cos ψ·a + sin ψ·b), with a = (−sin λ, cos λ, 0) and b = c × a.
  @inline(__always)
  static func coneDirection(
    _ c: CompiledCell, cosAlpha: Double, centralAngle: Double,
    u: (ParticleRandom.Draw) -> Double
  ) -> (Double, Double, Double) {
    let (cl, sl) = (c.latitudeCos, c.latitudeSin)
    // The axis's turn: the cell's own for the usual central directions, else worked out.
    let lon =
      centralAngle == c.cell.emissionLongitude
      ? c.longitudeTurn
      : centralAngle == c.cell.emissionLongitude + c.lineTurn
        ? c.lineLongitudeTurn : CoreMath.sincos(centralAngle)
    let axis = (cl * lon.cos, cl * lon.sin, sl)
    // A cone of angle 0 is its axis, exactly as the general case gives it (θ = 0), with no
    // draw needed.
    if cosAlpha == 1 { return axis }
    let cosTheta = 1 - u(.cone) * (1 - cosAlpha)
    let sinTheta = (max(0, 1 - cosTheta * cosTheta)).squareRoot()
    let turn = CoreMath.directionSinCos(2 * Double.pi * u(.direction))
    let a = (-lon.sin, lon.cos, 0.0)
    let b = (-sl * lon.cos, -sl * lon.sin, cl)
    let x = Double(turn.cos) * sinTheta
    let y = Double(turn.sin) * sinTheta
    return (
      cosTheta * axis.0 + x * a.0 + y * b.0,
      cosTheta * axis.1 + x * a.1 + y * b.1,
      cosTheta * axis.2 + x * a.2 + y * b.2
    )
  }
}
