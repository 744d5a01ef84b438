// Written for Burst's import tests: a pan gesture drags a spark emitter under the finger; a
// guard reads the gesture's state first.
import UIKit

class DragSparkView: UIView {
  private let spark = CAEmitterLayer()

  override init(frame: CGRect) {
    super.init(frame: frame)
    let cell = CAEmitterCell()
    cell.birthRate = 60
    cell.lifetime = 0.6
    cell.velocity = 40
    cell.emissionRange = .pi * 2
    cell.contents = UIImage(named: "spark")?.cgImage
    spark.emitterCells = [cell]
    layer.addSublayer(spark)
    addGestureRecognizer(UIPanGestureRecognizer(target: self, action: #selector(handlePan(_:))))
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

  @objc private func handlePan(_ gesture: UIPanGestureRecognizer) {
    guard let view = gesture.view else { return }
    let point = gesture.location(in: view)
    spark.emitterPosition = point
  }
}
