// Written for Burst's import tests: a view that gives its own layer an emitter's properties,
// its layerClass being declared in another file (a base class or an extension).
import UIKit

final class HaloOwnLayerView: HaloBaseView {
  override func awakeFromNib() {
    super.awakeFromNib()
    let glow = CAEmitterCell()
    glow.birthRate = 30
    glow.lifetime = 2
    glow.velocity = 25
    glow.emissionRange = .pi * 2
    glow.contents = UIImage(named: "glow")?.cgImage
    layer.emitterShape = .circle
    layer.emitterMode = .outline
    layer.emitterPosition = CGPoint(x: bounds.midX, y: bounds.midY)
    layer.emitterSize = CGSize(width: 80, height: 80)
    layer.emitterCells = [glow]
  }
}
