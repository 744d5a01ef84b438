// Written for Burst's import tests: a SwiftUI representable that makes the file's own view
// class; the view's layoutSubviews sizes the effect from its bounds once it is made.
import SwiftUI

final class DustView: UIView {
  override class var layerClass: AnyClass { CAEmitterLayer.self }

  var emitter: CAEmitterLayer { layer as! CAEmitterLayer }

  override func layoutSubviews() {
    super.layoutSubviews()
    emitter.emitterPosition = CGPoint(x: bounds.midX, y: bounds.midY)
    emitter.emitterSize = bounds.size
    emitter.emitterCells?.first?.color = UIColor.systemTeal.cgColor
    // swift-format-ignore: ReplaceForEachWithForLoop
    emitter.emitterCells?.forEach { $0.birthRate = Float(bounds.width * bounds.height * 0.01) }
  }
}

struct DustOverlay: UIViewRepresentable {
  func makeUIView(context: Context) -> DustView {
    let view = DustView()
    let cell = CAEmitterCell()
    cell.contents = UIImage(named: "dust")?.cgImage
    cell.lifetime = 1
    cell.velocityRange = 10
    view.emitter.emitterShape = .rectangle
    view.emitter.emitterCells = [cell]
    return view
  }

  func updateUIView(_ uiView: DustView, context: Context) {}
}
