import Core
import Foundation
import TestSupport
import Testing

@testable import Shell

/// How an imported screen's life around its effect reads (docs/import.md, "Actions"): what
/// UIKit calls to wind down is not an action, removing a layer that is in no tree does
/// nothing, and a one-shot `Timer` is a delay wherever it is written.
@Suite("import: teardown, removal and timers")
struct ImportLifecycleTests {
  func imported(_ name: String, _ source: String, view: String? = nil, then: String = "")
    throws -> (transcript: String, session: Session)
  {
    let path = try temporaryFile(name, contents: source)
    let out = CapturedOutput()
    let session = Session(sink: out)
    let clause = view.map { " view \($0)" } ?? ""
    let e = session.run(source: "import \(path)\(clause)\n" + then, file: "test")
    #expect(e == nil, "\(out.stderr)")
    return (out.stdout + out.stderr, session)
  }

  @Test(
    "loadView and viewIsAppearing are setup methods that UIKit calls, in order, not actions",
    arguments: ["m", "swift"])
  func loadViewIsSetup(ext: String) throws {
    let source =
      ext == "m"
      ? """
      #import <UIKit/UIKit.h>
      @implementation SnowViewController
      - (void)viewDidLoad {
        [super viewDidLoad];
        self.snow.birthRate = 3;
      }
      - (void)loadView {
        [super loadView];
        self.snow = [[[CAEmitterLayer alloc] init] autorelease];
        self.snow.birthRate = 2;
        [self.view.layer addSublayer:self.snow];
      }
      @end

      """
      : """
      import UIKit
      class SnowViewController: UIViewController {
        let snow = CAEmitterLayer()
        override func viewIsAppearing(_ animated: Bool) {
          super.viewIsAppearing(animated)
          snow.birthRate = 3
        }
        override func loadView() {
          super.loadView()
          snow.birthRate = 2
          view.layer.addSublayer(snow)
        }
      }

      """
    let file = try temporaryFile("Snow.\(ext)", contents: source)
    let (transcript, _) = importTranscript("import \"\(file)\"\nactions\nget snow.birthRate\n")
    #expect(!transcript.contains("warning"), "\(transcript)")
    #expect(transcript.hasSuffix("no actions\n3\n"), "\(transcript)")
  }

  @Test("teardown methods (viewWillUnload, dealloc, viewDidDisappear) are not actions")
  func teardownIsNotAnAction() throws {
    let source = """
      #import <UIKit/UIKit.h>
      @implementation HeartsViewController {
        CAEmitterLayer *hearts;
      }
      - (void)viewDidLoad {
        [super viewDidLoad];
        hearts = [CAEmitterLayer layer];
        hearts.birthRate = 2;
        [self.view.layer addSublayer:hearts];
      }
      - (void)viewWillUnload {
        [hearts removeFromSuperlayer];
      }
      - (void)dealloc {
        hearts.birthRate = 0;
      }
      - (void)pulse {
        hearts.birthRate = 5;
      }
      @end

      """
    let r = try imported("Hearts.m", source, then: "actions\n")
    #expect(r.transcript.contains("action pulse"), "\(r.transcript)")
    #expect(!r.transcript.contains("action viewWillUnload"), "\(r.transcript)")
    #expect(!r.transcript.contains("action dealloc"), "\(r.transcript)")
    #expect(r.transcript.contains("viewWillUnload: UIKit calls it to wind down"))
  }

  @Test("an unknown condition's branch that only changes a stored layer does not count as building")
  func changingIsNotBuilding() throws {
    let source = """
      import UIKit
      class ConfettiView: UIView {
        let emitter = CAEmitterLayer()
        func startConfetti(duration: TimeInterval = 0) {
          let c = CAEmitterCell()
          c.birthRate = 5
          emitter.emitterCells = [c]
          layer.addSublayer(emitter)
          if duration != 0 {
            DispatchQueue.main.asyncAfter(deadline: .now() + duration) { self.stopConfetti() }
          }
        }
        func stopConfetti() { emitter.birthRate = 0 }
      }

      """
    let r = try imported("Confetti.swift", source, then: "actions\n")
    #expect(r.transcript.contains("action startConfetti"), "\(r.transcript)")
    #expect(!r.transcript.contains("run stopConfetti"), "\(r.transcript)")
  }

