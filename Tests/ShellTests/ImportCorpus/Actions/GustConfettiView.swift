// Written for Burst's import tests: an action whose animations name a behaviour's field (which
// Burst sets but does not animate) and a cell by a name no imported cell has (a UUID): those
// animations are skipped, with their lines, and the rest of the action still runs, the
// behaviour made through unsafeBitCast of behaviorWithType:'s implementation among it.
import UIKit

final class GustConfettiView: UIView {
  final class Shade {
    let color: UIColor
    lazy var name = UUID().uuidString
    init(color: UIColor) { self.color = color }
  }

  private let shades = [Shade(color: .systemPink), Shade(color: .systemTeal)]

  func celebrate() {
    let confetti = CAEmitterLayer()
    confetti.emitterPosition = CGPoint(x: bounds.midX, y: 0)
    confetti.emitterShape = .line
    confetti.emitterSize = CGSize(width: bounds.width, height: 1)
    let piece = CAEmitterCell()
    piece.name = "piece"
    piece.birthRate = 40
    piece.lifetime = 5
    piece.velocity = 90
    piece.emissionLongitude = .pi
    piece.contents = UIImage(named: "piece")?.cgImage
    confetti.emitterCells = [piece]
    confetti.setValue([gust()], forKey: "emitterBehaviors")
    layer.addSublayer(confetti)

    let strength = CABasicAnimation()
    strength.fromValue = 0
    strength.toValue = 40
    strength.duration = 1
    confetti.add(strength, forKey: "emitterBehaviors.gust.force")

    let shrink = CABasicAnimation()
    shrink.fromValue = 1
    shrink.toValue = 0.2
    shrink.duration = 2
    for shade in shades {
      confetti.add(shrink, forKey: "emitterCells.\(shade.name).scale")
    }
  }

  private func gust() -> NSObject {
    let type: AnyClass = NSClassFromString("CAEmitterBehavior")!
    let make = type.method(for: NSSelectorFromString("behaviorWithType:"))!
    let call = unsafeBitCast(make, to: (@convention(c) (Any?, Selector, Any?) -> NSObject).self)
    let behavior = call(type, NSSelectorFromString("behaviorWithType:"), "wave")
    behavior.setValue("gust", forKey: "name")
    return behavior
  }
}
