// Written for Burst's import tests: cells gathered in an NSMutableArray from Swift (`add(_:)`)
// and handed to the emitter through NSArray's bridge (`as? [CAEmitterCell]`); one cell's rate
// read back through the layer's key path (`value(forKeyPath:)`) and doubled.
import UIKit

final class FlurryArrayView: UIView {
  private let flurry = CAEmitterLayer()

  override init(frame: CGRect) {
    super.init(frame: frame)
    flurry.name = "flurry"
    flurry.emitterPosition = CGPoint(x: bounds.midX, y: bounds.midY)
    let cells = NSMutableArray()
    for name in ["flake", "dot"] {
      let cell = CAEmitterCell()
      cell.name = name
      cell.birthRate = 12
      cell.lifetime = 3
      cell.velocity = 40
      cell.emissionRange = .pi * 2
      cell.contents = UIImage(named: name)?.cgImage
      cells.add(cell)
    }
    flurry.emitterCells = NSArray(array: cells) as? [CAEmitterCell]
    let rate = (flurry.value(forKeyPath: "emitterCells.dot.birthRate") as? NSNumber)?.floatValue
    flurry.setValue((rate ?? 0) * 2, forKeyPath: "emitterCells.dot.birthRate")
    layer.addSublayer(flurry)
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }
}
