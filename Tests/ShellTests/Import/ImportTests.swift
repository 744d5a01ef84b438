import Core
import Foundation
import TestSupport
import Testing

@testable import Shell

/// The directory of the import corpus: Swift and Objective-C files written for these tests.
let importCorpus = repositoryRoot.appendingPathComponent("Tests/ShellTests/ImportCorpus").path

/// Runs `commands` in a fresh session and returns the transcript, with the corpus directory
/// written as `ImportCorpus/` so that goldens do not depend on where the repository is.
func importTranscript(_ commands: String) -> (transcript: String, session: Session) {
  let out = CapturedOutput()
  let session = Session(sink: out)
  session.run(source: commands, file: "test.burst")
  return (
    out.transcript.replacingOccurrences(of: importCorpus + "/", with: "ImportCorpus/"), session
  )
}

@Suite("import: Swift and Objective-C emitter code")
struct ImportTests {
  /// Every corpus file, with the scene size its hosting view has and whether particles are
  /// alive 2 s after the import (ConfettiView's emitter waits at birthRate 0 for the
  /// startConfetti action; ShakeLikeButton's sparks burst for 0.5 s and live 0.6 s).
  static let corpus: [(file: String, view: String, aliveAt2s: Bool)] = [
    ("SnowViewController.swift", "320x480", true),
    ("SparkleView.swift", "200x200", true),
    ("FireworkHelpers.swift", "320x480", true),
    ("ConfettiView.swift", "320x240", false),
    ("FireViewController.m", "240x320", true),
    ("ProfileViewController.swift", "320x480", true),
    ("CelebrationViewController.swift", "320x480", true),
    ("PulseViewController.m", "240x320", true),
    ("LogoBurstView.swift", "200x200", true),
    ("OrbitSparkViewController.swift", "320x480", true),
    ("ShakeLikeButton.swift", "200x200", false),
  ]

  @Test(
    "each corpus file imports to its golden transcript: what was built and what was skipped",
    arguments: corpus.map(\.file))
  func corpusGolden(file: String) throws {
    let view = try #require(Self.corpus.first { $0.file == file }?.view)
    let (transcript, session) = importTranscript(
      "import \"\(importCorpus)/\(file)\" view \(view)\ntree\n")
    let model = SceneSaver.script(session.scene) { $0 }
      .replacingOccurrences(of: importCorpus + "/", with: "ImportCorpus/")
    let name = "import/" + file.replacingOccurrences(of: ".", with: "-") + ".txt"
    expectGolden(transcript + "--- save model\n" + model, name: name)
  }

  @Test(
    "an imported emitter emits, unless its code leaves birthRate 0 or stops it within 2 s",
    arguments: corpus.map(\.file))
  func importedSceneEmits(file: String) throws {
    let (transcript, session) = importTranscript(
      "import \"\(importCorpus)/\(file)\" quiet\nstep 2\n")
    #expect(!transcript.contains("error:"), "\(transcript)")
    #expect(session.scene.model.root.sublayers.count >= 1)
    let live = session.scene.stats().reduce(0) { $0 + $1.live }
    let alive = try #require(Self.corpus.first { $0.file == file }).aliveAt2s
    #expect((live > 0) == alive, "\(file): \(live) particles after 2 s")
  }

  @Test("an image found for a file imported by a relative path loads, from any directory")
  func relativeImportFindsItsImages() throws {
    // The path from the current directory to the corpus, written relatively (`../../x`).
    let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
      .standardizedFileURL.pathComponents
    let there = URL(fileURLWithPath: importCorpus).standardizedFileURL.pathComponents
    let shared = zip(here, there).prefix { $0 == $1 }.count
    let relative =
      (Array(repeating: "..", count: here.count - shared) + there.dropFirst(shared))
      .joined(separator: "/")
    #expect(!relative.hasPrefix("/"))
    let (transcript, _) = importTranscript(
      "import \"\(relative)/LogoBurstView.swift\" view 200x200\n"
        + "get emitterLayer.emitterCells.logo.contents\n")
    #expect(!transcript.contains("no such file"), "\(transcript)")
    #expect(transcript.contains("logo.imageset/logo.png\n"), "\(transcript)")
  }

  @Test("quiet hides the warnings but the summary still counts them")
  func quietHidesWarnings() {
    let file = "\(importCorpus)/ProfileViewController.swift"
    let loud = importTranscript("import \"\(file)\"").transcript
    let quiet = importTranscript("import \"\(file)\" quiet").transcript
    #expect(loud.contains("warning: skipped:"))
    #expect(!quiet.contains("warning:"))
    #expect(quiet.contains("(hidden by quiet)"))
  }

  @Test("save FILE writes the translation, which loads into the same model")
  func saveWritesTheTranslation() throws {
    let out = try temporaryFile("snow.burst", contents: "")
    let (_, imported) = importTranscript(
      "import \"\(importCorpus)/SnowViewController.swift\" quiet save \"\(out)\"")
    let script = try String(contentsOfFile: out, encoding: .utf8)
    #expect(script.contains("emitter snowLayer"))
    #expect(script.contains("cell snowLayer flake"))
    let (_, loaded) = importTranscript("load \"\(out)\"")
    #expect(loaded.scene.model == imported.scene.model)
  }

  @Test("save keeps the commands an import ran, so the saved history rebuilds the scene")
  func historyKeepsImportedCommands() throws {
    let out = try temporaryFile("history.burst", contents: "")
    let (_, imported) = importTranscript(
      "import \"\(importCorpus)/FireViewController.m\" quiet\nsave \"\(out)\"")
    let (_, loaded) = importTranscript("load \"\(out)\"")
    #expect(loaded.scene.model == imported.scene.model)
  }

  @Test("names: variables name layers and cells, command words and duplicates get suffixes")
  func names() throws {
    let source = """
      let emitter = CAEmitterLayer()
      var cells: [CAEmitterCell] = []
      for rate in [1, 2, 3] {
        let cell = CAEmitterCell()
        cell.birthRate = Float(rate)
        cells.append(cell)
      }
      let named = CAEmitterCell()
      named.name = "sparkle"
      emitter.emitterCells = cells + [named]
      view.layer.addSublayer(emitter)
      """
    let file = try temporaryFile("Names.swift", contents: source)
    let (transcript, session) = importTranscript("import \"\(file)\"")
    #expect(transcript.contains("emitter emitterLayer:"), "\(transcript)")
    let model = session.scene.model
    for (path, rate) in [("cell", 1.0), ("cell2", 2.0), ("cell3", 3.0)] {
      let ref = try model.resolveProperty("emitterLayer.emitterCells.\(path).birthRate")
      #expect(model.value(ref) == .number(rate))
    }
    #expect((try? model.resolveObject("emitterLayer.emitterCells.sparkle")) != nil)
  }

