// Written for Burst's import tests: a macOS view in AppKit's spelling. The view hosts its
// emitter as its own layer (`wantsLayer`, `layer =`), places it with Foundation's rectangle
// functions, colours the embers with a calibrated NSColor and gives them an NSImage through
// `cgImage(forProposedRect:context:hints:)`.
import Cocoa

final class EmberMacView: NSView {
  private let embers = CAEmitterLayer()

  override func awakeFromNib() {
    super.awakeFromNib()
    wantsLayer = true
    layer = embers
    embers.emitterPosition = NSMakePoint(NSMidX(bounds), NSMinY(bounds) + 20)
    embers.emitterSize = NSSize(width: NSWidth(bounds) / 2, height: 1)
    embers.emitterShape = .line

    let ember = CAEmitterCell()
    ember.name = "ember"
    ember.birthRate = 45
    ember.lifetime = 4
    ember.velocity = 70
    ember.emissionLongitude = .pi / 2
    ember.emissionRange = 0.4
    ember.scale = 0.5
    ember.color = NSColor(calibratedRed: 1, green: 0.45, blue: 0.1, alpha: 1).cgColor
    let image = NSImage(named: "ember")
    ember.contents = image?.cgImage(forProposedRect: nil, context: nil, hints: nil)
    embers.emitterCells = [ember]
  }
}
