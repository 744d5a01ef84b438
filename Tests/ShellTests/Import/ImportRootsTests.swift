import Core
import Foundation
import TestSupport
import Testing

@testable import Shell

/// Files whose building code nothing in them calls: the roots run at import
/// (docs/import.md, "What runs", 5 and 6).
@Suite("import: the roots that build run at import")
struct ImportRootsTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let file: String
    /// What the construct is.
    let shape: String
    /// The root that must have run, as the warning names it.
    let ran: String
    let emitters: Int
    let cells: Int
    var testDescription: String { "\(file): \(shape)" }
  }

  static let cases: [Case] = [
    Case(
      file: "GlitterExtension.swift", shape: "a UIView extension method with parameters",
      ran: "ran addGlitter(imageName:at:) at import with imageName = 'imageName', point = the"
        + " view's centre", emitters: 1, cells: 1),
    Case(
      file: "DriftFactory.m",
      shape: "a class method returning an emitter, NSArray and NSMutableArray forms",
      ran: "ran driftEmitterAt:size: at import with position = the view's centre, size = the"
        + " view's size", emitters: 1, cells: 3),
    Case(
      file: "BadgeEmitterLayer.swift",
      shape: "an emitter subclass's setup method given the layer to configure",
      ran: "ran prepare(_:) at import with layer = the layer itself", emitters: 1, cells: 1),
    Case(
      file: "FrostCell.swift", shape: "a file holding only a CAEmitterCell subclass",
      ran: "made one FrostCell at import: nothing in the file makes one", emitters: 1, cells: 1),
    Case(
      file: "ImageSizedSource.swift",
      shape: "an emitter sized from the image it is given (image.size, image.size.width)",
      ran: "ran make(at:image:) at import with position = the view's centre, image = the image",
      emitters: 1, cells: 1),
    Case(
      file: "SpiralTouchView.m",
      shape: "a -setup that only configures an emitter a superclass of another file gives",
      ran: "ran setup at import: nothing in the file calls it", emitters: 1, cells: 1),
    Case(
      file: "SparkMaker.swift",
      shape: "a factory given a cell's birth rate, lifetime and speed by its caller",
      ran: "ran make(birthRate:lifetime:speed:) at import with birthRate = 10, lifetime = 3,"
        + " speed = 100", emitters: 1, cells: 1),
    Case(
      file: "HaloConfigurator.swift",
      shape: "a helper that configures an emitter its caller passes in",
      ran: "ran apply(to:tint:) at import with emitter = a new CAEmitterLayer at the view's"
        + " centre", emitters: 1, cells: 1),
    Case(
      file: "SparkCell.swift", shape: "a file holding only a function that returns a cell",
      ran: "ran makeSparkCell() at import", emitters: 1, cells: 1),
    Case(
      file: "RainRepresentable.swift", shape: "a SwiftUI makeUIView(context:)",
      ran: "ran makeUIView(context:) at import", emitters: 1, cells: 1),
    Case(
      file: "TwinkleProtocol.swift",
      shape: "a protocol extension adding to the window, its requirement declared above",
      ran: "ran twinkle() at import: nothing in the file calls it", emitters: 1, cells: 1),
    Case(
      file: "BannerRepresentable.swift",
      shape: "a SwiftUI makeUIView(context:) returning a plain view, which fills the scene",
      ran: "ran makeUIView(context:) at import", emitters: 1, cells: 1),
    Case(
      file: "BurstOnTap.swift", shape: "an event-like method that builds, when nothing else does",
      ran: "ran startPop() at import: nothing else builds an emitter", emitters: 1, cells: 1),
    Case(
      file: "SprinkleKit.swift",
      shape: "a UIView method sharing its name (not its labels) with the static function it"
        + " calls, which makes several instances of the file's CAEmitterLayer subclass",
      ran:
        "SprinkleKit.swift:42:15: warning: ran sprinkle(style:) at import: nothing in the file calls",
      emitters: 3, cells: 3),
    Case(
      file: "LanternLayers.m",
      shape: "an Objective-C CAEmitterLayer subclass made twice by a view controller (alloc and"
        + " initWith…, and the class's factory), each set up through self",
      ran: "imported LanternLayers.m: 2 emitters, 2 cells", emitters: 2, cells: 2),
    Case(
      file: "PopperView.swift",
      shape: "cases with associated values made and read through switch self with case let",
      ran: "ran demo() at import: nothing in the file calls it", emitters: 1, cells: 2),
    Case(
      file: "SkylineView.swift",
      shape: "a helper setting up stored layers, overloads by label, ?? on a nil optional, a"
        + " closure scheduled with execute:, an if on the view's sublayers",
      ran: "ran prepare() at import: nothing in the file calls it", emitters: 2, cells: 3),
  ]

  @Test("a layer the setup removes by its name before adding another is not on screen")
  func setupRemovesByName() throws {
    let source = """
      import UIKit
      class GlowView: UIView {
        override init(frame: CGRect) {
          super.init(frame: frame)
          let first = CAEmitterLayer()
          first.name = "glow"
          layer.addSublayer(first)
          for old in layer.sublayers ?? [] where old.name == "glow" { old.removeFromSuperlayer() }
          let e = CAEmitterLayer()
          e.birthRate = 3
          layer.addSublayer(e)
        }
      }

      """
    let path = try temporaryFile("glow.swift", contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\"\n")
    let model = session.scene.model
    let layers = model.treeOrder.compactMap { model.layer($0) }.filter { $0.kind == .emitter }
    #expect(layers.map(\.name) == ["e"], "\(transcript)")
    #expect(
      transcript.contains("this CAEmitterLayer is removed by the setup (line 8) before it shows"),
      "\(transcript)")
    #expect(!transcript.contains("not understood"), "\(transcript)")
  }

  @Test("an action that removes layers by a name and adds one of that name leaves one per run")
  func actionReplacesByName() throws {
    let source = """
      import UIKit
      class GlowView: UIView {
        override init(frame: CGRect) {
          super.init(frame: frame)
          let e = CAEmitterLayer()
          e.name = "glow"
          layer.addSublayer(e)
        }
        @objc func again() {
          for old in layer.sublayers ?? [] where old.name == "glow" { old.removeFromSuperlayer() }
          let e = CAEmitterLayer()
          e.name = "glow"
          e.birthRate = 2
          layer.addSublayer(e)
        }
      }

      """
    let path = try temporaryFile("glow.swift", contents: source)
    let (transcript, session) = importTranscript(
      "import \"\(path)\"\nrun again\nrun again\nrun again\n")
    let model = session.scene.model
    let layers = model.treeOrder.compactMap { model.layer($0) }.filter { $0.kind == .emitter }
    #expect(layers.count == 1, "\(transcript)")
    #expect(layers.first?.emitter.birthRate == 2, "\(transcript)")
  }

  @Test("a base class the file subclasses runs with its first subclass's overrides")
  func baseShownAsItsSubclass() throws {
    let source = """
      import UIKit
      class WeatherView: UIView {
        let emitter = CAEmitterLayer()
        var rate: Float { 0 }
        override init(frame: CGRect) {
          super.init(frame: frame)
          setUp()
          layer.addSublayer(emitter)
        }
        func setUp() {
          let c = CAEmitterCell()
          c.name = "drop"
          c.birthRate = rate
          emitter.emitterCells = [c]
        }
      }
      final class SnowView: WeatherView {
        override var rate: Float { 20 }
        override func setUp() {
          super.setUp()
          emitter.emitterShape = .line
        }
      }
      final class RainView: WeatherView {
        override var rate: Float { 90 }
      }

      """
    let path = try temporaryFile("weather.swift", contents: source)
    let (transcript, session) = importTranscript(
      "import \"\(path)\"\nget emitterLayer.emitterCells.drop.birthRate\n"
        + "get emitterLayer.emitterShape\n")
    #expect(transcript.hasSuffix("\n20\nline\n"), "\(transcript)")
    #expect(
      transcript.contains(
        "17:13: warning: WeatherView is shown as SnowView, its first subclass here"),
      "\(transcript)")
    #expect(!transcript.contains("setUp() is not called"), "\(transcript)")
    _ = session
  }

  @Test("Objective-C's [super setup] in an override runs the file's superclass's method")
  func objcSuperCallsTheFilesBase() throws {
    let source = """
      @interface BaseSparkView : UIView
      @property (nonatomic, strong) CAEmitterLayer *spark;
      @end
      @implementation BaseSparkView
      - (instancetype)initWithFrame:(CGRect)frame {
        self = [super initWithFrame:frame];
        [self setup];
        return self;
      }
      - (void)setup {
        CAEmitterLayer *e = [CAEmitterLayer layer];
        CAEmitterCell *c = [CAEmitterCell emitterCell];
        c.name = @"spark";
        c.birthRate = 5;
        e.emitterCells = @[c];
        [self.layer addSublayer:e];
        self.spark = e;
      }
      @end
      @interface GoldSparkView : BaseSparkView
      @end
      @implementation GoldSparkView
      - (void)setup {
        [super setup];
        self.spark.birthRate = 3;
      }
      @end

      """
    let path = try temporaryFile("spark.m", contents: source)
    let (transcript, _) = importTranscript(
      "import \"\(path)\"\nget spark2.emitterCells.spark.birthRate\nget spark2.birthRate\n")
    #expect(transcript.hasSuffix("\n5\n3\n"), "\(transcript)")
  }

  /// ?? takes its fallback; an animation's duration from an action's parameter is that
  /// parameter.
  @Test("a root given an array of another file's type gets one item not known here")
  func foreignElementStandIn() throws {
    let source = """
      import UIKit
      final class ShowLayer: CAEmitterLayer {
        func configure(with shells: [Shell]) {
          emitterCells = shells.map { shell in
            let c = CAEmitterCell()
            c.birthRate = shell.rate ?? 12
            c.lifetime = 2
            return c
          }
        }
        func launch(duration: CFTimeInterval = 2) {
          let fade = CABasicAnimation(keyPath: "birthRate")
          fade.fromValue = 1
          fade.toValue = 0
          fade.duration = duration
          add(fade, forKey: "fade")
        }
      }

      """
    let path = try temporaryFile("show.swift", contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\"\nactions\n")
    #expect(
      transcript.contains("with shells = an array of one Shell of another file"), "\(transcript)")
    #expect(
      transcript.contains(
        "action launch (duration=2) { animate emitterLayer.birthRate from 1 to 0"
          + " duration $duration key fade }"), "\(transcript)")
    let cells = session.scene.model.treeOrder.compactMap { session.scene.model.layer($0) }
      .flatMap(\.cells)
    #expect(cells.map(\.birthRate) == [12], "\(transcript)")
  }

  @Test("a root given the file's enumeration gets its first case, its values stood in")
  func enumerationStandIn() throws {
    let source = """
      import UIKit
      enum Piece {
        case ribbon(UIColor?, count: Int)
        case coin(Float)
      }
      class V: UIView {
        func throwPieces(_ pieces: [Piece]) {
          let e = CAEmitterLayer()
          e.emitterCells = pieces.map { piece in
            let c = CAEmitterCell()
            switch piece {
            case let .ribbon(color?, count): c.birthRate = Float(count) * 3; c.color = color.cgColor
            case .coin(let rate): c.birthRate = rate
            }
            return c
          }
          layer.addSublayer(e)
        }
      }

      """
    let path = try temporaryFile("pieces.swift", contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\"\nstep 1\n")
    #expect(
      transcript.contains("with pieces = an array of one: Piece.ribbon(…)"), "\(transcript)")
    let cells = session.scene.model.treeOrder.compactMap { session.scene.model.layer($0) }
      .flatMap(\.cells)
    #expect(cells.map(\.birthRate) == [3], "\(transcript)")
  }

  @Test("each root builds its emitter, which emits, and the import says what ran", arguments: cases)
  func root(c: Case) throws {
    let path = "\(importCorpus)/Roots/\(c.file)"
    let (transcript, session) = importTranscript("import \"\(path)\" view 320x240\nstep 1\n")
    #expect(!transcript.contains("error:"), "\(transcript)")
    #expect(transcript.contains(c.ran), "\(transcript)")
    let model = session.scene.model
    let emitters = model.treeOrder.filter { model.layer($0)?.kind == .emitter }
    #expect(emitters.count == c.emitters, "\(transcript)")
    func count(_ cells: [EmitterCell]) -> Int { cells.reduce(0) { $0 + 1 + count($1.cells) } }
    let cells = emitters.reduce(0) { n, id in n + count(model.layer(id)?.cells ?? []) }
    #expect(cells == c.cells, "\(transcript)")
    let live = session.scene.stats().reduce(0) { $0 + $1.live }
    #expect(live > 0, "\(transcript)")
  }

  @Test("a root that only winds the stored emitter down stays an action; one that sets it up runs")
  func windingDownRootStaysAction() throws {
    let path = "\(importCorpus)/Roots/FadingSnowView.swift"
    let (transcript, session) = importTranscript(
      "import \"\(path)\" view 320x240\nactions\nstep 1\nget snow.opacity\n")
    #expect(transcript.contains("ran placeSnow() at import"), "\(transcript)")
    #expect(
      transcript.contains(
        "action fadeAway { set snow.opacity 0 ifPresent; after 0.5 remove snow ifPresent }"),
      "\(transcript)")
    #expect(transcript.hasSuffix("\n1\n"), "\(transcript)")
    let live = session.scene.stats().reduce(0) { $0 + $1.live }
    #expect(live > 0, "\(transcript)")
  }

  @Test("an action's CAEmitterLayer parameter makes no emitter of its own")
  func actionEmitterParameterMakesNothing() throws {
    // The stand-in emitter is a root's, run at import; an action's parameter (a setter the
    // app calls with its own emitter) added an empty second emitter to the scene.
    let source = [
      "import UIKit", "final class V: UIView {", "  var shown: CAEmitterLayer?",
      "  override init(frame: CGRect) {", "    super.init(frame: frame)",
      "    let e = CAEmitterLayer()", "    let c = CAEmitterCell()", "    c.birthRate = 5",
      "    e.emitterCells = [c]", "    layer.addSublayer(e)", "  }",
      "  func setShown(_ emitter: CAEmitterLayer) {", "    emitter.birthRate = 2",
      "    shown = emitter", "  }", "}", "",
    ].joined(separator: "\n")
    let path = try temporaryFile("Shown.swift", contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\"\n")
    let model = session.scene.model
    let emitters = model.treeOrder.filter { model.layer($0)?.kind == .emitter }
    #expect(emitters.count == 1, "\(transcript)")
  }

  @Test("an event-like root stays an action while the setup builds an emitter")
  func eventRootStaysAction() throws {
    let source = """
      import UIKit
      class V: UIView {
        let e = CAEmitterLayer()
        override func layoutSubviews() {
          let c = CAEmitterCell()
          c.birthRate = 5
          e.emitterCells = [c]
          layer.addSublayer(e)
        }
        func startMore() {
          e.birthRate = 2
        }
      }

      """
    let path = try temporaryFile("setup.swift", contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\"\n")
    #expect(!transcript.contains("ran startMore"), "\(transcript)")
    #expect(session.actions.map(\.name) == ["startMore"], "\(transcript)")
  }

  @Test(
    "plausible arguments by type and name",
    arguments: [
      ("CGPoint", "where", "the view's centre"), ("", "position", "the view's centre"),
      ("CGSize", "s", "the view's size"), ("CGRect", "r", "the view's bounds"),
      ("UIView", "host", "the view"), ("UIColor", "c", "white"), ("Bool", "on", "true"),
      ("CGFloat", "k", "1"), ("UIPanGestureRecognizer", "g", "-"), ("Set<UITouch>", "t", "-"),
      ("String", "imagename", "'imagename'"), ("String", "title", "'★'"),
      ("[UIColor]", "palette", "an array of one: white"),
      ("Array<CGPoint>", "spots", "an array of one: the view's centre"),
      ("NSArray *", "colors", "an array of one: white"),
    ])
  func plausible(type: String, name: String, described: String) throws {
    let program = SourceProgram(source: "", language: .swift)
    let interpreter = ImportInterpreter(
      program: program, viewSize: Size(320, 240), now: 0, directory: "", fileName: "x.swift")
    let at = SourceToken(kind: .identifier, text: "f", line: 1, column: 1)
    let (_, text) = interpreter.plausibleArgument(type: type, name: name, at: at)
    #expect((text ?? "-") == described)
  }
}

