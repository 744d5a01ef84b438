// Written for Burst's import tests: confetti described as values of a struct of the file, made
// with its memberwise initializer in nested closures, one cell per value; the pieces' images are
// drawn in code.
import UIKit

enum PieceShape { case square, disc }

struct PieceKind {
  let tint: UIColor
  let shape: PieceShape
  lazy var picture: UIImage = {
    let renderer = UIGraphicsImageRenderer(size: CGSize(width: 8, height: 8))
    return renderer.image { context in
      tint.setFill()
      context.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
    }
  }()
}

final class PartyViewController: UIViewController {
  private lazy var kinds: [PieceKind] = {
    let tints: [UIColor] = [.systemYellow, .systemTeal]
    return [PieceShape.square, .disc].flatMap { shape in
      tints.map { tint in PieceKind(tint: tint, shape: shape) }
    }
  }()

  override func viewDidLoad() {
    super.viewDidLoad()
    let rain = CAEmitterLayer()
    rain.emitterPosition = CGPoint(x: view.bounds.midX, y: -10)
    rain.emitterShape = .line
    rain.emitterSize = CGSize(width: view.bounds.width, height: 1)
    rain.emitterCells = kinds.map { kind in
      let cell = CAEmitterCell()
      cell.birthRate = 6
      cell.lifetime = 8
      cell.velocity = 90
      cell.emissionLongitude = .pi
      cell.color = kind.tint.cgColor
      cell.contents = kind.picture.cgImage
      return cell
    }
    view.layer.addSublayer(rain)
  }
}