  @Test(
    "names: a layer whose first variable is a command word or one letter takes the next holder's name",
    arguments: [
      ("let layer = Factory.make(); self.embers = layer", "embers"),
      ("let e = Factory.make(); embers = e", "embers"),
      ("let snow = Factory.make(); self.emitter = snow", "snow"),
      (
        "let emitter = Factory.make(); self.layerEmitter = emitter; self.layer2 = emitter",
        "layerEmitter"
      ),
    ])
  func keeperNames(code: String, expected: String) throws {
    let source = """
      import UIKit
      enum Factory {
        static func make() -> CAEmitterLayer {
          let layer = CAEmitterLayer()
          layer.birthRate = 2
          return layer
        }
      }
      class V: UIView {
        var embers: CAEmitterLayer?
        var emitter: CAEmitterLayer?
        var layerEmitter: CAEmitterLayer?
        var layer2: CAEmitterLayer?
        override func awakeFromNib() {
          super.awakeFromNib()
          \(code.replacingOccurrences(of: "; ", with: "\n    "))
          self.layer.addSublayer(embers ?? emitter ?? layerEmitter!)
        }
      }
      """
    let file = try temporaryFile("Keeper.swift", contents: source)
    let (transcript, _) = importTranscript("import \"\(file)\"")
    #expect(transcript.contains("emitter \(expected): "), "\(transcript)")
  }

