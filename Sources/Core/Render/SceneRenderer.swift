/// Draws a scene's layer tree and particles onto a canvas (docs/semantics.md, "Drawing").
///
/// Layers draw their background, their contents (an emitter's contents are its particles),
/// then their sublayers in order of zPosition, then insertion; opacity multiplies down the
/// tree, and a translucent layer whose content overlaps itself is faded as one group (iOS's
/// default `allowsGroupOpacity`). Particles are
/// drawn in the emitter's renderMode order, which depends only on birth order and z, never on
/// storage.
///
/// This file holds the entry points and the walk of the layer tree; beside it are where each
/// layer stands (LayerGeometry.swift), its particles (ParticleDrawing.swift), shadows, masks,
/// replicators, shapes, text and gradients (…Drawing.swift), and compositing (Canvas.swift).
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
      // Filled in chunks, so that Ctrl-C stops a maximal snapshot before its first stroke.
      guard let canvas = Canvas(width: w, height: h, fill: fill, stop: stop) else { return nil }
      r.canvas = canvas
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
        let drawn = TransitionDrawing.draw(
          transition, of: id, in: scene, width: w, height: h, stop: stop
        ) {
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
  }
}
