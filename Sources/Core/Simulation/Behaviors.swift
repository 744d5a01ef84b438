// Emitter behaviours in the simulation (docs/semantics.md, "Emitter behaviours"): drag, waves,
// alignToMotion and the keyframes over life in closed form in a particle's age; attractors as a
// correction integrated on a fixed grid of scene time (`Limits.attractorGrid`), kept per
// particle beside the store. An emitter without behaviours never reaches this file's code.

/// An attractor's running correction to one particle's closed-form motion: the position and
/// velocity it has added by emitter time `s` (its last grid instant, or its birth).
struct AttractorOffset: Sendable, Equatable {
  var d = SIMD3<Double>(0, 0, 0)
  var dv = SIMD3<Double>(0, 0, 0)
  var s: Double
}

/// One emitter's enabled behaviours, compiled for evaluation.
struct CompiledBehaviors: Sendable {
  struct Wave: Sendable {
    var force: SIMD3<Double>
    var omega: Double
  }
  struct Keyframes: Sendable {
    var target: BehaviorTarget?
    var locations: [Double]
    var values: [Double]
    var colors: [Color]
    var additive: Bool
  }
  struct Attractor: Sendable {
    var kind: AttractorKind
    var center: SIMD3<Double>
    var axis: SIMD3<Double>
    var radius: Double
    var stiffness: Double
    var fade: Double
  }

  /// The sum of the drags (1/s).
  var drag = 0.0
  var waves: [Wave] = []
  /// alignToMotion's rotation offset (the first enabled one).
  var align: Double?
  var overLife: [Keyframes] = []
  var attractors: [Attractor] = []

  init() {}

  init(_ list: [EmitterBehavior]) {
    for b in list where b.enabled {
      switch b.type {
      case .drag:
        drag += b.number("drag")
      case .wave:
        let f = b.numbers("force")
        let omega = 2 * Double.pi * b.number("frequency")
        let force = SIMD3(f[0], f[1], f[2])
        if omega != 0, force != .zero { waves.append(Wave(force: force, omega: omega)) }
      case .alignToMotion:
        if align == nil { align = b.number("rotation") }
      case .valueOverLife:
        guard let target = BehaviorTarget(rawValue: b.word("keyPath")) else { continue }
        let values = b.numbers("values")
        guard !values.isEmpty else { continue }
        overLife.append(
          Keyframes(
            target: target,
            locations: Self.locations(b.numbers("locations"), count: values.count),
            values: values, colors: [], additive: b.value("additive") == .bool(true)))
      case .colorOverLife:
        let colors = b.colors("colors")
        guard !colors.isEmpty else { continue }
        overLife.append(
          Keyframes(
            target: nil, locations: Self.locations(b.numbers("locations"), count: colors.count),
            values: [], colors: colors, additive: false))
      case .attractor, .simpleAttractor:
        let p = b.numbers("position")
        let lat = b.number("orientationLatitude")
        let lon = b.number("orientationLongitude")
        let axis = SIMD3(
          CoreMath.cos(lat) * CoreMath.cos(lon), CoreMath.cos(lat) * CoreMath.sin(lon),
          CoreMath.sin(lat))
        let kind = AttractorKind(rawValue: b.word("attractorType")) ?? .radial
        let a = Attractor(
          kind: b.type == .simpleAttractor ? .radial : kind,
          center: SIMD3(p[0], p[1], b.number("zPosition")), axis: axis,
          radius: max(0, b.number("radius")), stiffness: b.number("stiffness"),
          fade: max(0, b.number("falloffDistance")))
        if a.stiffness != 0 { attractors.append(a) }
      case .light:
        continue
      }
    }
  }

  /// Nothing to do: evaluation takes the plain closed form.
  var isEmpty: Bool {
    drag == 0 && waves.isEmpty && align == nil && overLife.isEmpty && attractors.isEmpty
  }

  /// Whether positions and velocities differ from the plain closed form.
  var movesParticles: Bool { drag != 0 || !waves.isEmpty || !attractors.isEmpty }

  /// Keyframe locations: as given when there is one per value, else evenly spaced over 0…1.
  static func locations(_ given: [Double], count: Int) -> [Double] {
    if given.count == count { return given }
    guard count > 1 else { return [0] }
    return (0..<count).map { Double($0) / Double(count - 1) }
  }