/// Event handlers that build the effect each time they run (docs/import.md, "Actions").
@Suite("import: actions that build layers")
struct ImportBuildingActionTests {
  @Test(
    "a handler that builds becomes an action run once at import, and each run builds anew",
    arguments: [
      ("PopButtonController.swift", "celebrateTapped", "burst", 2),
      ("LikeBurstViewController.m", "likeClick", "emitterLayer", 3),
    ])
  func builds(file: String, action: String, layer: String, cells: Int) {
    let path = "\(importCorpus)/Actions/\(file)"
    let (transcript, session) = importTranscript(
      "import \"\(path)\"\nstep 0.1\nrun \(action)\nstep 0.1\n")
    #expect(!transcript.contains("error:"), "\(transcript)")
    #expect(transcript.contains("runs once, as a first event would"), "\(transcript)")
    let model = session.scene.model
    let emitters = model.treeOrder.compactMap { model.layer($0) }.filter { $0.kind == .emitter }
    #expect(emitters.map(\.name) == [layer, layer + "2"], "\(transcript)")
    #expect(emitters.allSatisfy { $0.cells.count == cells }, "\(transcript)")
    let live = session.scene.stats().reduce(0) { $0 + $1.live }
    #expect(live > 0, "\(transcript)")
  }

  @Test("the layer a handler built is removed by its own scheduled block")
  func removesItsOwn() {
    let path = "\(importCorpus)/Actions/PopButtonController.swift"
    let (transcript, session) = importTranscript(
      "import \"\(path)\"\nstep 1\nrun celebrateTapped\nstep 1.5\n")
    let model = session.scene.model
    let names = model.treeOrder.compactMap { model.layer($0) }.filter { $0.kind == .emitter }
      .map(\.name)
    #expect(names == ["burst2"], "\(transcript)")
  }
}

