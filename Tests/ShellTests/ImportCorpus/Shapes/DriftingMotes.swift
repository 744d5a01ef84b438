// Written for Burst's import tests: random values scaled by the integer types' limits, as
// older Swift writes a uniform draw (`Float(arc4random()) / Float(UInt32.max)`).
import UIKit

final class DriftingMotes: UIView {
  private let motes = CAEmitterLayer()

  override func didMoveToSuperview() {
    super.didMoveToSuperview()
    let mote = CAEmitterCell()
    mote.name = "mote"
    mote.birthRate = 10 + Float(arc4random()) / Float(UInt32.max) * 10
    mote.lifetime = 4
    mote.velocity = CGFloat(arc4random_uniform(UInt32(30))) + 10
    mote.emissionRange = .pi * 2
    mote.alphaSpeed = Float(Int8.max) / -254
    mote.contents = UIImage(named: "mote")?.cgImage
    motes.emitterCells = [mote]
    motes.emitterPosition = CGPoint(x: bounds.midX, y: bounds.midY)
    layer.addSublayer(motes)
  }
}
