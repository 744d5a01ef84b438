import Foundation
import Testing

@testable import Shell

/// Scenes whose pending work covers what `export` writes beyond layers and cells: named
/// actions, repeating timers, groups, transitions, 3-D transforms, uiview, copy and remove,
/// now and scheduled.
let exportCoverageScenes: [(name: String, script: String)] = [
  (
    "BuildingActions",
    """
    scene 200x200 #000000
    emitter fountain
    cell fountain drop
    set fountain.emitterCells.drop birthRate=10 lifetime=2 contents=drop
    layer badge
    action tap(point=100,100) {
      emitter $burst
      set $burst.emitterPosition $point
      set $burst.emitterShape circle
      cell $burst spark
      set $burst.emitterCells.spark birthRate=80 lifetime=1 velocity=60 contents=spark
      emitter $ring in badge
      after 0.5 set $burst.birthRate 0
      after 2 remove $burst
    }
    action refill {
      remove fountain.emitterCells.drop ifPresent
      cell fountain drop
      set fountain.emitterCells.drop birthRate=20 lifetime=3
    }

    """
  ),
  (
    "ShapeLayers",
    """
    scene 200x200 #000000
    shape ring
    set ring position=100,100 bounds=0,0,120,120 fillColor=clear strokeColor=#33ccff \
    lineWidth=10 lineCap=round lineJoin=bevel fillRule=evenOdd miterLimit=4 lineDashPhase=2 \
    path=path(moveTo 10,60 arc 60,60 50 0 3 clockwise curveTo 1,2 3,4 5,6 quadTo 7,8 9,10 close) \
    lineDashPattern=[6, 3] strokeEnd=0.5
    shape oval in ring
    set oval path=ellipse(0,0,20,10) strokeStart=0.1
    animate ring.strokeEnd from 0 to 1 duration 2
    animate ring.strokeColor to red duration 1
    gradient sky
    set sky bounds=0,0,100,50 colors=[red, #0000ff, rgba(0, 1, 0, 0.5)] locations=[0, 0.3, 1] \
    startPoint=0,0 endPoint=1,1 type=radial
    animate sky.colors to [blue, red, green] duration 1
    replicator spin
    set spin bounds=0,0,80,80 position=100,100 instanceCount=8 instanceDelay=0.1 \
    instanceColor=#ff8000 instanceAlphaOffset=-0.1 instanceRedOffset=0.05 preservesDepth=yes \
    instanceTransform.rotation.z=pi/4 instanceTransform.scale=0.9
    layer dot in spin
    set dot bounds=0,0,8,8 position=40,4 backgroundColor=white cornerRadius=4
    animate dot.opacity from 1 to 0 duration 0.8 repeat 100
    animate spin.instanceDelay to 0.2 duration 1
    layer card
    set card bounds=0,0,60,60 position=50,50 backgroundColor=white
    shape hole in card
    set hole bounds=0,0,60,60 position=30,30 path=ellipse(0,0,60,60) fillColor=white
    set card.mask hole
    text label
    set label bounds=0,0,200,60 position=100,150 fontSize=20 foregroundColor=red \
    alignmentMode=center isWrapped=yes truncationMode=end
    set label.string "Score: #1"
    set label.font "DejaVu Sans"
    animate label.fontSize to 30 duration 1

    """
  ),
  (
    "DrawnImages",
    """
    scene 200x200 #000000
    emitter confetti
    cell confetti piece
    set confetti.emitterCells.piece birthRate=20 lifetime=3 velocity=40 \
    contents=drawing(12,10 path(moveTo 6,0 lineTo 12,10 lineTo 0,10 close) fillColor=#ff2d55 \
    rect(1,1,10,8) fillColor=clear strokeColor=white lineWidth=2 lineCap=round lineJoin=bevel \
    miterLimit=4 lineDashPattern=[2, 1] lineDashPhase=1 \
    ellipse(0,0,12,10) fillColor=#00ff0080 fillRule=evenOdd)
    layer badge
    set badge bounds=0,0,24,20 contents=drawing(24,20 roundedRect(0,0,24,20,4) fillColor=yellow)

    """
  ),
  (
    "ActionsAndTimers",
    """
    scene 200x200 #000000
    emitter like
    set like position=100,100 emitterShape=circle emitterSize=20,0
    cell like spark
    set like.emitterCells.spark birthRate=0 lifetime=1 velocity=40 contents=spark color=#ffcc00
    layer card
    set card bounds=40x40 position=100,100 backgroundColor=#ff0000
    action other { transition card fade duration 0.3; set card.backgroundColor blue }
    action tap {
      set like.emitterCells.spark.birthRate 40
      fire like 0.2 2
      animate card.opacity from 1 to 0.2 duration 0.5
      after 0.5 { uiview card.position.x to 50 duration 0.3 }
      every 0.25 set card.cornerRadius 4 until 2
      run other
    }
    every 0.5 { set like.birthRate 2; animate card.transform.rotation.z by 0.5 duration 0.2 } until 3
    every 0.4 set like.emitterCells.spark.velocity 60
    step 0.1

    """
  ),
  (
    "ParameterisedActions",
    """
    scene 200x200 #000000
    emitter burst
    set burst emitterShape=circle emitterSize=10,0
    cell burst spark
    set burst.emitterCells.spark birthRate=0 lifetime=1 velocity=40 contents=spark
    layer card
    set card bounds=40x40 position=100,100 backgroundColor=#ff0000
    action tap (point=100,100, n=3, tint=red) {
      set burst.emitterPosition $point
      set burst.emitterCells.spark.birthRate $n*20
      set burst.emitterCells.spark.lifetime $point.x/100
      set burst emitterSize=$n*pi,-$n+1 birthRate=$n/2
      set card.backgroundColor $tint
    }

    """
  ),
  (
    // Actions that make layers which other actions and later runs reach: the layers'
    // variables are the entry point's (before, `dim` named a local of `start`'s function).
    "ActionsThatBuild",
    """
    scene 200x200 #000000
    emitter e
    cell e bit
    set e.emitterCells.bit birthRate=10 lifetime=1 velocity=30 contents=dot
    action start {
      remove e ifPresent
      emitter e
      set e emitterPosition=100,0
      cell e bit
      set e.emitterCells.bit birthRate=20 lifetime=2 velocity=40
    }
    action pop { remove b ifPresent; layer b; set b bounds=10x10 position=50,50 }
    action dim { set e.birthRate 0.5; set b.opacity 0.5 }
    action stop remove e ifPresent

    """
  ),
  (
    "Scheduled",
    """
    scene 200x200 #101018
    layer card
    set card bounds=60x80 position=100,100 backgroundColor=#2f80ed cornerRadius=8
    set card.transform.rotation.y pi/3
    set scene.sublayerTransform.m34 -1/300
    emitter dots in card
    cell dots dot
    set dots.emitterCells.dot birthRate=5 lifetime=1 contents=circle
    group card pop duration 1 repeat 2 timing easeOut keep fill forwards
    animate card.transform.scale values 1 1.4 1 duration 0.5 delay 0.25 in pop
    animate card.position.x spring to 40 in pop
    animate card.position path moveTo 0,0 quadTo 80,0 80,80 arc 40,80 40 0 pi mode paced
    transition card push fromRight duration 0.5
    uiview card.opacity to 0.5 duration 0.4 delay 0.1 curve easeIn
    after 0.5 copy card as ghost
    after 0.6 uiview ghost.transform.rotation to pi/2 duration 0.8 delay 0.1 curve easeInOut
    after 0.3 uiview card.position to 100,50 duration 0.6 damping 0.5
    at 1 group card g2 duration 0.5
    at 1.2 { transition card fade; set card.backgroundColor #ff8800 }
    at 1.5 animate card.opacity values 1 0 1 duration 1 key blink
    at 1.6 animate dots.emitterCells.dot.birthRate to 20 duration 0.5
    at 2 remove ghost
    at 2.5 remove card.emitterCells.dot
    after 3 echo done

    """
  ),
]

