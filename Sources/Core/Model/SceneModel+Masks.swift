/// Layer masks (`mask`, docs/semantics.md, "Masks"): a layer names another whose alpha masks
/// its drawing. The names are checked here when set, and follow renames and removals.
extension SceneModel {
  /// Refuses `name` as the mask of `object` when it would not draw: no such layer, the layer
  /// itself, the scene, one of its ancestors, a layer that already masks another, or a layer
  /// whose own masks lead back to it. The empty name (none) is always accepted.
  func checkMask(_ object: ObjectRef, _ name: String) throws(ValueError) {
    guard case .layer(let id) = object, let l = layer(id) else {
      throw ValueError("only a layer has a mask")
    }
    guard !name.isEmpty else { return }
    guard id != SceneModel.rootID else {
      throw ValueError(
        "the scene's root layer cannot be masked", hint: "mask a layer you added instead")
    }
    guard let maskID = layerID(named: name), maskID != SceneModel.rootID else {
      throw ValueError(
        "unknown layer '\(name)'",
        suggestion: .nearest(
          to: name, in: layerNames.filter { $0 != l.name && $0 != root.name },
          otherwise: .text("add the mask first, e.g. shape \(l.name)Mask in \(l.name)")))
    }
    guard maskID != id else {
      throw ValueError(
        "layer '\(name)' cannot mask itself",
        hint: "add another layer as the mask, e.g. shape \(name)Mask in \(name)")
    }
    var up = l.parent
    while let u = up, let ul = layer(u) {
      if u == maskID {
        throw ValueError(
          "layer '\(name)' contains '\(l.name)', so it cannot be its mask",
          hint: "a mask is drawn in place of the layer it masks; use a layer outside it")
      }
      up = ul.parent
    }
    for other in layers.compactMap({ $0 })
    where other.id != id && other.properties.mask == name {
      throw ValueError(
        "layer '\(name)' already masks '\(other.name)'",
        hint: "a layer masks one layer at a time; copy it (copy \(name) as \(name)2)")
    }
    // The mask's own mask, and that one's, must not lead back here.
    var seen: Set<LayerID> = [maskID]
    var next = layer(maskID)?.properties.mask ?? ""
    while !next.isEmpty, let n = layerID(named: next), seen.insert(n).inserted {
      if n == id {
        throw ValueError(
          "layer '\(name)' is masked by '\(l.name)' (through its masks), so it cannot be"
            + " '\(l.name)''s mask: that is a cycle",
          hint: "unset the other mask first (set \(name).mask none)")
      }
      next = layer(n)?.properties.mask ?? ""
    }
  }

  /// Every layer's mask that names `old` names `new` instead (empty: the mask is gone).
  mutating func renameMasks(from old: String, to new: String) {
    for l in layers.compactMap({ $0 }) where l.properties.mask == old {
      update(l.id) { $0.properties.mask = new }
    }
  }

  /// The layers some layer uses as its mask: they are drawn only as masks.
  var maskLayerIDs: Set<LayerID> {
    var out: Set<LayerID> = []
    for l in layers.compactMap({ $0 }) where !l.properties.mask.isEmpty {
      if let id = layerID(named: l.properties.mask) { out.insert(id) }
    }
    return out
  }
}
