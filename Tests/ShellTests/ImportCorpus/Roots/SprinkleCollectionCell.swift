// Written for Burst's import tests: a collection view cell that sprinkles dots from its content
// view when the app calls a method of its own; the content view is the cell's hosting view.
import UIKit

final class SprinkleCollectionCell: UICollectionViewCell {
  private weak var sprinkle: CAEmitterLayer?

  func sprinkleDots(tints: [UIColor] = [.systemOrange, .systemTeal]) {
    let emitter = CAEmitterLayer()
    emitter.emitterPosition = CGPoint(x: contentView.bounds.midX, y: contentView.bounds.midY)
    emitter.emitterShape = .circle
    emitter.emitterSize = CGSize(width: 12, height: 12)
    emitter.emitterCells = tints.enumerated().map { index, tint in
      let dot = CAEmitterCell()
      dot.name = "dot\(index)"
      dot.birthRate = 30
      dot.lifetime = 1.2
      dot.velocity = 70
      dot.emissionRange = 2 * .pi
      dot.color = tint.cgColor
      dot.contents = UIImage(named: "dot")?.cgImage
      return dot
    }
    contentView.layer.addSublayer(emitter)
    sprinkle = emitter
    DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { [weak self] in
      self?.sprinkle?.birthRate = 0
    }
  }
}
