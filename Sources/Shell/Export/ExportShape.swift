import Core

// A shape layer's path as one expression: the CGMutablePath built element by element as the
// code would (the same statements a keyframe path is built with), inside a closure called at
// once (Swift) or a statement expression (Objective-C).

extension SceneExporter {
  /// `path` as an expression of type CGPath (Objective-C: CGPathRef); `nil` when empty.
  func shapePath(_ path: ShapePath) -> String {
    guard !path.elements.isEmpty else { return dialect is SwiftDialect ? "nil" : "NULL" }
    let name = "p"
    let parts = pathStatements(path, name: name)
    if dialect is SwiftDialect {
      return "{ () -> CGPath in " + parts.joined(separator: "; ") + "; return \(name) }()"
    }
    return "({ " + parts.map { $0 + ";" }.joined(separator: " ")
      + " (CGPathRef)CFAutorelease(\(name)); })"
  }
}

extension SceneExporter {
  /// `target.key = PATH` for a shape layer's path: the CGMutablePath built first in statements
  /// of its own, as a keyframe path is (Objective-C releases it once assigned), so both
  /// languages read as an app writes it and import reads it back.
  mutating func shapePathAssignment(_ p: ShapePath, key: String, target: String) {
    guard let built = try? KeyframePath(p.elements) else {
      statement("\(target).\(key) = " + shapePath(p))
      return
    }
    let name = unique(target + "Path")
    path(built, name: name)
    statement("\(target).\(key) = \(name)")
    if let release = dialect.releasePath(name) { statement(release) }
  }
}
