import Core

/// `save model`: a script that rebuilds the current model (not particles, animations, the
/// schedule or the clock), written with the same value forms `set` reads, so loading it gives
/// the same model. Every writable property that differs from what a new scene (or a new layer,
/// emitter or cell) has is written, the root layer's (`scene`) included.
enum SceneSaver {
  /// The script; `imagePath` writes an image file path as a value word (relative to the saved
  /// file, quoted when needed).
  static func script(
    _ scene: Scene, imagePath: (String) -> String = { HistoryRecorder.quoted($0) }
  ) -> String {
    let m = scene.model
    let root = m.root
    var out = "# Burst scene model, saved at scene time \(ValueFormatting.number(scene.now)) s.\n"
    out += "# The model only: particles, animations, the schedule and the clock are not saved.\n"
    // The canvas as `scene` writes it, when `scene` can; the root's other properties are then
    // compared with what that line leaves them at (its position is the centre of its bounds).
    let b = root.properties.bounds.size
    let sceneLine =
      "scene \(ValueFormatting.dimensions(b)) "
      + colorText(root.properties.backgroundColor)
    let probe = Session(sink: CapturedOutput())
    var rootBaseline = probe.scene.model.root
    if probe.run(source: sceneLine, file: "save") == nil {
      out += sceneLine + "\n"
      rootBaseline = probe.scene.model.root
    }
    out += pairs(root.descriptors, of: root, from: rootBaseline, path: "scene", imagePath)
    for id in m.treeOrder where id != SceneModel.rootID {
      guard let l = m.layer(id) else { continue }
      let parent = l.parent.flatMap { m.layer($0) }
      // Names are written as key paths and words spell them, quoted when not plain.
      let name = KeyPathSyntax.spelled(l.name)
      out += l.kind.commandWord + " " + name
      if let parent, parent.id != SceneModel.rootID {
        out += " in " + KeyPathSyntax.spelled(parent.name)
      }
      out += "\n"
      // A value naming another layer (mask) waits until every layer exists.
      out += pairs(
        l.descriptors.filter { !$0.namesLayer }, of: l, from: Layer.new(l.kind), path: name,
        imagePath)
      func cells(_ list: [EmitterCell], owner: String) {
        for c in list {
          let cellName = KeyPathSyntax.spelled(c.name)
          out += "cell \(owner) \(cellName)\n"
          let path = owner + ".emitterCells." + cellName
          out += pairs(
            EmitterCell.descriptors, of: c, from: EmitterCell(id: 0, name: ""), path: path,
            imagePath)
          cells(c.cells, owner: path)
        }
      }
      cells(l.cells, owner: name)
      out += BehaviorCommands.lines(m, id)
    }
    for id in m.treeOrder where id != SceneModel.rootID {
      guard let l = m.layer(id) else { continue }
      out += pairs(
        l.descriptors.filter(\.namesLayer), of: l, from: Layer.new(l.kind),
        path: KeyPathSyntax.spelled(l.name), imagePath)
    }
    return out
  }

  /// `set PATH KEY=VALUE …` lines for the writable properties of `object` that differ from
  /// `baseline`, each value once (`PropertyDescriptor.assignments`).
  static func pairs<Root>(
    _ descriptors: [PropertyDescriptor<Root>], of object: Root, from baseline: Root,
    path: String, _ imagePath: (String) -> String
  ) -> String {
    var out = ""
    var line = ""
    for (d, value) in PropertyDescriptor.assignments(descriptors, of: object, from: baseline) {
      let text = valueText(value, imagePath)
      // A quoted value (a file name with a space) cannot stand in a KEY=VALUE word.
      if text.hasPrefix("\"") {
        out += "\(SceneCommands.set.name) \(path).\(d.name) \(text)\n"
        continue
      }
      let pair = "\(d.name)=\(text)"
      if !line.isEmpty && line.count + pair.count > 90 {
        out += line + "\n"
        line = ""
      }
      line += line.isEmpty ? "\(SceneCommands.set.name) \(path) \(pair)" : " " + pair
    }
    if !line.isEmpty { out += line + "\n" }
    return out
  }

  /// A value as `set` reads it back exactly.
  static func valueText(_ value: PropertyValue, _ imagePath: (String) -> String) -> String {
    switch value {
    case .color(let c): return colorText(c)
    case .image(.file(let path)): return imagePath(path)
    default: return ValueFormatting.value(value)
    }
  }

  /// `#rrggbb(aa)` when that reads back as the same colour, else `rgba(r,g,b,a)` with each
  /// component's shortest round-trip decimal.
  static func colorText(_ c: Color) -> String {
    let hex = ValueFormatting.color(c)
    if case .color(let back)? = try? PropertyKind.color.parse(hex), back == c { return hex }
    let parts = [c.red, c.green, c.blue, c.alpha].map { ValueFormatting.number($0) }
    return "rgba(" + parts.joined(separator: ",") + ")"
  }
}
