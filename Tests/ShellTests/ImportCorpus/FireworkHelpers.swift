// FireworkHelpers.swift — an import corpus sample: helper functions that build and return
// cells (one with arguments), a rocket cell whose sub-cells are the burst, and a computed
// property for the trail.
// Shapes studied (values taken, not code): the "explosionEmitter(birthRate:texture:color:)"
// CAEmitterCell extension found by the code search (a static helper returning a named cell),
// B Gay's Emitter.swift (a static make(with:) returning the layer) and Apple's Fireworks
// sample's rocket/burst/spark hierarchy as described in core-animation-notes.md.
import UIKit

class FireworksViewController: UIViewController {

  let rocketCount: Float = 1.5

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .black
    let fireworks = makeFireworksLayer()
    view.layer.addSublayer(fireworks)
  }

  func makeFireworksLayer() -> CAEmitterLayer {
    let emitter = CAEmitterLayer()
    emitter.emitterPosition = CGPoint(x: view.bounds.width / 2, y: view.bounds.height)
    emitter.emitterSize = CGSize(width: view.bounds.width / 3, height: 0)
    emitter.emitterShape = .line
    emitter.renderMode = .additive

    let rocket = makeRocket(rate: rocketCount)
    let burst = makeBurst()
    burst.emitterCells = [
      makeSpark(color: UIColor(red: 1, green: 0.4, blue: 0.2, alpha: 1)),
      makeSpark(color: UIColor(white: 1, alpha: 1)),
    ]
    rocket.emitterCells = [burst, trail]
    emitter.emitterCells = [rocket]
    return emitter
  }

  func makeRocket(rate: Float) -> CAEmitterCell {
    let cell = CAEmitterCell()
    cell.name = "rocket"
    cell.birthRate = rate
    cell.lifetime = 1.1
    cell.velocity = 260
    cell.velocityRange = 40
    // A line emitter's longitude 0 is its normal, up on iOS (Apple's Fireworks sample leaves it
    // at 0): the rockets rise.
    cell.emissionLongitude = 0
    cell.emissionRange = .pi / 10
    cell.yAcceleration = 90
    cell.contents = UIImage(named: "dot")?.cgImage
    cell.scale = 0.3
    return cell
  }

  func makeBurst() -> CAEmitterCell {
    let cell = CAEmitterCell()
    cell.name = "burst"
    // One burst per rocket: 15 a second for a tenth of a second near the top of its climb.
    cell.birthRate = 15
    cell.lifetime = 0.35
    cell.beginTime = 1.0
    cell.duration = 0.1
    return cell
  }

  func makeSpark(color: UIColor) -> CAEmitterCell {
    let spark = CAEmitterCell()
    spark.birthRate = 300
    spark.lifetime = 1.6
    spark.velocity = 110
    spark.emissionRange = 2 * CGFloat.pi
    spark.yAcceleration = 60
    spark.alphaSpeed = -0.6
    spark.scale = 0.2
    spark.contents = UIImage(named: "spark")?.cgImage
    spark.color = color.cgColor
    return spark
  }

  var trail: CAEmitterCell {
    let cell = CAEmitterCell()
    cell.name = "trail"
    cell.birthRate = 40
    cell.lifetime = 0.4
    cell.velocity = 15
    cell.emissionLongitude = .pi / 2
    cell.alphaSpeed = -2
    cell.scale = 0.08
    cell.contents = UIImage(named: "smoke")?.cgImage
    return cell
  }
}
