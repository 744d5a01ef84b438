/// Draws a layer under its CATransition (docs/semantics.md, "Transitions"): the subtree as it
/// was when the transition was added ("before") giving way to its live rendering ("after").
///
/// Both pictures are drawn whole, into canvases of their own, by the renderer (`subtree`), at
/// whatever size the canvas is; then combined by the transition's type at its progress `f`:
/// - fade: `before × (1 − f) + after × f` on premultiplied pixels (a cross-dissolve: the old
///   fades out as the new fades in);
/// - moveIn: the new slides in over the old from the subtype's side;
/// - push: the new slides in and pushes the old out;
/// - reveal: the old slides away to the opposite side, uncovering the new.
///
/// Sliding pictures move along the layer's own axes by its bounds' size and show only inside
/// its bounds (as Core Animation clips them); outside the bounds (a shadow, sublayers that
/// stick out) the two pictures cross-fade.
package enum TransitionDrawing {
  /// The layer's subtree under `transition` on a clear `width`×`height` canvas, or nil when
  /// `subtree` (which renders a scene's subtree of `id`, presented, onto a clear canvas) was
  /// stopped, or `stop` (polled between the whole-canvas passes: a frame dropped, Ctrl-C)
  /// holds. `scene` is the live scene as the renderer draws it (its model presented).
  package static func draw(
    _ transition: LayerTransition, of id: LayerID, in scene: Scene, width: Int, height: Int,
    stop: () -> Bool = { false }, subtree: (Scene) -> Canvas?
  ) -> Canvas? {
    var live = scene
    live.transitions[id] = nil
    let f = transition.progress(atLayerTime: scene.localTime(of: id, at: scene.now))
    if f >= 1 { return subtree(live) }
    var old = transition.before
    old.model = old.presentedModel(at: old.now)
    guard let before = subtree(old) else { return nil }
    if f <= 0 { return before }
    guard !stop(), let after = subtree(live), let layer = scene.model.layer(id), !stop() else {
      return nil
    }
    let fade = crossFade(before, after, f)
    guard transition.type != .fade else { return fade }
    guard !stop() else { return nil }
    // The layer's bounds in pixels, and the slide of a whole bounds' size along the subtype.
    let root = scene.model.root.properties.bounds.size
    let toPixels = Projective2D.compose(
      Projective2D(
        .scale(x: Double(width) / max(root.width, 1e-9), y: Double(height) / max(root.height, 1e-9))
      ),
      SceneRenderer.transformToScene(scene.model, id))
    let b = layer.properties.bounds
    let d = transition.subtype.direction
    let lx = d.x * b.size.width
    let ly = d.y * b.size.height
    // The slide along the layer's own axes, in pixels (seen in perspective: as at its centre).
    guard let local = toPixels.local(at: b.center) else { return fade }
    let full = (x: local.a * lx + local.c * ly, y: local.b * lx + local.d * ly)
    var mask = Canvas(width: width, height: height, fill: .clear)
    mask.fillQuad(
      Projective2D.compose(toPixels, Projective2D(.translation(x: b.origin.x, y: b.origin.y))),
      width: b.size.width, height: b.size.height, color: .white)
    guard !stop() else { return nil }
    let inside: Canvas
    switch transition.type {
    case .fade:
      return fade
    case .moveIn:
      inside = over(shifted(after, by: full, times: f - 1), before)
    case .push:
      let coming = shifted(after, by: full, times: f - 1)
      guard !stop() else { return nil }
      inside = over(coming, shifted(before, by: full, times: f))
    case .reveal:
      inside = over(shifted(before, by: full, times: f), after)
    }
    guard !stop() else { return nil }
    return masked(inside, fade, mask)
  }

  /// `a × (1 − f) + b × f`, pixel by pixel.
  static func crossFade(_ a: Canvas, _ b: Canvas, _ f: Double) -> Canvas {
    var out = b
    let k = Float(f)
    a.pixels.withUnsafeBufferPointer { src in
      out.pixels.withUnsafeMutableBufferPointer { dst in
        for i in 0..<min(src.count, dst.count) { dst[i] = src[i] * (1 - k) + dst[i] * k }
      }
    }
    return out
  }

  /// `top` over `bottom` (source-over).
  static func over(_ top: Canvas, _ bottom: Canvas) -> Canvas {
    var out = bottom
    out.composite(top, mask: nil)
    return out
  }

  /// `inside` where `mask` is opaque, `outside` where it is clear, mixed by its alpha between.
  static func masked(_ inside: Canvas, _ outside: Canvas, _ mask: Canvas) -> Canvas {
    var out = outside
    guard inside.pixels.count == out.pixels.count, mask.pixels.count == out.pixels.count else {
      return out
    }
    inside.pixels.withUnsafeBufferPointer { src in
      mask.pixels.withUnsafeBufferPointer { m in
        out.pixels.withUnsafeMutableBufferPointer { dst in
          var i = 0
          while i < dst.count {
            let k = m[i + 3]
            for c in i..<i + 4 { dst[c] = src[c] * k + dst[c] * (1 - k) }
            i += 4
          }
        }
      }
    }
    return out
  }

  /// What a shift of `canvas` by `times` × `vector` pixels reads: the same canvas (no move),
  /// nothing (moved past its edge), or each pixel's source (the whole-pixel offsets `ox`,
  /// `oy`) and its bilinear weights (`wx`, `wy`).
  enum Shift {
    case none
    case away
    case by(ox: Int, oy: Int, wx: Float, wy: Float)

    init(_ canvas: Canvas, _ vector: (x: Double, y: Double), _ k: Double) {
      let vx = vector.x * k
      let vy = vector.y * k
      guard vx.isFinite, vy.isFinite, vx != 0 || vy != 0 else {
        self = .none
        return
      }
      // Far enough that nothing of the canvas is left.
      guard abs(vx) < Double(canvas.width) + 1, abs(vy) < Double(canvas.height) + 1 else {
        self = .away
        return
      }
      let fx = (-vx).rounded(.down)
      let fy = (-vy).rounded(.down)
      self = .by(ox: Int(fx), oy: Int(fy), wx: Float(-vx - fx), wy: Float(-vy - fy))
    }
  }

  /// `canvas` moved by `times` × `vector` pixels, sampled bilinearly between pixel centres
  /// (what comes in from outside the canvas is clear). A whole-pixel move copies exactly.
  static func shifted(_ canvas: Canvas, by vector: (x: Double, y: Double), times k: Double)
    -> Canvas
  {
    shift(canvas, vector, k) { out, ox, oy, wx, wy in
      let (w, h) = (canvas.width, canvas.height)
      canvas.pixels.withUnsafeBufferPointer { src in
        out.pixels.withUnsafeMutableBufferPointer { dst in
          // A pixel's four channels at once (clear outside the canvas); each channel gets the
          // arithmetic of `shiftedPlainly`, in the same order.
          guard let from = src.baseAddress, let to = dst.baseAddress else { return }
          func pixel(_ x: Int, _ y: Int) -> SIMD4<Float> {
            guard x >= 0, x < w, y >= 0, y < h else { return .zero }
            // Unsafe: (x, y) is a pixel of the canvas, whose four floats start here.
            return UnsafeRawPointer(from + (y * w + x) * 4).loadUnaligned(as: SIMD4<Float>.self)
          }
          let (kx, ky) = (SIMD4<Float>(repeating: wx), SIMD4<Float>(repeating: wy))
          let (lx, ly) = (SIMD4<Float>(repeating: 1 - wx), SIMD4<Float>(repeating: 1 - wy))
          for y in 0..<h {
            let sy = y + oy
            for x in 0..<w {
              let sx = x + ox
              let top = pixel(sx, sy) * lx + pixel(sx + 1, sy) * kx
              let bottom = pixel(sx, sy + 1) * lx + pixel(sx + 1, sy + 1) * kx
              // Unsafe: (x, y) is a pixel of `out`, the same size as the canvas.
              UnsafeMutableRawPointer(to + (y * w + x) * 4).storeBytes(
                of: top * ly + bottom * ky, as: SIMD4<Float>.self)
            }
          }
        }
      }
    }
  }

  /// ``shifted(_:by:times:)`` channel by channel: what the four-channel form is tested against.
  static func shiftedPlainly(
    _ canvas: Canvas, by vector: (x: Double, y: Double), times k: Double
  ) -> Canvas {
    shift(canvas, vector, k) { out, ox, oy, wx, wy in
      let (w, h) = (canvas.width, canvas.height)
      func sample(_ x: Int, _ y: Int, _ c: Int) -> Float {
        guard x >= 0, x < w, y >= 0, y < h else { return 0 }
        return canvas.pixels[(y * w + x) * 4 + c]
      }
      for y in 0..<h {
        for x in 0..<w {
          let (sx, sy) = (x + ox, y + oy)
          for c in 0..<4 {
            let top = sample(sx, sy, c) * (1 - wx) + sample(sx + 1, sy, c) * wx
            let bottom = sample(sx, sy + 1, c) * (1 - wx) + sample(sx + 1, sy + 1, c) * wx
            out.pixels[(y * w + x) * 4 + c] = top * (1 - wy) + bottom * wy
          }
        }
      }
    }
  }

  /// `canvas` shifted as ``Shift`` says: itself, a clear canvas, or a clear canvas that `fill`
  /// writes from the source offsets and weights.
  private static func shift(
    _ canvas: Canvas, _ vector: (x: Double, y: Double), _ k: Double,
    fill: (inout Canvas, _ ox: Int, _ oy: Int, _ wx: Float, _ wy: Float) -> Void
  ) -> Canvas {
    var out = Canvas(width: canvas.width, height: canvas.height, fill: .clear)
    switch Shift(canvas, vector, k) {
    case .none: return canvas
    case .away: return out
    case .by(let ox, let oy, let wx, let wy):
      fill(&out, ox, oy, wx, wy)
      return out
    }
  }
}