  /// Linear interpolation of keyframes at life fraction `f` (held flat outside them).
  static func interpolate(_ locs: [Double], at f: Double, _ value: (Int) -> Double) -> Double {
    guard let first = locs.first else { return 0 }
    if f <= first { return value(0) }
    for i in 0..<(locs.count - 1) where f <= locs[i + 1] {
      let span = locs[i + 1] - locs[i]
      guard span > 0 else { return value(i + 1) }
      let u = (f - locs[i]) / span
      return value(i) + (value(i + 1) - value(i)) * u
    }
    return value(locs.count - 1)
  }

  // MARK: - Closed form in the particle's age

  /// Position and velocity at age `tau` of a particle born at emitter time `birth` at `p0` with
  /// velocity `v0` and constant acceleration `a`, under the drag and waves:
  /// v' = a + Σ F·sin(ω(birth + τ)) − k·v, integrated exactly.
  func motion(
    p0: SIMD3<Double>, v0: SIMD3<Double>, a: SIMD3<Double>, birth: Double, tau: Double
  ) -> (p: SIMD3<Double>, v: SIMD3<Double>) {
    let k = drag
    let kt = k * tau
    // decay = e^(−kτ); e1 = (1 − e^(−kτ))/k (τ when k = 0); g = (τ − e1)/k (τ²/2 when k = 0).
    let decay = CoreMath.exp(-kt)
    let e1: Double
    let g: Double
    if abs(kt) < 1e-4 {
      e1 = tau * (1 - kt / 2 + kt * kt / 6)
      g = tau * tau * (0.5 - kt / 6 + kt * kt / 24)
    } else {
      e1 = -CoreMath.expm1(-kt) / k
      g = (tau - e1) / k
    }
    var p = p0 + v0 * e1 + a * g
    var v = v0 * decay + a * e1
    for w in waves {
      let phi = w.omega * birth
      let (s0, c0) = CoreMath.sincos(phi)
      let (s1, c1) = CoreMath.sincos(phi + w.omega * tau)
      let den = k * k + w.omega * w.omega
      // Steady swing minus its value at birth, decayed; position its integral.
      let start: Double = k * s0 - w.omega * c0
      let swing: Double = (k * s1 - w.omega * c1 - start * decay) / den
      let turned: Double = k * (c0 - c1) / w.omega
      let shift: Double = (turned - (s1 - s0) - start * e1) / den
      v += w.force * swing
      p += w.force * shift
    }
    return (p, v)
  }

  /// A particle's state at emitter time `t` with the behaviours applied. `v` reads its birth
  /// values (`ParticleStore.value`), `offset` is its attractor correction, if any.
  func state(
    _ v: (Column) -> Float, birth: Double, death: Double, offset: AttractorOffset?,
    at t: Double
  ) -> ParticleState {
    let tau = t - birth
    var s = ParticleState(age: Float(tau), v)
    if movesParticles {
      func vec(_ x: Column, _ y: Column, _ z: Column) -> SIMD3<Double> {
        SIMD3(Double(v(x)), Double(v(y)), Double(v(z)))
      }
      var (p, vel) = motion(
        p0: vec(.px, .py, .pz), v0: vec(.vx, .vy, .vz), a: vec(.ax, .ay, .az), birth: birth,
        tau: tau)
      if let o = offset {
        let dt = max(0, t - o.s)
        p += o.d + o.dv * dt
        vel += o.dv * CoreMath.exp(-drag * dt)
      }
      (s.x, s.y, s.z) = (Float(p.x), Float(p.y), Float(p.z))
      (s.vx, s.vy, s.vz) = (Float(vel.x), Float(vel.y), Float(vel.z))
    }
    if !overLife.isEmpty {
      let life = death - birth
      let f = life > 0 ? min(max(tau / life, 0), 1) : 0
      for k in overLife {
        if let target = k.target {
          let x = Float(Self.interpolate(k.locations, at: f) { k.values[$0] })
          func apply(_ old: Float) -> Float { k.additive ? old + x : x }
          switch target {
          case .scale: s.scale = apply(s.scale)
          case .red: s.red = apply(s.red)
          case .green: s.green = apply(s.green)
          case .blue: s.blue = apply(s.blue)
          case .alpha: s.alpha = apply(s.alpha)
          }
        } else {
          let cs = k.colors
          s.red *= Float(Self.interpolate(k.locations, at: f) { cs[$0].red })
          s.green *= Float(Self.interpolate(k.locations, at: f) { cs[$0].green })
          s.blue *= Float(Self.interpolate(k.locations, at: f) { cs[$0].blue })
          s.alpha *= Float(Self.interpolate(k.locations, at: f) { cs[$0].alpha })
        }
      }
    }
    if let turn = align {
      let moving = s.vx != 0 || s.vy != 0
      let angle = moving ? CoreMath.atan2(Double(s.vy), Double(s.vx)) : Double(s.theta)
      s.rotation = Float(angle + turn)
    }
    return s
  }

