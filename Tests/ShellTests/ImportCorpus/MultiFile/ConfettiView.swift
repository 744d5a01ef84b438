import UIKit

/// A confetti view whose cells come from another file (ConfettiKind.swift): imported alone it
/// has none; imported with it, one per kind.
final class ConfettiView: UIView {
  private let emitter = CAEmitterLayer()

  override init(frame: CGRect) {
    super.init(frame: frame)
    emitter.emitterShape = .line
    emitter.emitterPosition = CGPoint(x: bounds.midX, y: 0)
    emitter.emitterSize = CGSize(width: bounds.width, height: 1)
    emitter.emitterCells = ConfettiKind.allCases.map { $0.cell }
    layer.addSublayer(emitter)
  }

  required init?(coder: NSCoder) { fatalError() }
}
