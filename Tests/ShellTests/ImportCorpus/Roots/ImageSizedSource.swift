// Written for Burst's import tests: a helper that sizes its emitter and its birth rate from the
// image it is given (`image.size`, `image.size.width`).
import UIKit

enum ImageSizedSource {
  static func make(at position: CGPoint, image: UIImage) -> CAEmitterLayer {
    let source = CAEmitterLayer()
    source.emitterPosition = position
    source.emitterShape = .rectangle
    source.emitterSize = image.size
    let cell = CAEmitterCell()
    cell.name = "grain"
    cell.birthRate = Float(image.size.width) * 2
    cell.lifetime = 1
    cell.velocity = 60
    cell.emissionRange = .pi
    cell.contents = image.cgImage
    source.emitterCells = [cell]
    return source
  }
}