@Suite("export type-checks against the stand-in SDK")
struct ExportTypeCheckTests {
  /// Every example at its setup moment (examples/*.burst, examples/samples/*.burst) and the
  /// coverage scenes, exported in `language` into `dir`: the files written.
  static func exportAll(_ language: ExportLanguage, into dir: URL) -> [(name: String, path: String)]
  {
    var scripts: [(String, String)] = ExportToolchain.examples.map { example in
      let base = example.split(separator: "/").last.map(String.init) ?? example
      let name = base.replacingOccurrences(of: ".burst", with: "")
      let prefix = example.contains("samples/") ? "Sample" : "Example"
      return (
        prefix + SceneExporter.identifier(for: "-" + name), ExportToolchain.setup(of: example)
      )
    }
    scripts += exportCoverageScenes.map { ($0.name, $0.script) }
    var out: [(name: String, path: String)] = []
    for (name, script) in scripts {
      let path = dir.appendingPathComponent(name + (language == .swift ? ".swift" : ".m")).path
      let run = runScript(script + "export \(language.rawValue) to \(path)\n")
      #expect(run.error == nil, "\(name): \(run.stderr)")
      out.append((name, path))
    }
    return out
  }

  @Test(
    "the Swift export of every example and coverage scene type-checks (swiftc -typecheck)",
    .enabled(if: ExportToolchain.swiftc != nil, "skipped: swiftc is not on PATH"))
  func swiftTypeChecks() throws {
    let modules = ExportToolchain.swiftModules
    let directory = try #require(modules.directory, "\(modules.errors)")
    let dir = ExportToolchain.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let files = Self.exportAll(.swift, into: dir)
    #expect(files.count >= 14)
    // One compiler run for them all: each file's entry point gets its own name.
    var paths: [String] = []
    for (i, file) in files.enumerated() {
      let text = try String(contentsOfFile: file.path, encoding: .utf8)
      #expect(text.contains("func buildBurstScene(in view: UIView)"), "\(file.name)")
      let renamed = text.replacingOccurrences(
        of: "func buildBurstScene(", with: "func buildBurstScene\(i)(")
      let path = dir.appendingPathComponent("Checked\(file.name).swift").path
      try renamed.write(toFile: path, atomically: true, encoding: .utf8)
      paths.append(path)
    }
    let r = ExportToolchain.run(
      try #require(ExportToolchain.swiftc),
      ["-typecheck", "-swift-version", "5", "-warnings-as-errors", "-I", directory] + paths)
    #expect(r.status == 0, "swiftc -typecheck against Tests/StandInSDK:\n\(r.output)")
  }

