// Burst's import corpus: confetti whose pieces are drawn in code, the ways UIKit code does it
// (UIGraphicsImageRenderer with UIBezierPath, a bitmap context with Core Graphics calls, a
// scaled context, a ribbon stroked with its own width). Written for Burst's tests.
import UIKit

final class PaperConfettiView: UIView {
  private let confetti = CAEmitterLayer()
  private let palette: [UIColor] = [.systemPink, .systemTeal, .systemYellow]

  private func triangle(tinted color: UIColor) -> UIImage {
    let size = CGSize(width: 10, height: 8)
    let renderer = UIGraphicsImageRenderer(size: size)
    return renderer.image { _ in
      let outline = UIBezierPath()
      outline.move(to: CGPoint(x: size.width / 2, y: 0))
      outline.addLine(to: CGPoint(x: size.width, y: size.height))
      outline.addLine(to: CGPoint(x: 0, y: size.height))
      outline.close()
      color.setFill()
      outline.fill()
    }
  }

  private func disc(tinted color: UIColor) -> UIImage? {
    UIGraphicsBeginImageContextWithOptions(CGSize(width: 6, height: 6), false, 2)
    defer { UIGraphicsEndImageContext() }
    guard let context = UIGraphicsGetCurrentContext() else { return nil }
    context.setFillColor(color.cgColor)
    context.fillEllipse(in: CGRect(x: 0, y: 0, width: 6, height: 6))
    return UIGraphicsGetImageFromCurrentImageContext()
  }

  private func ribbon(tinted color: UIColor) -> UIImage {
    UIGraphicsImageRenderer(bounds: CGRect(x: -2, y: -2, width: 16, height: 8)).image { ctx in
      let wave = UIBezierPath()
      wave.move(to: CGPoint(x: 0, y: 2))
      wave.addQuadCurve(to: CGPoint(x: 12, y: 2), controlPoint: CGPoint(x: 6, y: 6))
      wave.lineWidth = 2
      wave.lineCapStyle = .round
      color.setStroke()
      wave.stroke()
      ctx.cgContext.setFillColor(UIColor.white.cgColor)
      ctx.fill(CGRect(x: 5, y: 1, width: 2, height: 2))
    }
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    confetti.emitterPosition = CGPoint(x: bounds.midX, y: -10)
    confetti.emitterShape = .line
    confetti.emitterSize = CGSize(width: bounds.width, height: 1)
    var pieces: [CAEmitterCell] = []
    for (index, color) in palette.enumerated() {
      let piece = CAEmitterCell()
      piece.name = ["triangle", "disc", "ribbon"][index]
      piece.birthRate = 12
      piece.lifetime = 6
      piece.velocity = 90
      piece.emissionLongitude = .pi
      piece.spin = 2
      switch index {
      case 0: piece.contents = triangle(tinted: color).cgImage
      case 1: piece.contents = disc(tinted: color)?.cgImage
      default: piece.contents = ribbon(tinted: color).cgImage
      }
      pieces.append(piece)
    }
    confetti.emitterCells = pieces
    layer.addSublayer(confetti)
  }
}
