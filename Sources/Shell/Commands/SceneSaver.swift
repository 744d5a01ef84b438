import Core

/// `save`: a script that rebuilds the current model (not particles, animations or the clock),
/// written with the same value forms `set` reads, so loading it gives the same model.
enum SceneSaver {
  static func script(_ scene: Scene) -> String {
    let m = scene.model
    let root = m.root
    var out = "# Burst scene, saved at scene time \(ValueFormatting.number(scene.now)) s.\n"
    out += "# The model only: particles, animations and the clock are not saved.\n"
    let b = root.properties.bounds.size
    out += "scene \(ValueFormatting.number(b.width))x\(ValueFormatting.number(b.height)) "
    out += ValueFormatting.color(root.properties.backgroundColor) + "\n"
    out += settings(
      of: root, path: "scene", skipping: ["name", "bounds", "position", "backgroundColor"])
    for id in m.treeOrder where id != SceneModel.rootID {
      guard let l = m.layer(id) else { continue }
      let parent = l.parent.flatMap { m.layer($0) }
      out += (l.kind == .emitter ? "emitter " : "layer ") + l.name
      if let parent, parent.id != SceneModel.rootID { out += " in " + parent.name }
      out += "\n" + settings(of: l, path: l.name, skipping: ["name"])
      func cells(_ list: [EmitterCell], owner: String) {
        for c in list {
          out += "cell \(owner) \(c.name)\n"
          let path = owner + ".emitterCells." + c.name
          out += pairs(
            EmitterCell.descriptors.filter { $0.writable }.map {
              ($0.name, $0.get(c), $0.defaultValue)
            },
            path: path)
          cells(c.cells, owner: path)
        }
      }
      cells(l.cells, owner: l.name)
    }
    return out
  }

  /// `set PATH KEY=VALUE …` for a layer's non-default properties.
  static func settings(of l: Layer, path: String, skipping: Set<String>) -> String {
    pairs(
      l.descriptors.filter { $0.writable && !skipping.contains($0.name) }
        .filter { !["transform.scale", "transform.rotation.z"].contains($0.name) }
        .map { ($0.name, $0.get(l), $0.defaultValue) }, path: path)
  }

  /// Non-default values as `set PATH k=v …` lines of reasonable length; a value with a space
  /// (a quoted file name) gets a line of its own.
  static func pairs(_ values: [(String, PropertyValue, PropertyValue)], path: String) -> String {
    var out = ""
    var line = ""
    for (name, value, def) in values where value != def {
      let text = ValueFormatting.value(value)
      if text.contains(" ") {
        out += "set \(path).\(name) \(text)\n"
        continue
      }
      let pair = "\(name)=\(text)"
      if !line.isEmpty && line.count + pair.count > 90 {
        out += line + "\n"
        line = ""
      }
      line += line.isEmpty ? "set \(path) \(pair)" : " " + pair
    }
    if !line.isEmpty { out += line + "\n" }
    return out
  }
}
