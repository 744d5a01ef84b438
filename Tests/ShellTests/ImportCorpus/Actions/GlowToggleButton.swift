// Written for Burst's import tests: a button whose selection turns its glow on through two
// property observers, the way a like button's state drives its effect.
import UIKit

final class GlowToggleButton: UIButton {
  private let glow = CAEmitterLayer()

  var isGlowing: Bool = false {
    didSet {
      glow.birthRate = isGlowing ? 1 : 0
    }
  }

  override var isSelected: Bool {
    didSet {
      isGlowing = isSelected
    }
  }

  override init(frame: CGRect) {
    super.init(frame: frame)
    glow.emitterPosition = CGPoint(x: frame.midX, y: frame.midY)
    let mote = CAEmitterCell()
    mote.birthRate = 40
    mote.lifetime = 1
    mote.velocity = 30
    mote.emissionRange = .pi * 2
    mote.contents = UIImage(named: "sparkle")?.cgImage
    glow.emitterCells = [mote]
    glow.birthRate = 0
    layer.addSublayer(glow)
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }
}
