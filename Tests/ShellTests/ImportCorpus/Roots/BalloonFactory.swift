// Written for Burst's import tests: a factory returns an emitter it does not place (the app's
// caller, elsewhere, sets its position and size).
import UIKit

enum BalloonFactory {
  static func make() -> CAEmitterLayer {
    let sky = CAEmitterLayer()
    sky.emitterShape = .line
    sky.emitterCells = (0..<2).map { index in
      let balloon = CAEmitterCell()
      balloon.name = "balloon\(index)"
      balloon.birthRate = 3
      balloon.lifetime = 6
      balloon.velocity = 40
      balloon.emissionLongitude = -.pi / 2
      balloon.contents = UIImage(named: "bubble")?.cgImage
      return balloon
    }
    return sky
  }
}
