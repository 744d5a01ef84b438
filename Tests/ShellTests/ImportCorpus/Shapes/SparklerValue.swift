// Written for Burst's import tests: a struct whose stored properties make an emitter and a
// cell, and whose own initializer ends early with a bare return: the call still gives the value.
import UIKit

struct Sparkler {
  let sparks: CAEmitterLayer = {
    let layer = CAEmitterLayer()
    layer.emitterPosition = CGPoint(x: 150, y: 40)
    layer.emitterShape = .line
    layer.emitterSize = CGSize(width: 100, height: 1)
    return layer
  }()
  let cell: CAEmitterCell = {
    let cell = CAEmitterCell()
    cell.birthRate = 30
    cell.lifetime = 3
    cell.velocity = 50
    return cell
  }()
  var duration: Float = 0.6

  init(name: String, duration: Float) {
    cell.name = name
    self.duration = duration
    if duration > 0 {
      return
    }
    cell.birthRate = 0
  }
}

final class SparklerView: UIView {
  override func didMoveToWindow() {
    super.didMoveToWindow()
    let sparkler = Sparkler(name: "spark", duration: 2)
    sparkler.sparks.emitterCells = [sparkler.cell]
    layer.addSublayer(sparkler.sparks)
  }
}
