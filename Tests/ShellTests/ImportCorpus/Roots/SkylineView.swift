// Written for Burst's import tests: helpers the app calls (prepare sets up stored layers, show
// adds them), overloads told apart by their labels, an optional property still nil read with
// ??, a closure kept in a variable and scheduled with execute:, an if whose condition reads the
// view's sublayers, and an @objc handler that stays an action.
import UIKit

final class SkylineView: UIView {
  var origin: CGPoint?
  private let sky = CAEmitterLayer()
  private let star = CAEmitterCell()

  lazy var glow: CAEmitterLayer = {
    let glow = CAEmitterLayer()
    let mote = CAEmitterCell()
    mote.birthRate = 15
    mote.lifetime = 1
    mote.velocity = 10
    glow.emitterCells = [mote]
    return glow
  }()

  func prepare() {
    sky.emitterCells = [rocket(trail: star)]
    setupStar()
  }

  private func setupStar() {
    star.birthRate = 20
    star.lifetime = 0.5
    star.contents = UIImage(named: "spark")?.cgImage
  }

  func rocket(trail: CAEmitterCell, tinted: Bool = false) -> CAEmitterCell {
    rocket(children: [trail], tinted: tinted)
  }

  func rocket(children: [CAEmitterCell], tinted: Bool) -> CAEmitterCell {
    let shell = CAEmitterCell()
    shell.birthRate = 1
    shell.lifetime = 3
    shell.velocity = 120
    shell.emitterCells = children
    return shell
  }

  func isGlowing() -> Bool { layer.sublayers?.contains(glow) ?? false }

  func show() {
    sky.emitterPosition = origin ?? CGPoint(x: bounds.midX, y: bounds.maxY)
    layer.addSublayer(sky)
    let later = {
      if !self.isGlowing() { self.layer.addSublayer(self.glow) }
    }
    DispatchQueue.main.asyncAfter(deadline: .now() + 0.5, execute: later)
  }

  @objc func tapped() {
    sky.birthRate = 2
  }
}
