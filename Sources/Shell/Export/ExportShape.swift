import Core

// A shape layer's path as one expression: the CGMutablePath built element by element as the
// code would (the same statements a keyframe path is built with), inside a closure called at
// once (Swift) or a statement expression (Objective-C).

extension SceneExporter {
  /// `path` as an expression of type CGPath (Objective-C: CGPathRef); `nil` when empty.
  func shapePath(_ path: ShapePath) -> String {
    guard !path.elements.isEmpty else { return dialect is SwiftDialect ? "nil" : "NULL" }
    let name = "p"
    var parts = [dialect.newPath(name)]
    for e in path.elements {
      switch e {
      case .move(let p): parts.append(dialect.move(name, to: p))
      case .line(let p): parts.append(dialect.addLine(name, to: p))
      case .quad(let c, let p): parts.append(dialect.addQuadCurve(name, to: p, control: c))
      case .curve(let c1, let c2, let p):
        parts.append(dialect.addCurve(name, to: p, control1: c1, control2: c2))
      case .arc(let c, let r, let a0, let a1, let clockwise):
        parts.append(
          dialect.addArc(name, center: c, radius: r, start: a0, end: a1, clockwise: clockwise))
      case .ellipse(let r): parts.append(dialect.addEllipse(name, in: r))
      case .rect(let r): parts.append(dialect.addRect(name, r))
      case .close: parts.append(dialect.closeSubpath(name))
      }
    }
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