  @Test(
    "a view that takes its superview's or the screen's bounds fills a phone's screen",
    arguments: [
      "frame = superview.bounds", "self.frame = UIScreen.main.bounds", "backgroundColor = .clear",
    ])
  func containerBounds(line: String) throws {
    let source = """
      import UIKit
      class HeartsView: UIView {
        override func willMove(toSuperview newSuperview: UIView?) {
          super.willMove(toSuperview: newSuperview)
          \(line)
          let e = CAEmitterLayer()
          let c = CAEmitterCell()
          c.birthRate = 5
          e.emitterCells = [c]
          layer.addSublayer(e)
        }
      }

      """
    let r = try imported("Hearts.swift", source, then: "")
    let fills = !line.hasPrefix("backgroundColor")
    #expect(r.transcript.contains("fills a phone's screen") == fills, "\(r.transcript)")
    #expect(r.session.scene.model.root.properties.bounds.size.width == (fills ? 390 : 320))
  }

  @Test("a handler that calls itself (removing sublayers one by one) runs its body again")
  func recursiveHandler() throws {
    let source = """
      #import <UIKit/UIKit.h>
      @implementation StageViewController
      - (void)viewDidLoad {
        [super viewDidLoad];
        CAEmitterLayer *glow = [CAEmitterLayer layer];
        glow.birthRate = 2;
        [self.view.layer addSublayer:glow];
      }
      - (IBAction)clearStage:(id)sender {
        if (self.view.layer.sublayers.count == 0) {
          return;
        } else {
          [self.view.layer.sublayers[0] removeFromSuperlayer];
          [self clearStage:nil];
        }
      }
      @end

      """
    let r = try imported("Stage.m", source, then: "actions\nrun clearStage\n")
    #expect(r.transcript.contains("action clearStage { remove glow"), "\(r.transcript)")
    #expect(!r.transcript.contains("run clearStage }"), "\(r.transcript)")
    let model = r.session.scene.model
    #expect(!model.treeOrder.contains { model.layer($0)?.kind == .emitter }, "\(r.transcript)")
  }

