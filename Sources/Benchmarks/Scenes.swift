// burst-bench: the scenes the step workloads run: cell specs and their emitters (README.md, "Benchmarks").

import BenchKernels
import Core
import Foundation
import Shell

#if canImport(Glibc)
  import Glibc
#endif

/// The emitter cell both sides simulate: a constant-rate cell on a 320×240 rectangle emitter.
struct CellSpec {
  var rate: Double
  var lifetime: Double
  var lifetimeRange = 0.0
  var velocity = 20.0
  var velocityRange = 10.0
  var emissionRange = 6.283_185_307_179_586
  var ax = 0.0
  var ay = 10.0
  var color = (red: 1.0, green: 0.8, blue: 0.4, alpha: 1.0)
  var colorRange = 0.2
  var redSpeed = 0.0
  var greenSpeed = -0.02
  var blueSpeed = 0.0
  var alphaSpeed = -0.05
  var scale = 0.2
  var scaleSpeed = 0.0
  var spin = 1.0
  var spinRange = 2.0
  /// Scene settings set before the cell's (key path, value).
  var settingsExtra: [(String, String)] = []

  /// Key paths and values, as a script would `set` them.
  var settings: [(String, String)] {
    let c = "e.emitterCells.c."
    return settingsExtra + [
      ("e.emitterShape", "rectangle"), ("e.emitterPosition", "160,120"),
      ("e.emitterSize", "320,240"),
      (c + "birthRate", "\(rate)"), (c + "lifetime", "\(lifetime)"),
      (c + "lifetimeRange", "\(lifetimeRange)"),
      (c + "velocity", "\(velocity)"), (c + "velocityRange", "\(velocityRange)"),
      (c + "emissionRange", "\(emissionRange)"),
      (c + "xAcceleration", "\(ax)"), (c + "yAcceleration", "\(ay)"),
      (c + "color", "rgba(\(color.red), \(color.green), \(color.blue), \(color.alpha))"),
      (c + "redRange", "\(colorRange)"), (c + "greenRange", "\(colorRange)"),
      (c + "blueRange", "\(colorRange)"),
      (c + "redSpeed", "\(redSpeed)"), (c + "greenSpeed", "\(greenSpeed)"),
      (c + "blueSpeed", "\(blueSpeed)"), (c + "alphaSpeed", "\(alphaSpeed)"),
      (c + "scale", "\(scale)"), (c + "scaleSpeed", "\(scaleSpeed)"),
      (c + "spin", "\(spin)"), (c + "spinRange", "\(spinRange)"),
      (c + "contents", "dot"),
    ]
  }

  /// The same cell for the C kernels.
  var birthParams: bk_birth_params {
    var q = bk_birth_params()
    q.lifetime = lifetime
    q.lifetime_range = 0
    q.x = 160
    q.y = 120
    q.width = 320
    q.height = 240
    q.longitude = 0
    q.emission_range = Float(emissionRange)
    q.velocity = Float(velocity)
    q.velocity_range = Float(velocityRange)
    q.ax = Float(ax)
    q.ay = Float(ay)
    q.az = 0
    q.red = Float(color.red)
    q.green = Float(color.green)
    q.blue = Float(color.blue)
    q.alpha = Float(color.alpha)
    q.red_range = Float(colorRange)
    q.green_range = Float(colorRange)
    q.blue_range = Float(colorRange)
    q.alpha_range = 0
    q.red_speed = Float(redSpeed)
    q.green_speed = Float(greenSpeed)
    q.blue_speed = Float(blueSpeed)
    q.alpha_speed = Float(alphaSpeed)
    q.scale = Float(scale)
    q.scale_range = 0
    q.scale_speed = Float(scaleSpeed)
    q.spin = Float(spin)
    q.spin_range = Float(spinRange)
    return q
  }
}

/// A scene with one emitter layer `e` holding one cell `c`, built through Core's public API.
func makeScene(_ spec: CellSpec) -> (Scene, LayerID) {
  var scene = Scene()
  do throws(ValueError) {
    let id = try scene.model.addLayer(named: "e", kind: .emitter, parent: SceneModel.rootID)
    try scene.model.addCell(named: "c", to: .layer(id))
    for (path, value) in spec.settings {
      let ref = try scene.model.resolveProperty(path)
      try scene.model.set(ref, text: value)
    }
    return (scene, id)
  } catch {
    fatalError("burst-bench: building the scene failed: \(error.message)")
  }
}

/// The live particle count after `step` steps at 60 Hz: births of a constant-rate cell whose
/// n-th birth is at n / rate, as Burst counts them.
func birthsThrough(step: Int, rate: Double) -> Int {
  Int((rate * Double(step) / 60 + 1e-9).rounded(.down))
}
