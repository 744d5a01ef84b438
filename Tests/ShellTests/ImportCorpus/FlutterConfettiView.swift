// FlutterConfettiView.swift — an import corpus sample written for Burst: confetti that flutters
// and slows as it falls, made with Core Animation's private emitter behaviours. The shape is
// the one public write-ups on CAEmitterBehavior describe (values taken, not code): the class
// reached through NSClassFromString, each behaviour made by performing behaviorWithType:, its
// fields set with setValue(_:forKey:), and the array given to the layer's "emitterBehaviors".
import UIKit

final class FlutterConfettiView: UIView {
  private let confetti = CAEmitterLayer()
  private let palette: [UIColor] = [.systemPink, .systemYellow, .systemTeal, .systemPurple]

  override func didMoveToWindow() {
    super.didMoveToWindow()
    confetti.emitterPosition = CGPoint(x: bounds.width / 2, y: -10)
    confetti.emitterShape = .line
    confetti.emitterSize = CGSize(width: bounds.width, height: 1)

    var cells: [CAEmitterCell] = []
    for color in palette {
      let cell = CAEmitterCell()
      cell.birthRate = 12
      cell.lifetime = 6
      cell.velocity = 90
      cell.velocityRange = 30
      cell.emissionLongitude = .pi
      cell.emissionRange = .pi / 8
      cell.yAcceleration = 120
      cell.spin = 2
      cell.spinRange = 3
      cell.scale = 0.4
      cell.color = color.cgColor
      cell.contents = UIImage(named: "confetti")?.cgImage
      cells.append(cell)
    }
    confetti.emitterCells = cells
    confetti.setValue([sway(), airResistance()], forKey: "emitterBehaviors")
    layer.addSublayer(confetti)
  }

  /// A behaviour of the private CAEmitterBehavior class, by type name.
  private func behavior(_ type: String) -> NSObject {
    let behaviorClass = NSClassFromString("CAEmitterBehavior") as! NSObject.Type
    let made = behaviorClass.perform(NSSelectorFromString("behaviorWithType:"), with: type)
    return made!.takeUnretainedValue() as! NSObject
  }

  /// Sideways flutter: a force that swings left and right about once a second.
  private func sway() -> NSObject {
    let wave = behavior("wave")
    wave.setValue("sway", forKey: "name")
    wave.setValue([80, 0, 0], forKey: "force")
    wave.setValue(0.9, forKey: "frequency")
    return wave
  }

  /// Paper falls slowly: drag caps the speed gravity gives it.
  private func airResistance() -> NSObject {
    let drag = behavior("drag")
    drag.setValue("air", forKey: "name")
    drag.setValue(1.5, forKey: "drag")
    return drag
  }
}
