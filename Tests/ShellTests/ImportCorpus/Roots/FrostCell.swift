// Written for Burst's import tests: a file holding only a CAEmitterCell subclass that sets
// itself up in `init()`; the emitter that uses it is in another file of the app.
import UIKit

final class FrostCell: CAEmitterCell {
  override init() {
    super.init()
    name = "frost"
    contents = UIImage(named: "frost")?.cgImage
    birthRate = 25
    lifetime = 3
    velocity = 30
    velocityRange = 20
    emissionRange = .pi * 2
    scale = 0.4
    alphaSpeed = -0.2
  }

  required init?(coder: NSCoder) {
    super.init(coder: coder)
  }
}