  @Test(
    "a key path to a cell the code never named reaches nothing, as on iOS: its animation and setValue are skipped"
  )
  func unnamedCellKeyPaths() throws {
    let source = """
      let e = CAEmitterLayer()
      let spark = CAEmitterCell()
      spark.birthRate = 5
      let glow = CAEmitterCell()
      glow.name = "glow"
      e.emitterCells = [spark, glow]
      view.layer.addSublayer(e)
      for path in ["emitterCells.spark.scale", "emitterCells.glow.scale"] {
        let pulse = CABasicAnimation(keyPath: path)
        pulse.fromValue = 0.1
        pulse.toValue = 0.3
        pulse.duration = 1
        e.add(pulse, forKey: nil)
      }
      e.setValue(50, forKeyPath: "emitterCells.spark.birthRate")
      """
    let file = try temporaryFile("Unnamed.swift", contents: source)
    let out = try temporaryFile("unnamed.burst", contents: "")
    let (transcript, _) = importTranscript("import \"\(file)\" save \"\(out)\"")
    let script = try String(contentsOfFile: out, encoding: .utf8)
    #expect(script.contains("animate e.emitterCells.glow.scale"), "\(script)")
    #expect(!script.contains("e.emitterCells.spark.scale"), "\(script)")
    #expect(!script.contains("e.emitterCells.spark.birthRate 50"), "\(script)")
    #expect(
      transcript.components(separatedBy: "the cell in 'spark' has no name").count == 3,
      "\(transcript)")
  }

  @Test(
    "the hosting view's clipsToBounds and layer.masksToBounds clip its layer inside a larger scene, and say nothing otherwise"
  )
  func hostClipping() throws {
    let source = """
      @implementation LikeButton
      - (instancetype)initWithFrame:(CGRect)frame {
        self = [super initWithFrame:frame];
        self.clipsToBounds = NO;
        self.layer.masksToBounds = YES;
        CAEmitterLayer *ring = [CAEmitterLayer layer];
        [self.layer addSublayer:ring];
        return self;
      }
      @end
      """
    let file = try temporaryFile("LikeButton.m", contents: source)
    let (inside, _) = importTranscript(
      "import \"\(file)\" view 44x44 in 200x200\nget hostView.masksToBounds\n")
    #expect(inside.hasSuffix("\nyes\n") && !inside.contains("warning"), "\(inside)")
    let (alone, _) = importTranscript("import \"\(file)\" view 44x44\n")
    #expect(!alone.contains("warning"), "\(alone)")
  }

  @Test("an app delegate's window is the hosting view, and the scene a phone's screen")
  func appDelegateWindow() throws {
    let source = """
      import UIKit
      @UIApplicationMain
      class AppDelegate: UIResponder, UIApplicationDelegate {
        var window: UIWindow?
        func application(_ application: UIApplication,
          didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
        ) -> Bool {
          let glow = CAEmitterLayer()
          glow.emitterPosition = CGPoint(x: window!.bounds.midX, y: 100)
          window?.layer.addSublayer(glow)
          return true
        }
      }
      """
    let file = try temporaryFile("AppDelegate.swift", contents: source)
    let (transcript, _) = importTranscript(
      "import \"\(file)\"\nget glow.emitterPosition\nget scene.bounds\n")
    #expect(transcript.contains("'window' is the app's window"), "\(transcript)")
    #expect(transcript.hasSuffix("\n195,100\n0,0,390,844\n"), "\(transcript)")
    let objc = """
      @implementation AppDelegate
      - (BOOL)application:(UIApplication *)application
          didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
        CAEmitterLayer *glow = [CAEmitterLayer layer];
        glow.emitterPosition = CGPointMake(CGRectGetMidX(self.window.bounds), 100);
        [self.window.layer addSublayer:glow];
        return YES;
      }
      @end
      """
    let objcFile = try temporaryFile("AppDelegate.m", contents: objc)
    let (objcTranscript, _) = importTranscript(
      "import \"\(objcFile)\"\nget glow.emitterPosition\nget scene.bounds\n")
    #expect(objcTranscript.hasSuffix("\n195,100\n0,0,390,844\n"), "\(objcTranscript)")
  }

  @Test("a layerClass view's own layer is the emitter and fills the view")
  func layerClassView() throws {
    let (_, session) = importTranscript(
      "scene 200x100\nimport \"\(importCorpus)/SparkleView.swift\" quiet")
    let model = session.scene.model
    let frame = try model.resolveProperty("emitterLayer.frame")
    #expect(model.value(frame) == .rect(Rect(0, 0, 200, 100)))
    let position = try model.resolveProperty("emitterLayer.emitterPosition")
    #expect(model.value(position) == .point(Point(100, 50)))
  }

  @Test("the command line imports a .swift file given as a script")
  func commandLineImports() throws {
    let r = try runBurst(["\(importCorpus)/SnowViewController.swift", "-e", "count snowLayer"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.contains("imported SnowViewController.swift"))
  }

  /// Bad input: the error, and the scene exactly as before.
  struct BadImport: CustomTestStringConvertible, Sendable {
    let name: String
    let file: String
    let contents: [UInt8]
    let message: String
    var testDescription: String { name }
  }

  static let badImports: [BadImport] = [
    BadImport(
      name: "not Swift or Objective-C", file: "effect.burst", contents: Array("emitter e\n".utf8),
      message: "import reads Swift or Objective-C source (.swift or .m), not"),
    BadImport(
      name: "not UTF-8", file: "Bad.swift", contents: [0x6C, 0x65, 0x74, 0x20, 0xFF, 0x0A],
      message: "not UTF-8"),
    BadImport(
      name: "no emitter", file: "Plain.swift",
      contents: Array("let cell = CAEmitterCell()\nlet label = UILabel()\n".utf8),
      message: "no emitter found"),
    BadImport(
      name: "an emitter never added to the view", file: "Detached.swift",
      contents: Array("let e = CAEmitterLayer()\ne.birthRate = 2\n".utf8),
      message: "no emitter found"),
  ]

  @Test("bad input is an error and leaves the scene unchanged", arguments: badImports)
  func badInput(_ bad: BadImport) throws {
    let dir = try temporaryFile("x", contents: "")
    let path = (dir as NSString).deletingLastPathComponent + "/" + bad.file
    try Data(bad.contents).write(to: URL(fileURLWithPath: path))
    let out = CapturedOutput()
    let session = Session(sink: out)
    session.run(source: likeSetup, file: "setup.burst")
    let before = session.scene.model
    let error = session.run(source: "import \"\(path)\" view 100x100", file: "test.burst")
    #expect(error?.message.contains(bad.message) == true, "\(out.stderr)")
    #expect(session.scene.model == before)
  }

  @Test("a missing file is an error with exit status 66")
  func missingFile() {
    let (_, _, _, error) = runScript("import /nonexistent/Nothing.swift")
    #expect(error?.exitCode == 66)
  }

  @Test("statements it does not understand are warnings naming file:line:col, never errors")
  func skippedStatementsWarn() throws {
    let source = """
      let e = CAEmitterLayer()
      e.birthRate = settings.rate
      e.frobnicate = 3
      view.layer.addSublayer(e)
      """
    let file = try temporaryFile("Odd.swift", contents: source)
    let (transcript, session) = importTranscript("import \"\(file)\"")
    #expect(transcript.contains("Odd.swift:2:1: warning: skipped: e.birthRate = settings.rate"))
    #expect(transcript.contains("Odd.swift:3:1: warning: skipped: e.frobnicate = 3"))
    #expect(transcript.contains("no property 'frobnicate'"))
    #expect(session.scene.model.layerID(named: "e") != nil)
  }

  /// The delayed and repeating blocks the importer schedules, in both languages: the file's
  /// code after a shared emitter setup, and the scheduled command it becomes.
  static let delayedBlocks: [(name: String, file: String, code: String, command: String)] = [
    (
      "asyncAfter", "Later.swift",
      """
      DispatchQueue.main.asyncAfter(deadline: .now() + 0.25) {
        e.opacity = 0.5
        e.setValue(0, forKeyPath: "emitterCells.spark.birthRate")
      }
      """,
      "after 0.25 { set e.opacity 0.5; set e.emitterCells.spark.birthRate 0 ifPresent }"
    ),
    (
      "asyncAfter one statement", "Later.swift",
      """
      DispatchQueue.main.asyncAfter(deadline: .now() + 1) {
        e.birthRate = 2
      }
      """,
      "after 1 set e.birthRate 2"
    ),
    (
      "dispatch_after", "Later.m",
      """
      dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(0.5 * NSEC_PER_SEC)),
                     dispatch_get_main_queue(), ^{
        e.opacity = 0.5;
        [e setValue:@0 forKeyPath:@"emitterCells.spark.birthRate"];
      });
      """,
      "after 0.5 { set e.opacity 0.5; set e.emitterCells.spark.birthRate 0 ifPresent }"
    ),
    (
      "Swift 2 dispatch_after, the closure inside the parentheses", "Later.swift",
      """
      dispatch_after(dispatch_time(DISPATCH_TIME_NOW, Int64(0.5 * Double(NSEC_PER_SEC))),
        dispatch_get_main_queue(), { () -> Void in
          e.birthRate = 0
        })
      """,
      "after 0.5 set e.birthRate 0"
    ),
    (
      "perform afterDelay", "Later.swift",
      """
      perform(#selector(stop), with: nil, afterDelay: 2)
      func stop() {
        e.birthRate = 0
      }
      """,
      "after 2 run stop"
    ),
    (
      "performSelector afterDelay", "Later.m",
      """
      [self performSelector:@selector(stop) withObject:nil afterDelay:1.5];
      - (void)stop {
        e.birthRate = 0;
      }
      """,
      "after 1.5 run stop"
    ),
    (
      "scheduledTimer", "Later.swift",
      """
      Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { _ in
        e.opacity = 0.5
        e.birthRate = 3
      }
      """,
      "every 0.5 { set e.opacity 0.5; set e.birthRate 3 }"
    ),
    (
      "Task with pauses", "Later.swift",
      """
      Task { @MainActor in
        try await Task.sleep(for: .seconds(1))
        e.birthRate = 2
        try await Task.sleep(nanoseconds: 1_500_000_000)
        e.birthRate = 0
      }
      """,
      "after 1 { set e.birthRate 2; after 1.5 set e.birthRate 0 }"
    ),
    (
      "detached Task kept in a name, main actor", "Later.swift",
      """
      let task = Task.detached(priority: .high) {
        try? await Task.sleep(for: .milliseconds(250))
        await MainActor.run { e.opacity = 0.5 }
      }
      """,
      "after 0.25 set e.opacity 0.5"
    ),
    (
      "background queue that sleeps", "Later.swift",
      """
      DispatchQueue.global(qos: .userInitiated).async {
        Thread.sleep(forTimeInterval: 3)
        DispatchQueue.main.async { e.opacity = 1 }
      }
      """,
      "after 3 set e.opacity 1"
    ),
    (
      "global queue, NSThread and usleep", "Later.m",
      """
      dispatch_async(dispatch_get_global_queue(DISPATCH_QUEUE_PRIORITY_DEFAULT, 0), ^{
        [NSThread sleepForTimeInterval:0.5];
        dispatch_async(dispatch_get_main_queue(), ^{
          e.birthRate = 2;
        });
        usleep(250000);
        e.birthRate = 3;
      });
      """,
      "after 0.5 { set e.birthRate 2; after 0.25 set e.birthRate 3 }"
    ),
  ]

  @Test(
    "delayed and repeating blocks become after, run and every commands",
    arguments: delayedBlocks.map(\.name))
  func delayedBlockBecomesScheduledCommand(name: String) throws {
    let example = try #require(Self.delayedBlocks.first { $0.name == name })
    let setup =
      example.file.hasSuffix(".m")
      ? """
      CAEmitterLayer *e = [CAEmitterLayer layer];
      CAEmitterCell *c = [CAEmitterCell emitterCell];
      c.name = @"spark";
      c.birthRate = 500;
      e.emitterCells = @[c];
      [self.view.layer addSublayer:e];

      """
      : """
      let e = CAEmitterLayer()
      let c = CAEmitterCell()
      c.name = "spark"
      c.birthRate = 500
      e.emitterCells = [c]
      view.layer.addSublayer(e)

      """
    let file = try temporaryFile(example.file, contents: setup + example.code + "\n")
    let out = try temporaryFile("later.burst", contents: "")
    let (transcript, session) = importTranscript("import \"\(file)\" save \"\(out)\"")
    #expect(!transcript.contains("error:"), "\(transcript)")
    #expect(!transcript.contains("skipped: DispatchQueue"), "\(transcript)")
    let script = try String(contentsOfFile: out, encoding: .utf8)
    #expect(script.contains("\n" + example.command + "\n"), "\(script)")
    #expect(session.events.count == 1, "\(transcript)")
  }

  /// Repeating timers whose block changes from tick to tick, after a shared emitter setup,
  /// and the commands the saved script holds for them, in order.
  static let tickingTimers: [(name: String, code: String, lines: [String], not: String)] = [
    (
      "a counter until the timer invalidates itself",
      """
      var ticks = 0
      Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { timer in
        ticks += 1
        e.birthRate = Float(ticks)
        if ticks == 3 { timer.invalidate() }
      }
      """,
      ["after 0.5 set e.birthRate 1", "after 1 set e.birthRate 2", "after 1.5 set e.birthRate 3"],
      "every"
    ),
    (
      "a relative change until the value reaches 0, read in the same tick",
      """
      e.birthRate = 1
      Timer.scheduledTimer(withTimeInterval: 0.2, repeats: true) { t in
        e.birthRate -= 0.5
        if e.birthRate <= 0 { t.invalidate() }
      }
      """,
      ["after 0.2 set e.birthRate -= 0.5", "after 0.4 set e.birthRate -= 0.5"],
      "after 0.6"
    ),
    (
      "colours taken in turn repeat with the cycle's period",
      """
      let colors: [UIColor] = [.red, .blue]
      var k = 0
      Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in
        k = (k + 1) % colors.count
        e.backgroundColor = colors[k].cgColor
      }
      """,
      [
        "after 1 set e.backgroundColor #0000ff", "every 2 set e.backgroundColor #ff0000",
        "after 1 every 2 set e.backgroundColor #0000ff",
      ],
      "after 3"
    ),
    (
      "a target method that toggles a variable repeats with a period of two",
      """
      var on = false
      func blink() {
        on.toggle()
        e.birthRate = on ? 1 : 0
      }
      let timer = Timer.scheduledTimer(
        timeInterval: 0.5, target: self, selector: #selector(blink), userInfo: nil, repeats: true)
      """,
      [
        "after 0.5 set e.birthRate 1", "every 1 set e.birthRate 0",
        "after 0.5 every 1 set e.birthRate 1",
      ],
      "every 0.5"
    ),
    (
      "a block that draws random numbers stays every of its first tick",
      """
      Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { _ in
        e.birthRate = Float.random(in: 1...5)
      }
      """,
      [],
      "after"
    ),
  ]

  @Test(
    "a repeating timer whose block changes from tick to tick is written tick by tick",
    arguments: tickingTimers.map(\.name))
  func tickingTimerUnrolls(name: String) throws {
    let example = try #require(Self.tickingTimers.first { $0.name == name })
    let setup = """
      let e = CAEmitterLayer()
      view.layer.addSublayer(e)

      """
    let file = try temporaryFile("Ticks.swift", contents: setup + example.code + "\n")
    let out = try temporaryFile("ticks.burst", contents: "")
    let (transcript, _) = importTranscript("import \"\(file)\" save \"\(out)\"")
    #expect(!transcript.contains("error:") && !transcript.contains("skipped"), "\(transcript)")
    let script = try String(contentsOfFile: out, encoding: .utf8)
    let lines = script.split(separator: "\n").map(String.init)
    let found = example.lines.map { lines.firstIndex(of: $0) }
    #expect(found.allSatisfy { $0 != nil }, "\(script)")
    #expect(found.compactMap { $0 } == found.compactMap { $0 }.sorted(), "in order: \(script)")
    #expect(!lines.contains { $0.hasPrefix(example.not) }, "\(script)")
  }

  @Test(
    "Objective-C timers, a block's and a target method's, are written tick by tick up to their invalidate"
  )
  func objcTickingTimersUnroll() throws {
    let source = """
      @implementation PulseView {
        CAEmitterLayer *_emitter;
        NSTimer *_timer;
        int _step;
      }
      - (void)awakeFromNib {
        [super awakeFromNib];
        _emitter = [CAEmitterLayer layer];
        _emitter.birthRate = 1;
        [self.layer addSublayer:_emitter];
        _timer = [NSTimer scheduledTimerWithTimeInterval:0.25 target:self
          selector:@selector(fade:) userInfo:nil repeats:YES];
        [NSTimer scheduledTimerWithTimeInterval:1 repeats:YES block:^(NSTimer * _Nonnull timer) {
          _step++;
          _emitter.opacity = 1.0 - _step * 0.25;
          if (_step >= 2) { [timer invalidate]; }
        }];
      }
      - (void)fade:(NSTimer *)timer {
        _emitter.birthRate -= 0.5;
        if (_emitter.birthRate <= 0) { [_timer invalidate]; }
      }
      @end
      """
    let file = try temporaryFile("PulseView.m", contents: source)
    let out = try temporaryFile("pulse.burst", contents: "")
    let (transcript, _) = importTranscript("import \"\(file)\" save \"\(out)\"")
    let script = try String(contentsOfFile: out, encoding: .utf8)
    let scheduled = script.split(separator: "\n").filter {
      $0.hasPrefix("after") || $0.hasPrefix("every")
    }
    #expect(
      scheduled == [
        "after 0.25 set emitterLayer.birthRate -= 0.5",
        "after 0.5 set emitterLayer.birthRate -= 0.5",
        "after 1 set emitterLayer.opacity 0.75", "after 2 set emitterLayer.opacity 0.5",
      ], "\(transcript)\n\(script)")
  }

  /// A Swift view with an emitter `e` whose initializer calls `method`, whose body is `body`.
  static func swiftView(calling method: String, _ body: String) -> String {
    """
    import UIKit
    class V: UIView {
      let e = CAEmitterLayer()
      override init(frame: CGRect) {
        super.init(frame: frame)
        layer.addSublayer(e)
        \(method)()
      }
      func \(method)() {
    \(body)
      }
    }
    """
  }

  /// Methods that schedule themselves again, and the schedule their first run gives.
  static let reschedulingMethods: [(name: String, ext: String, source: String, lines: [String])] =
    [
      (
        "Swift asyncAfter calling the method again while the birth rate is above 0", "swift",
        swiftView(
          calling: "decay",
          """
            e.birthRate -= 0.25
            if e.birthRate > 0 {
              DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { [weak self] in self?.decay() }
            }
          """),
        [
          "after 0.5 set e.birthRate -= 0.25", "after 1 set e.birthRate -= 0.25",
          "after 1.5 set e.birthRate -= 0.25",
        ]
      ),
      (
        "Objective-C performSelector:afterDelay: of the method itself, until it stops", "m",
        """
        @implementation V {
          CAEmitterLayer *e;
        }
        - (instancetype)initWithFrame:(CGRect)frame {
          self = [super initWithFrame:frame];
          e = [CAEmitterLayer layer];
          [self.layer addSublayer:e];
          [self decayStep];
          return self;
        }
        - (void)decayStep {
          e.birthRate -= 0.5;
          if (e.birthRate < 0) e.birthRate = 0;
          else [self performSelector:@selector(decayStep) withObject:nil afterDelay:0.25];
        }
        @end
        """,
        [
          "after 0.25 set e.birthRate -= 0.5",
          "after 0.5 { set e.birthRate -= 0.5; set e.birthRate 0 }",
        ]
      ),
      (
        "a method that does the same every time it runs is every of its delay", "swift",
        swiftView(
          calling: "pulse",
          """
            e.opacity = 1
            DispatchQueue.main.asyncAfter(deadline: .now() + 2) { self.pulse() }
          """),
        ["every 2 set e.opacity 1"]
      ),
      (
        "a method that makes an emitter each time it runs is every of its delay, made anew",
        "swift",
        swiftView(
          calling: "spawn",
          """
            let puff = CAEmitterLayer()
            puff.emitterPosition = CGPoint(x: 10, y: 10)
            layer.addSublayer(puff)
            DispatchQueue.main.asyncAfter(deadline: .now() + 2) { self.spawn() }
          """),
        ["every 2 { emitter $puff2; set $puff2.emitterPosition 10,10 }"]
      ),
    ]

  @Test(
    "a method that schedules itself again is read as a timer, up to the run that does not",
    arguments: reschedulingMethods.map(\.name))
  func reschedulingMethodUnrolls(name: String) throws {
    let example = try #require(Self.reschedulingMethods.first { $0.name == name })
    let file = try temporaryFile("Decay.\(example.ext)", contents: example.source + "\n")
    let out = try temporaryFile("decay.burst", contents: "")
    let (transcript, _) = importTranscript("import \"\(file)\" save \"\(out)\"")
    #expect(!transcript.contains("error:") && !transcript.contains("skipped"), "\(transcript)")
    let script = try String(contentsOfFile: out, encoding: .utf8)
    let scheduled = script.split(separator: "\n").map(String.init).filter {
      $0.hasPrefix("after") || $0.hasPrefix("every")
    }
    #expect(scheduled == example.lines, "\(transcript)\n\(script)")
  }

  @Test(
    "Swift 2's string selectors name their methods: a timer's, a control's and a delayed one's"
  )
  func swift2StringSelectors() throws {
    let source = """
      import UIKit
      class ViewController: UIViewController {
        let sparks = CAEmitterLayer()
        override func viewDidLoad() {
          super.viewDidLoad()
          sparks.birthRate = 1
          view.layer.addSublayer(sparks)
          NSTimer.scheduledTimerWithTimeInterval(0.5, target: self, selector: "flicker",
            userInfo: nil, repeats: true)
          button.addTarget(self, action: "tapped:", forControlEvents: .TouchUpInside)
          let tap = UITapGestureRecognizer(target: self, action: Selector("handleTap:"))
          view.addGestureRecognizer(tap)
          performSelector("dim", withObject: nil, afterDelay: 2)
        }
        func flicker() { sparks.opacity = 0.8 }
        func tapped(sender: UIButton) { sparks.birthRate = 2 }
        func handleTap(gesture: UITapGestureRecognizer) { sparks.birthRate = 3 }
        func dim() { sparks.opacity = 0.5 }
      }
      """
    let file = try temporaryFile("Swift2.swift", contents: source)
    let out = try temporaryFile("swift2.burst", contents: "")
    let (transcript, _) = importTranscript("import \"\(file)\" save \"\(out)\"")
    let lines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")
    for expected in [
      "every 0.5 run flicker", "after 2 run dim",
      "action tapped { set sparks.birthRate 2 }",
      "action handleTap { set sparks.birthRate 3 }",
    ] {
      #expect(lines.contains { $0 == expected }, "\(expected)\n\(transcript)\n\(lines)")
    }
  }

  @Test("a scheduled block's changes happen at its time, not before")
  func scheduledBlockRunsLater() throws {
    let code = """
      let e = CAEmitterLayer()
      let c = CAEmitterCell()
      c.name = "spark"
      c.birthRate = 500
      e.emitterCells = [c]
      view.layer.addSublayer(e)
      DispatchQueue.main.asyncAfter(deadline: .now() + 0.25) {
        e.opacity = 0.5
        e.setValue(0, forKeyPath: "emitterCells.spark.birthRate")
      }
      """
    let file = try temporaryFile("Later.swift", contents: code)
    let (_, session) = importTranscript("step 1\nimport \"\(file)\"")
    #expect(session.events.first?.time == 1.25)
    let rate = try session.scene.model.resolveProperty("e.emitterCells.spark.birthRate")
    #expect(session.scene.model.value(rate) == .number(500))
    session.run(source: "step 0.3", file: "t.burst")
    #expect(session.scene.model.value(rate) == .number(0))
  }

  @Test("ConfettiView's startConfetti becomes an action that starts the waiting emitter")
  func confettiStartsOnRun() {
    let file = "\(importCorpus)/ConfettiView.swift"
    let (transcript, session) = importTranscript("import \"\(file)\" quiet\nstep 1\n")
    #expect(transcript.contains("action startConfetti: 2 commands (line 41)"), "\(transcript)")
    #expect(transcript.contains("action stopConfetti: 1 command (line 46)"), "\(transcript)")
    let live = { session.scene.stats().reduce(0) { $0 + $1.live } }
    #expect(live() == 0)
    session.run(source: "run startConfetti\nstep 1\n", file: "t.burst")
    #expect(live() > 0)
  }

  @Test("ProfileViewController's tap handler becomes the likeTapped action, and it runs")
  func likeTappedActionRuns() throws {
    let file = "\(importCorpus)/ProfileViewController.swift"
    let (transcript, session) = importTranscript("import \"\(file)\" quiet\nactions\n")
    #expect(transcript.contains("action likeTapped: 2 commands (line 54)"), "\(transcript)")
    #expect(transcript.contains("action likeTapped {"), "\(transcript)")
    let model = session.scene.model
    let rate = try model.resolveProperty("heartLayer.emitterCells.heart.birthRate")
    let before = model.value(rate)
    session.run(source: "run likeTapped\n", file: "t.burst")
    #expect(session.scene.model.value(rate) == .number(40))
    #expect(before != .number(40))
    session.run(source: "step 0.5\n", file: "t.burst")
    #expect(session.scene.model.value(rate) == .number(3))
  }

  @Test(
    "a method with arguments no call can be guessed for, or with nothing to translate, is skipped; one taking a number is an action given 1"
  )
  func untranslatableMethodsAreSkipped() throws {
    let code = """
      let e = CAEmitterLayer()
      view.layer.addSublayer(e)
      func spray(count: Int) {
        e.birthRate = Float(count)
      }
      func log() {
        print("tapped")
      }
      func refresh(at path: IndexPath) {
        e.birthRate = 2
      }
      """
    let file = try temporaryFile("Methods.swift", contents: code)
    let (transcript, session) = importTranscript("import \"\(file)\"\nactions\n")
    // Logging changes nothing on screen: it is read past without a word.
    #expect(!transcript.contains("Methods.swift:7:3: warning: skipped: print"), "\(transcript)")
    #expect(transcript.contains("Methods.swift:6:6: warning: skipped: method log()"))
    #expect(
      transcript.contains("Methods.swift:9:6: warning: skipped: method refresh(at:) takes"),
      "\(transcript)")
    let created = transcript.split(separator: "\n").filter { $0.hasPrefix("action ") }
    #expect(
      created == [
        "action spray: 1 command (line 3)", "action spray (count=1) { set e.birthRate $count }",
      ])
    #expect(session.scene.model.layerID(named: "e") != nil)
  }

  @Test(
    "a number a method is given is the action's parameter, and what the code computes from it is worked out when it runs",
    arguments: [
      (
        "Pulse.swift",
        """
        let e = CAEmitterLayer()
        let c = CAEmitterCell()
        c.name = "spark"
        e.emitterCells = [c]
        view.layer.addSublayer(e)
        func spray(count: Int) {
          e.birthRate = Float(count) * 2 - 1
        }
        func pulse(level: CGFloat) {
          let a = CABasicAnimation(keyPath: "emitterCells.spark.birthRate")
          a.fromValue = NSNumber(value: Float(-level + 30) / 2)
          a.toValue = 0
          a.duration = 1
          e.add(a, forKey: "pulse")
        }
        """
      ),
      (
        "Pulse.m",
        """
        @implementation PulseView
        - (instancetype)initWithFrame:(CGRect)frame {
          self = [super initWithFrame:frame];
          e = [CAEmitterLayer layer];
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.name = @"spark";
          e.emitterCells = @[c];
          [self.layer addSublayer:e];
          return self;
        }
        - (void)spray:(NSInteger)count {
          e.birthRate = count * 2.0 - 1;
        }
        - (void)pulse:(CGFloat)level {
          CABasicAnimation *a = [CABasicAnimation animationWithKeyPath:@"emitterCells.spark.birthRate"];
          a.fromValue = [NSNumber numberWithFloat:(-level + 30) / 2];
          a.toValue = @0;
          a.duration = 1;
          [e addAnimation:a forKey:@"pulse"];
        }
        @end
        """
      ),
    ])
  func numberParameters(name: String, code: String) throws {
    let file = try temporaryFile(name, contents: code)
    let (transcript, _) = importTranscript(
      "import \"\(file)\"\nactions\nrun spray 5\nrun pulse 10\nstep 0.5\n"
        + "get e.birthRate\nget presentation e.emitterCells.spark.birthRate\n")
    #expect(transcript.contains("action spray (count=1) {"), "\(transcript)")
    #expect(transcript.contains("action pulse (level=1) {"), "\(transcript)")
    #expect(!transcript.contains("is given"), "\(transcript)")
    // 5 · 2 − 1; the animation from (−10 + 30) / 2 = 10 to 0 over 1 s, halfway.
    #expect(transcript.hasSuffix("9\n5\n"), "\(transcript)")
  }

  @Test("a method the file's own code calls takes its arguments from there, not as an action")
  func calledHelperIsNoAction() throws {
    let code = """
      class Drizzle: UIView {
        let emitter = CAEmitterLayer()
        func build(into host: UIView) {
          emitter.emitterPosition = CGPoint(x: host.center.x, y: -20)
          emitter.emitterShape = .line
          emitter.emitterCells = [drop()]
          host.layer.addSublayer(emitter)
        }
        func drop() -> CAEmitterCell {
          let c = CAEmitterCell()
          c.birthRate = 20
          c.lifetime = 3
          c.velocity = 100
          c.emissionLongitude = .pi
          return c
        }
        func startDrizzle(in host: UIView) {
          build(into: host)
        }
      }
      """
    let file = try temporaryFile("Drizzle.swift", contents: code)
    let (transcript, session) = importTranscript("import \"\(file)\"\nactions\nstep 1\n")
    #expect(!transcript.contains("action build"), "\(transcript)")
    #expect(transcript.contains("ran startDrizzle(in:) at import"), "\(transcript)")
    #expect(session.scene.stats().reduce(0) { $0 + $1.live } > 0, "\(transcript)")
  }

  @Test(
    "a function of the file given an argument the importer cannot work out still runs; only what uses it is skipped",
    arguments: [
      (
        "Config.m",
        """
        @implementation ConfigViewController
        - (void)viewDidLoad {
          [super viewDidLoad];
          NSDictionary *config = [NSDictionary dictionaryWithContentsOfFile:@"/tmp/fx.plist"];
          CAEmitterLayer *e = [CAEmitterLayer layer];
          e.emitterCells = @[[self cellFrom:config]];
          [self.view.layer addSublayer:e];
        }
        - (CAEmitterCell *)cellFrom:(NSDictionary *)config {
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.birthRate = 30;
          c.velocity = [config[@"speed"] floatValue];
          c.lifetime = 2;
          return c;
        }
        @end
        """, "cellFrom:"
      ),
      (
        "Config.swift",
        """
        class ConfigViewController: UIViewController {
          override func viewDidLoad() {
            super.viewDidLoad()
            let settings = Settings.load(from: "fx.json")
            let e = CAEmitterLayer()
            e.emitterCells = [makeCell(from: settings)]
            view.layer.addSublayer(e)
          }
          func makeCell(from settings: Settings) -> CAEmitterCell {
            let c = CAEmitterCell()
            c.birthRate = 30
            c.velocity = settings.speed
            c.lifetime = 2
            return c
          }
        }
        """, "makeCell"
      ),
    ])
  func unknownArgument(name: String, code: String, function: String) throws {
    let file = try temporaryFile(name, contents: code)
    let (transcript, session) = importTranscript("import \"\(file)\"\nstep 1\n")
    #expect(
      transcript.contains("\(function) runs without an argument that is not known here"),
      "\(transcript)")
    let model = session.scene.model
    let rate = try model.resolveProperty("e.emitterCells.c.birthRate")
    let life = try model.resolveProperty("e.emitterCells.c.lifetime")
    #expect(model.value(rate) == .number(30), "\(transcript)")
    #expect(model.value(life) == .number(2))
    #expect(transcript.contains("skipped: c.velocity"), "\(transcript)")
  }

  @Test(
    "an initializer that only traps never runs; one with defaults runs with them, and an action's declared defaults are its parameters' defaults"
  )
  func initializerDefaults() throws {
    let code = """
      class Sprinkle: UIView {
        let emitter = CAEmitterLayer()
        init(amount: Float = 12, spread: CGFloat = .pi) {
          super.init(frame: .zero)
          let c = CAEmitterCell()
          c.birthRate = amount
          c.emissionRange = spread
          c.lifetime = 2
          emitter.emitterCells = [c]
          layer.addSublayer(emitter)
        }
        @available(*, unavailable)
        required init?(coder: NSCoder) {
          fatalError("init(coder:) has not been implemented")
        }
        func start(rate: Float = 1, stopAfter: TimeInterval = 3) {
          emitter.birthRate = rate * 2
          emitter.lifetime = Float(stopAfter)
        }
      }
      """
    let file = try temporaryFile("Sprinkle.swift", contents: code)
    let (transcript, session) = importTranscript("import \"\(file)\"\nactions\n")
    // An initializer that only traps is not a choice the import made: it says nothing of it.
    #expect(!transcript.contains("skipped: init(coder:)"), "\(transcript)")
    let model = session.scene.model
    let rate = try model.resolveProperty("emitterLayer.emitterCells.c.birthRate")
    #expect(model.value(rate) == .number(12), "\(transcript)")
    #expect(
      transcript.contains(
        "action start (rate=1, stopAfter=3) { set emitterLayer.birthRate ($rate*2); set emitterLayer.lifetime $stopAfter }"
      ), "\(transcript)")
  }

  @Test("a root that nothing calls runs with its declared default arguments")
  func rootDefaults() throws {
    let code = """
      func addSnow(to view: UIView, rate: Float = 25) {
        let e = CAEmitterLayer()
        let c = CAEmitterCell()
        c.birthRate = rate
        c.lifetime = 3
        e.emitterCells = [c]
        view.layer.addSublayer(e)
      }
      """
    let file = try temporaryFile("Snowfall.swift", contents: code)
    let (transcript, session) = importTranscript("import \"\(file)\"\n")
    let rate = try session.scene.model.resolveProperty("e.emitterCells.c.birthRate")
    #expect(session.scene.model.value(rate) == .number(25), "\(transcript)")
  }

  @Test("asyncAfter's execute: block is scheduled, and a view removing itself takes its layers")
  func viewRemovesItself() throws {
    let code = """
      class Stardust: UIView {
        override init(frame: CGRect) {
          super.init(frame: frame)
          let e = CAEmitterLayer()
          let c = CAEmitterCell()
          c.birthRate = 50
          c.lifetime = 5
          e.emitterCells = [c]
          layer.addSublayer(e)
          DispatchQueue.main.asyncAfter(deadline: .now() + 0.5, execute: { e.birthRate = 0 })
          DispatchQueue.main.asyncAfter(deadline: .now() + 2, execute: {
            self.removeFromSuperview()
          })
        }
      }
      """
    let file = try temporaryFile("Stardust.swift", contents: code)
    let (transcript, session) = importTranscript(
      "import \"\(file)\"\nstep 1\nget e.birthRate\ncount e\n")
    #expect(transcript.hasSuffix("0\n25\n"), "\(transcript)")
    session.run(source: "step 1.5\n", file: "t.burst")
    #expect(session.scene.model.layerID(named: "e") == nil)
  }

  @Test("an action that replaces the setup's emitter leaves the setup's to the other actions")
  func actionReplacesSetupVariable() throws {
    let code = """
      class Sparks: UIView {
        var emitter = CAEmitterLayer()
        override init(frame: CGRect) {
          super.init(frame: frame)
          let c = CAEmitterCell()
          c.birthRate = 20
          c.lifetime = 2
          emitter.emitterCells = [c]
          layer.addSublayer(emitter)
        }
        func startSparks() {
          stopSparks()
          emitter = CAEmitterLayer()
          let c = CAEmitterCell()
          c.birthRate = 40
          c.lifetime = 2
          emitter.emitterCells = [c]
          layer.addSublayer(emitter)
        }
        func stopSparks() {
          emitter.birthRate = 0
        }
      }
      """
    let file = try temporaryFile("Sparks.swift", contents: code)
    let (transcript, session) = importTranscript(
      "import \"\(file)\"\nactions\nrun stopSparks\nrun startSparks\nstep 1\n")
    #expect(!transcript.contains("error:"), "\(transcript)")
    #expect(
      transcript.contains("action stopSparks { set emitterLayer.birthRate 0 }"), "\(transcript)")
    let model = session.scene.model
    let emitters = model.treeOrder.compactMap { model.layer($0) }.filter { $0.kind == .emitter }
    #expect(emitters.count == 2, "\(transcript)")
  }

  @Test("a value Burst refuses skips that assignment alone, with a warning at its line")
  func refusedValueIsSkipped() throws {
    let source = """
      let e = CAEmitterLayer()
      e.emitterShape = .hexagon
      e.birthRate = 3
      view.layer.addSublayer(e)
      """
    let file = try temporaryFile("Refused.swift", contents: source)
    let (transcript, session) = importTranscript("import \"\(file)\"")
    #expect(transcript.contains("Refused.swift:2:1: warning: skipped: e.emitterShape = .hexagon"))
    let model = session.scene.model
    let rate = try model.resolveProperty("e.birthRate")
    #expect(model.value(rate) == .number(3))
  }
}

