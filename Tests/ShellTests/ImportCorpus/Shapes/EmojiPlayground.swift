// Written for Burst's import tests: a playground whose live view holds the emitter, with one
// cell per character of a string, each cell's image drawn from text in code.
import PlaygroundSupport
import UIKit

let view = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
view.backgroundColor = .white
PlaygroundPage.current.liveView = view

func makeCell(text: String) -> CAEmitterCell {
  let label = CATextLayer()
  label.string = text
  let renderer = UIGraphicsImageRenderer(bounds: label.bounds)
  let picture = renderer.image { context in label.render(in: context.cgContext) }
  let cell = CAEmitterCell()
  cell.birthRate = 2
  cell.lifetime = 6
  cell.velocity = 40
  cell.emissionRange = .pi * 2
  cell.contents = picture.cgImage
  return cell
}

let emitter = CAEmitterLayer()
emitter.emitterPosition = CGPoint(x: 150, y: 150)
emitter.emitterCells = "abc".characters.map { makeCell(text: String($0)) }
view.layer.addSublayer(emitter)
