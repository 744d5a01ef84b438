// Written for Burst's import tests: a view whose start method (run once at import, as a
// first event would) gives its stored emitter cells that a helper makes in a loop, then
// adds it; the import counts and lists those cells.
import UIKit

class StoredPartyView: UIView {
  private let party = CAEmitterLayer()

  override init(frame: CGRect) {
    super.init(frame: frame)
    party.emitterPosition = CGPoint(x: 160, y: 0)
    party.emitterShape = .line
    party.emitterSize = CGSize(width: 320, height: 1)
  }

  required init?(coder: NSCoder) { fatalError() }

  func start() {
    party.emitterCells = makeCells()
    layer.addSublayer(party)
  }

  private func makeCells() -> [CAEmitterCell] {
    var cells = [CAEmitterCell]()
    for i in 0..<3 {
      let cell = CAEmitterCell()
      cell.birthRate = 5
      cell.lifetime = 8
      cell.velocity = CGFloat(100 + i * 20)
      cell.emissionLongitude = .pi
      cells.append(cell)
    }
    return cells
  }
}
