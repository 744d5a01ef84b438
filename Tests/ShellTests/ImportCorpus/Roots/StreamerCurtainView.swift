// Written for Burst's import tests: a view whose private layer class shapes itself in
// layoutSublayers() from the frame it was given, as UIKit lays a layer out once it is added.
import UIKit

final class StreamerCurtainView: UIView {
  private final class CurtainLayer: CAEmitterLayer {
    func load(colors: [UIColor]) {
      emitterCells = colors.enumerated().map { index, color in
        let streamer = CAEmitterCell()
        streamer.name = "streamer\(index)"
        streamer.birthRate = 12
        streamer.lifetime = 6
        streamer.velocity = 90
        streamer.emissionLongitude = .pi
        streamer.spin = 2
        streamer.color = color.cgColor
        streamer.contents = UIImage(named: "confetti")?.cgImage
        return streamer
      }
    }

    override func layoutSublayers() {
      super.layoutSublayers()
      emitterShape = .line
      emitterMode = .outline
      emitterSize = CGSize(width: bounds.size.width, height: 1)
      emitterPosition = CGPoint(x: bounds.size.width / 2, y: 0)
    }
  }

  func drop(colors: [UIColor] = [.systemPink, .systemTeal]) {
    let curtain = CurtainLayer()
    curtain.load(colors: colors)
    curtain.frame = bounds
    layer.addSublayer(curtain)
  }
}
