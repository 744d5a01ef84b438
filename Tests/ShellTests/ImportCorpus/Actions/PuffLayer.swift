import UIKit

/// A layer subclass whose cells exist only once an effect starts: `start(_:at:)` makes a cell
/// and gives it to the layer, replacing whatever the last start gave.
enum Puff {
  case small, big
}

final class PuffLayer: CAEmitterLayer {
  override init() {
    super.init()
    emitterShape = .circle
    emitterSize = CGSize(width: 20, height: 20)
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  func start(_ kind: Puff, at point: CGPoint) {
    let puff = CAEmitterCell()
    puff.name = "puff"
    puff.birthRate = kind == .big ? 60 : 20
    puff.lifetime = 3
    puff.velocity = 40
    puff.emissionRange = .pi * 2
    puff.contents = UIImage(named: "smoke")?.cgImage
    emitterPosition = point
    emitterCells = [puff]
    puff.scale = 0.5
  }
}
