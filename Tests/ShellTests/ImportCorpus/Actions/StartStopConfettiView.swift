import UIKit

/// A view that glows from the start, and whose confetti exists only once `startConfetti()`
/// made it: `stopConfetti()` reaches it through an optional, so before a start it does nothing.
final class StartStopConfettiView: UIView {
  private var confetti: CAEmitterLayer?
  private let glow = CAEmitterLayer()

  override init(frame: CGRect) {
    super.init(frame: frame)
    glow.emitterPosition = CGPoint(x: bounds.midX, y: bounds.midY)
    let mote = CAEmitterCell()
    mote.birthRate = 5
    mote.lifetime = 2
    mote.contents = UIImage(named: "spark")?.cgImage
    glow.emitterCells = [mote]
    layer.addSublayer(glow)
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  func startConfetti() {
    let emitter = CAEmitterLayer()
    emitter.emitterPosition = CGPoint(x: bounds.midX, y: 0)
    let piece = CAEmitterCell()
    piece.birthRate = 30
    piece.lifetime = 4
    piece.velocity = 80
    piece.contents = UIImage(named: "confetti")?.cgImage
    emitter.emitterCells = [piece]
    layer.addSublayer(emitter)
    confetti = emitter
  }

  func stopConfetti() {
    confetti?.birthRate = 0
  }
}
