// Written for Burst's import tests: the setup shapes a stored emitter without adding it; the
// action gives it its cells first and adds it after.
import UIKit

final class TrophyConfettiView: UIView {
  private let shower = CAEmitterLayer()

  override init(frame: CGRect) {
    super.init(frame: frame)
    shower.emitterShape = .line
    shower.emitterPosition = CGPoint(x: frame.width / 2, y: 0)
    shower.emitterSize = CGSize(width: frame.width, height: 1)
  }

  required init?(coder: NSCoder) { nil }

  func celebrate() {
    shower.beginTime = CACurrentMediaTime()
    shower.emitterCells = makePieces()
    layer.addSublayer(shower)
  }

  private func makePieces() -> [CAEmitterCell] {
    [UIColor.systemYellow, .systemPink].enumerated().map { index, tint in
      let piece = CAEmitterCell()
      piece.name = "piece\(index)"
      piece.birthRate = 6
      piece.lifetime = 8
      piece.velocity = 90
      piece.emissionLongitude = .pi
      piece.color = tint.cgColor
      piece.contents = UIImage(named: "confetti")?.cgImage
      return piece
    }
  }
}
