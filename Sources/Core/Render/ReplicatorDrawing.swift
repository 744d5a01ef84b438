/// CAReplicatorLayer's drawing (docs/semantics.md, "Replicator layers"): the sublayers are
/// drawn `instanceCount` times, instance i through instanceTransform applied i times about the
/// centre of the replicator's bounds, its drawing multiplied by instanceColor + i × the offsets,
/// and its sublayers presented at t − i × instanceDelay.
extension SceneRenderer.Renderer {
  mutating func drawInstances(_ l: Layer, transform m: Projective2D, opacity: Double) {
    let subs = orderedSublayers(l)
    let r = l.replicator
    guard !subs.isEmpty, r.instanceCount > 0 else { return }
    let center = l.properties.bounds.center
    // Instance i's sublayers as they are presented i × instanceDelay earlier; the model as it
    // was before this frame's presentation is kept for that.
    let delayed = r.instanceDelay != 0 && unpresented != nil
    var scratch: Canvas? = nil
    for i in 0..<r.instanceCount {
      if stopped { return }
      guard instancesDrawn < Limits.maxInstancesDrawn else { return }
      instancesDrawn += 1
      let tint = r.color(ofInstance: i)
      guard tint.alpha > 0 else { continue }
      let step = r.transform(ofInstance: i, centerX: center.x, centerY: center.y)
      guard step.isFinite else { continue }
      let place = Projective2D.compose(m, step.planar)
      if tint == .white && (!delayed || i == 0) {
        for sub in subs { draw(sub, parentTransform: place, parentOpacity: opacity) }
        continue
      }
      // Drawn apart (into one scratch canvas, reused), then multiplied by the instance's colour
      // and laid over what is below, on the rows it drew only.
      var instanceScene = scene
      if delayed, i > 0, let unpresented {
        instanceScene.model = unpresented
        instanceScene.model = instanceScene.presentedModel(
          at: scene.now - Double(i) * r.instanceDelay)
      }
      var apart = SceneRenderer.Renderer(
        scene: instanceScene, canvas: Canvas(width: 0, height: 0), stamps: stamps, stop: stop)
      if scratch == nil { scratch = Canvas(width: canvas.width, height: canvas.height) }
      swap(&apart.canvas, &scratch!)
      apart.unpresented = unpresented
      apart.instancesDrawn = instancesDrawn
      apart.drawnSincePoll = drawnSincePoll
      for sub in subs { apart.draw(sub, parentTransform: place, parentOpacity: opacity) }
      instancesDrawn = apart.instancesDrawn
      drawnSincePoll = apart.drawnSincePoll
      swap(&apart.canvas, &scratch!)
      if apart.stopped {
        stopped = true
        return
      }
      canvas.compositeDrawnRows(of: &scratch!, tint: tint)
    }
  }
}

extension Canvas {
  /// Lays `layer` (this canvas's size) over this canvas source-over, each of its pixels first
  /// multiplied by a straight colour, alpha included (a replicator instance's colour), on the
  /// rows between its first and last drawn ones only; those rows of `layer` are left clear, so
  /// it can be drawn into again. The pixels are those of multiplying the whole canvas and
  /// compositing it.
  mutating func compositeDrawnRows(of layer: inout Canvas, tint c: Color) {
    guard layer.width == width, layer.height == height else { return }
    func u(_ v: Double) -> Float { Float(min(max(v, 0), 1)) }
    let a = u(c.alpha)
    let k = (u(c.red) * a, u(c.green) * a, u(c.blue) * a, a)
    let row = width * 4
    layer.pixels.withUnsafeMutableBufferPointer { src in
      pixels.withUnsafeMutableBufferPointer { dst in
        // Drawn: any channel not 0 (an additive drawing may leave colour without alpha).
        func drawn(_ y: Int) -> Bool {
          var i = y * row
          let end = (y + 1) * row
          while i < end {
            if src[i] != 0 || src[i + 1] != 0 || src[i + 2] != 0 || src[i + 3] != 0 { return true }
            i += 4
          }
          return false
        }
        var top = 0
        while top < height && !drawn(top) { top += 1 }
        guard top < height else { return }
        var bottom = height - 1
        while bottom > top && !drawn(bottom) { bottom -= 1 }
        var i = top * row
        let end = (bottom + 1) * row
        while i < end {
          let sa = src[i + 3]
          if sa != 0 || src[i] != 0 || src[i + 1] != 0 || src[i + 2] != 0 {
            let keep = 1 - sa * k.3
            dst[i] = src[i] * k.0 + dst[i] * keep
            dst[i + 1] = src[i + 1] * k.1 + dst[i + 1] * keep
            dst[i + 2] = src[i + 2] * k.2 + dst[i + 2] * keep
            dst[i + 3] = sa * k.3 + dst[i + 3] * keep
          }
          src[i] = 0
          src[i + 1] = 0
          src[i + 2] = 0
          src[i + 3] = 0
          i += 4
        }
      }
    }
  }
}
