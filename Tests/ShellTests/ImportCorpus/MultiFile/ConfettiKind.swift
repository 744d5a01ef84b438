import UIKit

/// The kinds of confetti, each with its cell (`frobnicate` is not a property: its warning names
/// this file).
enum ConfettiKind: CaseIterable {
  case red, blue

  var color: UIColor {
    switch self {
    case .red: return .systemRed
    case .blue: return .systemBlue
    }
  }

  var cell: CAEmitterCell {
    let cell = CAEmitterCell()
    cell.birthRate = 12
    cell.lifetime = 6
    cell.velocity = 120
    cell.emissionLongitude = .pi
    cell.color = color.cgColor
    cell.contents = UIImage(named: "confetti")?.cgImage
    cell.frobnicate = 2
    return cell
  }
}
