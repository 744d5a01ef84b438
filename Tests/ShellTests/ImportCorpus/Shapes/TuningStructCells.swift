// Written for Burst's import tests: a settings struct whose fields are named like the cell's
// own properties, copied field by field in a cell subclass's initializer (`birthRate =
// tuning.birthRate`): the bare names are the cell's, not the struct's.
import UIKit

final class SprinkleView: UIView {
  struct Tuning {
    var birthRate: Float = 18
    var lifetime: Float = 5
    var scale: CGFloat = 0.25
  }

  override func didMoveToSuperview() {
    super.didMoveToSuperview()
    sprinkle(with: Tuning())
  }

  func sprinkle(with tuning: Tuning) {
    let sprinkles = SprinkleLayer(tuning: tuning)
    sprinkles.frame = bounds
    layer.addSublayer(sprinkles)
  }

  private final class SprinkleLayer: CAEmitterLayer {
    init(tuning: Tuning) {
      super.init()
      emitterShape = .line
      emitterPosition = CGPoint(x: 150, y: 0)
      emitterSize = CGSize(width: 300, height: 1)
      emitterCells = [SprinkleCell(tuning: tuning)]
    }

    override init(layer: Any) { super.init(layer: layer) }
    required init?(coder: NSCoder) { fatalError("not used") }
  }

  private final class SprinkleCell: CAEmitterCell {
    init(tuning: Tuning) {
      super.init()
      name = "sprinkle"
      birthRate = tuning.birthRate
      lifetime = tuning.lifetime
      scale = tuning.scale
      // Reads the cell's own values just set.
      velocity = CGFloat(birthRate * 6)
      emissionLongitude = .pi
      contents = UIImage(named: "sprinkle")?.cgImage
    }

    required init?(coder: NSCoder) { fatalError("not used") }
  }
}