/// An `async` handler that pauses (`try await Task.sleep(for:)`): what follows the pause is
/// the action's `after` block (docs/import.md, "Later").
@Suite("import: a pause inside an action")
struct ImportPausingActionTests {
  @Test("what follows Task.sleep in an async handler happens that long after the run")
  func pause() {
    let path = "\(importCorpus)/Actions/CountdownSparkView.swift"
    let (transcript, session) = importTranscript(
      "import \"\(path)\" view 200x200\nactions\nrun ignite\nstep 1.5\n")
    #expect(!transcript.contains("warning"), "\(transcript)")
    #expect(transcript.contains("after 2 set fountain.birthRate 0"), "\(transcript)")
    let fountain = session.scene.model.layerID(named: "fountain").flatMap {
      session.scene.model.layer($0)
    }
    #expect(fountain?.emitter.birthRate == 1, "\(transcript)")
    _ = session.run(source: "step 1", file: "more.burst")
    let later = session.scene.model.layerID(named: "fountain").flatMap {
      session.scene.model.layer($0)
    }
    #expect(later?.emitter.birthRate == 0, "\(transcript)")
  }
}

/// An action that gives an emitter of the setup its cells (`emitterCells = [puff]` in a
/// `start` method): they replace the emitter's cells each time it runs.
@Suite("import: an action that gives an emitter cells")
struct ImportCellsActionTests {
  @Test("the action's cells replace the emitter's on every run; it runs once at import")
  func replaces() {
    let path = "\(importCorpus)/Actions/PuffLayer.swift"
    let (transcript, session) = importTranscript(
      "import \"\(path)\" view 200x200\nactions\nstep 0.5\nrun start\nstep 0.5\nrun start\nstep 0.5\n"
    )
    #expect(!transcript.contains("error:"), "\(transcript)")
    #expect(
      transcript.contains(
        "remove emitterLayer.emitterCells.puff ifPresent; cell emitterLayer puff"), "\(transcript)")
    #expect(transcript.contains("runs once, as a first event would"), "\(transcript)")
    let model = session.scene.model
    let emitter = model.treeOrder.compactMap { model.layer($0) }.first { $0.kind == .emitter }
    #expect(emitter?.cells.map(\.name) == ["puff"], "\(transcript)")
    // Set after the cells were given: a change of the new cell, not lost.
    #expect(emitter?.cells.first?.scale == 0.5, "\(transcript)")
    let live = session.scene.stats().reduce(0) { $0 + $1.live }
    #expect(live > 0, "\(transcript)")
  }
}

