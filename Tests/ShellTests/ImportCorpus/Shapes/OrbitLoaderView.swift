// Written for Burst's import tests: a loading indicator whose comet of sparks circles the centre
// along a keyframe path on emitterPosition; its only usable initializer takes an argument, and
// init?(coder:) only fails.
import UIKit

final class OrbitLoaderView: UIView {
  private let ring = CAShapeLayer()
  private let comet = CAEmitterLayer()
  private let spark = CAEmitterCell()
  private let radius: CGFloat = 30

  init(tint: UIColor) {
    super.init(frame: .zero)
    ring.strokeColor = tint.cgColor
    ring.fillColor = nil
    ring.lineWidth = 2
    comet.emitterShape = .point
    spark.birthRate = 120
    spark.lifetime = 0.6
    spark.velocity = 12
    spark.emissionRange = 2 * .pi
    spark.scale = 0.2
    spark.alphaSpeed = -1.5
    spark.contents = UIImage(named: "spark")?.cgImage
    comet.emitterCells = [spark]
  }

  required init?(coder: NSCoder) { nil }

  func beginLoading() {
    layer.addSublayer(ring)
    layer.addSublayer(comet)
    let orbit = UIBezierPath(
      arcCenter: CGPoint(x: bounds.midX, y: bounds.midY), radius: radius,
      startAngle: 0, endAngle: 2 * .pi, clockwise: true)
    ring.path = orbit.cgPath

    let travel = CAKeyframeAnimation(keyPath: "emitterPosition")
    travel.path = orbit.cgPath
    travel.duration = 1.2
    travel.repeatCount = .infinity
    travel.calculationMode = .paced
    comet.add(travel, forKey: "orbit")
  }
}
