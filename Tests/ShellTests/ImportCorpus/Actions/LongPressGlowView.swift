// Written for Burst's import tests: a long-press handler that switches on the gesture's state;
// run as an action, the press has just begun.
import UIKit

final class LongPressGlowView: UIView {
  private let glow = CAEmitterLayer()

  override func awakeFromNib() {
    super.awakeFromNib()
    let ember = CAEmitterCell()
    ember.name = "ember"
    ember.birthRate = 40
    ember.lifetime = 1.2
    ember.velocity = 30
    ember.emissionRange = .pi
    ember.contents = UIImage(named: "spark")?.cgImage
    glow.emitterCells = [ember]
    glow.birthRate = 0
    layer.addSublayer(glow)
    let press = UILongPressGestureRecognizer(target: self, action: #selector(pressed(_:)))
    addGestureRecognizer(press)
  }

  @objc private func pressed(_ recognizer: UILongPressGestureRecognizer) {
    switch recognizer.state {
    case .began:
      glow.birthRate = 1
      glow.emitterPosition = recognizer.location(in: self)
    case .changed:
      glow.emitterPosition = recognizer.location(in: self)
    case .ended, .cancelled:
      glow.birthRate = 0
    default:
      break
    }
  }
}
