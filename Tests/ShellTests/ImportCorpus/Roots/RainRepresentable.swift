import SwiftUI
import UIKit

// SwiftUI makes the view and calls makeUIView(context:) itself.
struct RainView: UIViewRepresentable {
  func makeUIView(context: Context) -> UIView {
    let host = UIView()
    let rain = CAEmitterLayer()
    rain.emitterPosition = CGPoint(x: 160, y: -10)
    rain.emitterSize = CGSize(width: 320, height: 1)
    rain.emitterShape = .line
    let drop = CAEmitterCell()
    drop.birthRate = 60
    drop.lifetime = 3
    drop.velocity = 200
    drop.emissionLongitude = .pi
    drop.contents = UIImage(named: "drop")?.cgImage
    rain.emitterCells = [drop]
    host.layer.addSublayer(rain)
    return host
  }

  func updateUIView(_ uiView: UIView, context: Context) {}
}