/// A property set through an optional (`confetti?.birthRate = 0`) on a layer only another
/// action builds: `set … ifPresent`, so running the stop before the start does nothing.
@Suite("import: a layer another action builds is reached through its optional")
struct ImportOptionalLayerTests {
  @Test("stop before start does nothing, and after start it stops what start made")
  func stopBeforeStart() {
    let path = "\(importCorpus)/Actions/StartStopConfettiView.swift"
    let (transcript, session) = importTranscript(
      "import \"\(path)\" view 200x200\nactions\nrun stopConfetti\nrun startConfetti\n"
        + "step 0.5\nrun stopConfetti\n")
    #expect(!transcript.contains("error:"), "\(transcript)")
    // Named by the property that keeps it, `confetti` (its local, `emitter`, is a command word).
    #expect(transcript.contains("set $confetti.birthRate 0 ifPresent"), "\(transcript)")
    let model = session.scene.model
    let made = model.layerID(named: "confetti").flatMap { model.layer($0) }
    #expect(made?.emitter.birthRate == 0, "\(transcript)")
  }

  @Test(
    "an emitter a lazy getter makes for layoutSubviews is the one emitter: its cell helper does not run alone first"
  )
  func layoutBuiltEmitterCounts() throws {
    let source = """
      @interface BubbleView ()
      @property (nonatomic, strong) CAEmitterLayer *emitterLayer;
      @end
      @implementation BubbleView
      - (CAEmitterLayer *)emitterLayer {
        if (!_emitterLayer) {
          _emitterLayer = [CAEmitterLayer layer];
          NSMutableArray *cells = [NSMutableArray array];
          for (NSString *name in @[@"one", @"two"]) {
            [cells addObject:[self cellWithImageName:name]];
          }
          _emitterLayer.emitterCells = cells;
        }
        return _emitterLayer;
      }
      - (CAEmitterCell *)cellWithImageName:(NSString *)name {
        CAEmitterCell *cell = [CAEmitterCell emitterCell];
        cell.name = name;
        cell.birthRate = 3;
        return cell;
      }
      - (void)layoutSubviews {
        [super layoutSubviews];
        if (!self.emitterLayer.superlayer) {
          [self.layer addSublayer:self.emitterLayer];
        }
      }
      @end
      """
    let file = try temporaryFile("BubbleView.m", contents: source)
    let (transcript, session) = importTranscript("import \"\(file)\"")
    #expect(transcript.contains("imported BubbleView.m: 1 emitter, 2 cells"), "\(transcript)")
    #expect(!transcript.contains("ran cellWithImageName:"), "\(transcript)")
    let model = session.scene.model
    #expect(
      model.treeOrder.compactMap { model.layer($0) }.filter { $0.kind == .emitter }.count == 1)
  }

  @Test(
    "set … ifPresent sets nothing when the layer is not there, and sets it when it is",
    arguments: [
      ("set burst.birthRate 3 ifPresent\nget burst.birthRate\n", "unknown layer 'burst'"),
      ("emitter burst\nset burst.birthRate 3 ifPresent\nget burst.birthRate\n", "3\n"),
      ("emitter burst\nset burst birthRate=2 ifPresent\nget burst.birthRate\n", "2\n"),
    ])
  func setIfPresent(script: String, ends: String) {
    let (transcript, _) = importTranscript(script)
    #expect(transcript.contains(ends), "\(transcript)")
    // Only the `get` of a missing layer errs; the set itself does not.
    #expect(!transcript.contains("-e:1:") && !transcript.contains("test.burst:1:"), "\(transcript)")
  }
}

