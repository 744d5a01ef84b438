// Written for Burst's import tests: a library whose entry point is a static function that makes
// several instances of the file's own CAEmitterLayer subclass, and a UIView method of the same
// name (other labels) that calls it; nothing in the file calls the UIView method.
import UIKit

public enum Sprinkle {
  public struct Style {
    public var count = 3
    public var rate: Float = 12
    public init() {}
  }

  public static func sprinkle(_ view: UIView, style: Style = Style()) {
    let layers = (0..<style.count).map { index -> SprinkleLayer in
      let layer = SprinkleLayer(rate: style.rate)
      layer.emitterPosition = CGPoint(
        x: view.bounds.width * CGFloat(index + 1) / CGFloat(style.count + 1),
        y: view.bounds.midY)
      return layer
    }
    // swift-format-ignore: ReplaceForEachWithForLoop
    layers.forEach { view.layer.addSublayer($0) }
  }
}

final class SprinkleLayer: CAEmitterLayer {
  init(rate: Float) {
    super.init()
    let dot = CAEmitterCell()
    dot.birthRate = rate
    dot.lifetime = 1.5
    dot.velocity = 40
    dot.emissionRange = 2 * .pi
    dot.contents = UIImage(named: "sparkle")?.cgImage
    emitterCells = [dot]
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

extension UIView {
  public func sprinkle(style: Sprinkle.Style = Sprinkle.Style()) {
    Sprinkle.sprinkle(self, style: style)
  }
}
