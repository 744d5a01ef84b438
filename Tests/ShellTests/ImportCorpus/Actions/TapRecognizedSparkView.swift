// Written for Burst's import tests: a tap handler that checks for the recognised state, which
// UIKit spells .recognized or .ended.
import UIKit

final class TapRecognizedSparkView: UIView {
  private let spark = CAEmitterLayer()

  override func awakeFromNib() {
    super.awakeFromNib()
    let dot = CAEmitterCell()
    dot.birthRate = 25
    dot.lifetime = 1
    dot.velocity = 50
    dot.contents = UIImage(named: "spark")?.cgImage
    spark.emitterCells = [dot]
    spark.birthRate = 0
    layer.addSublayer(spark)
  }

  @objc func tapped(_ tap: UITapGestureRecognizer) {
    guard tap.state == .recognized else { return }
    spark.emitterPosition = tap.location(in: self)
    spark.birthRate = 1
  }
}