  // MARK: - Attractors

  /// The attractors' pull (pt/s²) on a particle at `p`.
  func pull(at p: SIMD3<Double>) -> SIMD3<Double> {
    var total = SIMD3<Double>(0, 0, 0)
    for a in attractors {
      var d = a.center - p
      switch a.kind {
      case .radial: break
      case .axial: d -= a.axis * (d * a.axis).sum()
      case .planar: d = a.axis * (d * a.axis).sum()
      }
      let dist = (d * d).sum().squareRoot()
      var w = 1.0
      if a.radius > 0 && dist > a.radius {
        w = a.fade > 0 ? max(0, 1 - (dist - a.radius) / a.fade) : 0
      }
      total += d * (a.stiffness * w)
    }
    return total
  }

  /// One grid instant at emitter time `t`: every live particle's correction is carried to `t`,
  /// and its velocity takes the pull at its position there (semi-implicit Euler over the time
  /// since its last instant; drag decays the added velocity exactly). The table is rebuilt
  /// with the live particles only, so the dead leave it.
  func kick(_ store: ParticleStore, _ table: [UInt64: AttractorOffset], at t: Double)
    -> [UInt64: AttractorOffset]
  {
    var next: [UInt64: AttractorOffset] = [:]
    next.reserveCapacity(store.count)
    for i in 0..<store.count {
      let birth = store.birth(i)
      guard birth <= t, store.death(i) > t else { continue }
      let key = store.key(i)
      var o = table[key] ?? AttractorOffset(s: birth)
      let dt = t - o.s
      o.d += o.dv * dt
      o.dv *= CoreMath.exp(-drag * dt)
      o.s = t
      let st = state({ store.value($0, i) }, birth: birth, death: store.death(i), offset: o, at: t)
      o.dv += pull(at: SIMD3(Double(st.x), Double(st.y), Double(st.z))) * dt
      next[key] = o
    }
    return next
  }
}

extension ParticleStore {
  /// Like `evaluate`, with behaviours: one particle at a time, in storage order.
  func evaluate(
    at t: Double, into frame: inout ParticleFrame, behaviors b: CompiledBehaviors,
    offsets: [UInt64: AttractorOffset]
  ) {
    frame.reserve(count)
    for i in 0..<count {
      let s = behavingState(i, at: t, b, offsets)
      frame.x.append(s.x)
      frame.y.append(s.y)
      frame.z.append(s.z)
      frame.red.append(s.red)
      frame.green.append(s.green)
      frame.blue.append(s.blue)
      frame.alpha.append(s.alpha)
      frame.scale.append(s.scale)
      frame.rotation.append(s.rotation)
    }
  }

  /// A particle's state at emitter time `t` under the behaviours `b` (the plain closed form
  /// when there are none).
  func behavingState(
    _ i: Int, at t: Double, _ b: CompiledBehaviors, _ offsets: [UInt64: AttractorOffset]
  ) -> ParticleState {
    guard !b.isEmpty else { return state(i, at: t) }
    return b.state(
      { value($0, i) }, birth: birth(i), death: death(i),
      offset: offsets.isEmpty ? nil : offsets[key(i)], at: t)
  }
}

extension Newborn {
  /// Its state under the behaviours `b` (born within the step: no attractor correction yet).
  func state(at t: Double, _ b: CompiledBehaviors) -> ParticleState {
    guard !b.isEmpty else { return state(at: t) }
    return b.state({ values[$0.rawValue] }, birth: birth, death: death, offset: nil, at: t)
  }
}
