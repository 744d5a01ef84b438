// Written for Burst's import tests: a SwiftUI representable returns a plain UIView that holds
// the emitter; SwiftUI sizes that view to the space it is given.
import SwiftUI

struct BannerConfetti: UIViewRepresentable {
  func makeUIView(context: Context) -> UIView {
    let host = UIView()
    let emitter = CAEmitterLayer()
    emitter.emitterPosition = CGPoint(x: 160, y: 0)
    emitter.emitterShape = .line
    emitter.emitterSize = CGSize(width: 320, height: 1)
    let cell = CAEmitterCell()
    cell.birthRate = 20
    cell.lifetime = 4
    cell.velocity = 60
    cell.emissionLongitude = .pi
    cell.contents = UIImage(named: "confetti")?.withTintColor(.systemPink).cgImage
    emitter.emitterCells = [cell]
    host.layer.addSublayer(emitter)
    return host
  }

  func updateUIView(_ uiView: UIView, context: Context) {}
}
