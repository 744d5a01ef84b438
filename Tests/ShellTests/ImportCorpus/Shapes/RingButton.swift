// Written for Burst's import tests: a 44-point button whose ring of sparks reaches well past
// its own bounds, as like buttons' do.
import UIKit

final class RingButton: UIButton {
  private let ring = CAEmitterLayer()

  override init(frame: CGRect) {
    super.init(frame: frame)
    ring.emitterPosition = CGPoint(x: bounds.midX, y: bounds.midY)
    ring.emitterShape = .circle
    ring.emitterMode = .outline
    ring.emitterSize = CGSize(width: bounds.width, height: 0)
    let spark = CAEmitterCell()
    spark.birthRate = 400
    spark.lifetime = 0.6
    spark.velocity = 60
    spark.contents = UIImage(named: "spark")?.cgImage
    ring.emitterCells = [spark]
    layer.addSublayer(ring)
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }
}
