// An emitter layer's particles drawn onto the canvas: every live particle evaluated once, cell
// by cell; put in the layer's renderMode order (birth order, its reverse, or z, with preserved
// depth in the superlayer's space); then drawn as sprites through the layer's transform (its
// tangent at each particle in perspective), in batches so that Ctrl-C is noticed between them.
// The tree walk that reaches the emitter is `draw` in SceneRenderer.swift.

extension SceneRenderer.Renderer {
  /// Draws the emitter layer `l`'s particles (see the file's opening comment).
  mutating func drawParticles(
    _ l: Layer, transform projective: Projective2D, opacity: Double,
    depth: (layer: Matrix3D, parent: Projective2D)? = nil
  ) {
    guard let rt = scene.runtimes[l.id] else { return }
    let cells = scene.liveCells(of: l, rt)
    guard !cells.isEmpty else { return }
    // Each cell's image and point size per unit scale.
    var models: [CellID: EmitterCell] = [:]
    var stack = l.cells
    while let c = stack.popLast() {
      models[c.id] = c
      stack.append(contentsOf: c.cells)
    }
    // Per cell, what every particle's sprite shares (image, rect, filter and what follows
    // from them alone), and its size in points per unit scale.
    var looks: [(sprite: SpriteLook, width: Double, height: Double)?] = []
    for c in cells {
      guard let cell = models[c.id], let image = scene.image(cell.contents) else {
        looks.append(nil)
        continue
      }
      let r = cell.contentsRect
      let scale = max(cell.contentsScale, 1e-6)
      looks.append(
        (
          SpriteLook(
            image, contentsRect: (r.origin.x, r.origin.y, r.size.width, r.size.height),
            filter: SpriteFilter(
              magnification: cell.magnificationFilter, minification: cell.minificationFilter,
              bias: cell.minificationFilterBias)),
          Double(image.width) * r.size.width / scale,
          Double(image.height) * r.size.height / scale
        ))
    }
    // Every particle evaluated once, cell by cell, in tight loops (no per-particle calls).
    let t = rt.simTime
    var offsets: [Int] = []
    var frame = ParticleFrame()
    let behaviors = CompiledBehaviors(l.emitter.behaviors)
    for c in cells {
      offsets.append(frame.count)
      if behaviors.isEmpty {
        c.store.evaluate(at: t, into: &frame)
      } else {
        c.store.evaluate(at: t, into: &frame, behaviors: behaviors, offsets: c.offsets(behaviors))
      }
    }
    // Draw order: birth order (oldest first), its reverse, or z (farthest first).
    var order = rt.birthOrder(cells)
    if looks.contains(where: { $0 == nil }) { order.removeAll { looks[$0.slot] == nil } }
    let mode = l.emitter.renderMode
    switch mode {
    case .unordered, .oldestFirst, .additive:
      break
    case .oldestLast:
      order.reverse()
    case .backToFront:
      // The particle's z, or with preserved depth its z in the superlayer's space.
      let zs = order.map { (slot, i) -> Double in
        let k = offsets[slot] + i
        let z = Double(frame.z[k])
        guard let depth else { return z }
        return depth.layer.apply(x: Double(frame.x[k]), y: Double(frame.y[k]), z: z).z
      }
      // Stable: equal z keeps birth order.
      let idx = order.indices.sorted { zs[$0] != zs[$1] ? zs[$0] < zs[$1] : $0 < $1 }
      order = idx.map { order[$0] }
    }
    let blend: BlendMode = mode == .additive ? .additive : .sourceOver
    let layerOpacity = Float(min(max(opacity, 0), 1))
    // In perspective each particle is drawn through the map's tangent at its position.
    let flat = projective.affine
    // The canvas is moved out for the batch (and back after), so the pen holds the only
    // reference to its pixels while the loop reads the rest of the renderer.
    var target = Canvas(width: 0, height: 0)
    swap(&target, &canvas)
    defer { swap(&target, &canvas) }
    var polled = drawnSincePoll
    var halted = stopped
    defer {
      drawnSincePoll = polled
      stopped = halted
    }
    let stop = self.stop
    let stamps = self.stamps
    // Counts one particle and asks `stop` every 256: whether drawing is to end here.
    func halts() -> Bool {
      polled += 1
      if polled >= 256 {
        polled = 0
        if stop() { halted = true }
      }
      return halted
    }
    // Each particle's sprite (look, map, tint), or nil when it draws nothing.
    func job(_ slot: Int, _ i: Int) -> SpriteJob? {
      guard let look = looks[slot] else { return nil }
      let k = offsets[slot] + i
      let a = min(max(frame.alpha[k], 0), 1) * layerOpacity
      guard a > 0 else { return nil }
      let size = Double(abs(frame.scale[k]))
      guard size > 0 else { return nil }
      let rot = Double(frame.rotation[k])
      // One reduction for both (bit for bit `cos`, `sin`).
      let (sn, cs) = rot == 0 ? (0.0, 1.0) : CoreMath.sincos(rot)
      let w = look.width * size
      let h = look.height * size
      // translate(x, y) · rotate · scale(w, h), in layer space, then to the canvas.
      let local = Affine2D(
        a: cs * w, b: sn * w, c: -sn * h, d: cs * h, tx: Double(frame.x[k]),
        ty: Double(frame.y[k]))
      let m: Affine2D
      if let depth {
        // The plane through the particle parallel to the layer, at its depth, projected.
        let z = Double(frame.z[k])
        let t = depth.layer.m
        let slice = Projective2D(
          a: t[0], b: t[1], p: t[3], c: t[4], d: t[5], q: t[7], tx: z * t[8] + t[12],
          ty: z * t[9] + t[13], r: z * t[11] + t[15])
        guard
          let tangent = Projective2D.compose(depth.parent, slice)
            .tangent(atX: local.tx, y: local.ty)
        else { return nil }
        m = tangent
      } else if let flat {
        m = flat
      } else if let tangent = projective.tangent(atX: local.tx, y: local.ty) {
        m = tangent
      } else {
        return nil
      }
      let transform = SceneRenderer.compose(m, local)
      let tint = RGBA(
        r: min(max(frame.red[k], 0), 1), g: min(max(frame.green[k], 0), 1),
        b: min(max(frame.blue[k], 0), 1), a: a)
      return SpriteJob(look: slot, transform: transform, tint: tint)
    }
    // With stamps (a terminal text frame), one pen draws the sprites one after another.
    if let stamps {
      target.withSpritePen { pen in
        for (slot, i) in order {
          if halts() { return }
          guard let job = job(slot, i), let look = looks[slot] else { continue }
          if stamps.draw(
            look.sprite, transform: job.transform, tint: job.tint, blend: blend, with: pen)
          {
            continue
          }
          pen.draw(look.sprite, transform: job.transform, tint: job.tint, blend: blend)
        }
      }
      return
    }
    // Otherwise in batches, each drawn band by band on the scene's workers (the bytes are
    // the same as one pen's, whatever the workers: Canvas.drawSprites).
    let sprites = looks.map { $0?.sprite ?? Self.nothing }
    var jobs: [SpriteJob] = []
    jobs.reserveCapacity(min(order.count, Self.batch))
    // The pixels of the batch's sprites' boxes, so that a batch of large sprites is drawn
    // before `stop` goes long unasked.
    var area = 0.0
    for (slot, i) in order {
      if halts() { return }
      guard let job = job(slot, i) else { continue }
      jobs.append(job)
      let t = job.transform
      let box = (t.a.magnitude + t.c.magnitude + 1) * (t.b.magnitude + t.d.magnitude + 1)
      area += box.isFinite ? min(box, Self.batchPixels) : 0
      if jobs.count >= Self.batch || area >= Self.batchPixels {
        target.drawSprites(jobs, looks: sprites, blend: blend, workers: scene.workers)
        jobs.removeAll(keepingCapacity: true)
        area = 0
      }
    }
    target.drawSprites(jobs, looks: sprites, blend: blend, workers: scene.workers)
  }

  /// Sprites per batch: enough that the bands' lists are long, few enough that the batch's
  /// sprites (72 bytes each) stay a few MiB.
  static let batch = 1 << 17
  /// The most pixels of sprites' boxes per batch (a few tenths of a second of drawing), so
  /// that Ctrl-C is noticed soon even among large sprites.
  static let batchPixels = Double(1 << 24)
  /// A look no job refers to (a cell without an image draws nothing).
  static let nothing = SpriteLook(
    SpriteImage(width: 1, height: 1, premultiplied: [0, 0, 0, 0]), contentsRect: (0, 0, 1, 1),
    filter: .linear)
}
