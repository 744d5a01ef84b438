import UIKit

// A helper the app calls from elsewhere: nothing in this file calls it.
extension UIView {
  func addGlitter(imageName: String, at point: CGPoint) {
    let glitter = CAEmitterLayer()
    glitter.emitterPosition = point
    glitter.emitterShape = .circle
    glitter.emitterSize = CGSize(width: 20, height: 20)
    let flake = CAEmitterCell()
    flake.name = "flake"
    flake.contents = UIImage(named: imageName)?.cgImage
    flake.birthRate = 40
    flake.lifetime = 3
    flake.velocity = 60
    flake.emissionRange = .pi * 2
    flake.scale = 0.5
    glitter.emitterCells = [flake]
    layer.addSublayer(glitter)
  }
}