/// Touch and gesture handlers: the place of the touch is the action's `point` parameter.
@Suite("import: touch handlers are actions with a point")
struct ImportTouchActionTests {
  @Test("Swift 1's touches.anyObject() as UITouch is the touch, its locationInView the point")
  func swiftOneTouch() throws {
    let path = try temporaryFile(
      "Touch.swift",
      contents: """
        import UIKit
        class TouchViewController: UIViewController {
          var spark: CAEmitterLayer!
          override func viewDidLoad() {
            super.viewDidLoad()
            spark = CAEmitterLayer()
            view.layer.addSublayer(spark)
          }
          override func touchesBegan(touches: NSSet, withEvent event: UIEvent) {
            let touch = touches.anyObject() as UITouch
            spark.emitterPosition = touch.locationInView(self.view)
          }
        }

        """)
    let (transcript, _) = importTranscript(
      "import \"\(path)\" view 200x200\nrun touchesBegan 20,30\nget spark.emitterPosition\n")
    #expect(!transcript.contains("warning"), "\(transcript)")
    #expect(transcript.hasSuffix("\n20,30\n"), "\(transcript)")
  }

  /// A view controller (Swift, then Objective-C) that wires a button, a double-tap gesture and
  /// a notification to its methods, and performs one of them at once.
  static let wired = [
    (
      "Wired.swift",
      """
      import UIKit
      class WiredViewController: UIViewController {
        let emitter = CAEmitterLayer()
        override func viewDidLoad() {
          super.viewDidLoad()
          let c = CAEmitterCell()
          c.name = "heart"
          c.lifetime = 2
          emitter.emitterCells = [c]
          view.layer.addSublayer(emitter)
          let button = UIButton(type: .system)
          view.addSubview(button)
          button.addTarget(self, action: #selector(likeTapped(_:)), for: .touchUpInside)
          let tap = UITapGestureRecognizer(target: self, action: #selector(self.handleTap(_:)))
          tap.numberOfTapsRequired = 2
          tap.delegate = self
          view.addGestureRecognizer(tap)
          NotificationCenter.default.addObserver(
            self, selector: #selector(likeTapped(_:)), name: UIApplication.didBecomeActiveNotification,
            object: nil)
          perform(#selector(pause))
        }
        @objc func likeTapped(_ sender: UIButton) {
          emitter.setValue(30, forKeyPath: "emitterCells.heart.birthRate")
        }
        @objc func handleTap(_ g: UITapGestureRecognizer) {
          emitter.emitterPosition = g.location(in: view)
        }
        @objc func pause() { emitter.birthRate = 0.5 }
      }

      """
    ),
    (
      "Wired.m",
      """
      #import <UIKit/UIKit.h>
      @interface WiredViewController : UIViewController
      @property (nonatomic, strong) CAEmitterLayer *emitter;
      @end
      @implementation WiredViewController
      - (void)viewDidLoad {
        [super viewDidLoad];
        self.emitter = [CAEmitterLayer layer];
        CAEmitterCell *c = [CAEmitterCell emitterCell];
        c.name = @"heart";
        c.lifetime = 2;
        self.emitter.emitterCells = @[c];
        [self.view.layer addSublayer:self.emitter];
        UIButton *button = [UIButton buttonWithType:UIButtonTypeCustom];
        [self.view addSubview:button];
        [button addTarget:self action:@selector(likeTapped:) forControlEvents:UIControlEventTouchUpInside];
        UITapGestureRecognizer *tap = [[UITapGestureRecognizer alloc] initWithTarget:self
                                                                              action:@selector(handleTap:)];
        tap.numberOfTapsRequired = 2;
        [self.view addGestureRecognizer:tap];
        [self performSelector:@selector(pause)];
      }
      - (void)likeTapped:(UIButton *)sender {
        [self.emitter setValue:@30 forKeyPath:@"emitterCells.heart.birthRate"];
      }
      - (void)handleTap:(UITapGestureRecognizer *)g {
        self.emitter.emitterPosition = [g locationInView:self.view];
      }
      - (void)pause {
        self.emitter.birthRate = 0.5;
      }
      @end

      """
    ),
  ]

