// Written for Burst's import tests: two overloads of one method (`showCheer()`,
// `showCheer(rate:)`), each an action: the second is named with its place, not a replacement.
import UIKit

final class OverloadedCheerView: UIView {
  private let cheer = CAEmitterLayer()

  override init(frame: CGRect) {
    super.init(frame: frame)
    cheer.emitterPosition = CGPoint(x: 150, y: 150)
    let spark = CAEmitterCell()
    spark.name = "spark"
    spark.birthRate = 0
    spark.lifetime = 2
    spark.velocity = 80
    spark.emissionRange = .pi * 2
    spark.contents = UIImage(named: "spark")?.cgImage
    cheer.emitterCells = [spark]
    layer.addSublayer(cheer)
  }

  required init?(coder: NSCoder) { fatalError("not used") }

  func showCheer() {
    cheer.setValue(30, forKeyPath: "emitterCells.spark.birthRate")
  }

  func showCheer(rate: Float) {
    cheer.setValue(rate * 2, forKeyPath: "emitterCells.spark.birthRate")
  }
}
