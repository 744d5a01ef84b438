// Written for Burst's import tests: cells of a CAEmitterCell subclass the file declares (its
// initializer sets the cell up with bare property names, one with an argument), and an emitter
// made by a convenience initializer with an argument that the file adds to CAEmitterLayer and
// never calls itself (the app does, elsewhere).
import UIKit

final class Flake: CAEmitterCell {
  override init() {
    super.init()
    name = "flake"
    birthRate = 12
    lifetime = 6
    velocity = 40
    emissionLongitude = .pi
    contents = UIImage(named: "flake")?.cgImage
  }

  init(gust strength: Float) {
    super.init()
    name = "gust"
    birthRate = 4 * strength
    lifetime = 3
    velocity = 120
    contents = UIImage(named: "flake")?.cgImage
  }

  required init?(coder: NSCoder) {
    super.init(coder: coder)
  }
}

extension CAEmitterLayer {
  convenience init(blizzardOver width: CGFloat) {
    self.init()
    emitterPosition = CGPoint(x: width / 2, y: 0)
    emitterShape = .line
    emitterSize = CGSize(width: width, height: 1)
    emitterCells = [Flake(), Flake(gust: 2)]
  }
}