  @Test("an action that removes a lazy layer before adding it runs, and runs again on one layer")
  func removingAbsentLayer() throws {
    let source = """
      import UIKit
      class VC: UIViewController {
        lazy var burst: CAEmitterLayer = {
          let e = CAEmitterLayer()
          let c = CAEmitterCell()
          c.birthRate = 40
          c.lifetime = 1
          e.emitterCells = [c]
          return e
        }()
        @objc func boom() {
          burst.removeFromSuperlayer()
          view.layer.addSublayer(burst)
        }
      }

      """
    let r = try imported("Boom.swift", source, then: "actions\nrun boom\nrun boom\nstep 0.5\n")
    #expect(
      r.transcript.contains("action boom { remove burst ifPresent; emitter burst;"),
      "\(r.transcript)")
    let model = r.session.scene.model
    let emitters = model.treeOrder.compactMap { model.layer($0) }.filter { $0.kind == .emitter }
    #expect(emitters.map(\.name) == ["burst"], "\(r.transcript)")
  }

  @Test("remove PATH ifPresent does nothing when there is no such layer; without it, an error")
  func removeIfPresent() {
    #expect(runScript("remove ghost ifPresent\n").error == nil)
    #expect(runScript("remove ghost\n").error != nil)
    let r = runScript("layer a\nremove a ifPresent\nremove a ifPresent\n")
    #expect(r.error == nil, "\(r.stderr)")
  }

  @Test("a one-shot Timer with a block: argument is a delay, also inside a helper function")
  func timerBlockArgument() throws {
    let source = """
      import UIKit
      class V: UIView {
        override init(frame: CGRect) {
          super.init(frame: frame)
          let e = CAEmitterLayer()
          layer.addSublayer(e)
          Timer.scheduledTimer(withTimeInterval: 0.5, repeats: false, block: { _ in e.birthRate = 3 })
          later(in: 0.7) { e.lifetime = 4 }
        }
      }
      func later(in seconds: TimeInterval, operation: @escaping () -> Void) {
        Timer.scheduledTimer(withTimeInterval: seconds, repeats: false, block: { _ in operation() })
      }

      """
    let r = try imported(
      "Later.swift", source,
      then: "step 0.6\nget e.birthRate\nget e.lifetime\nstep 0.2\nget e.lifetime\n")
    #expect(r.transcript.contains("3\n1\n4\n"), "\(r.transcript)")
    #expect(!r.transcript.contains("warning"), "\(r.transcript)")
  }

  @Test(
    "a control that sends its own events to itself: the action's sender is the hosting view",
    arguments: ["m", "swift"])
  func senderIsSelf(ext: String) throws {
    let objc = """
      #import <UIKit/UIKit.h>
      @implementation BurstButton
      - (instancetype)initWithFrame:(CGRect)frame {
        self = [super initWithFrame:frame];
        [self addTarget:self action:@selector(boom:) forControlEvents:UIControlEventTouchUpInside];
        return self;
      }
      - (void)boom:(UIButton *)sender {
        CAEmitterLayer *e = [CAEmitterLayer layer];
        e.emitterPosition = CGPointMake(sender.frame.size.width / 2, 5);
        CAEmitterCell *c = [CAEmitterCell emitterCell];
        c.birthRate = 30;
        e.emitterCells = @[c];
        [sender.layer addSublayer:e];
      }
      @end

      """
    let swift = """
      import UIKit
      class BurstButton: UIButton {
        override init(frame: CGRect) {
          super.init(frame: frame)
          addTarget(self, action: #selector(boom(_:)), for: .touchUpInside)
        }
        @objc func boom(_ sender: UIButton) {
          let e = CAEmitterLayer()
          e.emitterPosition = CGPoint(x: sender.frame.width / 2, y: 5)
          let c = CAEmitterCell()
          c.birthRate = 30
          e.emitterCells = [c]
          sender.layer.addSublayer(e)
        }
      }

      """
    let r = try imported(
      "BurstButton.\(ext)", ext == "m" ? objc : swift, view: "200x100", then: "actions\n")
    #expect(r.transcript.contains("action boom"), "\(r.transcript)")
    #expect(r.transcript.contains("emitterPosition 100,5"), "\(r.transcript)")
  }

  @Test("a delay from an action's parameter is fixed at the parameter's default, said")
  func parameterDelay() throws {
    let source = """
      import UIKit
      class ConfettiView: UIView {
        var emitter = CAEmitterLayer()
        override init(frame: CGRect) {
          super.init(frame: frame)
          layer.addSublayer(emitter)
        }
        func startConfetti(rate: Float = 4, delay: TimeInterval = 0.5) {
          DispatchQueue.main.asyncAfter(deadline: .now() + delay * 2) {
            self.emitter.birthRate = rate
          }
        }
      }

      """
    let r = try imported("Confetti.swift", source, then: "actions\n")
    #expect(r.transcript.contains("after 1 set emitterLayer.birthRate $rate"), "\(r.transcript)")
    #expect(r.transcript.contains("'delay * 2' is 1 s"), "\(r.transcript)")
  }

  @Test("a DispatchWorkItem is its closure, which asyncAfter's execute: schedules")
  func dispatchWorkItem() throws {
    let source = """
      import UIKit
      class FadeView: UIView {
        let e = CAEmitterLayer()
        var stopWork: DispatchWorkItem?
        override init(frame: CGRect) {
          super.init(frame: frame)
          layer.addSublayer(e)
          let work = DispatchWorkItem { [weak self] in
            self?.e.birthRate = 0
          }
          stopWork = work
          DispatchQueue.main.asyncAfter(deadline: .now() + 2, execute: work)
          let fade = DispatchWorkItem(qos: .userInitiated, block: { self.e.opacity = 0.5 })
          DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(2500), execute: fade)
        }
      }

      """
    let r = try imported(
      "Fade.swift", source, then: "step 2.1\nget e.birthRate\nstep 0.5\nget e.opacity\n")
    #expect(!r.transcript.contains("warning"), "\(r.transcript)")
    #expect(r.transcript.hasSuffix("\n0\n0.5\n"), "\(r.transcript)")
  }

  @Test("a timer's target method that takes the timer is an action the timer runs")
  func timerTargetTakingTheTimer() throws {
    let source = """
      #import <UIKit/UIKit.h>
      @implementation PulseViewController {
        CAEmitterLayer *pulse;
      }
      - (void)viewDidLoad {
        [super viewDidLoad];
        pulse = [CAEmitterLayer layer];
        [self.view.layer addSublayer:pulse];
        [NSTimer scheduledTimerWithTimeInterval:0.5 target:self selector:@selector(tick:)
                                       userInfo:nil repeats:YES];
      }
      - (void)tick:(NSTimer *)timer {
        pulse.birthRate = 7;
      }
      @end

      """
    let r = try imported(
      "Pulse.m", source, then: "get pulse.birthRate\nstep 0.6\nget pulse.birthRate\n")
    #expect(r.transcript.contains("action tick"), "\(r.transcript)")
    #expect(r.transcript.hasSuffix("1\n7\n"), "\(r.transcript)")
  }

  @Test("an action another runs but that has nothing to write is left out with its runs")
  func emptyActionIsNotRun() throws {
    let source = """
      import UIKit
      class V: UIView {
        let e = CAEmitterLayer()
        let spare = CAEmitterLayer()
        override init(frame: CGRect) {
          super.init(frame: frame)
          layer.addSublayer(e)
          spare.birthRate = 1
        }
        func start() {
          e.birthRate = 5
          finish()
        }
        func finish() {
          spare.birthRate = 0
        }
      }

      """
    let r = try imported("Start.swift", source, then: "actions\nrun start\nget e.birthRate\n")
    #expect(r.transcript.contains("action start { set e.birthRate 5 }\n5\n"), "\(r.transcript)")
  }

  /// A timer (or delay) written inside a branch of an `if` schedules only itself: the branch's
  /// other statements still run. Before, the whole `if` was read as the timer statement.
  static let timerInBranch: [(file: String, source: String)] = [
    (
      "Toggle.m",
      """
      @implementation ToggleViewController
      - (void)start:(UIButton *)button {
        if (button.tag % 2 == 0) {
          if (!self.timer) {
            self.timer = [NSTimer scheduledTimerWithTimeInterval:3 target:self
              selector:@selector(pulse:) userInfo:nil repeats:YES];
          }
          [self fire:nil];
        } else {
          [sparks removeFromSuperlayer];
        }
      }
      - (void)pulse:(NSTimer *)timer {
        sparks.opacity = 0.5;
      }
      - (void)fire:(NSTimer *)timer {
        sparks = [CAEmitterLayer layer];
        CAEmitterCell *c = [CAEmitterCell emitterCell];
        c.birthRate = 50;
        c.lifetime = 2;
        sparks.emitterCells = @[c];
        [self.view.layer addSublayer:sparks];
      }
      @end

      """
    ),
    (
      "Toggle.swift",
      """
      import UIKit
      class ToggleViewController: UIViewController {
        var sparks: CAEmitterLayer?
        @objc func start(_ sender: UIButton) {
          if sender.isSelected {
            DispatchQueue.main.asyncAfter(deadline: .now() + 1) { self.sparks?.opacity = 0.5 }
            fire()
          }
        }
        func fire() {
          let e = CAEmitterLayer()
          let c = CAEmitterCell()
          c.birthRate = 50
          c.lifetime = 2
          e.emitterCells = [c]
          view.layer.addSublayer(e)
          sparks = e
        }
      }

      """
    ),
  ]

  @Test(
    "a timer or delay inside an if's branch schedules itself; the branch's other statements run",
    arguments: timerInBranch)
  func timerInsideBranch(_ file: String, _ source: String) throws {
    let r = try imported(file, source, then: "actions\n")
    #expect(r.transcript.contains("run fire"), "\(r.transcript)")
    #expect(r.transcript.contains("start run once"), "\(r.transcript)")
  }

  /// Deadlines kept in a variable before the schedule that uses them, as the dispatch clock
  /// writes them in both languages; the block as `^(void) { … }`; instance variables through
  /// `self->`.
  static let deadlines: [(file: String, source: String)] = [
    (
      "Deadline.m",
      """
      @implementation PopView
      - (id)initWithFrame:(CGRect)frame {
        self = [super initWithFrame:frame];
        if (self) {
          _pop = [CAEmitterLayer layer];
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.birthRate = 20;
          c.lifetime = 3;
          _pop.emitterCells = @[c];
          [self.layer addSublayer:_pop];
          double delayInSeconds = 1.5;
          dispatch_time_t when = dispatch_time(DISPATCH_TIME_NOW, delayInSeconds * NSEC_PER_SEC);
          dispatch_after(when, dispatch_get_main_queue(), ^(void) {
            [self->_pop setBirthRate:0];
          });
        }
        return self;
      }
      @end

      """
    ),
    (
      "Deadline.swift",
      """
      import UIKit
      class PopView: UIView {
        let pop = CAEmitterLayer()
        override init(frame: CGRect) {
          super.init(frame: frame)
          let c = CAEmitterCell()
          c.birthRate = 20
          c.lifetime = 3
          pop.emitterCells = [c]
          layer.addSublayer(pop)
          let when = DispatchTime.now() + .milliseconds(1500)
          DispatchQueue.main.asyncAfter(deadline: when) { self.pop.birthRate = 0 }
        }
      }

      """
    ),
  ]

  @Test(
    "a deadline worked out before its schedule (dispatch_time, DispatchTime.now() + .milliseconds) delays the block by it",
    arguments: deadlines)
  func deadlineInVariable(_ file: String, _ source: String) throws {
    let r = try imported(
      file, source, then: "step 1.4\nget pop.birthRate\nstep 0.2\nget pop.birthRate\n")
    #expect(!r.transcript.contains("skipped"), "\(r.transcript)")
    // On at 1.4 s, off at 1.6 s: the block ran 1.5 s after the setup.
    #expect(r.transcript.contains("\n1\n0\n"), "\(r.transcript)")
  }

  @Test(
    "Swift 2's schedules: dispatch_after with a trailing closure, NSTimer with a string selector, Int64(…)"
  )
  func swift2Schedules() throws {
    let source = """
      import UIKit
      class SnowViewController: UIViewController {
        var snow: CAEmitterLayer!
        override func viewDidLoad() {
          super.viewDidLoad()
          snow = CAEmitterLayer()
          let flake = CAEmitterCell()
          flake.birthRate = 20
          flake.lifetime = 10
          snow.emitterCells = [flake]
          view.layer.addSublayer(snow)
          dispatch_after(dispatch_time(DISPATCH_TIME_NOW, Int64(1.5 * Double(NSEC_PER_SEC))), dispatch_get_main_queue()) {
            self.snow.birthRate = 0.5
          }
          NSTimer.scheduledTimerWithTimeInterval(1, target: self, selector: "drift", userInfo: nil, repeats: true)
        }
        func drift() {
          snow.emitterPosition.x += 5
        }
      }

      """
    let r = try imported(
      "Snow.swift", source,
      then: "step 1.4\nget snow.birthRate\nstep 0.2\nget snow.birthRate\nget snow.emitterPosition\n"
    )
    #expect(!r.transcript.contains("warning"), "\(r.transcript)")
    #expect(r.transcript.hasSuffix("\n1\n0.5\n5,0\n"), "\(r.transcript)")
  }

  @Test(
    "performSelector:withObject:afterDelay: runs the method's body with that object after the delay"
  )
  func performWithObject() throws {
    let source = """
      #import <UIKit/UIKit.h>
      @implementation BurstView
      - (instancetype)initWithFrame:(CGRect)frame {
        self = [super initWithFrame:frame];
        CAEmitterLayer *pop = [CAEmitterLayer layer];
        CAEmitterCell *c = [CAEmitterCell emitterCell];
        c.birthRate = 10;
        c.lifetime = 1;
        pop.emitterCells = @[c];
        [self.layer addSublayer:pop];
        [self performSelector:@selector(stopEmitting:) withObject:pop afterDelay:0.5];
        return self;
      }
      - (void)stopEmitting:(CAEmitterLayer *)emitter {
        emitter.birthRate = 0;
      }
      @end

      """
    let r = try imported(
      "Burst.m", source, then: "step 0.4\nget pop.birthRate\nstep 0.2\nget pop.birthRate\n")
    #expect(!r.transcript.contains("warning"), "\(r.transcript)")
    #expect(r.transcript.hasSuffix("\n1\n0\n"), "\(r.transcript)")
  }

  @Test(
    "an outlet used only in a block or an action exists from the start; an emitter a scheduled block builds imports"
  )
  func outletInBlock() throws {
    let source = """
      import UIKit
      class RewardViewController: UIViewController {
        @IBOutlet weak var card: UIView!
        override func viewDidAppear(_ animated: Bool) {
          super.viewDidAppear(animated)
          UIView.animate(withDuration: 0.4, animations: {
            self.view.alpha = 1
          }) { _ in
            self.celebrate()
          }
        }
        private func celebrate() {
          let e = CAEmitterLayer()
          let c = CAEmitterCell()
          c.birthRate = 10
          c.lifetime = 2
          e.emitterCells = [c]
          card.layer.addSublayer(e)
        }
      }

      """
    let r = try imported("Reward.swift", source, then: "step 0.3\ncount\nstep 0.5\ntree\n")
    #expect(r.transcript.contains("card is an outlet a storyboard connects"), "\(r.transcript)")
    // Nothing before the animation's end at 0.4 s; then the emitter inside the card.
    #expect(r.transcript.contains("total  0"), "\(r.transcript)")
    #expect(r.transcript.contains("└─ e (emitter)"), "\(r.transcript)")
  }

  @Test(
    "a method the setup schedules to build runs then, not also at import; screen-size macros of another file are the view's size"
  )
  func scheduledBuilderIsNotRunTwice() throws {
    let source = """
      #import "FireworksView.h"
      @implementation FireworksView
      - (instancetype)initWithFrame:(CGRect)frame {
        if (self = [super initWithFrame:frame]) {
          [self performSelector:@selector(launch) withObject:nil afterDelay:1];
        }
        return self;
      }
      - (void)launch {
        CAEmitterLayer *rockets = [CAEmitterLayer layer];
        rockets.emitterPosition = CGPointMake(kScreenWidth / 2, SCREEN_HEIGHT - 10);
        CAEmitterCell *c = [CAEmitterCell emitterCell];
        c.birthRate = 2;
        c.lifetime = 3;
        rockets.emitterCells = @[c];
        [self.layer addSublayer:rockets];
      }
      @end

      """
    let r = try imported(
      "FireworksView.m", source, view: "200x100",
      then: "step 0.9\ncount\nstep 0.6\ntree\nget rockets.emitterPosition\n")
    #expect(!r.transcript.contains("run once"), "\(r.transcript)")
    #expect(
      r.transcript.contains("kScreenWidth is not in the file: taken as the screen's width, 200"))
    #expect(r.transcript.contains("total  0"), "\(r.transcript)")
    #expect(!r.transcript.contains("rockets2"), "\(r.transcript)")
    #expect(r.transcript.contains("\n100,90\n"), "\(r.transcript)")
  }

  @Test("a property that holds a timer is used, not reported as unused")
  func timerProperty() throws {
    let source = """
      import UIKit
      class PulseViewController: UIViewController {
        var timer: Timer?
        let pulse = CAEmitterLayer()
        override func viewDidLoad() {
          super.viewDidLoad()
          view.layer.addSublayer(pulse)
          timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in
            self.pulse.birthRate = 2
          }
        }
      }

      """
    let r = try imported("Pulse.swift", source)
    #expect(!r.transcript.contains("property timer"), "\(r.transcript)")
    #expect(!r.transcript.contains("warning"), "\(r.transcript)")
  }

  @Test("an observed Boolean or number property becomes a set action; an observed image does not")
  func observedPropertiesOfOtherTypes() throws {
    let source = """
      import UIKit
      class BadgeView: UIView {
        let glow = CAEmitterLayer()
        var picture: UIImage? {
          didSet { glow.birthRate = 3 }
        }
        var isLit = false {
          didSet { glow.birthRate = isLit ? 2 : 0 }
        }
        var intensity: Double = 0 {
          didSet { glow.scale = Float(intensity * 4) }
        }
        override init(frame: CGRect) {
          super.init(frame: frame)
          layer.addSublayer(glow)
        }
      }

      """
    let r = try imported("Badge.swift", source, then: "actions\n")
    #expect(r.transcript.contains("action setLit { set glow.birthRate 2 }"), "\(r.transcript)")
    #expect(r.transcript.contains("action setIntensity { set glow.scale 4 }"), "\(r.transcript)")
    #expect(!r.transcript.contains("setPicture"), "\(r.transcript)")
  }
}