  @Test(
    "export calibration swift type-checks: a UIView with the three probes and their labels",
    .enabled(if: ExportToolchain.swiftc != nil, "skipped: swiftc is not on PATH"))
  func calibrationTypeChecks() throws {
    let modules = ExportToolchain.swiftModules
    let directory = try #require(modules.directory, "\(modules.errors)")
    let dir = ExportToolchain.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("Calibration.swift").path
    let run = runScript("export calibration swift to \(path)\n")
    #expect(run.error == nil, "\(run.stderr)")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.contains("final class BurstCalibrationView: UIView"))
    // Each probe, and each reading's expected picture, is in the code.
    for word in [
      "rangeProbe", "fanProbe", "coneProbe", "rangeRule half", "rangeRule full",
      "emissionRangeRule fullAngle", "emissionRangeRule halfAngle", "lineDirection up",
      "emissionCone flat", "emissionCone cone",
    ] {
      #expect(text.contains(word), "missing \(word)")
    }
    let r = ExportToolchain.run(
      try #require(ExportToolchain.swiftc),
      ["-typecheck", "-swift-version", "5", "-warnings-as-errors", "-I", directory, path])
    #expect(r.status == 0, "swiftc -typecheck against Tests/StandInSDK:\n\(r.output)")
  }

  @Test(
    "the Objective-C export of every example and coverage scene compiles (clang -fsyntax-only)",
    .enabled(if: ExportToolchain.clang != nil, "skipped: clang is not on PATH"))
  func objcCompiles() throws {
    let dir = ExportToolchain.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let files = Self.exportAll(.objc, into: dir)
    #expect(files.count >= 14)
    let headers = ExportToolchain.standIn.appendingPathComponent("include").path
    let r = ExportToolchain.run(
      try #require(ExportToolchain.clang),
      [
        "-fsyntax-only", "-x", "objective-c", "-fblocks", "-fobjc-arc", "-fobjc-runtime=ios-15.0",
        "-Werror", "-Wall", "-I", headers,
      ] + files.map(\.path))
    #expect(r.status == 0, "clang -fsyntax-only against Tests/StandInSDK/include:\n\(r.output)")
  }

  @Test(
    "the stand-in SDK rejects a Float given where Apple has a CGFloat",
    .enabled(if: ExportToolchain.swiftc != nil, "skipped: swiftc is not on PATH"))
  func standInIsStrict() throws {
    let modules = ExportToolchain.swiftModules
    let directory = try #require(modules.directory, "\(modules.errors)")
    let dir = ExportToolchain.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("Wrong.swift").path
    try """
    import UIKit
    func wrong(rate: Float, speed: CGFloat) {
      let cell = CAEmitterCell()
      cell.velocity = rate
      cell.birthRate = speed
    }

    """.write(toFile: path, atomically: true, encoding: .utf8)
    let r = ExportToolchain.run(
      try #require(ExportToolchain.swiftc), ["-typecheck", "-I", directory, path])
    #expect(r.status != 0)
    #expect(r.output.contains("Float") && r.output.contains("CGFloat"), "\(r.output)")
  }
}
