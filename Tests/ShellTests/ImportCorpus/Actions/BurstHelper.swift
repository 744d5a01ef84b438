// Written for Burst's import tests: a helper type's static method, named like a Burst command,
// makes an emitter at a point and removes it through the usual delay(_:) helper of the app.
import UIKit

class BurstHelper {
  static func show(in view: UIView, at point: CGPoint) {
    let emitter = CAEmitterLayer()
    emitter.emitterPosition = point
    view.layer.addSublayer(emitter)
    let cell = CAEmitterCell()
    cell.birthRate = 300
    cell.lifetime = 1
    cell.velocity = 80
    cell.emissionRange = .pi * 2
    cell.contents = UIImage(named: "spark")?.cgImage
    emitter.emitterCells = [cell]
    delay(0.2) {
      emitter.birthRate = 0
      delay(1.5) {
        emitter.removeFromSuperlayer()
      }
    }
  }
}
