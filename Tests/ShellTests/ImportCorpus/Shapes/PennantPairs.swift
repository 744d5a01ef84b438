// Written for Burst's import tests: labelled tuple types whose values are written without
// labels (an array of pairs, a function's result), read by label and destructured from a call.
import UIKit

final class PennantPairsView: UIView {
  private let pennants: [(tint: UIColor, size: CGFloat)] = [
    (.systemOrange, 0.3), (.systemTeal, 0.5),
  ]

  private func makeCells() -> (streamer: CAEmitterCell, glint: CAEmitterCell) {
    let streamer = CAEmitterCell()
    streamer.name = "streamer"
    streamer.birthRate = 8
    streamer.lifetime = 4
    let glint = CAEmitterCell()
    glint.name = "glint"
    glint.birthRate = 2
    glint.lifetime = 1
    return (streamer, glint)
  }

  override func awakeFromNib() {
    super.awakeFromNib()
    let banner = CAEmitterLayer()
    banner.emitterPosition = CGPoint(x: 150, y: 40)
    let pair = makeCells()
    pair.streamer.color = pennants[0].tint.cgColor
    pair.streamer.scale = pennants[1].size
    let (streamer, glint) = makeCells()
    streamer.name = "second"
    glint.name = "secondGlint"
    banner.emitterCells = [pair.streamer, pair.glint, streamer, glint]
    layer.addSublayer(banner)
  }
}
