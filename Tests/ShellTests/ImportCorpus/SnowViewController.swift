// SnowViewController.swift — an import corpus sample: a view controller whose viewDidLoad
// builds a snowfall emitter along the top edge of its view.
// Shapes studied (values taken, not code): Albinzr/SnowFallAnimation ViewController.swift (a
// closure-initialized cell and a lazy emitter layer), walkertree/iOS-Animations-by-treewalker
// SnowView.m (a rectangle emitter across the top, yAcceleration and scaleSpeed).
import UIKit

class SnowViewController: UIViewController {

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = UIColor(red: 0.05, green: 0.07, blue: 0.16, alpha: 1)

    let snowLayer = CAEmitterLayer()
    snowLayer.emitterPosition = CGPoint(x: view.bounds.midX, y: -10)
    snowLayer.emitterSize = CGSize(width: view.bounds.width, height: 1)
    snowLayer.emitterShape = .line
    snowLayer.beginTime = CACurrentMediaTime()

    let flake = CAEmitterCell()
    flake.contents = UIImage(named: "flake")?.cgImage
    flake.birthRate = 24
    flake.lifetime = 12.0
    flake.velocity = 30
    flake.velocityRange = 12
    flake.emissionLongitude = .pi
    flake.emissionRange = .pi / 8
    flake.yAcceleration = 8
    flake.scale = 0.12
    flake.scaleRange = 0.06
    flake.spinRange = CGFloat.pi / 2
    flake.color = UIColor.white.withAlphaComponent(0.9).cgColor
    flake.alphaSpeed = -0.04

    snowLayer.emitterCells = [flake]
    view.layer.addSublayer(snowLayer)
  }

  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    for layer in view.layer.sublayers ?? [] { layer.removeFromSuperlayer() }
  }
}
