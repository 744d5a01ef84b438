// Written for Burst's import tests: a plain helper class (not a view) whose method returns the
// emitter layer it builds, named like the local that holds it; the cells are made in a forEach
// closure that appends to a local array.
import UIKit

final class WordCloudEmitter {
  private let area: CGRect
  private let words: [String]

  init(area: CGRect, words: [String]) {
    self.area = area
    self.words = words
  }

  func cloudLayer() -> CAEmitterLayer {
    let cloudLayer = CAEmitterLayer()
    cloudLayer.emitterPosition = CGPoint(x: area.midX, y: area.midY)
    cloudLayer.emitterShape = .rectangle
    cloudLayer.emitterSize = area.size
    var cells = [CAEmitterCell]()
    // swift-format-ignore: ReplaceForEachWithForLoop
    words.forEach { word in
      let cell = CAEmitterCell()
      cell.name = "word"
      cell.birthRate = 4
      cell.lifetime = 3
      cell.velocity = 30
      cell.emissionRange = .pi * 2
      cell.contents = UIImage(named: "dot")?.cgImage
      cells.append(cell)
    }
    cloudLayer.emitterCells = cells
    return cloudLayer
  }
}
