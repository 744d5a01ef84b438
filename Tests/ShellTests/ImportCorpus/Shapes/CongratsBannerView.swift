// Written for Burst's import tests: a UILabel over the emitter, drawn as a text layer (its
// text, colour, alignment and system font size), with UILabel's defaults for the rest.
import UIKit

final class CongratsView: UIView {
  private let confetti = CAEmitterLayer()
  private let banner = UILabel()

  override init(frame: CGRect) {
    super.init(frame: frame)
    backgroundColor = .black
    banner.frame = CGRect(x: 0, y: 120, width: 300, height: 40)
    banner.text = "Well done!"
    banner.textColor = .white
    banner.textAlignment = .center
    banner.font = .systemFont(ofSize: 28)
    addSubview(banner)
    confetti.emitterPosition = CGPoint(x: 150, y: 0)
    confetti.emitterShape = .line
    confetti.emitterSize = CGSize(width: 300, height: 1)
    let bit = CAEmitterCell()
    bit.name = "bit"
    bit.birthRate = 20
    bit.lifetime = 5
    bit.velocity = 90
    bit.emissionLongitude = .pi
    bit.contents = UIImage(named: "bit")?.cgImage
    confetti.emitterCells = [bit]
    layer.addSublayer(confetti)
  }

  required init?(coder: NSCoder) { fatalError("not used") }
}
