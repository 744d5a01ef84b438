// Written for Burst's import tests: methods the file adds to Core Animation's classes in
// extensions (a cell's phase, an emitter's ring), called on the objects the setup makes.
import UIKit

final class BurstPhasesView: UIView {
  private let emitter = CAEmitterLayer()

  override func didMoveToWindow() {
    super.didMoveToWindow()
    emitter.emitterPosition = CGPoint(x: 150, y: 150)
    emitter.configureAsRing(radius: 30)
    let cell = CAEmitterCell()
    cell.name = "flare"
    cell.applyFlarePhase(rate: 25)
    emitter.emitterCells = [cell]
    layer.addSublayer(emitter)
  }
}

extension CAEmitterCell {
  func applyFlarePhase(rate: Float) {
    birthRate = rate
    lifetime = 2
    velocity = 60
    self.emissionRange = .pi * 2
    contents = UIImage(named: "flare")?.cgImage
  }
}

extension CAEmitterLayer {
  func configureAsRing(radius: CGFloat) {
    emitterShape = .circle
    emitterMode = .outline
    emitterSize = CGSize(width: radius, height: radius)
  }
}
