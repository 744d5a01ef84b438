// Written for Burst's import tests: a helper that configures an emitter its caller made and
// passes in (`apply(to emitter: CAEmitterLayer, tint:)`); nothing in the file makes one.
import UIKit

struct HaloConfigurator {
  var rate: Float = 15

  func apply(to emitter: CAEmitterLayer, tint: UIColor) {
    emitter.emitterShape = .circle
    emitter.emitterMode = .outline
    emitter.emitterSize = CGSize(width: 60, height: 60)
    let mote = CAEmitterCell()
    mote.birthRate = rate
    mote.lifetime = 1.5
    mote.velocity = 20
    mote.color = tint.cgColor
    mote.contents = UIImage(named: "mote")?.cgImage
    emitter.emitterCells = [mote]
  }
}
