// Written for Burst's import tests: a helper layer class keeps the layer it draws into in a
// stored property named `layer` (a view's property name), given by its initializer, and adds
// its emitter there when an event starts it.
import UIKit

final class PetalHostLayer: CALayer {
  var petal: UIImage
  var layer: CALayer
  var origin: CGPoint

  lazy var spray: CAEmitterLayer = {
    let spray = CAEmitterLayer()
    spray.emitterPosition = self.origin
    return spray
  }()

  init(petal: UIImage, layer: CALayer, origin: CGPoint) {
    self.petal = petal
    self.layer = layer
    self.origin = origin
    super.init()
  }

  required init?(coder: NSCoder) { nil }

  func startShower() {
    let drift = CAEmitterCell()
    drift.birthRate = 15
    drift.lifetime = 4
    drift.velocity = 50
    drift.emissionLongitude = .pi / 2
    drift.contents = petal.cgImage
    spray.emitterCells = [drift]
    layer.addSublayer(spray)
  }
}