@Suite("import: the Swift and Objective-C tokenizer")
struct SourceTokenizerTests {
  static let cases: [(source: String, tokens: [String])] = [
    ("cell.birthRate = 10", ["cell", ".", "birthRate", "=", "10"]),
    ("x = 0.5 // a comment", ["x", "=", "0.5"]),
    ("a /* one /* nested */ two */ b", ["a", "b"]),
    ("[UIImage imageNamed:@\"flake\"]", ["[", "UIImage", "imageNamed", ":", "flake", "]"]),
    ("for i in 0..<5", ["for", "i", "in", "0", "..<", "5"]),
    ("img?.cgImage", ["img", "?.", "cgImage"]),
    ("10.0f * -.5", ["10.0f", "*", "-", ".5"]),
    ("view.bounds.width / 2.0", ["view", ".", "bounds", ".", "width", "/", "2.0"]),
    ("func f() -> CAEmitterCell", ["func", "f", "(", ")", "->", "CAEmitterCell"]),
    ("@objc var x", ["@objc", "var", "x"]),
  ]

  @Test("tokens", arguments: cases.indices)
  func tokens(_ i: Int) {
    let c = Self.cases[i]
    #expect(SourceTokenizer.tokens(c.source).map(\.text) == c.tokens)
  }

  @Test("a token knows its line and column, and whether a line break comes before it")
  func positions() {
    let t = SourceTokenizer.tokens("let a = 1\n  a.b = 2")
    #expect(t[4].text == "a" && t[4].line == 2 && t[4].column == 3 && t[4].startsLine)
    #expect(!t[5].startsLine)
  }
}

