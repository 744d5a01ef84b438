import Core

/// Burst's built-in images that look like an SF Symbol, with the symbol's name and the colour
/// it is drawn in: `export` writes them as `UIImage(systemName:)` tinted that colour (a
/// symbol's CGImage is black unless tinted, and a cell's `color` multiplies it), and `import`
/// reads that symbol back as the same built-in image without a warning. The other built-in
/// images are loaded by name (`export images DIR` writes them).
enum SymbolImages {
  /// (built-in image, SF Symbol, UIColor class property it is tinted with).
  static let table: [(builtin: String, symbol: String, tint: String)] = [
    ("heart", "heart", "white"),
    ("heart.fill", "heart.fill", "systemPink"),  // #ff2d55, the built-in's red
    ("sparkle", "sparkle", "white"),
    ("star", "star.fill", "white"),
    ("circle", "circle.fill", "white"),
    ("ring", "circle", "white"),
    ("drop", "drop.fill", "white"),
    ("snowflake", "snowflake", "white"),
    ("leaf", "leaf.fill", "white"),
  ]

  /// The SF Symbol and tint a built-in image is exported as, if it has one.
  static func symbol(forBuiltin name: String) -> (symbol: String, tint: String)? {
    table.first { $0.builtin == name }.map { ($0.symbol, $0.tint) }
  }

  /// The built-in image an SF Symbol stands for exactly, if it is one of `table`'s.
  static func builtin(forSymbol name: String) -> String? {
    table.first { $0.symbol == name }?.builtin
  }

  /// The built-in images `scene` shows in `top`'s subtree (layers' and cells' contents, sub-cells
  /// included) that are loaded by name rather than drawn as a symbol, sorted.
  static func namedBuiltins(in scene: Scene, under top: LayerID) -> [String] {
    var found = Set<String>()
    func visit(_ ref: ImageRef) {
      if case .builtin(let name) = ref, symbol(forBuiltin: name) == nil { found.insert(name) }
    }
    func visit(_ cells: [EmitterCell]) {
      for c in cells {
        visit(c.contents)
        visit(c.cells)
      }
    }
    for id in scene.model.treeOrder {
      guard let l = scene.model.layer(id), isBelow(id, top, in: scene.model) else { continue }
      visit(l.properties.contents)
      if l.kind == .emitter { visit(l.cells) }
    }
    return found.sorted()
  }

  private static func isBelow(_ id: LayerID, _ top: LayerID, in model: SceneModel) -> Bool {
    var cur: LayerID? = id
    while let c = cur {
      if c == top { return true }
      cur = model.layer(c)?.parent
    }
    return false
  }
}