  @Test(
    "event wiring (a target, a gesture and its settings, an observer) is passed over without a word; perform(_:) runs the method now",
    arguments: wired.map(\.0))
  func eventWiring(file: String) throws {
    let source = try #require(Self.wired.first { $0.0 == file }?.1)
    let path = try temporaryFile(file, contents: source)
    let (transcript, _) = importTranscript(
      "import \"\(path)\" view 200x200\nget emitterLayer.birthRate\nrun likeTapped\n"
        + "get emitterLayer.emitterCells.heart.birthRate\nrun handleTap 20,30\n"
        + "get emitterLayer.emitterPosition\n")
    #expect(!transcript.contains("warning"), "\(transcript)")
    #expect(transcript.hasSuffix("\n0.5\n30\n20,30\n"), "\(transcript)")
  }

  @Test(
    "a touch's location is $point, run gives it, and the default is the view's centre",
    arguments: [
      ("TouchRingViewController.m", "touchesBegan", "ring"),
      ("DragSparkView.swift", "handlePan", "spark"),
      ("FlurryTouchController.swift", "touchesBegan", "flurry"),
    ])
  func touch(file: String, action: String, layer: String) {
    let path = "\(importCorpus)/Actions/\(file)"
    let (transcript, session) = importTranscript(
      "import \"\(path)\" view 200x200\nactions\nrun \(action) 30,40\nstep 0.2\n")
    #expect(transcript.contains("action \(action) (point=100,100) {"), "\(transcript)")
    let model = session.scene.model
    let emitter = model.treeOrder.compactMap { model.layer($0) }.first { $0.kind == .emitter }
    #expect(emitter?.name == layer, "\(transcript)")
    #expect(emitter?.emitter.emitterPosition == Point(30, 40), "\(transcript)")
    let live = session.scene.stats().reduce(0) { $0 + $1.live }
    #expect(live > 0, "\(transcript)")
  }

