/// The images a layer's or cell's `contents` can name, drawn procedurally and anti-aliased.
///
/// All are white on transparent (so the particle colour tints them) except `heart.fill` (red
/// #ff2d55), `petal` (cherry-blossom pink #ffb7c5) and `check` (green #34c759 disc, white
/// mark). Pixel sizes, which together with a cell's `scale` give a particle's size in points
/// (image pixels × scale / contentsScale):
///
/// | name         | pixels | look                                                        |
/// |--------------|--------|-------------------------------------------------------------|
/// | `check`      | 64×64  | green disc with a white check mark                          |
/// | `circle`     | 32×32  | filled disc                                                 |
/// | `confetti`   | 16×8   | filled rectangle, slightly rounded corners                  |
/// | `dot`        | 8×8    | small filled disc                                           |
/// | `drop`       | 32×32  | water drop, point up                                        |
/// | `heart`      | 64×64  | heart outline (≈ 5 px stroke)                               |
/// | `heart.fill` | 64×64  | filled red heart                                            |
/// | `leaf`       | 32×16  | leaf, pointed at both ends, lying along x                   |
/// | `petal`      | 32×16  | pink cherry-blossom petal, notched at its outer end         |
/// | `ring`       | 32×32  | circle outline, 3 px stroke                                 |
/// | `smoke`      | 64×64  | soft lumpy radial puff, alpha ≤ 0.35                        |
/// | `spark`      | 32×32  | soft round glow, bright centre fading out                   |
/// | `sparkle`    | 64×64  | soft four-pointed twinkle with a glowing core               |
/// | `star`       | 32×32  | five-pointed star, point up                                 |
///
/// Each image is built once, on first use, and shared.
package enum BuiltinImages {
  /// The built-in image names, sorted.
  package static let names: [String] = [
    "check", "circle", "coin", "confetti", "dot", "drop", "heart", "heart.fill", "leaf", "petal",
    "ring", "smoke", "snowflake", "spark", "sparkle", "star",
  ]

  /// The built-in image called `name`, or `nil` if there is none.
  package static func named(_ name: String) -> SpriteImage? {
    switch name {
    case "check": return check
    case "circle": return circle
    case "coin": return coin
    case "confetti": return confetti
    case "dot": return dot
    case "drop": return drop
    case "heart": return heart
    case "heart.fill": return heartFill
    case "leaf": return leaf
    case "petal": return petal
    case "ring": return ring
    case "smoke": return smoke
    case "snowflake": return snowflake
    case "spark": return spark
    case "sparkle": return sparkle
    case "star": return star
    default: return nil
    }
  }

  // MARK: - The images (each `static let` is built lazily, once)

  private static let white = SIMD3<Double>(1, 1, 1)
  private static let red = SIMD3<Double>(255, 45, 85) / 255
  private static let green = SIMD3<Double>(52, 199, 89) / 255
  private static let gold = SIMD3<Double>(255, 204, 51) / 255
  private static let pink = SIMD3<Double>(255, 183, 197) / 255
  private static let darkGold = SIMD3<Double>(204, 145, 20) / 255

  private static let dot = solid(8, 8) { x, y in length(x - 4, y - 4) - 3.5 }

  private static let circle = solid(32, 32) { x, y in length(x - 16, y - 16) - 15 }

  private static let ring = solid(32, 32) { x, y in
    abs(length(x - 16, y - 16) - 13.5) - 1.5
  }

  private static let confetti = solid(16, 8) { x, y in
    roundedBox(x - 8, y - 4, halfWidth: 7.5, halfHeight: 3.5, radius: 1.5)
  }

  private static let star: SpriteImage = {
    var vertices: [SIMD2<Double>] = []
    for k in 0..<10 {
      let angle = -CoreMath.pi / 2 + Double(k) * CoreMath.pi / 5
      let radius = k.isMultiple(of: 2) ? 15.5 : 15.5 * 0.382
      vertices.append(
        SIMD2(16 + radius * CoreMath.cos(angle), 16.8 + radius * CoreMath.sin(angle)))
    }
    return solid(32, 32) { x, y in polygonDistance(vertices, x, y) }
  }()

  /// A leaf or petal lying along x, pointed at both ends: the overlap of two discs.
  private static let leaf = solid(32, 16) { x, y in
    // Half-length 15 and half-width 7: discs of radius 19.57 whose centres are 12.57 above
    // and below the middle.
    max(length(x - 16, y - 8 - 12.57) - 19.57, length(x - 16, y - 8 + 12.57) - 19.57)
  }

  /// A cherry-blossom petal lying along x: an ellipse (half-length 15, half-width 7) with a
  /// small notch cut into its outer end, in sakura pink, so that it shows on a white view too.
  private static let petal = solid(32, 16, color: pink) { x, y in
    let dx = (x - 16) / 15
    let dy = (y - 8) / 7
    let ellipse = (length(dx, dy) - 1) * 7
    return max(ellipse, 2.5 - length(x - 31.5, y - 8))
  }

  /// A gold coin with a darker ring inside its edge.
  private static let coin = make(32, 32, samples: 1) { x, y in
    let r = length(x - 16, y - 16)
    let disc = coverage(r - 15)
    let rim = coverage(abs(r - 11.5) - 1)
    let rgb = gold * (1 - rim) + darkGold * rim
    return SIMD4(rgb * disc, disc)
  }

  /// Six arms from the centre, each forked at two thirds of its length.
  private static let snowflake: SpriteImage = {
    let centre = SIMD2<Double>(16, 16)
    var strokes: [[SIMD2<Double>]] = []
    for k in 0..<6 {
      let angle = -CoreMath.pi / 2 + Double(k) * CoreMath.pi / 3
      let tip = centre + SIMD2(CoreMath.cos(angle), CoreMath.sin(angle)) * 14.5
      strokes.append([centre, tip])
      let fork = centre + SIMD2(CoreMath.cos(angle), CoreMath.sin(angle)) * 9
      for side in [-1.0, 1.0] {
        let branch = angle + side * CoreMath.pi / 4
        strokes.append([fork, fork + SIMD2(CoreMath.cos(branch), CoreMath.sin(branch)) * 5])
      }
    }
    return solid(32, 32) { x, y in
      (strokes.map { polylineDistance($0, x, y) }.min() ?? .infinity) - 1.2
    }
  }()

  private static let drop = solid(32, 32) { x, y in
    // A circle (centre (16, 21), radius 10) hulled with the tip at (16, 1.5), point up.
    unevenCapsule(x - 16, 21 - y, r1: 10, r2: 0.4, height: 19.5)
  }

  private static let heart = solid(64, 64) { x, y in abs(heartDistance(x, y)) - 2.5 }

  private static let heartFill = solid(64, 64, color: red) { x, y in heartDistance(x, y) }

  private static let check = make(64, 64, samples: 1) { x, y in
    let disc = coverage(length(x - 32, y - 32) - 31)
    let mark = coverage(
      polylineDistance([SIMD2(17.5, 33), SIMD2(27.5, 43.5), SIMD2(46.5, 22.5)], x, y) - 3.5)
    let rgb = green * (1 - mark) + white * mark
    return SIMD4(rgb * disc, disc)
  }

  private static let spark = soft(32, 32) { r in
    let falloff = max(0, 1 - r)
    return min(1, 0.85 * falloff * falloff + 0.5 * CoreMath.exp(-(r * r) / 0.02))
  }

  private static let sparkle = make(64, 64, samples: 4) { x, y in
    let u = (x - 32) / 30
    let v = (y - 32) / 30
    let r = length(u, v)
    let rays = ray(u, v) + ray(v, u)
    let core = 0.9 * CoreMath.exp(-(r * r) / 0.02) + 0.35 * CoreMath.exp(-(r * r) / 0.1)
    let a = min(1, rays + core) * window(r, from: 0.9, to: 1.05)
    return SIMD4(a, a, a, a)
  }

  /// A ray of the sparkle along the `along` axis: tapering in width and fading toward its tip.
  private static func ray(_ along: Double, _ across: Double) -> Double {
    let t = along.magnitude
    guard t < 1 else { return 0 }
    let fade = (1 - t) * (1 - t).squareRoot()
    let halfWidth = 0.09 * (1 - t) + 0.012
    let q = across / halfWidth
    return fade * CoreMath.exp(-q * q)
  }

  /// Centre x, centre y and radius of the smoke's overlapping blobs, in units of 30 px.
  private static let smokePuffs: [(Double, Double, Double)] = [
    (0, 0, 0.5), (-0.3, -0.15, 0.38), (0.28, -0.22, 0.36), (0.05, 0.3, 0.4),
    (-0.25, 0.25, 0.33), (0.32, 0.18, 0.33),
  ]

  private static let smoke = make(64, 64, samples: 2) { x, y in
    let u = (x - 32) / 30
    let v = (y - 32) / 30
    let r = length(u, v)
    var density = 0.0
    for (px, py, radius) in smokePuffs {
      let d = length(u - px, v - py) / radius
      density += CoreMath.exp(-d * d)
    }
    let a = 0.35 * (1 - CoreMath.exp(-1.3 * density)) * window(r, from: 0.7, to: 1)
    return SIMD4(a, a, a, a)
  }

  // MARK: - Builders

  /// Renders `shade(x, y)` (premultiplied RGBA at a point, in pixel coordinates from the top-left)
  /// averaged over `samples`×`samples` points per pixel.
  private static func make(
    _ width: Int, _ height: Int, samples: Int, shade: (Double, Double) -> SIMD4<Double>
  ) -> SpriteImage {
    var data = [Float](repeating: 0, count: width * height * 4)
    let n = max(1, samples)
    for y in 0..<height {
      for x in 0..<width {
        var sum = SIMD4<Double>()
        for j in 0..<n {
          for i in 0..<n {
            sum += shade(
              Double(x) + (Double(i) + 0.5) / Double(n), Double(y) + (Double(j) + 0.5) / Double(n))
          }
        }
        let mean = sum / Double(n * n)
        let o = (y * width + x) * 4
        for c in 0..<4 { data[o + c] = Float(mean[c]) }
      }
    }
    return SpriteImage(width: width, height: height, premultiplied: data)
  }

  /// A shape given by its signed distance in pixels (negative inside), anti-aliased by a 1-px
  /// linear ramp across the edge.
  private static func solid(
    _ width: Int, _ height: Int, color: SIMD3<Double> = white,
    distance: @escaping (Double, Double) -> Double
  ) -> SpriteImage {
    make(width, height, samples: 1) { x, y in
      let a = coverage(distance(x, y))
      return SIMD4(color * a, a)
    }
  }

  /// A white radial glow with alpha `profile(r)`, r = distance from the centre / half the width.
  private static func soft(
    _ width: Int, _ height: Int, profile: @escaping (Double) -> Double
  ) -> SpriteImage {
    make(width, height, samples: 2) { x, y in
      let half = Double(width) / 2
      let r = length(x - half, y - Double(height) / 2) / (half - 0.5)
      let a = profile(r) * window(r, from: 0.9, to: 1)
      return SIMD4(a, a, a, a)
    }
  }

  // MARK: - Geometry helpers

  private static func coverage(_ signedDistance: Double) -> Double {
    min(1, max(0, 0.5 - signedDistance))
  }

  private static func length(_ x: Double, _ y: Double) -> Double {
    (x * x + y * y).squareRoot()
  }

  /// 1 below `from`, 0 above `to`, smooth in between.
  private static func window(_ r: Double, from: Double, to: Double) -> Double {
    let t = min(1, max(0, (r - from) / (to - from)))
    return 1 - t * t * (3 - 2 * t)
  }

  private static func roundedBox(
    _ x: Double, _ y: Double, halfWidth: Double, halfHeight: Double, radius: Double
  ) -> Double {
    let qx = abs(x) - halfWidth + radius
    let qy = abs(y) - halfHeight + radius
    return length(max(qx, 0), max(qy, 0)) + min(max(qx, qy), 0) - radius
  }

  /// Signed distance to a closed polygon (negative inside), after Inigo Quilez.
  private static func polygonDistance(_ v: [SIMD2<Double>], _ x: Double, _ y: Double) -> Double {
    let p = SIMD2(x, y)
    guard let first = v.first else { return .infinity }
    var best = dot(p - first, p - first)
    var sign = 1.0
    var j = v.count - 1
    for i in 0..<v.count {
      let e = v[j] - v[i]
      let w = p - v[i]
      let t = min(1, max(0, dot(w, e) / dot(e, e)))
      let b = w - e * t
      best = min(best, dot(b, b))
      let c0 = p.y >= v[i].y
      let c1 = p.y < v[j].y
      let c2 = e.x * w.y > e.y * w.x
      if (c0 && c1 && c2) || (!c0 && !c1 && !c2) { sign = -sign }
      j = i
    }
    return sign * best.squareRoot()
  }

  /// Unsigned distance to an open polyline.
  private static func polylineDistance(_ v: [SIMD2<Double>], _ x: Double, _ y: Double) -> Double {
    let p = SIMD2(x, y)
    var best = Double.infinity
    for i in 1..<max(1, v.count) {
      let e = v[i] - v[i - 1]
      let w = p - v[i - 1]
      let t = min(1, max(0, dot(w, e) / dot(e, e)))
      let b = w - e * t
      best = min(best, dot(b, b))
    }
    return best.squareRoot()
  }

  /// The hull of a circle of radius `r1` at the origin and one of radius `r2` at (0, height),
  /// y up; after Inigo Quilez.
  private static func unevenCapsule(
    _ x: Double, _ y: Double, r1: Double, r2: Double, height: Double
  ) -> Double {
    let px = abs(x)
    let b = (r1 - r2) / height
    let a = (1 - b * b).squareRoot()
    let k = -b * px + a * y
    if k < 0 { return length(px, y) - r1 }
    if k > a * height { return length(px, y - height) - r2 }
    return a * px + b * y - r1
  }

  /// Signed distance in pixels to the heart on the 64×64 canvas (Inigo Quilez's exact heart,
  /// scaled to about 58×53 px and centred).
  private static func heartDistance(_ x: Double, _ y: Double) -> Double {
    let scale = 48.0
    let top = 0.75 + 0.5.squareRoot() / 2  // the heart spans y ∈ [0, top] in its own units
    let px = abs(x - 32) / scale
    let py = (32 + top * scale / 2 - y) / scale
    if px + py > 1 {
      return (length(px - 0.25, py - 0.75) - 0.5.squareRoot() / 2) * scale
    }
    let m = 0.5 * max(px + py, 0)
    let d1 = (px * px + (py - 1) * (py - 1))
    let d2 = (px - m) * (px - m) + (py - m) * (py - m)
    let sign: Double = px - py > 0 ? 1 : (px - py < 0 ? -1 : 0)
    return min(d1, d2).squareRoot() * sign * scale
  }

  private static func dot(_ p: SIMD2<Double>, _ q: SIMD2<Double>) -> Double {
    p.x * q.x + p.y * q.y
  }
}
