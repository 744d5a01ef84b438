/// Where on the emitter's shape a particle starts, and the central direction it leaves in
/// (docs/semantics.md, "Where a particle starts and which way it goes").
enum EmissionGeometry {
  /// A start point and the central direction angle θc (before emissionRange) in the layer plane.
  struct Start {
    var x: Double
    var y: Double
    var z: Double
    var centralAngle: Double
  }

  /// Samples a start point with the position uniforms `u(.position1)` … `u(.position4)` and
  /// returns it with the central direction for longitude `lon`. Only the uniforms the shape and
  /// mode use are drawn: each has its own index in the particle's stream, so the others are the
  /// same whether or not they are drawn.
  ///
  /// Directions: lines (and rectangles with no height, which are lines) use their normal
  /// turned by λ: `(sin λ, −cos λ)` (λ = 0 up, π down) when `lineTurn` is −π/2,
  /// `(−sin λ, cos λ)` (λ = 0 down) when it is π/2 (`scene.lineDirection`); circle and
  /// sphere outlines are radial, the outward normal turned by λ **(choice)**; everything else
  /// uses `(cos λ, sin λ)`.
  @inline(__always)
  static func start(
    shape: EmitterShape, mode: EmitterMode, position p: Point, z: Double, size: Size,
    depth: Double, longitude lon: Double, lineTurn: Double, u: (ParticleRandom.Draw) -> Double
  ) -> Start {
    let w = size.width
    let h = size.height
    let d = depth
    switch shape {
    case .point:
      return Start(x: p.x, y: p.y, z: z, centralAngle: lon)
    case .line:
      let x: Double
      if mode == .points {
        x = p.x + (u(.position1) < 0.5 ? -w / 2 : w / 2)
      } else {
        x = p.x + w * (u(.position1) - 0.5)
      }
      return Start(x: x, y: p.y, z: z, centralAngle: lon + lineTurn)
    case .rectangle:
      var (dx, dy) = (0.0, 0.0)
      switch mode {
      case .points:
        let corner = min(3, Int(u(.position1) * 4))
        dx = (corner & 1 == 0 ? -w : w) / 2
        dy = (corner & 2 == 0 ? -h : h) / 2
      case .outline:
        (dx, dy) = perimeterPoint(w: abs(w), h: abs(h), u: u(.position1))
      case .surface, .volume:
        dx = w * (u(.position1) - 0.5)
        dy = h * (u(.position2) - 0.5)
      }
      // A rectangle with no height is a line, and leaves along a line's normal.
      return Start(x: p.x + dx, y: p.y + dy, z: z, centralAngle: h == 0 ? lon + lineTurn : lon)
    case .cuboid:
      let o = cuboidOffset(w: abs(w), h: abs(h), d: abs(d), mode: mode, u: u)
      return Start(x: p.x + o.0, y: p.y + o.1, z: z + o.2, centralAngle: lon)
    case .circle, .sphere:
      let r = w
      // The angle, drawn only by the modes that use it.
      func angle() -> Double { 2 * Double.pi * u(.position1) }
      switch mode {
      case .points:
        return Start(x: p.x, y: p.y, z: z, centralAngle: lon)
      case .outline:
        // Radial: the outward normal at the emission point, turned by the longitude.
        let a = angle()
        let turn = CoreMath.sincos(a)
        return Start(x: p.x + r * turn.cos, y: p.y + r * turn.sin, z: z, centralAngle: a + lon)
      case .surface, .volume:
        let a = angle()
        // One reduction for both (the bits of CoreMath.cos and CoreMath.sin).
        let turn = CoreMath.sincos(a)
        if shape == .circle {
          let rr = r * u(.position2).squareRoot()
          return Start(x: p.x + rr * turn.cos, y: p.y + rr * turn.sin, z: z, centralAngle: lon)
        }
        // Sphere: uniform on the surface, or in the ball with r·∛u.
        let cz = 1 - 2 * u(.position2)
        let ring = max(0, 1 - cz * cz).squareRoot()
        let rr = mode == .surface ? r : r * CoreMath.cbrt(u(.position3))
        return Start(
          x: p.x + rr * ring * turn.cos, y: p.y + rr * ring * turn.sin,
          z: z + rr * cz,
          centralAngle: lon)
      }
    }
  }

  /// A point on a w×h rectangle's perimeter, length-weighted, relative to its centre.
  static func perimeterPoint(w: Double, h: Double, u: Double) -> (Double, Double) {
    let total = 2 * (w + h)
    guard total > 0 else { return (0, 0) }
    var s = u * total
    if s < w { return (s - w / 2, -h / 2) }  // top, left to right
    s -= w
    if s < h { return (w / 2, s - h / 2) }  // right, top to bottom
    s -= h
    if s < w { return (w / 2 - s, h / 2) }  // bottom, right to left
    s -= w
    return (-w / 2, h / 2 - s)  // left, bottom to top
  }

  /// A point of a w×h×d box for a mode: a corner, on the 12 edges, on the 6 faces, or inside.
  static func cuboidOffset(
    w: Double, h: Double, d: Double, mode: EmitterMode, u: (ParticleRandom.Draw) -> Double
  ) -> (Double, Double, Double) {
    let half = (w / 2, h / 2, d / 2)
    func sign(_ bit: Bool) -> Double { bit ? 1 : -1 }
    switch mode {
    case .points:
      let c = min(7, Int(u(.position1) * 8))
      return (sign(c & 1 != 0) * half.0, sign(c & 2 != 0) * half.1, sign(c & 4 != 0) * half.2)
    case .outline:
      // 4 edges along each axis, chosen by length.
      let total = 4 * (w + h + d)
      guard total > 0 else { return (0, 0, 0) }
      let s = u(.position1) * total
      let c = min(3, Int(u(.position2) * 4))
      let a = sign(c & 1 != 0)
      let b = sign(c & 2 != 0)
      if s < 4 * w { return (w * (u(.position3) - 0.5), a * half.1, b * half.2) }
      if s < 4 * (w + h) { return (a * half.0, h * (u(.position3) - 0.5), b * half.2) }
      return (a * half.0, b * half.1, d * (u(.position3) - 0.5))
    case .surface:
      let areas = (h * d, w * d, w * h)  // faces normal to x, y, z (two each)
      let total = 2 * (areas.0 + areas.1 + areas.2)
      guard total > 0 else { return (0, 0, 0) }
      let s = u(.position1) * total / 2
      let side = sign(u(.position4) < 0.5)
      if s < areas.0 {
        return (side * half.0, h * (u(.position2) - 0.5), d * (u(.position3) - 0.5))
      }
      if s < areas.0 + areas.1 {
        return (w * (u(.position2) - 0.5), side * half.1, d * (u(.position3) - 0.5))
      }
      return (w * (u(.position2) - 0.5), h * (u(.position3) - 0.5), side * half.2)
    case .volume:
      return (w * (u(.position1) - 0.5), h * (u(.position2) - 0.5), d * (u(.position3) - 0.5))
    }
  }
}
