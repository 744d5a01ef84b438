import Foundation
import TestSupport
import Testing

@testable import Shell

/// The like-button example up to its first `echo`: the model and the pending keyframe bounce at
/// scene time 0.
private let likeButton: String = {
  let url = repositoryRoot.appendingPathComponent("examples/like-button.burst")
  let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
  let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
  let setup = lines.prefix { !$0.hasPrefix("echo ") }
  return setup.joined(separator: "\n") + "\n"
}()

/// Runs `script` and returns stdout, failing the test on an error.
private func exported(_ script: String) -> String {
  let run = runScript(script)
  #expect(run.error == nil, "\(run.stderr)")
  return run.stdout
}

/// The output's lines without their indentation.
private func trimmedLines(_ text: String) -> Set<String> {
  Set(text.split(separator: "\n").map { String($0.drop { $0 == " " }) })
}

/// A fresh temporary directory.
private func temporaryDirectory() -> URL {
  let url = testScratchFolder.appendingPathComponent("export-\(UUID().uuidString)")
  try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

/// The Swift compiler, when the toolchain is installed where the project expects it.
private let swiftc: String? = {
  let candidates = ["/opt/swift/usr/bin/swiftc", "/usr/bin/swiftc"]
  return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
}()

/// Runs `swiftc -parse` on a file: its exit status and diagnostics.
private func parse(_ path: String, with compiler: String) -> (status: Int32, output: String) {
  ExportToolchain.run(compiler, ["-parse", path])
}

/// A scene that uses every kind of value, sub-cells, and each kind of animation.
private let richScene = """
  scene 200x100 rgba(1, 0.5, 0, 0.8)
  layer b-kid
  layer bKid
  set b-kid transform.scale=1.5 hidden=yes contentsGravity=resizeAspect backgroundColor=#ff8800
  set bKid transform.scale.x=2 beginTime=2
  emitter rocket in bKid
  set rocket emitterShape=line emitterPosition=10,20
  cell rocket burst
  cell rocket.emitterCells.burst spark
  set rocket.emitterCells.burst.emitterCells.spark color=red enabled=no birthRate=5 spin=-0.5
  animate b-kid.position from 10,10 to 50,50 duration 2 delay 0.5 timing bezier(0.1,0.2,0.3,1.4) \
    repeat forever autoreverses keep fill both additive cumulative speed 2 key move
  animate bKid.backgroundColor values red blue keyTimes 0 1 timings easeIn duration 1
  animate bKid.opacity values 1 0 0.5 keyTimes 0 0.2 1 duration 1
  animate rocket.emitterCells.burst.birthRate values 1 5 2 mode discrete duration 1
  animate b-kid.bounds.width spring to 40 damping 5 mass 2
  animate b-kid.opacity by 0.5 timing easeInEaseOut repeat 3
  group bKid pop duration 1 repeat 2 timing easeOut keep fill forwards
  animate bKid.transform.scale values 1 1.4 1 duration 0.5 delay 0.25 in pop
  animate bKid.position.x spring to 40 in pop

  """

@Suite("export swift|objc")
struct ExportCommandTests {
  @Test("the like button in Swift: properties, cells, the keyframe bounce and the tree")
  func likeButtonSwift() {
    let out = exported(likeButton + "export swift\n")
    let lines = trimmedLines(out)
    for expected in [
      "import UIKit",
      "import QuartzCore",
      "let emitterLayer = CAEmitterLayer()",
      "emitterLayer.emitterShape = .circle",
      "emitterLayer.emitterMode = .outline",
      "emitterLayer.renderMode = .oldestFirst",
      "emitterLayer.emitterSize = CGSize(width: 25, height: 0)",
      "emitterLayer.zPosition = -1",
      "let emitterCell = CAEmitterCell()",
      "emitterCell.name = \"emitterCell\"",
      "emitterCell.birthRate = 1000",
      "emitterCell.lifetime = 0.7",
      "emitterCell.lifetimeRange = 0.3",
      "emitterCell.alphaSpeed = -1",
      "emitterCell.contents = UIImage(systemName: \"sparkle\")?.withTintColor(.white,"
        + " renderingMode: .alwaysOriginal).cgImage",
      "emitterLayer.emitterCells = [emitterCell]",
      "button.bounds = CGRect(x: 0, y: 0, width: 60, height: 60)",
      "button.position = CGPoint(x: view.bounds.midX, y: view.bounds.midY)",
      "imageView.contents = UIImage(systemName: \"heart.fill\")?.withTintColor(.systemPink,"
        + " renderingMode: .alwaysOriginal).cgImage",
      "let imageViewAnimation = CAKeyframeAnimation(keyPath: \"transform.scale\")",
      "imageViewAnimation.values = [1.5, 0.8, 1, 1.2, 1]",
      "imageViewAnimation.calculationMode = .cubic",
      "imageViewAnimation.duration = 0.5",
      "imageView.add(imageViewAnimation, forKey: \"transform.scale\")",
      "view.layer.addSublayer(button)",
      "button.addSublayer(emitterLayer)",
      "button.addSublayer(imageView)",
      "view.backgroundColor = UIColor(red: 16 / 255.0, green: 16 / 255.0, blue: 24 / 255.0,"
        + " alpha: 1)",
    ] {
      #expect(lines.contains(expected), "missing: \(expected)")
    }
    // Default values are left out.
    for absent in [
      "masksToBounds", "opacity", "anchorPoint", "emitterLayer.birthRate", ".beginTime =",
      "keyTimes", "emitterCell.scaleSpeed", "emitterCell.color", "emitterCell.isEnabled",
      "contentsGravity", "emitterPosition", "emitterCell.spin", "view.bounds =",
    ] {
      #expect(!out.contains(absent), "unexpected: \(absent)")
    }
    // The header names Burst, the scene time and what does not carry over.
    #expect(out.hasPrefix("// Generated by Burst (export swift) at scene time 0 s"))
    #expect(out.contains("random generator"))
    #expect(out.contains("CACurrentMediaTime() + d"))
    #expect(out.contains("`view` is the hosting view"))
    // Parents are added before their children's code runs.
    let button = out.range(of: "view.layer.addSublayer(button)")
    let child = out.range(of: "button.addSublayer(emitterLayer)")
    #expect(button != nil && child != nil)
    if let button, let child { #expect(button.lowerBound < child.lowerBound) }
  }

  @Test("the like button in Objective-C")
  func likeButtonObjC() {
    let out = exported(likeButton + "export objc\n")
    let lines = trimmedLines(out)
    for expected in [
      "#import <UIKit/UIKit.h>",
      "CAEmitterLayer *emitterLayer = [CAEmitterLayer layer];",
      "emitterLayer.emitterShape = kCAEmitterLayerCircle;",
      "emitterLayer.emitterMode = kCAEmitterLayerOutline;",
      "emitterLayer.emitterSize = CGSizeMake(25, 0);",
      "CAEmitterCell *emitterCell = [CAEmitterCell emitterCell];",
      "emitterCell.name = @\"emitterCell\";",
      "emitterCell.contents = (__bridge id)[[UIImage systemImageNamed:@\"sparkle\"]"
        + " imageWithTintColor:UIColor.whiteColor"
        + " renderingMode:UIImageRenderingModeAlwaysOriginal].CGImage;",
      "button.position = CGPointMake(CGRectGetMidX(view.bounds), CGRectGetMidY(view.bounds));",
      "emitterLayer.emitterCells = @[emitterCell];",
      "imageViewAnimation.values = @[@1.5, @0.8, @1, @1.2, @1];",
      "imageViewAnimation.calculationMode = kCAAnimationCubic;",
      "[imageView addAnimation:imageViewAnimation forKey:@\"transform.scale\"];",
      "[view.layer addSublayer:button];",
      "[button addSublayer:emitterLayer];",
    ] {
      #expect(lines.contains(expected), "missing: \(expected)")
    }
    #expect(out.contains("kCAEmitterLayerCircle"))
    #expect(out.contains("@[emitterCell]"))
  }

  @Test("export … to FILE writes the printed text atomically")
  func writesFile() throws {
    let dir = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("Like.swift").path
    let scene = likeButton + "emitter like; cell like sparkle; set like emitterShape=circle\n"
    let printed = exported(scene + "export swift like\n")
    let run = runScript(scene + "export swift like to \(path)\n")
    #expect(run.error == nil, "\(run.stderr)")
    let written = try String(contentsOfFile: path, encoding: .utf8)
    let lines = written.split(separator: "\n", omittingEmptySubsequences: false).count - 1
    #expect(run.stdout == "wrote \(lines) lines of Swift to \(path)\n")
    #expect(written == printed)
    #expect(written.contains("like.emitterShape = .circle"))
    #expect(written.contains("like.emitterCells = [sparkle]"))
    // Nothing but the file is left behind (the temporary file was renamed).
    let entries = try FileManager.default.contentsOfDirectory(atPath: dir.path)
    #expect(entries == ["Like.swift"])
    // Writing again replaces the file.
    let again = runScript(scene + "export objc like to \(path)\n")
    #expect(again.error == nil)
    #expect(try String(contentsOfFile: path, encoding: .utf8).contains("@[sparkle]"))
  }

  @Test(
    "bad inputs name the problem",
    arguments: [
      ("export", "missing LANGUAGE (swift or objc)", nil),
      ("export swfit", "unknown language 'swfit'", "did you mean 'swift'?"),
      ("export java", "unknown language 'java'", "use swift or objc"),
      ("export swift nosuch", "unknown layer 'nosuch'", nil),
      ("export swift buton", "unknown layer 'buton'", "did you mean 'button'?"),
      ("export swift to", "missing FILE after 'to'", nil),
      ("export swift button to", "missing FILE after 'to'", nil),
      ("export swift button extra", "unexpected 'extra'", nil),
      ("export swift button to a.swift b", "unexpected 'b'", nil),
      ("export objc emitterLayer.emitterCells.emitterCell", "is a cell, not a layer", nil),
    ] as [(String, String, String?)])
  func badInputs(line: String, message: String, hint: String?) {
    let run = runScript(likeButton + line + "\n")
    let error = run.error
    #expect(error != nil, "no error for: \(line)")
    #expect(error?.message.contains(message) == true, "\(run.stderr)")
    if let hint { #expect(error?.hint == hint, "\(run.stderr)") }
    #expect(error?.exitCode == 65)
  }

  @Test("an unknown layer gets the usual suggestion")
  func unknownLayerSuggests() {
    let run = runScript("emitter like\nexport swift lik\n")
    #expect(run.error?.message == "unknown layer 'lik'")
    #expect(run.error?.hint == "did you mean 'like'?")
  }

  @Test("an unwritable file is exit 74")
  func unwritable() {
    let run = runScript(likeButton + "export swift to /nonexistent-burst-dir/x.swift\n")
    #expect(run.error?.exitCode == 74)
    #expect(run.error?.message.contains("does not exist") == true, "\(run.stderr)")
    let directory = runScript(likeButton + "export objc to /tmp\n")
    #expect(directory.error?.exitCode == 74)
  }

  @Test("an empty scene has nothing to build")
  func emptyScene() {
    for language in ["swift", "objc"] {
      let out = exported("export \(language)\n")
      #expect(out.contains("nothing to build"))
      #expect(out.split(separator: "\n").allSatisfy { $0.hasPrefix("//") })
    }
  }

  @Test("LAYER exports that subtree only, into view.layer")
  func subtree() {
    let out = exported(likeButton + "export swift imageView\n")
    let lines = trimmedLines(out)
    #expect(lines.contains("let imageView = CALayer()"))
    #expect(lines.contains("view.layer.addSublayer(imageView)"))
    #expect(lines.contains("// In Burst, 'imageView' is a sublayer of 'button'."))
    #expect(lines.contains("imageView.add(imageViewAnimation, forKey: \"transform.scale\")"))
    #expect(!out.contains("emitterLayer"))
    #expect(!out.contains("view.bounds"))
    #expect(!out.contains("let button"))
    let whole = exported(likeButton + "export swift scene\n")
    #expect(whole == exported(likeButton + "export swift\n"))
  }

  @Test("identifiers are valid and unique")
  func identifiers() {
    #expect(SceneExporter.identifier(for: "b-kid") == "bKid")
    #expect(SceneExporter.identifier(for: "a-b-c1") == "aBC1")
    let out = exported("layer b-kid\nlayer bKid\nlayer class\nemitter e\ncell e e\nexport swift\n")
    let lines = trimmedLines(out)
    #expect(lines.contains("let bKid = CALayer()"))
    #expect(lines.contains("bKid.name = \"b-kid\""))
    #expect(lines.contains("let bKid2 = CALayer()"))
    #expect(lines.contains("bKid2.name = \"bKid\""))
    #expect(lines.contains("let class2 = CALayer()"))
    #expect(lines.contains("let e2 = CAEmitterCell()"))
    #expect(lines.contains("e.emitterCells = [e2]"))
  }

  @Test("values, sub-cells and every kind of animation")
  func richSwift() {
    let lines = trimmedLines(exported(richScene + "step 0.2\nexport swift\n"))
    for expected in [
      "view.backgroundColor = UIColor(red: 1, green: 0.5, blue: 0, alpha: 0.8)",
      "bKid.isHidden = true",
      "bKid.backgroundColor = UIColor(red: 1, green: 136 / 255.0, blue: 0, alpha: 1).cgColor",
      "bKid.contentsGravity = .resizeAspect",
      "bKid.setValue(1.5, forKeyPath: \"transform.scale\")",
      // Only the factor that differs: not the mean transform.scale as well.
      "bKid2.setValue(2, forKeyPath: \"transform.scale.x\")",
      "bKid2.beginTime = CACurrentMediaTime() + 1.8",
      "rocket.emitterShape = .line",
      "rocket.emitterPosition = CGPoint(x: 10, y: 20)",
      "spark.isEnabled = false",
      "spark.spin = -0.5",
      "spark.color = UIColor(red: 1, green: 0, blue: 0, alpha: 1).cgColor",
      "burst.emitterCells = [spark]",
      "rocket.emitterCells = [burst]",
      "bKid2.addSublayer(rocket)",
      // basic
      "let bKidAnimation = CABasicAnimation(keyPath: \"position\")",
      "bKidAnimation.fromValue = NSValue(cgPoint: CGPoint(x: 10, y: 10))",
      "bKidAnimation.toValue = NSValue(cgPoint: CGPoint(x: 50, y: 50))",
      "bKidAnimation.duration = 2",
      "bKidAnimation.beginTime = CACurrentMediaTime() + 0.3",
      "bKidAnimation.timingFunction = CAMediaTimingFunction(controlPoints: 0.1, 0.2, 0.3, 1.4)",
      "bKidAnimation.repeatCount = .infinity",
      "bKidAnimation.autoreverses = true",
      "bKidAnimation.fillMode = .both",
      "bKidAnimation.speed = 2",
      "bKidAnimation.isRemovedOnCompletion = false",
      "bKidAnimation.isAdditive = true",
      "bKidAnimation.isCumulative = true",
      "bKid.add(bKidAnimation, forKey: \"move\")",
      // spring, on a rect field spelled as Core Animation does
      "let bKidAnimation2 = CASpringAnimation(keyPath: \"bounds.size.width\")",
      "bKidAnimation2.mass = 2",
      "bKidAnimation2.damping = 5",
      "bKidAnimation2.toValue = 40",
      "bKidAnimation2.duration = bKidAnimation2.settlingDuration",
      "bKidAnimation2.beginTime = CACurrentMediaTime() - 0.2",
      // without `key`, keyed by the key path as written
      "bKid.add(bKidAnimation2, forKey: \"bounds.width\")",
      "bKid.add(bKidAnimation3, forKey: \"opacity\")",
      "bKidAnimation3.byValue = 0.5",
      "bKidAnimation3.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)",
      "bKidAnimation3.repeatCount = 3",
      // keyframes: colours, key times, per-segment timing functions, a cell's key path
      "let bKid2Animation = CAKeyframeAnimation(keyPath: \"backgroundColor\")",
      "bKid2Animation.timingFunctions = [CAMediaTimingFunction(name: .easeIn)]",
      "bKid2Animation2.values = [1, 0, 0.5]",
      "bKid2Animation2.keyTimes = [0, 0.2, 1]",
      "let rocketAnimation = CAKeyframeAnimation(keyPath: \"emitterCells.burst.birthRate\")",
      "rocketAnimation.calculationMode = .discrete",
      // a group: its children are declared with it and added with it only
      "let bKid2Group = CAAnimationGroup()",
      "bKid2Animation3.beginTime = 0.25",
      "bKid2Animation4.duration = bKid2Animation4.settlingDuration",
      "bKid2Group.animations = [bKid2Animation3, bKid2Animation4]",
      "bKid2Group.timingFunction = CAMediaTimingFunction(name: .easeOut)",
      "bKid2.add(bKid2Group, forKey: \"pop\")",
    ] {
      #expect(lines.contains(expected), "missing: \(expected)")
    }
    // Evenly spaced key times are Core Animation's default, so they are left out; so are the
    // spring's default stiffness and velocity.
    #expect(!lines.contains("bKid2Animation.keyTimes = [0, 1]"))
    #expect(!lines.contains { $0.hasPrefix("bKidAnimation2.stiffness") })
    #expect(!lines.contains { $0.hasPrefix("bKidAnimation2.initialVelocity") })
  }

  @Test("the rich scene in Objective-C")
  func richObjC() {
    let lines = trimmedLines(exported(richScene + "export objc\n"))
    for expected in [
      "bKid.hidden = YES;",
      "[bKid setValue:@1.5 forKeyPath:@\"transform.scale\"];",
      "spark.enabled = NO;",
      "spark.color = [UIColor colorWithRed:1 green:0 blue:0 alpha:1].CGColor;",
      "burst.emitterCells = @[spark];",
      "bKidAnimation.fromValue = [NSValue valueWithCGPoint:CGPointMake(10, 10)];",
      "bKidAnimation.beginTime = CACurrentMediaTime() + 0.5;",
      "bKidAnimation.timingFunction = [CAMediaTimingFunction functionWithControlPoints:0.1 :0.2"
        + " :0.3 :1.4];",
      "bKidAnimation.repeatCount = HUGE_VALF;",
      "bKidAnimation.fillMode = kCAFillModeBoth;",
      "bKidAnimation.removedOnCompletion = NO;",
      "bKidAnimation.additive = YES;",
      "[bKid addAnimation:bKidAnimation forKey:@\"move\"];",
      "CASpringAnimation *bKidAnimation2 = [CASpringAnimation"
        + " animationWithKeyPath:@\"bounds.size.width\"];",
      "bKidAnimation2.toValue = @40;",
      "bKidAnimation3.timingFunction = [CAMediaTimingFunction"
        + " functionWithName:kCAMediaTimingFunctionEaseInEaseOut];",
      "bKid2Animation2.keyTimes = @[@0, @0.2, @1];",
      "rocketAnimation.calculationMode = kCAAnimationDiscrete;",
      "[bKid addAnimation:bKidAnimation2 forKey:@\"bounds.width\"];",
      "[bKid addAnimation:bKidAnimation3 forKey:@\"opacity\"];",
    ] {
      #expect(lines.contains(expected), "missing: \(expected)")
    }
  }

  @Test("a layer with its own timing converts animation times into its time space")
  func convertedTime() {
    let out = exported(
      "layer a; set a speed=2\nanimate a.opacity from 1 to 0 delay 1\nexport swift\n")
    // The delay is in the layer's time, as Core Animation's beginTime is.
    let line = "aAnimation.beginTime = a.convertTime(CACurrentMediaTime(), from: nil) + 1"
    #expect(trimmedLines(out).contains(line), "\(out)")
    #expect(out.contains("a.speed = 2"))
  }

  @Test(
    "key-less animations on one key path are exported with their distinct keys",
    arguments: [
      (
        "swift",
        [
          "a.add(aAnimation, forKey: \"position.x\")",
          "a.add(aAnimation2, forKey: \"position.x-2\")",
        ]
      ),
      (
        "objc",
        [
          "[a addAnimation:aAnimation forKey:@\"position.x\"];",
          "[a addAnimation:aAnimation2 forKey:@\"position.x-2\"];",
        ]
      ),
    ])
  func keylessKeys(language: String, expected: [String]) {
    let out = exported(
      "layer a\nanimate a.position.x to 10 duration 1\nanimate a.position.x by 5 duration 2\n"
        + "export \(language)\n")
    let lines = trimmedLines(out)
    for line in expected { #expect(lines.contains(line), "missing: \(line)\n\(out)") }
    #expect(!out.contains("forKey: nil") && !out.contains("forKey:nil"))
  }

  @Test(
    "the exported Swift parses (swiftc -parse)",
    .enabled(if: swiftc != nil, "skipped: swiftc not found at /opt/swift/usr/bin/swiftc"))
  func swiftParses() throws {
    guard let swiftc else { return }
    let dir = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    for (name, script, layer) in [
      ("Like.swift", likeButton, ""), ("Rich.swift", richScene + "step 0.2\n", ""),
      ("Subtree.swift", likeButton, " imageView"), ("Names.swift", quotedNamesScene, ""),
      ("Pending.swift", likeButton + pendingCommands, ""),
    ] {
      let path = dir.appendingPathComponent(name).path
      let run = runScript(script + "export swift\(layer) to \(path)\n")
      #expect(run.error == nil, "\(run.stderr)")
      let result = parse(path, with: swiftc)
      #expect(result.status == 0, "swiftc -parse \(name): \(result.output)")
    }
  }

  @Test(
    "export writes a CAAnimationGroup with its children",
    arguments: [
      (
        "swift",
        [
          "let bGroup = CAAnimationGroup()",
          "let bAnimation = CABasicAnimation(keyPath: \"opacity\")",
          "bAnimation.beginTime = 0.5",
          "bGroup.animations = [bAnimation, bAnimation2]",
          "bGroup.duration = 1",
          "bGroup.repeatCount = 2",
          "bGroup.timingFunction = CAMediaTimingFunction(name: .easeIn)",
          "bGroup.isRemovedOnCompletion = false",
          "b.add(bGroup, forKey: \"g\")",
        ]
      ),
      (
        "objc",
        [
          "CAAnimationGroup *bGroup = [CAAnimationGroup animation];",
          "CABasicAnimation *bAnimation = [CABasicAnimation animationWithKeyPath:@\"opacity\"];",
          "bAnimation.beginTime = 0.5;",
          "bGroup.animations = @[bAnimation, bAnimation2];",
          "bGroup.duration = 1;",
          "bGroup.removedOnCompletion = NO;",
          "[b addAnimation:bGroup forKey:@\"g\"];",
        ]
      ),
    ])
  func export(language: String, expected: [String]) {
    let run = runScript(
      "scene 100x100; layer b\n" + """
        group b g duration 1 repeat 2 timing easeIn keep fill forwards
        animate b.opacity from 0 to 1 duration 2 delay 0.5 in g
        animate b.position.x to 10 in g
        export \(language)

        """)
    #expect(run.error == nil, "\(run.stderr)")
    let lines = Set(run.stdout.split(separator: "\n").map { String($0.drop { $0 == " " }) })
    for line in expected { #expect(lines.contains(line), "missing: \(line)\n\(run.stdout)") }
    // A child is not added to the layer on its own.
    #expect(
      !run.stdout.contains("add(bAnimation,") && !run.stdout.contains("addAnimation:bAnimation "))
  }

  @Test(
    "export writes a pending after at its remaining delay",
    arguments: [
      (
        "swift", "", "DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {", "like.birthRate = 0"
      ),
      (
        "swift", "step 0.2\n", "DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) {",
        "like.birthRate = 0"
      ),
      (
        "objc", "",
        "dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(0.5 * NSEC_PER_SEC)), dispatch_get_main_queue(), ^{",
        "like.birthRate = 0;"
      ),
      (
        "objc", "step 0.2\n",
        "dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(0.3 * NSEC_PER_SEC)), dispatch_get_main_queue(), ^{",
        "like.birthRate = 0;"
      ),
    ])
  func pendingAfter(language: String, step: String, later: String, stop: String) {
    let out = exported(
      "emitter like\nafter 0.5 set like.birthRate 0\n\(step)export \(language)\n")
    let lines = out.split(separator: "\n").map { String($0.drop { $0 == " " }) }
    let start = lines.firstIndex(of: later)
    #expect(start != nil, "\(out)")
    if let start { #expect(lines.dropFirst(start + 1).first == stop, "\(out)") }
    #expect(!out.contains("not expressible"))
  }

  @Test("export writes a running fire as its birthRate and its stop at the remaining delay")
  func runningFire() {
    let out = exported("emitter like\nfire like 0.5 3\nstep 0.2\nexport swift\n")
    let lines = trimmedLines(out)
    #expect(lines.contains("like.birthRate = 3"), "\(out)")
    #expect(lines.contains("DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) {"), "\(out)")
    #expect(lines.contains("like.birthRate = 0"), "\(out)")
  }

  @Test("export lists a pending command with no code equivalent in the header")
  func pendingEchoListed() {
    let out = exported("emitter like\nafter 0.5 echo hi\nexport swift\n")
    // The header's words, unwrapped.
    let header = out.split(separator: "\n").prefix { $0.hasPrefix("//") }
      .map { String($0.dropFirst(2).drop { $0 == " " }) }.joined(separator: " ")
    #expect(header.contains("not expressible"), "\(out)")
    #expect(header.contains("`echo hi` (at 0.5 s)"), "\(out)")
    #expect(!out.contains("asyncAfter"), "\(out)")
  }
}

/// Pending commands after the like button's setup: a running fire, a block and an echo.
private let pendingCommands = """
  fire emitterLayer 0.3 5
  after 0.5 { set emitterLayer.birthRate 0; fire emitterLayer 0.1 }
  after 1 echo hi

  """
