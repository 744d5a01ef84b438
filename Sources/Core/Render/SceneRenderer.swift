/// Draws a scene's layer tree and particles onto a canvas (docs/semantics.md, "Drawing").
///
/// Layers draw their background, their contents (an emitter's contents are its particles),
/// then their sublayers in order of zPosition, then insertion; opacity multiplies down the
/// tree, and a translucent layer whose content overlaps itself is faded as one group (iOS's
/// default `allowsGroupOpacity`). Particles are
/// drawn in the emitter's renderMode order, which depends only on birth order and z, never on
/// storage.
package enum SceneRenderer {
  /// Renders the scene, or only one layer's subtree, with the scene's bounds stretched over a
  /// `width`×`height` pixel canvas.
  ///
  /// With `stamps` (terminal text frames only), small particle sprites are drawn from that
  /// cache's stamps, a cheaper approximation of the exact drawing (``SpriteStamps``).
  package static func render(
    _ scene: Scene, only: LayerID? = nil, width: Int, height: Int, stamps: SpriteStamps? = nil
  ) -> Canvas {
    // Never stopped, so there is always a canvas.
    render(scene, only: only, width: width, height: height, stamps: stamps, stop: { false })
      ?? Canvas(width: max(1, width), height: max(1, height), fill: .clear)
  }

  /// Renders the whole scene into `canvas`, reusing its pixels (refilled in place) when it is
  /// already `width`×`height`, so that `record` draws every frame of a worker into one canvas
  /// instead of allocating and zero-filling a fresh one each frame. The pixels are the same as
  /// `render`'s.
  /// With `stop`, polled as `render(_:only:width:height:stamps:reusing:stop:)` does: false
  /// when it said stop, and `canvas` is then empty.
  @discardableResult
  package static func render(
    _ scene: Scene, width: Int, height: Int, into canvas: inout Canvas,
    stop: @escaping () -> Bool = { false }
  ) -> Bool {
    // Moved (not copied), so that the renderer holds the only reference and refills it in place.
    guard
      let drawn = render(scene, width: width, height: height, reusing: consume canvas, stop: stop)
    else {
      canvas = Canvas(width: 0, height: 0)
      return false
    }
    canvas = drawn
    return true
  }

  /// Renders like `render`, polling `stop` every few thousand particles; nil when it said
  /// stop (Ctrl-C during a slow snapshot). A `spare` canvas of the right size is refilled and
  /// drawn into instead of a new one.
  package static func render(
    _ scene: Scene, only: LayerID? = nil, width: Int, height: Int, stamps: SpriteStamps? = nil,
    reusing spare: consuming Canvas? = nil,
    stop: @escaping () -> Bool
  ) -> Canvas? {
    defer { stamps?.finishFrame() }
    // Draw the presentation: the model with its running animations applied.
    var scene = scene
    let unpresented = scene.model
    scene.model = scene.presentedModel(at: scene.now)
    let root = scene.model.root
    // The root's bounds are the canvas: a square-cornered background is simply the fill.
    let p = root.properties
    let plainBackground = only == nil && p.cornerRadius == 0 && !p.hidden
    let fill = plainBackground ? rgba(p.backgroundColor, opacity: p.opacity) : RGBA.clear
    let w = max(1, width)
    let h = max(1, height)
    let bw = max(root.properties.bounds.size.width, 1e-9)
    let bh = max(root.properties.bounds.size.height, 1e-9)
    let base = Projective2D(Affine2D.scale(x: Double(w) / bw, y: Double(h) / bh))
    // The renderer owns the only reference to its canvas, so drawing never copies it.
    var r = Renderer(
      scene: scene, canvas: Canvas(width: 0, height: 0), backgroundDrawn: plainBackground,
      stamps: stamps, stop: stop)
    r.unpresented = unpresented
    if var spare = consume spare, spare.width == w, spare.height == h {
      spare.clear(to: fill)
      r.canvas = spare
    } else {
      r.canvas = Canvas(width: w, height: h, fill: fill)
    }
    if let only, only != SceneModel.rootID {
      // The subtree in its place: its ancestors' transforms and opacity, nothing else drawn.
      var chain: [Layer] = []
      var cur = scene.model.layer(only)?.parent
      while let c = cur, let l = scene.model.layer(c), c != SceneModel.rootID {
        chain.insert(l, at: 0)
        cur = l.parent
      }
      var m = base
      var opacity = 1.0
      for l in chain {
        m = Projective2D.compose(m, toParent(l, in: scene.model))
        opacity *= l.properties.opacity
      }
      r.draw(only, parentTransform: m, parentOpacity: opacity)
    } else {
      r.drawRoot(base)
    }
    return r.stopped ? nil : r.canvas
  }

  /// Maps a layer's own coordinates to the scene's (the root's bounds), through every
  /// ancestor's position, anchor point and transform.
  package static func transformToScene(_ model: SceneModel, _ id: LayerID) -> Projective2D {
    var m = Projective2D(Affine2D.identity)
    var cur: LayerID? = id
    while let c = cur, c != SceneModel.rootID, let l = model.layer(c) {
      m = Projective2D.compose(toParent(l, in: model), m)
      cur = l.parent
    }
    return m
  }

  /// `m1 ∘ m2`: apply `m2`, then `m1`.
  static func compose(_ m1: Affine2D, _ m2: Affine2D) -> Affine2D {
    Affine2D(
      a: m1.a * m2.a + m1.c * m2.b, b: m1.b * m2.a + m1.d * m2.b,
      c: m1.a * m2.c + m1.c * m2.d, d: m1.b * m2.c + m1.d * m2.d,
      tx: m1.a * m2.tx + m1.c * m2.ty + m1.tx, ty: m1.b * m2.tx + m1.d * m2.ty + m1.ty)
  }

  /// Maps a layer's own coordinates to its superlayer's: the anchor point of the bounds goes
  /// to `position` (and `zPosition`), through the layer's transform about it, then through the
  /// superlayer's sublayerTransform about the superlayer's anchor point, and is flattened into
  /// the superlayer's plane (z dropped) as Core Animation flattens a plain layer's sublayers.
  /// A planar transform under a superlayer without a sublayerTransform keeps the exact 2-D
  /// arithmetic: translation · rotation · scale about the anchor point.
  static func toParent(_ l: Layer, in model: SceneModel) -> Projective2D {
    let p = l.properties
    let t = p.transform
    let (ax, ay) = anchor(p)
    let above = l.parent.flatMap { model.layer($0)?.properties }
    let sublayerTransform = above?.sublayerTransform ?? LayerTransform()
    if t.isPlanar && sublayerTransform.isIdentity {
      var m = Affine2D.translation(
        x: p.position.x + t.translationX, y: p.position.y + t.translationY)
      m = compose(m, .rotation(t.rotation))
      m = compose(m, .scale(x: t.scaleX, y: t.scaleY))
      return Projective2D(compose(m, .translation(x: -ax, y: -ay)))
    }
    return toParent3D(l, in: model).planar
  }

  /// The layer's space (x, y and z) mapped into its superlayer's 3-D space, before flattening:
  /// anchor point to (position, zPosition) through the transform, then the superlayer's
  /// sublayerTransform about the superlayer's anchor point. Particles of an emitter that
  /// preserves depth go through this with their z.
  static func toParent3D(_ l: Layer, in model: SceneModel) -> Matrix3D {
    let p = l.properties
    let (ax, ay) = anchor(p)
    let above = l.parent.flatMap { model.layer($0)?.properties }
    var m = Matrix3D.translation(-ax, -ay, 0).concatenating(p.transform.matrix)
      .concatenating(.translation(p.position.x, p.position.y, p.zPosition))
    if let above, !above.sublayerTransform.isIdentity {
      let (px, py) = anchor(above)
      m = m.concatenating(.translation(-px, -py, 0))
        .concatenating(above.sublayerTransform.matrix).concatenating(.translation(px, py, 0))
    }
    return m
  }

  /// The anchor point in the layer's own coordinates.
  static func anchor(_ p: LayerProperties) -> (Double, Double) {
    (
      p.bounds.origin.x + p.anchorPoint.x * p.bounds.size.width,
      p.bounds.origin.y + p.anchorPoint.y * p.bounds.size.height
    )
  }

  /// Whether a layer's 3-D map into its superlayer leaves every point's x and y independent
  /// of its z (no turn out of the plane, no perspective), so that preserving depth changes
  /// nothing drawn and the flat path is kept.
  static func keepsDepthFlat(_ m: Matrix3D) -> Bool {
    m[3, 1] == 0 && m[3, 2] == 0 && m[3, 4] == 0 && m[1, 4] == 0 && m[2, 4] == 0
  }

  /// Whether a layer mapped to the canvas by `m` is seen from behind: its drawing is mirrored
  /// where its bounds' centre lands (or that point is behind the viewer).
  static func turnedAway(_ p: LayerProperties, _ m: Projective2D) -> Bool {
    guard let local = m.local(at: p.bounds.center) else { return true }
    return local.determinant < 0
  }

  /// Where a layer's contents image goes in its own coordinates, by contentsGravity: resize
  /// stretches it over the bounds, resizeAspect fits and resizeAspectFill fills keeping the
  /// aspect ratio, and the rest place it at its natural size (pixels / contentsScale). Vertical
  /// names follow Core Animation's unflipped axis, as on iOS: `bottom` is the top of the screen.
  /// The pixels of an `n`-pixel image that a contentsRect extent of `fraction` shows: at least 1,
  /// and at most 10⁹, because a presented contentsRect may be huge or NaN while an animation
  /// with an extreme bezier timing function runs, and the conversion to Int must not trap.
  static func shownPixels(_ n: Int, _ fraction: Double) -> Int {
    let shown = (Double(n) * abs(fraction)).rounded()
    guard shown.isFinite else { return 1 }
    return Int(min(max(shown, 1), 1e9))
  }

  static func contentsFrame(_ p: LayerProperties, imageWidth: Int, imageHeight: Int) -> Rect {
    let b = p.bounds
    let iw = Double(imageWidth) / max(p.contentsScale, 1e-9)
    let ih = Double(imageHeight) / max(p.contentsScale, 1e-9)
    guard iw > 0, ih > 0 else { return b }
    var w = iw
    var h = ih
    switch p.contentsGravity {
    case .resize:
      return b
    case .resizeAspect, .resizeAspectFill:
      let fit = min(b.size.width / iw, b.size.height / ih)
      let fill = max(b.size.width / iw, b.size.height / ih)
      let k = p.contentsGravity == .resizeAspect ? fit : fill
      w = iw * k
      h = ih * k
    default:
      break
    }
    let g = p.contentsGravity.rawValue.lowercased()
    var x = b.origin.x + (b.size.width - w) / 2
    var y = b.origin.y + (b.size.height - h) / 2
    if g.hasSuffix("left") { x = b.origin.x }
    if g.hasSuffix("right") { x = b.origin.x + b.size.width - w }
    if g.hasPrefix("bottom") { y = b.origin.y }
    if g.hasPrefix("top") { y = b.origin.y + b.size.height - h }
    return Rect(x, y, w, h)
  }

  /// A straight colour with extra opacity, premultiplied for the canvas.
  package static func rgba(_ c: Color, opacity: Double) -> RGBA {
    func u(_ v: Double) -> Float { Float(min(max(v, 0), 1)) }
    return RGBA.premultiplying(r: u(c.red), g: u(c.green), b: u(c.blue), a: u(c.alpha * opacity))
  }

  struct Renderer {
    let scene: Scene
    var canvas: Canvas
    /// Whether the root's background is already the canvas's fill.
    var backgroundDrawn = false
    /// Where small particle sprites are drawn from in a terminal text frame; nil: exactly.
    var stamps: SpriteStamps? = nil
    /// Polled every 256 particles as they are worked out, and so between batches of sprites
    /// (a batch's boxes are at most `batchPixels`); once it says stop, nothing more is drawn.
    let stop: () -> Bool
    var stopped = false
    var drawnSincePoll = 0
    /// The model before this frame's presentation (replicator instances present it again,
    /// delayed); nil where no delay can be presented.
    var unpresented: SceneModel? = nil
    /// Replicated instances drawn so far this frame (``Limits/maxInstancesDrawn``).
    var instancesDrawn = 0
    /// The layers drawn only as masks (worked out at the first layer drawn).
    var maskIDs: Set<LayerID>? = nil
    /// The mask layer this renderer draws as a mask (so it is not skipped), if any.
    var drawingMask: LayerID? = nil

    mutating func drawRoot(_ base: Projective2D) {
      let root = scene.model.root
      drawOwn(root, transform: base, opacity: root.properties.opacity)
      for id in orderedSublayers(root) {
        draw(id, parentTransform: base, parentOpacity: root.properties.opacity)
      }
    }

    mutating func draw(_ id: LayerID, parentTransform: Projective2D, parentOpacity: Double) {
      // A layer under a CATransition: its old and live pictures, combined (TransitionDrawing).
      if let transition = scene.transitions[id], scene.model.layer(id) != nil {
        let (w, h, stop, stamps) = (canvas.width, canvas.height, stop, stamps)
        let drawn = TransitionDrawing.draw(transition, of: id, in: scene, width: w, height: h) {
          var r = Renderer(
            scene: $0, canvas: Canvas(width: w, height: h), stamps: stamps, stop: stop)
          r.draw(id, parentTransform: parentTransform, parentOpacity: parentOpacity)
          return r.stopped ? nil : r.canvas
        }
        if let drawn { canvas.composite(drawn, mask: nil) } else { stopped = true }
        return
      }
      guard let l = scene.model.layer(id), !l.properties.hidden, !isMaskOnly(id) else { return }
      let m = Projective2D.compose(parentTransform, toParent(l, in: scene.model))
      let opacity = parentOpacity * l.properties.opacity
      guard opacity > 0 else { return }
      let p = l.properties
      // isDoubleSided = no: a layer seen from behind (its drawing mirrored on screen) is hidden.
      if !p.doubleSided && SceneRenderer.turnedAway(p, m) { return }
      let origin = Projective2D.compose(
        m, Projective2D(.translation(x: p.bounds.origin.x, y: p.bounds.origin.y)))
      // Group opacity (iOS's allowsGroupOpacity, on by default): a translucent layer whose
      // content overlaps itself is drawn opaque into a canvas of its own and faded as one.
      // masksToBounds: the same canvas, kept only inside the (rounded) bounds.
      let group = opacity < 1 && overlapsItself(l)
      // A shadow is cast by the layer's whole drawing, so that is drawn apart first too.
      let shadow = castsShadow(p)
      let masked = maskCanvas(of: l, transform: m)
      let apart = p.masksToBounds || group || shadow || masked != nil
      // Only a layer drawn apart holds on to the canvas below it: holding it otherwise would
      // make the next write copy the whole canvas (copy-on-write), once per layer.
      var outer: Canvas? = nil
      if apart {
        outer = canvas
        canvas = Canvas(width: canvas.width, height: canvas.height, fill: .clear)
      }
      let inner = group || shadow ? 1 : opacity
      drawOwn(l, transform: m, opacity: inner, parentTransform: parentTransform)
      if l.kind == .replicator {
        drawInstances(l, transform: m, opacity: inner)
      } else {
        for sub in orderedSublayers(l) { draw(sub, parentTransform: m, parentOpacity: inner) }
      }
      if p.borderWidth > 0 {
        canvas.strokeQuad(
          origin, width: p.bounds.size.width, height: p.bounds.size.height,
          cornerRadius: p.cornerRadius, lineWidth: p.borderWidth,
          color: rgba(p.borderColor, opacity: inner))
      }
      if apart, var below = outer {
        outer = nil  // `below` is now the only reference, so swapping it back copies nothing
        var mask: Canvas? = nil
        if p.masksToBounds {
          var bounds = Canvas(width: below.width, height: below.height, fill: .clear)
          bounds.fillQuad(
            origin, width: p.bounds.size.width, height: p.bounds.size.height,
            cornerRadius: p.cornerRadius, color: .white)
          mask = bounds
        }
        if var masked {
          if let bounds = mask { masked.multiplyAlpha(by: bounds) }
          mask = masked
        }
        swap(&canvas, &below)
        let inside = below
        let fade = group || shadow ? opacity : 1
        if shadow { drawShadow(p, of: inside, mask: mask, transform: m, opacity: fade) }
        canvas.composite(inside, mask: mask, opacity: Float(fade))
      }
    }

    /// Whether a layer draws a shadow: a visible shadowOpacity and shadowColor.
    func castsShadow(_ p: LayerProperties) -> Bool {
      p.shadowOpacity > 0 && p.shadowColor.alpha > 0 && p.shadowOpacity.isFinite
        && p.shadowColor.alpha.isFinite
    }

    /// Draws the shadow of a layer drawn apart as `inside` (or of its shadowPath), under what
    /// follows: moved by shadowOffset and blurred by shadowRadius in the layer's own space
    /// (`m` to pixels), tinted shadowColor × shadowOpacity × `opacity`, clipped by `mask`.
    mutating func drawShadow(
      _ p: LayerProperties, of inside: Canvas, mask: Canvas?, transform projective: Projective2D,
      opacity: Double
    ) {
      // Offset and blur follow the layer's scale and turn where its centre is (exact without
      // perspective).
      guard let m = projective.local(at: p.bounds.center) else { return }
      let dx = m.a * p.shadowOffset.width + m.c * p.shadowOffset.height
      let dy = m.b * p.shadowOffset.width + m.d * p.shadowOffset.height
      let sigma = max(p.shadowRadius, 0) * m.determinant.magnitude.squareRoot()
      let color = rgba(p.shadowColor, opacity: p.shadowOpacity * opacity)
      if let shape = Canvas.shadowShape(
        p.shadowPath, transform: projective, width: canvas.width, height: canvas.height)
      {
        canvas.drawShadow(
          of: shape, sourceMask: nil, clip: mask, offsetX: dx, offsetY: dy, sigma: sigma,
          color: color)
      } else {
        canvas.drawShadow(
          of: inside, sourceMask: mask, clip: mask, offsetX: dx, offsetY: dy, sigma: sigma,
          color: color)
      }
    }

    /// Whether a layer draws more than one thing that could overlap: background, contents,
    /// border, sublayers, or (an emitter) its particles.
    func overlapsItself(_ l: Layer) -> Bool {
      let p = l.properties
      var parts = 0
      if p.backgroundColor.alpha > 0 { parts += 1 }
      if p.contents != .none { parts += 1 }
      if p.borderWidth > 0 { parts += 1 }
      if l.sublayers.contains(where: { scene.model.layer($0)?.properties.hidden == false }) {
        parts += 2
      }
      if l.kind == .emitter, scene.liveCount(of: .layer(l.id)) > 0 { parts += 2 }
      if l.kind == .shape, !l.shape.path.elements.isEmpty { parts += 2 }
      if l.kind == .gradient, !l.gradient.colors.isEmpty { parts += 1 }
      if l.kind == .text, !l.text.string.isEmpty { parts += 1 }
      return parts > 1
    }

    /// Sublayers by zPosition, then insertion order.
    func orderedSublayers(_ l: Layer) -> [LayerID] {
      l.sublayers.enumerated()
        .map { ($0.offset, $0.element, scene.model.layer($0.element)?.properties.zPosition ?? 0) }
        .sorted { $0.2 != $1.2 ? $0.2 < $1.2 : $0.0 < $1.0 }
        .map(\.1)
    }

    /// Background, contents image, and (for an emitter) particles.
    /// `parentTransform` (the superlayer's map to pixels) is what an emitter that preserves
    /// depth projects its particles through, after its own 3-D map.
    mutating func drawOwn(
      _ l: Layer, transform m: Projective2D, opacity: Double,
      parentTransform: Projective2D? = nil
    ) {
      let p = l.properties
      let origin = Projective2D.compose(
        m, Projective2D(.translation(x: p.bounds.origin.x, y: p.bounds.origin.y)))
      if p.backgroundColor.alpha > 0 && !(l.kind == .scene && backgroundDrawn) {
        canvas.fillQuad(
          origin, width: p.bounds.size.width, height: p.bounds.size.height,
          cornerRadius: p.cornerRadius, color: rgba(p.backgroundColor, opacity: opacity))
      }
      if let image = scene.image(p.contents) {
        let cr = p.contentsRect
        let r = SceneRenderer.contentsFrame(
          p, imageWidth: SceneRenderer.shownPixels(image.width, cr.size.width),
          imageHeight: SceneRenderer.shownPixels(image.height, cr.size.height))
        let spriteToLayer = compose(
          .translation(x: r.center.x, y: r.center.y),
          .scale(x: r.size.width, y: r.size.height))
        canvas.drawSprite(
          image, contentsRect: (cr.origin.x, cr.origin.y, cr.size.width, cr.size.height),
          projective: Projective2D.compose(m, Projective2D(spriteToLayer)),
          tint: RGBA(r: 1, g: 1, b: 1, a: Float(min(max(opacity, 0), 1))),
          filter: SpriteFilter(
            magnification: p.magnificationFilter, minification: p.minificationFilter,
            bias: p.minificationFilterBias))
      }
      if l.kind == .shape { canvas.drawShape(l.shape, transform: m, opacity: opacity) }
      if l.kind == .gradient {
        canvas.drawGradient(l.gradient, bounds: p.bounds, transform: m, opacity: opacity)
      }
      if l.kind == .text {
        canvas.drawText(
          l.text, bounds: p.bounds, transform: m, opacity: opacity, fonts: scene.fonts)
      }
      if l.kind == .emitter {
        // preservesDepth: each particle is a point of the superlayer's 3-D space, so its z
        // goes through the layer's transform and the superlayer's perspective. Without a
        // turn or a perspective that changes nothing, and the flat path is kept.
        var depth: (Matrix3D, Projective2D)? = nil
        if l.emitter.preservesDepth, let parentTransform {
          let inSuper = toParent3D(l, in: scene.model)
          if !SceneRenderer.keepsDepthFlat(inSuper) { depth = (inSuper, parentTransform) }
        }
        drawParticles(l, transform: m, opacity: opacity, depth: depth)
      }
    }

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
        let transform = compose(m, local)
        let tint = RGBA(
          r: min(max(frame.red[k], 0), 1), g: min(max(frame.green[k], 0), 1),
          b: min(max(frame.blue[k], 0), 1), a: a)
        return SpriteJob(look: slot, transform: transform, tint: tint)
      }
      // With stamps (a terminal text frame), one pen draws the sprites one after another.
      if let stamps {
        target.withSpritePen { pen in
          for (slot, i) in order {
            polled += 1
            if polled >= 256 {
              polled = 0
              if stop() { halted = true }
            }
            if halted { return }
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
        polled += 1
        if polled >= 256 {
          polled = 0
          if stop() { halted = true }
        }
        if halted { return }
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
}

extension Canvas {
  /// Draws `layer` over this canvas (source-over), each pixel weighted by `opacity` and by
  /// `mask`'s alpha when there is a mask.
  mutating func composite(_ layer: Canvas, mask: Canvas?, opacity: Float = 1) {
    guard layer.width == width, layer.height == height else { return }
    if let mask, mask.width != width || mask.height != height { return }
    let none: [Float] = []
    layer.pixels.withUnsafeBufferPointer { src in
      (mask?.pixels ?? none).withUnsafeBufferPointer { m in
        pixels.withUnsafeMutableBufferPointer { dst in
          let masked = !m.isEmpty
          var i = 0
          while i < dst.count {
            let k = (masked ? m[i + 3] : 1) * opacity
            if k > 0 {
              let a = src[i + 3] * k
              let keep = 1 - a
              dst[i] = src[i] * k + dst[i] * keep
              dst[i + 1] = src[i + 1] * k + dst[i + 1] * keep
              dst[i + 2] = src[i + 2] * k + dst[i + 2] * keep
              dst[i + 3] = a + dst[i + 3] * keep
            }
            i += 4
          }
        }
      }
    }
  }
}