@Suite("import: value expressions")
struct ImportExpressionTests {
  static func value(_ text: String, _ language: ImportLanguage = .swift) -> ImportValue? {
    let program = SourceProgram(source: text, language: language)
    let interpreter = ImportInterpreter(
      program: program, viewSize: Size(320, 240), now: 2.5, directory: "", fileName: "t.swift")
    return try? interpreter.expression(0..<program.tokens.count)
  }

  static let cases: [(text: String, language: ImportLanguage, value: ImportValue)] = [
    ("1 + 2 * 3", .swift, .number(7)),
    ("(1 + 2) * 3", .swift, .number(9)),
    ("-.pi / 2", .swift, .number(-.pi / 2)),
    ("CGFloat.pi * 2", .swift, .number(.pi * 2)),
    ("CGFloat(Double.pi / 4)", .swift, .number(.pi / 4)),
    ("M_PI_2", .objc, .number(.pi / 2)),
    ("(CGFloat)M_PI * 2.0f", .objc, .number(.pi * 2)),
    ("view.bounds.width / 2", .swift, .number(160)),
    ("view.frame.size.height", .swift, .number(240)),
    ("view.bounds.midY", .swift, .number(120)),
    ("self.view.bounds.size.width", .objc, .number(320)),
    ("CGRectGetMidX(self.view.bounds)", .objc, .number(160)),
    ("CGPoint(x: 10, y: 20)", .swift, .point(Point(10, 20))),
    ("CGPointMake(1, 2)", .objc, .point(Point(1, 2))),
    ("CGSize(width: 3, height: 4)", .swift, .size(Size(3, 4))),
    ("CGRect(x: 1, y: 2, width: 3, height: 4)", .swift, .rect(Rect(1, 2, 3, 4))),
    ("UIColor(red: 1, green: 0.5, blue: 0, alpha: 1).cgColor", .swift, .color(Color(1, 0.5, 0))),
    ("UIColor.red.cgColor", .swift, .color(Color(1, 0, 0))),
    ("UIColor(white: 0.5, alpha: 0.25)", .swift, .color(Color(0.5, 0.5, 0.5, 0.25))),
    ("[UIColor whiteColor].CGColor", .objc, .color(Color(1, 1, 1))),
    (
      "[UIColor colorWithRed:0.2 green:0.4 blue:0.6 alpha:1.0]", .objc,
      .color(Color(0.2, 0.4, 0.6))
    ),
    ("UIColor.white.withAlphaComponent(0.5)", .swift, .color(Color(1, 1, 1, 0.5))),
    (".circle", .swift, .constant(".circle")),
    ("kCAEmitterLayerLine", .objc, .constant("kCAEmitterLayerLine")),
    ("CAEmitterLayerEmitterShape.point", .swift, .constant(".point")),
    ("CACurrentMediaTime() + 0.2", .swift, .number(2.7)),
    ("[1, 2, 3]", .swift, .array([.number(1), .number(2), .number(3)])),
    ("@[@1, @2]", .objc, .array([.number(1), .number(2)])),
    ("0..<3", .swift, .array([.number(0), .number(1), .number(2)])),
    ("1...2", .swift, .array([.number(1), .number(2)])),
    ("Int(2.9)", .swift, .number(2)),
    // Every number type converts: Core Foundation's and the sized ones too.
    ("CFTimeInterval(2 + 5) + TimeInterval(0.5) + Float32(0.25)", .swift, .number(7.75)),
    ("UInt8(9.7) + Int16(-2.5) + NSInteger(3.9)", .swift, .number(10)),
    ("0x10", .swift, .number(16)),
    ("NSNumber(value: 3)", .swift, .number(3)),
    ("UIImage(named: \"spark\")?.cgImage", .swift, .image(.builtin("spark"))),
    ("UIImage(named: \"flake\")!.cgImage", .swift, .image(.builtin("snowflake"))),
    (
      "(__bridge id)[UIImage imageNamed:@\"hearts\"].CGImage", .objc, .image(.builtin("heart.fill"))
    ),
    ("MAX(MIN(1.7, 1.0), 0.1)", .objc, .number(1)),
    ("powf(2, 3) + fabsf(-1) + sqrtf(4) + floorf(1.5)", .objc, .number(12)),
    ("atan2(0, 1) + tan(0) + roundf(0.6)", .swift, .number(1)),
    ("atan(1) * 4 - acos(-1) + asinf(0) + truncf(-2.5) + hypot(3, 4)", .swift, .number(3)),
    ("exp(0) + log(1) + log2(8) + log10f(100) + cbrt(27) + fmod(7, 4)", .objc, .number(12)),
    (
      "CGFloat(17).truncatingRemainder(dividingBy: 5) + 2.5.rounded(.down) + 9.squareRoot()",
      .swift,
      .number(7)
    ),
    ("(7.0).remainder(dividingBy: 4) + (-3.5).magnitude + 2.5.rounded()", .swift, .number(5.5)),
    ("UIImage(named: \"coin\")!.cgImage", .swift, .image(.builtin("coin"))),
    ("UIImage(named: \"sakura_petal\")!.cgImage", .swift, .image(.builtin("petal"))),
    ("UIImage(named: \"love_red-1\")!.cgImage", .swift, .image(.builtin("heart.fill"))),
    // A built-in image's own name (what `export` writes) is that image.
    ("(__bridge id)[UIImage imageNamed:@\"heart\"].CGImage", .objc, .image(.builtin("heart"))),
    // Too many whole numbers to list: the range by its first and last (for `random(in:)`).
    ("0..<100000", .swift, .range(0, 99999)),
  ]

  @Test("expressions evaluate", arguments: cases.indices)
  func evaluates(_ i: Int) {
    let c = Self.cases[i]
    #expect(Self.value(c.text, c.language) == c.value, "\(c.text)")
  }

  // Random values are drawn, not refused (ImportFormsTests).
  static let refused = ["1 / 0", "someView.bounds", "{ 3 }"]

  @Test("expressions it cannot work out are refused, not guessed", arguments: refused)
  func refuses(_ text: String) {
    #expect(Self.value(text) == nil)
  }
}
