import UIKit

// The emitter is made when the user first taps: the method that starts it also builds it.
class PopView: UIView {
  var popper: CAEmitterLayer?

  func startPop() {
    let emitter = CAEmitterLayer()
    emitter.emitterPosition = CGPoint(x: bounds.midX, y: bounds.midY)
    let bit = CAEmitterCell()
    bit.birthRate = 80
    bit.lifetime = 2
    bit.velocity = 50
    bit.emissionRange = .pi * 2
    emitter.emitterCells = [bit]
    layer.addSublayer(emitter)
    popper = emitter
  }

  func stopPop() {
    popper?.birthRate = 0
  }
}
