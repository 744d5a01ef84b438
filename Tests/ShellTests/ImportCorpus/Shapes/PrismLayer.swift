// Written for Burst's import tests: a CAEmitterLayer subclass that reads its own stored
// property through self, colours from helpers of another file called as implicit members (one a
// colour helper, one not), an animation added with the layer's own add(_:forKey:) written bare,
// and a factory declared `class open func` (Swift's other order of modifiers).
import UIKit

open class PrismLayer: CAEmitterLayer {
  var palette: [UIColor] = [
    .rgb(255, 94, 58), .rgba(red: 90, green: 200, blue: 250), .brand(.accent),
  ]

  override init() {
    super.init()
    emitterPosition = CGPoint(x: 160, y: 120)
    emitterShape = .circle
    emitterSize = CGSize(width: 40, height: 40)
    emitterCells = self.palette.map { tint in
      let shard = CAEmitterCell()
      shard.birthRate = 6
      shard.lifetime = 2
      shard.velocity = 50
      shard.color = tint.cgColor
      shard.contents = UIImage(named: "spark")?.cgImage
      return shard
    }
  }

  required public init?(coder: NSCoder) { fatalError("not from a storyboard") }

  func flash() {
    let surge = CABasicAnimation(keyPath: "birthRate")
    surge.fromValue = 4
    surge.toValue = 1
    surge.duration = 0.5
    add(surge, forKey: "surge")
  }

  class open func prism(at point: CGPoint) -> PrismLayer {
    let prism = PrismLayer()
    prism.emitterPosition = point
    return prism
  }
}
