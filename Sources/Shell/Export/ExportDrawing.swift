import Core

// An image drawn in code (`contents=drawing(W,H …)`) as the code that draws it: an image
// renderer at scale 1 whose block adds each mark's path to the context and fills and strokes
// it, in the dialect's spelling. Import reads the same code back into the same drawing.

/// One step of drawing on a context, spelled by each dialect.
enum ContextStep {
  case addPath(String)
  case setFillColor(String)
  case fillPath(evenOdd: Bool)
  case setStrokeColor(String)
  case setLineWidth(String)
  case setLineCap(LineCap)
  case setLineJoin(LineJoin)
  case setMiterLimit(String)
  case setLineDash(phase: String, lengths: [String])
  case strokePath
  case saveGState
  case restoreGState
}

extension SceneExporter {
  /// `d` as an expression of the type `contents` takes.
  func drawnImage(_ d: DrawnImage) -> String {
    let c = "c"
    var lines: [String] = []
    for (k, m) in d.marks.enumerated() where !m.path.elements.isEmpty {
      let fills = m.fillColor.alpha > 0
      let strokes = m.strokeColor.alpha > 0 && m.lineWidth > 0
      guard fills || strokes else { continue }
      let name = "p\(k)"
      lines += pathStatements(m.path, name: name)
      if fills {
        lines.append(dialect.context(c, .addPath(name)))
        lines.append(dialect.context(c, .setFillColor(cgColor(m.fillColor))))
        lines.append(dialect.context(c, .fillPath(evenOdd: m.fillRule == .evenOdd)))
      }
      if strokes {
        let styled =
          m.lineCap != .butt || m.lineJoin != .miter || m.miterLimit != 10
          || !m.lineDashPattern.isEmpty
        if styled { lines.append(dialect.context(c, .saveGState)) }
        lines.append(dialect.context(c, .addPath(name)))
        lines.append(dialect.context(c, .setStrokeColor(cgColor(m.strokeColor))))
        lines.append(dialect.context(c, .setLineWidth(number(m.lineWidth))))
        if m.lineCap != .butt { lines.append(dialect.context(c, .setLineCap(m.lineCap))) }
        if m.lineJoin != .miter { lines.append(dialect.context(c, .setLineJoin(m.lineJoin))) }
        if m.miterLimit != 10 {
          lines.append(dialect.context(c, .setMiterLimit(number(m.miterLimit))))
        }
        if !m.lineDashPattern.isEmpty {
          lines.append(
            dialect.context(
              c,
              .setLineDash(
                phase: number(m.lineDashPhase), lengths: m.lineDashPattern.map(number))))
        }
        lines.append(dialect.context(c, .strokePath))
        if styled { lines.append(dialect.context(c, .restoreGState)) }
      }
      if let release = dialect.releasePath(name) { lines.append(release) }
    }
    return dialect.drawnImage(size: size(d.size), context: c, statements: lines)
  }

  /// The statements that build `path` as a new CGMutablePath called `name`.
  func pathStatements(_ path: ShapePath, name: String) -> [String] {
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
    return parts
  }
}

extension SwiftDialect {
  func drawnImage(size: String, context c: String, statements: [String]) -> String {
    ([
      "{ () -> CGImage? in", "  let format = UIGraphicsImageRendererFormat()", "  format.scale = 1",
      "  return UIGraphicsImageRenderer(size: \(size), format: format).image { r in",
      "    let \(c) = r.cgContext",
    ]
      + statements.map { "    " + $0 } + ["  }.cgImage", "}()"]).joined(separator: "\n")
  }

  func context(_ c: String, _ step: ContextStep) -> String {
    switch step {
    case .addPath(let p): return "\(c).addPath(\(p))"
    case .setFillColor(let x): return "\(c).setFillColor(\(x))"
    case .fillPath(let evenOdd):
      return evenOdd ? "\(c).fillPath(using: .evenOdd)" : "\(c).fillPath()"
    case .setStrokeColor(let x): return "\(c).setStrokeColor(\(x))"
    case .setLineWidth(let w): return "\(c).setLineWidth(\(w))"
    case .setLineCap(let cap): return "\(c).setLineCap(.\(cap.rawValue))"
    case .setLineJoin(let join): return "\(c).setLineJoin(.\(join.rawValue))"
    case .setMiterLimit(let m): return "\(c).setMiterLimit(\(m))"
    case .setLineDash(let phase, let lengths):
      return "\(c).setLineDash(phase: \(phase), lengths: [\(lengths.joined(separator: ", "))])"
    case .strokePath: return "\(c).strokePath()"
    case .saveGState: return "\(c).saveGState()"
    case .restoreGState: return "\(c).restoreGState()"
    }
  }
}

extension ObjectiveCDialect {
  func drawnImage(size: String, context c: String, statements: [String]) -> String {
    ([
      "({",
      "  UIGraphicsImageRendererFormat *format = [UIGraphicsImageRendererFormat defaultFormat];",
      "  format.scale = 1;",
      "  UIImage *drawn = [[[UIGraphicsImageRenderer alloc] initWithSize:\(size) format:format]",
      "    imageWithActions:^(UIGraphicsImageRendererContext *r) {",
      "      CGContextRef \(c) = r.CGContext;",
    ] + statements.map { "      " + $0 + ";" } + ["    }];", "  (__bridge id)drawn.CGImage;", "})"])
    .joined(separator: "\n")
  }

  func context(_ c: String, _ step: ContextStep) -> String {
    func capitalized(_ s: String) -> String { s.prefix(1).uppercased() + s.dropFirst() }
    switch step {
    case .addPath(let p): return "CGContextAddPath(\(c), \(p))"
    case .setFillColor(let x): return "CGContextSetFillColorWithColor(\(c), \(x))"
    case .fillPath(let evenOdd):
      return evenOdd ? "CGContextEOFillPath(\(c))" : "CGContextFillPath(\(c))"
    case .setStrokeColor(let x): return "CGContextSetStrokeColorWithColor(\(c), \(x))"
    case .setLineWidth(let w): return "CGContextSetLineWidth(\(c), \(w))"
    case .setLineCap(let cap):
      return "CGContextSetLineCap(\(c), kCGLineCap\(capitalized(cap.rawValue)))"
    case .setLineJoin(let join):
      return "CGContextSetLineJoin(\(c), kCGLineJoin\(capitalized(join.rawValue)))"
    case .setMiterLimit(let m): return "CGContextSetMiterLimit(\(c), \(m))"
    case .setLineDash(let phase, let lengths):
      return
        "CGContextSetLineDash(\(c), \(phase), (CGFloat[]){\(lengths.joined(separator: ", "))}, \(lengths.count))"
    case .strokePath: return "CGContextStrokePath(\(c))"
    case .saveGState: return "CGContextSaveGState(\(c))"
    case .restoreGState: return "CGContextRestoreGState(\(c))"
    }
  }
}
