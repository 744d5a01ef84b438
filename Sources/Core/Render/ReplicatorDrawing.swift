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
      // Drawn apart, then multiplied by the instance's colour and laid over what is below.
      var instanceScene = scene
      if delayed, i > 0, let unpresented {
        instanceScene.model = unpresented
        instanceScene.model = instanceScene.presentedModel(
          at: scene.now - Double(i) * r.instanceDelay)
      }
      var apart = SceneRenderer.Renderer(
        scene: instanceScene, canvas: Canvas(width: canvas.width, height: canvas.height),
        stamps: stamps, stop: stop)
      apart.unpresented = unpresented
      apart.instancesDrawn = instancesDrawn
      apart.drawnSincePoll = drawnSincePoll
      for sub in subs { apart.draw(sub, parentTransform: place, parentOpacity: opacity) }
      instancesDrawn = apart.instancesDrawn
      drawnSincePoll = apart.drawnSincePoll
      if apart.stopped {
        stopped = true
        return
      }
      var drawn = apart.canvas
      if tint != .white { drawn.multiply(by: tint) }
      canvas.composite(drawn, mask: nil)
    }
  }
}

extension Canvas {
  /// Multiplies every pixel by a straight colour, alpha included (a replicator instance's
  /// colour): premultiplied, each colour channel by the colour's channel times its alpha.
  mutating func multiply(by c: Color) {
    func u(_ v: Double) -> Float { Float(min(max(v, 0), 1)) }
    let a = u(c.alpha)
    let k = (u(c.red) * a, u(c.green) * a, u(c.blue) * a, a)
    pixels.withUnsafeMutableBufferPointer { px in
      var i = 0
      while i < px.count {
        px[i] *= k.0
        px[i + 1] *= k.1
        px[i + 2] *= k.2
        px[i + 3] *= k.3
        i += 4
      }
    }
  }
}
