// Written for Burst's import tests: a SwiftUI representable whose makeUIView(context:) builds
// the emitter and whose updateUIView(_:context:) gives its cell a birth rate from the
// representable's property, over the layers of the view it is given.
import SwiftUI

struct GlowView: UIViewRepresentable {
  var rate: Float = 25

  func makeUIView(context: Context) -> UIView {
    let view = UIView()
    let glow = CAEmitterLayer()
    glow.name = "glow"
    glow.emitterPosition = CGPoint(x: 150, y: 150)
    let mote = CAEmitterCell()
    mote.name = "mote"
    mote.lifetime = 3
    mote.velocity = 20
    mote.emissionRange = .pi * 2
    glow.emitterCells = [mote]
    view.layer.addSublayer(glow)
    return view
  }

  func updateUIView(_ uiView: UIView, context: Context) {
    // swift-format-ignore: ReplaceForEachWithForLoop
    uiView.layer.sublayers?.forEach { layer in
      layer.setValue(rate, forKeyPath: "emitterCells.mote.birthRate")
    }
  }
}
