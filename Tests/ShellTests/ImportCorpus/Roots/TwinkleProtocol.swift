import UIKit

// A protocol whose extension builds the effect; views that adopt it call twinkle() elsewhere.
protocol Twinkling {
  func twinkle()
}

extension Twinkling where Self: UIView {
  func twinkle() {
    let twinkles = CAEmitterLayer()
    twinkles.emitterPosition = CGPoint(x: bounds.midX, y: bounds.midY)
    let dot = CAEmitterCell()
    dot.birthRate = 30
    dot.lifetime = 2
    dot.velocity = 40
    dot.emissionRange = .pi * 2
    twinkles.emitterCells = [dot]
    let spot = convert(CGPoint(x: 10, y: 10), to: window)
    twinkles.position = spot
    window?.layer.addSublayer(twinkles)
  }
}
