/// Layer masks (docs/semantics.md, "Masks"): a layer's `mask` names another layer, which is not
/// drawn in the tree but in the masked layer's coordinate space, apart; its alpha multiplies
/// the masked layer's whole drawing.
extension SceneRenderer.Renderer {
  /// Whether `id` is some layer's mask, and so is drawn only as that mask.
  mutating func isMaskOnly(_ id: LayerID) -> Bool {
    if maskIDs == nil { maskIDs = scene.model.maskLayerIDs }
    return id != drawingMask && maskIDs?.contains(id) == true
  }

  /// The drawing of `l`'s mask layer over the masked layer's space (`m` maps it to pixels), or
  /// nil when `l` has no mask.
  mutating func maskCanvas(of l: Layer, transform m: Projective2D) -> Canvas? {
    let name = l.properties.mask
    guard !name.isEmpty, let maskID = scene.model.layerID(named: name), maskID != l.id else {
      return nil
    }
    // Placed in the masked layer's space: as a sublayer of it with no sublayerTransform between.
    var detached = scene
    detached.model.update(maskID) { $0.parent = nil }
    var r = SceneRenderer.Renderer(
      scene: detached, canvas: Canvas(width: canvas.width, height: canvas.height), stamps: nil,
      stop: stop)
    r.drawingMask = maskID
    r.instancesDrawn = instancesDrawn
    r.drawnSincePoll = drawnSincePoll
    r.draw(maskID, parentTransform: m, parentOpacity: 1)
    instancesDrawn = r.instancesDrawn
    drawnSincePoll = r.drawnSincePoll
    if r.stopped { stopped = true }
    return r.canvas
  }
}

extension Canvas {
  /// Multiplies every pixel's alpha by `other`'s at the same place (two masks made one: only
  /// a mask's alpha is read).
  mutating func multiplyAlpha(by other: Canvas) {
    guard other.width == width, other.height == height else { return }
    other.pixels.withUnsafeBufferPointer { src in
      pixels.withUnsafeMutableBufferPointer { dst in
        var i = 3
        while i < dst.count {
          dst[i] *= src[i]
          i += 4
        }
      }
    }
  }
}
