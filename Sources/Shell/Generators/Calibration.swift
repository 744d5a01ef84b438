import Core

/// `export calibration swift|burst`: a scene of three probes whose pictures differ under each
/// of Burst's readings (`Readings`), for someone with a device to run and compare
/// (docs/semantics.md, "Readings"). The probes are declared once, as the Burst script below:
/// `export calibration burst` prints it, and `export calibration swift` runs it in a fresh
/// session and exports it with the scene exporter, wrapped in a `UIView` with labels, so the
/// device runs exactly what Burst draws.
enum Calibration {
  /// The languages the calibration is written in.
  static let languages = ["swift", "burst"]

  /// The probes: A tells `rangeRule` (how far the dots reach), B `emissionRangeRule` and
  /// `lineDirection` (the fan's width and side), C `emissionCone` (a ring or a disc).
  static let script = """
    # Burst calibration: three probes whose pictures tell Core Animation's readings apart.
    # Load it and sweep a reading to see both pictures, e.g.
    #   sweep scene.rangeRule half full
    scene 390x720 #000000

    # A. rangeRule. A point emitter; velocity 0 with velocityRange 100, lifetime 1 s, every
    # direction. The dots reach the inner ring (50 pt) when a range is M ± R/2 (half), the
    # outer ring (100 pt) when it is M ± R (full).
    layer guideA50
    set guideA50 bounds=0,0,100,100 position=195,150 cornerRadius=50 borderWidth=1 borderColor=#707070
    layer guideA100
    set guideA100 bounds=0,0,200,200 position=195,150 cornerRadius=100 borderWidth=1 borderColor=#707070
    emitter rangeProbe
    set rangeProbe emitterPosition=195,150
    cell rangeProbe dot
    set rangeProbe.emitterCells.dot birthRate=800 lifetime=1 velocity=0 velocityRange=100
    set rangeProbe.emitterCells.dot emissionRange=2pi contents=dot scale=0.15 color=#ffd040

    # B. emissionRangeRule and lineDirection. A short line emitter on the grey line; longitude
    # 0, emissionRange pi/2, velocity 100. A 90° fan (±45°) when emissionRange is the full
    # angle, a 180° half-disc (±90°) when it is the half-angle; above the grey line when
    # longitude 0 points up, below it when it points down.
    layer guideB
    set guideB bounds=0,0,240,1 position=195,370 backgroundColor=#707070
    emitter fanProbe
    set fanProbe emitterPosition=195,370 emitterShape=line emitterSize=4,0
    cell fanProbe dot
    set fanProbe.emitterCells.dot birthRate=800 lifetime=1 velocity=100 emissionLongitude=0
    set fanProbe.emitterCells.dot emissionRange=pi/2 contents=dot scale=0.15 color=#40d0ff

    # C. emissionCone. A point emitter firing a burst every second (birthRate 3000 for the first
    # 0.05 s of each second) at velocity 100 with emissionRange 2pi. Each burst is a thin ring
    # growing to the grey ring (100 pt) when directions fan out flat, a filled disc of dots when
    # they fill a 3-D cone (a sphere) seen from the front.
    layer guideC
    set guideC bounds=0,0,200,200 position=195,590 cornerRadius=100 borderWidth=1 borderColor=#707070
    emitter coneProbe
    set coneProbe emitterPosition=195,590
    cell coneProbe dot
    set coneProbe.emitterCells.dot birthRate=3000 lifetime=1 velocity=100 emissionRange=2pi
    set coneProbe.emitterCells.dot contents=dot scale=0.15 color=#ff60a0
    animate coneProbe.emitterCells.dot.birthRate values 3000 0 keyTimes 0 0.05 1 mode discrete \\
      duration 1 repeat forever

    """

  /// The labels the Swift view adds over the probes: text and the probe's centre.
  static let labels: [(text: String, y: Int)] = [
    ("A  rangeRule: dots to the inner ring = half, outer ring = full", 20),
    ("B  emissionRangeRule: 90° fan = fullAngle, 180° = halfAngle;", 260),
    ("   lineDirection: above the line = up, below = down", 278),
    ("C  emissionCone: a thin ring = flat, a filled disc = cone", 470),
  ]

  /// The calibration in `language` (one of `languages`).
  static func source(_ language: String) throws(Diagnostic) -> String {
    guard language == "swift" else { return script }
    let session = Session(sink: CapturedOutput())
    if let error = session.run(source: script, file: "calibration.burst") {
      // The script is Burst's own: a failure here is a bug, said as an error, not a crash.
      throw Diagnostic("the calibration scene does not build: \(error.message)")
    }
    let scene = SceneExporter.source(
      of: session.scene, in: .swift, top: SceneModel.rootID, scheduled: session.events)
    return swiftView(around: scene)
  }

  /// The exported scene with a `UIView` that builds it and labels each probe.
  static func swiftView(around scene: String) -> String {
    let labelLines = labels.map { label in
      "    addLabel(\(swiftString(label.text)), y: \(label.y))"
    }.joined(separator: "\n")
    return """
      // Burst calibration (export calibration swift): run this view on a device and compare it
      // with the pictures described here. Burst reads four conventions that Apple's
      // documentation leaves open as scene settings (explain rangeRule, emissionRangeRule,
      // emissionCone, lineDirection); each probe below looks different under each reading.
      //
      // A (top, yellow): velocity 0 ± 100 in every direction, lifetime 1 s.
      //   rangeRule half: the dots stop at the inner grey ring (50 pt).
      //   rangeRule full: they reach the outer grey ring (100 pt).
      // B (middle, blue): a line emitter with emissionLongitude 0 and emissionRange pi/2.
      //   emissionRangeRule fullAngle: a 90° fan (45° each side of the normal).
      //   emissionRangeRule halfAngle: a 180° half-disc.
      //   lineDirection up: the fan is above the grey line; down: below it.
      // C (bottom, pink): a burst every second in every direction at 100 pt/s.
      //   emissionCone flat: each burst is a thin ring growing to the grey ring.
      //   emissionCone cone: each burst is a filled disc of dots.
      // Tell Burst what you saw: set scene rangeRule=… emissionRangeRule=… emissionCone=…
      // lineDirection=… (docs/semantics.md, "Readings", says how the defaults were chosen).
      //
      // Add it to a view controller:
      //   view.addSubview(BurstCalibrationView(frame: CGRect(x: 0, y: 0, width: 390, height: 720)))

      \(scene)
      /// The three probes and their labels, in a 390×720 view.
      final class BurstCalibrationView: UIView {
        override init(frame: CGRect) {
          super.init(frame: frame)
          \(ExportLanguage.swift.dialect.entryPoint)(in: self)
      \(labelLines)
        }

        required init?(coder: NSCoder) {
          fatalError("BurstCalibrationView is built in code")
        }

        private func addLabel(_ text: String, y: CGFloat) {
          let label = UILabel(frame: CGRect(x: 8, y: y, width: 374, height: 18))
          label.text = text
          label.textColor = .white
          label.font = UIFont.systemFont(ofSize: 12)
          addSubview(label)
        }
      }

      """
  }

  /// `text` as a Swift string literal.
  static func swiftString(_ text: String) -> String {
    "\""
      + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
        of: "\"", with: "\\\"") + "\""
  }
}