  @Test(
    "a pan handler that switches on its state becomes an action per state: began, changed, ended",
    arguments: ["swift", "m"])
  func gestureStates(ext: String) throws {
    let swift = """
      import UIKit
      class DragView: UIView {
        let trail = CAEmitterLayer()
        override func awakeFromNib() {
          super.awakeFromNib()
          let c = CAEmitterCell()
          c.name = "dot"
          trail.emitterCells = [c]
          layer.addSublayer(trail)
        }
        @objc func handlePan(_ gesture: UIPanGestureRecognizer) {
          let point = gesture.location(in: self)
          switch gesture.state {
          case .began:
            trail.emitterPosition = point
            trail.birthRate = 2
          case .changed:
            trail.emitterPosition = point
          case .ended, .cancelled:
            trail.birthRate = 0
          default:
            break
          }
        }
      }
      """
    let objc = """
      @implementation DragView
      - (void)awakeFromNib {
        [super awakeFromNib];
        self.trail = [CAEmitterLayer layer];
        [self.layer addSublayer:self.trail];
      }
      - (void)handlePan:(UIPanGestureRecognizer *)gesture {
        CGPoint point = [gesture locationInView:self];
        if (gesture.state == UIGestureRecognizerStateBegan) {
          self.trail.emitterPosition = point;
          self.trail.birthRate = 2;
        } else if (gesture.state == UIGestureRecognizerStateChanged) {
          self.trail.emitterPosition = point;
        } else if (gesture.state == UIGestureRecognizerStateEnded) {
          self.trail.birthRate = 0;
        }
      }
      @end
      """
    let file = try temporaryFile("DragView.\(ext)", contents: ext == "m" ? objc : swift)
    let (transcript, session) = importTranscript(
      "import \"\(file)\" view 200x200\nactions\nrun handlePan 30,40\nrun handlePanChanged 50,60\n")
    #expect(
      transcript.contains(
        "action handlePan (point=100,100) { set trail.emitterPosition $point; set trail.birthRate 2 }"
      ), "\(transcript)")
    #expect(
      transcript.contains(
        "action handlePanChanged (point=100,100) { set trail.emitterPosition $point }"),
      "\(transcript)")
    #expect(transcript.contains("action handlePanEnded { set trail.birthRate 0 }"), "\(transcript)")
    let model = session.scene.model
    let trail = model.layerID(named: "trail").flatMap { model.layer($0) }
    #expect(trail?.emitter.emitterPosition == Point(50, 60), "\(transcript)")
  }

  @Test("an override that calls super's, viewWillLayoutSubviews, runs as the layout it is")
  func layoutOverrideCallingSuper() throws {
    let source = """
      import UIKit
      class VC: UIViewController {
        let e = CAEmitterLayer()
        override func viewDidLoad() {
          super.viewDidLoad()
          let c = CAEmitterCell()
          c.birthRate = 5
          e.emitterCells = [c]
          view.layer.addSublayer(e)
        }
        override func viewWillLayoutSubviews() {
          super.viewWillLayoutSubviews()
          e.emitterPosition = CGPoint(x: view.bounds.midX, y: view.bounds.maxY)
        }
      }

      """
    let file = try temporaryFile("VC.swift", contents: source)
    let (transcript, _) = importTranscript("import \"\(file)\"\nget e.emitterPosition\nactions\n")
    #expect(transcript.hasSuffix("195,844\nno actions\n"), "\(transcript)")
    #expect(!transcript.contains("warning"), "\(transcript)")
  }

  @Test("a helper the file calls with its emitter leaves no stand-in emitter behind")
  func noStandInForCalledHelper() throws {
    let source = """
      #import "BurstController.h"
      @implementation BurstController
      - (IBAction)burst:(id)sender {
        CAEmitterCell *dot = [CAEmitterCell emitterCell];
        dot.name = @"dot";
        dot.lifetime = 5;
        CAEmitterLayer *emitter = [CAEmitterLayer layer];
        emitter.emitterCells = @[dot];
        [self.view.layer addSublayer:emitter];
        startBurst(emitter);
      }
      void startBurst(CAEmitterLayer *layer) {
        CABasicAnimation *a = [CABasicAnimation animationWithKeyPath:@"emitterCells.dot.birthRate"];
        a.fromValue = @40;
        a.toValue = @0;
        [layer addAnimation:a forKey:@"burst"];
      }
      @end

      """
    let file = try temporaryFile("BurstController.m", contents: source)
    let (transcript, session) = importTranscript("import \"\(file)\"\nactions\n")
    #expect(transcript.contains("imported BurstController.m: 1 emitter,"), "\(transcript)")
    #expect(transcript.contains("emitterCells.dot.birthRate from 40 to 0"), "\(transcript)")
    #expect(session.scene.model.root.sublayers.count == 1, "\(transcript)")
  }

  @Test("the first event to run once is one that builds, not a stop that comes before it")
  func stopBeforeBegin() throws {
    let source = """
      import UIKit
      class RibbonView: UIView {
        let ribbons = CAEmitterLayer()
        let ribbon = CAEmitterCell()
        override init(frame: CGRect) {
          super.init(frame: frame)
          ribbon.name = "ribbon"
          ribbon.lifetime = 4
          ribbons.emitterCells = [ribbon]
        }
        func stopEmitter() {
          ribbons.setValue(0, forKeyPath: "emitterCells.ribbon.birthRate")
        }
        func beginEmitter() {
          window?.layer.addSublayer(ribbons)
          ribbons.setValue(20, forKeyPath: "emitterCells.ribbon.birthRate")
        }
      }

      """
    let file = try temporaryFile("RibbonView.swift", contents: source)
    let (transcript, session) = importTranscript("import \"\(file)\"\n")
    #expect(transcript.contains("beginEmitter run once"), "\(transcript)")
    let model = session.scene.model
    let ribbons = model.layerID(named: "ribbons").flatMap { model.layer($0) }
    #expect(ribbons?.cells.first?.birthRate == 20, "\(transcript)")
  }

  @Test(
    "a setter UIKit calls is an action though its override calls super's",
    arguments: ["swift", "m"])
  func setterCallingSuper(ext: String) throws {
    let swift = """
      import UIKit
      class LikeButton: UIButton {
        let glow = CAEmitterLayer()
        override init(frame: CGRect) {
          super.init(frame: frame)
          layer.addSublayer(glow)
        }
        func setSelected(_ selected: Bool) {
          super.setSelected(selected)
          glow.birthRate = selected ? 1 : 0
        }
      }

      """
    let objc = """
      @implementation LikeButton
      - (instancetype)initWithFrame:(CGRect)frame {
        self = [super initWithFrame:frame];
        self.glow = [CAEmitterLayer layer];
        [self.layer addSublayer:self.glow];
        return self;
      }
      - (void)setSelected:(BOOL)selected {
        [super setSelected:selected];
        self.glow.birthRate = selected ? 1 : 0;
      }
      @end

      """
    let file = try temporaryFile("LikeButton.\(ext)", contents: ext == "m" ? objc : swift)
    let (transcript, _) = importTranscript("import \"\(file)\"\nactions\n")
    #expect(transcript.contains("action setSelected"), "\(transcript)")
  }

  @Test("a setter-named helper that the file's code calls with its own values is no action")
  func setterNamedHelper() throws {
    let source = """
      import UIKit
      class GameVC: UIViewController {
        func showGameOverView(_ didWin: Bool) {
          let fire = CAEmitterCell()
          fire.name = "fire"
          fire.birthRate = 100
          let fireEmitter = CAEmitterLayer()
          fireEmitter.emitterCells = [fire]
          view.layer.addSublayer(fireEmitter)
          setFireAmount(1.4, fireEmitter: fireEmitter)
        }
        private func setFireAmount(_ amount: Double, fireEmitter: CAEmitterLayer) {
          fireEmitter.setValue(amount * 500, forKeyPath: "emitterCells.fire.birthRate")
          fireEmitter.emitterSize = CGSize(width: 50 * amount, height: 0)
        }
      }

      """
    let file = try temporaryFile("GameVC.swift", contents: source)
    let (transcript, session) = importTranscript("import \"\(file)\"\nactions\n")
    #expect(!transcript.contains("action setFireAmount"), "\(transcript)")
    #expect(!transcript.contains("setFireAmount"), "\(transcript)")
    // Its caller ran it with the emitter it made: no stand-in emitter for the view's layer.
    let model = session.scene.model
    #expect(model.layerID(named: "emitterLayer") == nil, "\(transcript)")
    let fire = model.layerID(named: "fireEmitter").flatMap { model.layer($0) }
    #expect(fire?.emitter.emitterSize == Size(70, 0), "\(transcript)")
  }

  @Test(
    "a touch's point.x and point.y are worked out when the action runs: an offset, a fraction",
    arguments: ["swift", "m"])
  func touchPointFields(ext: String) throws {
    let swift = """
      import UIKit
      class FireView: UIView {
        let flame = CAEmitterLayer()
        override func awakeFromNib() {
          super.awakeFromNib()
          layer.addSublayer(flame)
        }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
          guard let point = touches.first?.location(in: self) else { return }
          flame.emitterPosition = CGPoint(x: point.x, y: point.y - 20)
          flame.birthRate = Float(point.y / bounds.height) * 4
        }
      }
      """
    let objc = """
      @implementation FireView
      - (void)awakeFromNib {
        [super awakeFromNib];
        self.flame = [CAEmitterLayer layer];
        [self.layer addSublayer:self.flame];
      }
      - (void)touchesMoved:(NSSet *)touches withEvent:(UIEvent *)event {
        CGPoint p = [[touches anyObject] locationInView:self];
        self.flame.emitterPosition = CGPointMake(p.x, p.y - 20);
        [self setAmount:p.y / self.bounds.size.height];
      }
      - (void)setAmount:(float)amount {
        self.flame.birthRate = amount * 4;
      }
      @end
      """
    let file = try temporaryFile("FireView.\(ext)", contents: ext == "m" ? objc : swift)
    let (transcript, session) = importTranscript(
      "import \"\(file)\" view 200x200\nrun touchesMoved 30,150\n")
    #expect(!transcript.contains("skipped"), "\(transcript)")
    let model = session.scene.model
    let flame = model.layerID(named: "flame").flatMap { model.layer($0) }
    #expect(flame?.emitter.emitterPosition == Point(30, 130), "\(transcript)")
    #expect(flame?.emitter.birthRate == 3, "\(transcript)")
  }

  @Test(
    "a helper's static emitter that the file configures but never adds is added to the view, with a warning"
  )
  func unaddedEmitterIsShown() throws {
    let source = """
      import UIKit
      class SnowMaker {
        public static var cells = Array<CAEmitterCell>()
        public static var emitter = CAEmitterLayer()
        static func make(with images: Array<UIImage>) {
          emitter.emitterShape = .line
          for image in images { self.cell(with: image) }
          emitter.emitterCells = cells
        }
        static func cell(with image: UIImage) {
          let c = CAEmitterCell()
          c.birthRate = 10
          c.lifetime = 20
          c.contents = image.cgImage
          cells.append(c)
        }
      }

      """
    let path = try temporaryFile("SnowMaker.swift", contents: source)
    let out = CapturedOutput()
    let session = Session(sink: out)
    let e = session.run(source: "import \(path)\nstep 1\ncount\n", file: "test")
    #expect(e == nil, "\(out.stderr)")
    #expect(out.stderr.contains("added this CAEmitterLayer to the view"), "\(out.stderr)")
    // `Array<CAEmitterCell>()` is an empty array the helper appends its one cell to.
    #expect(out.stdout.contains("1 cell"), "\(out.stdout)")
    #expect(out.stdout.hasSuffix("total         10\n"), "\(out.stdout)")
  }
}
