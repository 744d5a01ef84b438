// Written for Burst's import tests: a SwiftUI representable whose makeUIView makes a view of
// another file (its layerClass is CAEmitterLayer there) and gives that view's layer the
// emitter's properties.
import SwiftUI

struct ShimmerRepresentable: UIViewRepresentable {
  var density: Float = 300

  func makeUIView(context: Context) -> ShimmerHostView {
    let shimmer = ShimmerHostView()
    let mote = CAEmitterCell()
    mote.birthRate = density
    mote.lifetime = 1.5
    mote.velocity = 12
    mote.emissionRange = .pi * 2
    mote.scale = 0.3
    mote.contents = UIImage(named: "mote")?.cgImage
    shimmer.layer.emitterShape = .rectangle
    shimmer.layer.emitterPosition = CGPoint(x: 150, y: 150)
    shimmer.layer.emitterSize = CGSize(width: 240, height: 240)
    shimmer.layer.emitterCells = [mote]
    return shimmer
  }

  func updateUIView(_ uiView: ShimmerHostView, context: Context) {}
}
