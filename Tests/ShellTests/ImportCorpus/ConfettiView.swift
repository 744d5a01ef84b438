// ConfettiView.swift — an import corpus sample: a confetti view that builds one cell per colour
// with a for loop over a literal array, and a start method the user would call.
// Shapes studied (values taken, not code): the Emitter.swift samples found by the code search
// that map an array of images to cells (generateEmitterCells(with:)), and the common confetti
// view shape (a line emitter above the top edge, one cell per colour, spin and a long life).
import UIKit

class ConfettiView: UIView {
  private let emitter = CAEmitterLayer()
  private let colors: [UIColor] = [.red, .orange, .yellow, .green, .blue, .purple]

  override func didMoveToWindow() {
    super.didMoveToWindow()
    emitter.emitterPosition = CGPoint(x: bounds.width / 2, y: -20)
    emitter.emitterShape = .line
    emitter.emitterSize = CGSize(width: bounds.width, height: 1)
    emitter.birthRate = 0

    var cells: [CAEmitterCell] = []
    for (index, color) in colors.enumerated() {
      let cell = CAEmitterCell()
      cell.birthRate = 6 + Float(index)
      cell.lifetime = 8
      cell.velocity = 140
      cell.velocityRange = 60
      cell.emissionLongitude = .pi
      cell.emissionRange = .pi / 5
      cell.spin = 3
      cell.spinRange = 4
      cell.scale = 0.5
      cell.scaleRange = 0.2
      cell.yAcceleration = 40
      cell.color = color.cgColor
      cell.contents = UIImage(named: "confetti")?.cgImage
      cells.append(cell)
    }
    emitter.emitterCells = cells
    layer.addSublayer(emitter)
  }

  func startConfetti() {
    emitter.beginTime = CACurrentMediaTime()
    emitter.birthRate = 1
  }

  func stopConfetti() {
    emitter.birthRate = 0
  }
}
