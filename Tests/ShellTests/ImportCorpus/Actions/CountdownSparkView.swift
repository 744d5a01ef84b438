import UIKit

/// A spark fountain that a button turns on for a moment: the handler is an `async` method that
/// waits with `Task.sleep` before it turns the fountain off again.
final class CountdownSparkView: UIView {
  private let fountain = CAEmitterLayer()

  override init(frame: CGRect) {
    super.init(frame: frame)
    fountain.emitterPosition = CGPoint(x: bounds.midX, y: bounds.maxY)
    fountain.birthRate = 0
    let spark = CAEmitterCell()
    spark.name = "spark"
    spark.birthRate = 80
    spark.lifetime = 1.5
    spark.velocity = 90
    spark.emissionLongitude = -.pi / 2
    spark.emissionRange = .pi / 8
    spark.contents = UIImage(named: "spark")?.cgImage
    fountain.emitterCells = [spark]
    layer.addSublayer(fountain)
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  @objc func ignite() async {
    fountain.birthRate = 1
    try? await Task.sleep(for: .seconds(2))
    fountain.birthRate = 0
  }
}
