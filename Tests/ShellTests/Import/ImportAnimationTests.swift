import Core
import Foundation
import TestSupport
import Testing

@testable import Shell

/// Imports `code` after a shared setup (an emitter `e` with a cell `spark`, a layer `box`) and
/// returns the transcript, the translation `import … save` wrote, and the session.
private func importWithSetup(_ code: String, objc: Bool = false) throws -> (
  transcript: String, script: String, session: Session
) {
  let setup =
    objc
    ? """
    CAEmitterLayer *e = [CAEmitterLayer layer];
    CAEmitterCell *c = [CAEmitterCell emitterCell];
    c.name = @"spark";
    c.birthRate = 50;
    e.emitterCells = @[c];
    [self.view.layer addSublayer:e];
    CALayer *box = [CALayer layer];
    box.frame = CGRectMake(10, 10, 40, 40);
    [self.view.layer addSublayer:box];

    """
    : """
    let e = CAEmitterLayer()
    let c = CAEmitterCell()
    c.name = "spark"
    c.birthRate = 50
    e.emitterCells = [c]
    view.layer.addSublayer(e)
    let box = CALayer()
    box.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
    view.layer.addSublayer(box)

    """
  let file = try temporaryFile(objc ? "Anim.m" : "Anim.swift", contents: setup + code + "\n")
  let out = try temporaryFile("anim.burst", contents: "")
  let (transcript, session) = importTranscript("import \"\(file)\" view 200x200 save \"\(out)\"")
  return (transcript, try String(contentsOfFile: out, encoding: .utf8), session)
}

@Suite("import: animations, UIView.animate, views and asset catalogs")
struct ImportAnimationTests {
  /// Animation code in both languages and the Burst command it becomes.
  static let animations: [(name: String, objc: Bool, code: String, command: String)] = [
    (
      "a transform's value function: one axis's rotation", false,
      """
      let a = CAKeyframeAnimation(keyPath: "transform")
      a.valueFunction = CAValueFunction(name: .rotateZ)
      a.values = [-0.1, 0.1, -0.1]
      a.duration = 2
      a.isAdditive = true
      box.add(a, forKey: "wobble")
      """,
      "animate box.transform.rotation.z values -0.1 0.1 -0.1 duration 2 additive key wobble"
    ),
    (
      "a transform's value function: one axis's scale, objc", true,
      """
      CABasicAnimation *a = [CABasicAnimation animationWithKeyPath:@"transform"];
      a.valueFunction = [CAValueFunction functionWithName:kCAValueFunctionScaleX];
      a.fromValue = @1;
      a.toValue = @2;
      [box addAnimation:a forKey:@"grow"];
      """,
      "animate box.transform.scale.x from 1 to 2 key grow"
    ),
    (
      "basic", false,
      """
      let a = CABasicAnimation(keyPath: "opacity")
      a.fromValue = 1
      a.toValue = 0.25
      a.duration = 2
      a.timingFunction = CAMediaTimingFunction(name: .easeIn)
      a.fillMode = .forwards
      a.isRemovedOnCompletion = false
      box.add(a, forKey: "fade")
      """,
      "animate box.opacity from 1 to 0.25 duration 2 timing easeIn fill forwards keep key fade"
    ),
    (
      "basic, key path set later, objc", true,
      """
      CABasicAnimation *a = [CABasicAnimation animation];
      a.keyPath = @"position.x";
      a.byValue = @30;
      a.autoreverses = YES;
      a.repeatCount = HUGE_VALF;
      a.timingFunction = [CAMediaTimingFunction functionWithName:kCAMediaTimingFunctionEaseOut];
      [box addAnimation:a forKey:nil];
      """,
      "animate box.position.x by 30 timing easeOut repeat forever autoreverses"
    ),
    (
      "keyframe on a cell", false,
      """
      let k = CAKeyframeAnimation(keyPath: "emitterCells.spark.birthRate")
      k.values = [0, 200, 0]
      k.keyTimes = [0, 0.25, 1]
      k.timingFunctions = [CAMediaTimingFunction(controlPoints: 0.2, 0, 0.4, 1), CAMediaTimingFunction(name: .linear)]
      k.duration = 1
      k.beginTime = CACurrentMediaTime() + 0.5
      e.add(k, forKey: "burst")
      """,
      "animate e.emitterCells.spark.birthRate values 0 200 0 keyTimes 0 0.25 1"
        + " timings bezier(0.2,0,0.4,1) linear duration 1 delay 0.5 key burst"
    ),
    (
      "keyframe transforms, objc", true,
      """
      CAKeyframeAnimation *k = [CAKeyframeAnimation animationWithKeyPath:@"transform"];
      k.values = @[[NSValue valueWithCATransform3D:CATransform3DIdentity],
                   [NSValue valueWithCATransform3D:CATransform3DMakeScale(1.5, 1.5, 1)],
                   [NSValue valueWithCATransform3D:CATransform3DRotate(CATransform3DIdentity, M_PI, 0, 0, 1)]];
      k.calculationMode = kCAAnimationCubic;
      k.duration = 0.5;
      [box addAnimation:k forKey:@"pop"];
      """,
      "animate box.transform values identity scale(1.5,1.5,1) rotate(3.141592653589793,0,0,1)"
        + " mode cubic duration 0.5 key pop"
    ),
    (
      "path", false,
      """
      let p = CGMutablePath()
      p.move(to: CGPoint(x: 0, y: 0))
      p.addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 80))
      p.closeSubpath()
      let k = CAKeyframeAnimation(keyPath: "position")
      k.path = p
      k.rotationMode = .rotateAutoReverse
      k.duration = 3
      k.repeatCount = .infinity
      box.add(k, forKey: nil)
      """,
      "animate box.position path moveTo 0,0 quadTo 50,80 100,0 close rotate autoReverse"
        + " duration 3 repeat forever"
    ),
    (
      "path, objc", true,
      """
      CGMutablePathRef p = CGPathCreateMutable();
      CGPathMoveToPoint(p, NULL, 10, 20);
      CGPathAddLineToPoint(p, NULL, 30, 40);
      CAKeyframeAnimation *k = [CAKeyframeAnimation animationWithKeyPath:@"position"];
      k.path = p;
      CGPathRelease(p);
      k.duration = 2;
      [box addAnimation:k forKey:@"move"];
      """,
      "animate box.position path moveTo 10,20 lineTo 30,40 duration 2 key move"
    ),
    (
      "spring", false,
      """
      let s = CASpringAnimation(keyPath: "position.y")
      s.fromValue = box.position.y + 20
      s.toValue = box.position.y
      s.damping = 5
      s.initialVelocity = 3
      s.duration = s.settlingDuration
      box.add(s, forKey: nil)
      """,
      "animate box.position.y spring to 30 from 50 damping 5 velocity 3"
    ),
    (
      "spring without a duration lasts Core Animation's 0.25 s", false,
      """
      let s = CASpringAnimation(keyPath: "opacity")
      s.toValue = 0.5
      box.add(s, forKey: "s")
      """,
      "animate box.opacity spring to 0.5 duration 0.25 key s"
    ),
    (
      "group", false,
      """
      let a = CABasicAnimation(keyPath: "opacity")
      a.toValue = 0
      let b = CABasicAnimation(keyPath: "bounds.size.width")
      b.toValue = 80
      b.beginTime = 0.2
      let g = CAAnimationGroup()
      g.animations = [a, b]
      g.duration = 1
      g.repeatCount = Float.greatestFiniteMagnitude
      box.add(g, forKey: "both")
      """,
      "group box both duration 1 repeat forever; animate box.opacity to 0 in both;"
        + " animate box.bounds.width to 80 delay 0.2 in both"
    ),
    (
      "transition", true,
      """
      CATransition *t = [CATransition animation];
      t.type = kCATransitionPush;
      t.subtype = kCATransitionFromTop;
      t.duration = 0.4;
      [box addAnimation:t forKey:kCATransition];
      """,
      "transition box push fromTop duration 0.4"
    ),
    (
      "removing animations", false,
      """
      let a = CABasicAnimation(keyPath: "opacity")
      a.toValue = 0
      box.add(a, forKey: "fade")
      box.removeAnimation(forKey: "fade")
      e.removeAllAnimations()
      """,
      "animate box.opacity to 0 key fade; cancel box fade ifPresent; cancel e"
    ),
  ]

  @Test(
    "add(_:forKey:) becomes animate, group and transition; removing becomes cancel",
    arguments: animations.map(\.name))
  func animationBecomesCommand(name: String) throws {
    let example = try #require(Self.animations.first { $0.name == name })
    let (transcript, script, _) = try importWithSetup(example.code, objc: example.objc)
    #expect(!transcript.contains("warning"), "\(transcript)")
    let commands = script.split(separator: "\n").filter {
      ["animate", "group", "transition", "cancel"].contains($0.split(separator: " ").first ?? "")
    }
    #expect(commands.joined(separator: "; ") == example.command, "\(script)")
  }

  @Test(
    "every spelling of forever repeats forever",
    arguments: [
      ".infinity", "Float.infinity", "HUGE_VALF", "Float.greatestFiniteMagnitude", "MAXFLOAT",
      "HUGE",
    ])
  func foreverSpellings(spelling: String) throws {
    let (transcript, script, _) = try importWithSetup(
      """
      let a = CABasicAnimation(keyPath: "opacity")
      a.toValue = 0
      a.repeatCount = \(spelling)
      box.add(a, forKey: "k")
      """)
    #expect(script.contains("animate box.opacity to 0 repeat forever key k"), "\(transcript)")
  }

  /// UIView.animate in its forms, and the commands its block and completion become.
  static let viewAnimations: [(name: String, objc: Bool, code: String, commands: [String])] = [
    (
      "duration and a trailing closure", false,
      """
      UIView.animate(withDuration: 0.3) {
        card.alpha = 0.5
      }
      """,
      ["uiview card.opacity to 0.5 duration 0.3"]
    ),
    (
      "delay, options, completion", false,
      """
      UIView.animate(withDuration: 0.5, delay: 0.25, options: [.curveEaseIn, .allowUserInteraction], animations: {
        card.center = CGPoint(x: 100, y: 120)
        card.transform = CGAffineTransform(rotationAngle: .pi / 2).scaledBy(x: 2, y: 2)
        e.birthRate = 3
      }, completion: { finished in
        card.backgroundColor = .red
      })
      """,
      [
        "set e.birthRate 3",
        "uiview card.position to 100,120 duration 0.5 delay 0.25 curve easeIn",
        "uiview card.transform to scale(2,2,1)*rotate(1.5707963267948966) duration 0.5"
          + " delay 0.25 curve easeIn",
        "after 0.75 set card.backgroundColor #ff0000",
      ]
    ),
    (
      "spring with two trailing closures", false,
      """
      UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 2, options: []) {
        card.frame = CGRect(x: 0, y: 0, width: 100, height: 50)
      } completion: { _ in
        card.alpha = 1
      }
      """,
      [
        "uiview card.bounds to 0,0,100,50 duration 1 damping 0.5 velocity 2",
        "uiview card.position to 50,25 duration 1 damping 0.5 velocity 2",
        "after 1 set card.opacity 1",
      ]
    ),
    (
      "objc with a completion block", true,
      """
      [UIView animateWithDuration:0.2 delay:0.1 options:UIViewAnimationOptionCurveLinear animations:^{
        card.alpha = 0;
        card.transform = CGAffineTransformMakeTranslation(10, 0);
      } completion:^(BOOL finished) {
        [card removeFromSuperview];
        card.hidden = YES;
      }];
      """,
      [
        "uiview card.opacity to 0 duration 0.2 delay 0.1 curve linear",
        "uiview card.transform to translate(10,0) duration 0.2 delay 0.1 curve linear",
        "after 0.3 set card.hidden yes",
      ]
    ),
  ]

  @Test(
    "UIView.animate changes a view's layer with uiview and runs its completion after it",
    arguments: viewAnimations.map(\.name))
  func viewAnimationBecomesUIView(name: String) throws {
    let example = try #require(Self.viewAnimations.first { $0.name == name })
    let card =
      example.objc
      ? "UIView *card = [[UIView alloc] initWithFrame:CGRectMake(20, 20, 40, 40)];\n"
        + "[self.view addSubview:card];\n"
      : "let card = UIView(frame: CGRect(x: 20, y: 20, width: 40, height: 40))\n"
        + "view.addSubview(card)\n"
    let (transcript, script, session) = try importWithSetup(
      card + example.code, objc: example.objc)
    for command in example.commands {
      #expect(script.contains("\n" + command + "\n"), "\(command)\n\(script)\n\(transcript)")
    }
    #expect(session.scene.model.layerID(named: "card") != nil)
    #expect(!transcript.contains("error:"), "\(transcript)")
  }

  @Test("UIView.animate's repeat and autoreverse options are warned about, not imported")
  func viewAnimationRepeatWarns() throws {
    let (transcript, script, _) = try importWithSetup(
      """
      let card = UIView(frame: CGRect(x: 20, y: 20, width: 40, height: 40))
      view.addSubview(card)
      UIView.animate(withDuration: 1, delay: 0, options: [.repeat, .autoreverse], animations: {
        card.alpha = 0
      })
      """)
    #expect(
      transcript.contains("Anim.swift:12:54: warning: skipped: UIView.animate's option repeat"))
    #expect(transcript.contains("warning: skipped: UIView.animate's option autoreverse"))
    #expect(script.contains("uiview card.opacity to 0 duration 1\n"), "\(script)")
  }

  /// Views made in code, and the layer properties UIKit's names become.
  @Test("views made in code are layers named after their variables, with UIKit's names mapped")
  func viewsAreLayers() throws {
    let (transcript, script, session) = try importWithSetup(
      """
      let badge = UIImageView(image: UIImage(named: "star"))
      badge.frame = CGRect(x: 0, y: 0, width: 20, height: 30)
      badge.center = CGPoint(x: 50, y: 60)
      badge.alpha = 0.5
      badge.isHidden = false
      badge.clipsToBounds = true
      badge.layer.cornerRadius = 4
      badge.transform = CGAffineTransform(scaleX: 2, y: 2).concatenating(CGAffineTransform(translationX: 5, y: 0))
      box.addSublayer(e)
      view.addSubview(badge)
      let label = UILabel()
      label.text = "Hi"
      badge.addSubview(label)
      """)
    for line in [
      "layer badge", "set badge.contents star", "set badge.frame 0,0,20,30",
      "set badge.position 50,60", "set badge.opacity 0.5", "set badge.hidden no",
      "set badge.masksToBounds yes", "set badge.cornerRadius 4",
      "set badge.transform scale(2,2,1)*translate(5,0)", "text label in badge",
    ] {
      #expect(script.contains("\n" + line + "\n"), "\(line)\n\(script)")
    }
    // A label is a text layer: its text is the layer's string.
    #expect(script.contains("label.string \"Hi\""), "\(script)")
    #expect(!transcript.contains("skipped: label.text"), "\(transcript)")
    let id = try #require(session.scene.model.layerID(named: "badge"))
    #expect(session.scene.model.layer(id)?.properties.opacity == 0.5)
  }

  @Test("statements about animations it cannot translate are warnings naming the line")
  func untranslatableAnimationsWarn() throws {
    let (transcript, _, session) = try importWithSetup(
      """
      let a = CABasicAnimation(keyPath: "opacity")
      a.duration = 1
      box.add(a, forKey: "nothing")
      let t = CATransition()
      t.type = CATransitionType(rawValue: "cube")
      box.add(t, forKey: nil)
      let d = CABasicAnimation(keyPath: "frobnicate")
      d.toValue = 1
      d.delegate = self
      box.add(d, forKey: "odd")
      """)
    #expect(
      transcript.contains(
        "Anim.swift:12:1: warning: skipped: box.add(a, forKey: \"nothing\")\n"
          + "  hint: a CABasicAnimation without fromValue, toValue or byValue changes nothing"),
      "\(transcript)")
    // A transition of a type Burst does not draw (the private cube) is Core Animation's
    // default, a fade.
    #expect(
      transcript.contains(
        "Anim.swift:15:1: warning: skipped: part of CATransition\n"
          + "  hint: type is one of fade, moveIn, push, reveal, not '.cube': shown as a fade"),
      "\(transcript)")
    // A delegate is read (its animationDidStop is scheduled when the file has one): no word.
    #expect(!transcript.contains("d.delegate = self"), "\(transcript)")
    #expect(transcript.contains("Anim.swift:19:1: warning: skipped: box.add(d, forKey: \"odd\")"))
    #expect(!transcript.contains("error:"), "\(transcript)")
    let id = try #require(session.scene.model.layerID(named: "box"))
    #expect(session.scene.model.layer(id)?.animations.isEmpty == true)
    #expect(session.scene.transitions[id] != nil)
  }

  /// CATransaction's completion block and what it becomes: `after` the latest end of the
  /// animations added between begin and commit.
  static let completions: [(name: String, objc: Bool, code: String, expected: String)] = [
    (
      "after the later of two animations (repeats and autoreverse; a delay)", false,
      """
      CATransaction.begin()
      CATransaction.setCompletionBlock { [weak self] in
        box.opacity = 0
      }
      let pulse = CABasicAnimation(keyPath: "birthRate")
      pulse.fromValue = 1
      pulse.toValue = 2
      pulse.duration = 0.5
      pulse.repeatCount = 3
      pulse.autoreverses = true
      e.add(pulse, forKey: nil)
      let slide = CABasicAnimation(keyPath: "opacity")
      slide.toValue = 0.5
      slide.duration = 1.5
      slide.beginTime = CACurrentMediaTime() + 0.5
      box.add(slide, forKey: nil)
      CATransaction.commit()
      """, "after 3 set box.opacity 0"
    ),
    (
      "Objective-C's block", true,
      """
      [CATransaction begin];
      [CATransaction setCompletionBlock:^{
        box.opacity = 0;
      }];
      CABasicAnimation *fade = [CABasicAnimation animationWithKeyPath:@"opacity"];
      fade.toValue = @0.5;
      fade.duration = 0.7;
      [box addAnimation:fade forKey:@"fade"];
      [CATransaction commit];
      """, "after 0.7 set box.opacity 0"
    ),
    (
      "at once when no animation was added", false,
      """
      CATransaction.begin()
      CATransaction.setCompletionBlock({ box.opacity = 0.5 })
      CATransaction.commit()
      """, "after 0 set box.opacity 0.5"
    ),
    (
      "never, with a warning, after an animation that repeats forever", false,
      """
      CATransaction.begin()
      CATransaction.setCompletionBlock { box.opacity = 0 }
      let spin = CABasicAnimation(keyPath: "opacity")
      spin.toValue = 0.5
      spin.repeatCount = .infinity
      box.add(spin, forKey: nil)
      CATransaction.commit()
      """, "one of them never does here"
    ),
  ]

  @Test(
    "a CATransaction's completion block runs when the animations added in it have ended",
    arguments: completions.map(\.name))
  func transactionCompletion(name: String) throws {
    let c = try #require(Self.completions.first { $0.name == name })
    let (transcript, script, _) = try importWithSetup(c.code, objc: c.objc)
    if c.expected.hasPrefix("after") {
      #expect(script.contains(c.expected), "\(script)")
      #expect(!transcript.contains("warning"), "\(transcript)")
    } else {
      #expect(transcript.contains(c.expected), "\(transcript)")
      #expect(!script.contains("after"), "\(script)")
    }
  }

  @Test("a completion block after an animation timed by the action's parameter waits their default")
  func transactionCompletionFromParameter() throws {
    let file = try temporaryFile(
      "Pop.swift",
      contents: """
        import UIKit
        final class PopView: UIView {
          let e = CAEmitterLayer()
          override init(frame: CGRect) {
            super.init(frame: frame)
            layer.addSublayer(e)
          }
          required init?(coder: NSCoder) { fatalError() }
          @IBAction func pop(duration: CFTimeInterval = 1.5) {
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1
            fade.toValue = 0
            fade.duration = duration
            CATransaction.begin()
            CATransaction.setCompletionBlock { self.e.birthRate = 0 }
            e.add(fade, forKey: "fade")
            CATransaction.commit()
          }
        }

        """)
    let (transcript, _) = importTranscript("import \"\(file)\" view 200x200\nactions\n")
    #expect(transcript.contains("the completion block runs after 1.5 s"), "\(transcript)")
    #expect(transcript.contains("after 1.5 set e.birthRate 0"), "\(transcript)")
  }

  @Test(
    "a delegate's animationDidStop runs when its animation ends, with what the code kept in it",
    arguments: ["swift", "m"])
  func animationDelegate(ext: String) throws {
    let source =
      ext == "swift"
      ? """
      import UIKit
      final class BurstView: UIView, CAAnimationDelegate {
        private let layerKey = "burstLayer"
        override init(frame: CGRect) {
          super.init(frame: frame)
          let e = CAEmitterLayer()
          e.name = "burst"
          layer.addSublayer(e)
          let fade = CABasicAnimation(keyPath: "opacity")
          fade.fromValue = 1
          fade.toValue = 0
          fade.duration = 1.5
          fade.delegate = self
          fade.setValue(e, forKey: layerKey)
          e.add(fade, forKey: "fade")
        }
        required init?(coder: NSCoder) { fatalError() }
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
          if let done = anim.value(forKey: layerKey) as? CALayer, flag {
            done.removeFromSuperlayer()
          }
        }
      }

      """
      : """
      #import <UIKit/UIKit.h>
      @implementation BurstView
      - (instancetype)initWithFrame:(CGRect)frame {
        self = [super initWithFrame:frame];
        CAEmitterLayer *e = [CAEmitterLayer layer];
        e.name = @"burst";
        [self.layer addSublayer:e];
        CABasicAnimation *fade = [CABasicAnimation animationWithKeyPath:@"opacity"];
        fade.fromValue = @1;
        fade.toValue = @0;
        fade.duration = 1.5;
        fade.delegate = self;
        [fade setValue:e forKey:@"burstLayer"];
        [e addAnimation:fade forKey:@"fade"];
        return self;
      }
      - (void)animationDidStop:(CAAnimation *)anim finished:(BOOL)flag {
        if (flag) {
          [[anim valueForKey:@"burstLayer"] removeFromSuperlayer];
        }
      }
      @end

      """
    let file = try temporaryFile("Burst.\(ext)", contents: source)
    let (transcript, _) = importTranscript(
      "import \"\(file)\" view 200x200\nactions\nstep 1.4\ncount burst\nstep 0.2\ntree\n")
    #expect(!transcript.contains("warning"), "\(transcript)")
    // There at 1.4 s (its count is 0: no cells), gone at 1.6 s.
    #expect(
      transcript.hasSuffix("no actions\n0\nscene 200x200 #000000 · 0 live\n"), "\(transcript)")
  }

  @Test("a beginTime before now is an animation that began that long ago, as export writes it")
  func pastBeginTime() throws {
    let code = """
      let e = CAEmitterLayer()
      let c = CAEmitterCell()
      c.birthRate = 5
      e.emitterCells = [c]
      view.layer.addSublayer(e)
      let box = CALayer()
      box.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
      view.layer.addSublayer(box)
      let b = CABasicAnimation(keyPath: "opacity")
      b.fromValue = 0
      b.toValue = 1
      b.duration = 1
      b.beginTime = CACurrentMediaTime() - 0.25
      box.add(b, forKey: "past")
      """
    let file = try temporaryFile("Past.swift", contents: code)
    let (transcript, _) = importTranscript(
      "import \"\(file)\"\nanimations box\nget presentation box.opacity\nstep 0.5\n"
        + "get presentation box.opacity\n")
    #expect(!transcript.contains("warning"), "\(transcript)")
    #expect(transcript.contains("past  opacity  basic  -0.25"), "\(transcript)")
    #expect(transcript.hasSuffix("0.25\n0.75\n"), "\(transcript)")
  }

  @Test("an unclosed bracket in an animation is a warning, not a crash")
  func unclosedBracket() throws {
    let (transcript, _, _) = try importWithSetup(
      """
      CAKeyframeAnimation *k = [CAKeyframeAnimation animationWithKeyPath:@"opacity"];
      k.values = @[@1, @0
      """, objc: true)
    #expect(
      transcript.contains("Anim.m:11:1: warning: skipped: k.values = @[@1, @0"), "\(transcript)")
    #expect(!transcript.contains("error:"), "\(transcript)")
  }

  @Test("an action's animations are added when it runs, in the layer's time then")
  func actionAnimations() throws {
    let file = try temporaryFile(
      "Pop.swift",
      contents: """
        let e = CAEmitterLayer()
        view.layer.addSublayer(e)
        func pop() {
          let a = CABasicAnimation(keyPath: "opacity")
          a.fromValue = 1
          a.toValue = 0
          a.duration = 1
          e.add(a, forKey: "pop")
        }
        """)
    let (transcript, session) = importTranscript(
      "import \"\(file)\"\nanimations e\nstep 2\nrun pop\nstep 0.25\nget presentation e.opacity")
    #expect(transcript.contains("action pop: 1 command (line 3)"), "\(transcript)")
    #expect(transcript.contains("no animations\n"), "\(transcript)")
    #expect(transcript.hasSuffix("\n0.75\n"), "\(transcript)")
    let e = try #require(session.scene.model.layerID(named: "e"))
    #expect(session.scene.model.layer(e)?.animations.first?.key == "pop")
  }

  /// `Contents.json` files and the PNG the importer chooses from each.
  static let catalogs: [(name: String, json: String, file: String?)] = [
    (
      "1x wins over 2x and 3x",
      #"{"images":[{"filename":"a@3x.png","idiom":"universal","scale":"3x"},"#
        + #"{"filename":"a@2x.png","idiom":"universal","scale":"2x"},"#
        + #"{"filename":"a.png","idiom":"universal","scale":"1x"}]}"#,
      "a.png"
    ),
    (
      "2x when there is no 1x",
      #"{"images":[{"idiom":"universal","scale":"1x"},{"filename":"a@3x.png","idiom":"universal","scale":"3x"},"#
        + #"{"filename":"a@2x.png","idiom":"universal","scale":"2x"}]}"#,
      "a@2x.png"
    ),
    (
      "a single-scale image",
      #"{"images":[{"filename":"one.png","idiom":"universal"}]}"#, "one.png"
    ),
    (
      "universal before iphone",
      #"{"images":[{"filename":"phone.png","idiom":"iphone","scale":"1x"},"#
        + #"{"filename":"any@2x.png","idiom":"universal","scale":"2x"}]}"#,
      "any@2x.png"
    ),
    (
      "only PNG files, and no other idiom",
      #"{"images":[{"filename":"a.pdf","idiom":"universal"},{"filename":"w.png","idiom":"watch"}]}"#,
      nil
    ),
    ("not JSON", "{images", nil),
  ]

  @Test("an image set's Contents.json gives its 1x PNG first", arguments: catalogs.map(\.name))
  func catalogChoice(name: String) throws {
    let example = try #require(Self.catalogs.first { $0.name == name })
    #expect(ImportAssets.chosenFile(contents: Data(example.json.utf8)) == example.file)
  }

  @Test("UIImage(named:) finds an asset catalog beside the file or up to three folders above")
  func assetCatalogImage() throws {
    let root = testScratchFolder.appendingPathComponent(
      "burst-assets-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
    let set = root.appendingPathComponent("App/Assets.xcassets/Particles/glow.imageset")
    try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
    let png = try #require(
      FileManager.default.contents(
        atPath: importCorpus + "/Assets.xcassets/logo.imageset/logo.png"))
    try png.write(to: set.appendingPathComponent("glow.png"))
    try Data(
      #"{"images":[{"filename":"glow.png","idiom":"universal","scale":"1x"}]}"#.utf8
    ).write(to: set.appendingPathComponent("Contents.json"))
    let code = """
      let e = CAEmitterLayer()
      let c = CAEmitterCell()
      c.birthRate = 10
      c.contents = UIImage(named: "glow")?.cgImage
      e.emitterCells = [c]
      view.layer.addSublayer(e)
      """
    // Three folders below the catalog's folder: found; four: not.
    for (depth, found) in [(0, true), (3, true), (4, false)] {
      var folder = root.appendingPathComponent("App")
      for i in 0..<depth { folder = folder.appendingPathComponent("d\(i)") }
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let file = folder.appendingPathComponent("Glow.swift")
      try Data(code.utf8).write(to: file)
      let (transcript, session) = importTranscript("import \"\(file.path)\"")
      let e = try #require(session.scene.model.layerID(named: "e"), "\(transcript)")
      let contents = session.scene.model.layer(e)?.cells.first?.contents
      if found {
        guard case .file(let path) = contents else {
          Issue.record("depth \(depth): \(String(describing: contents))\n\(transcript)")
          continue
        }
        #expect(path.hasSuffix("Assets.xcassets/Particles/glow.imageset/glow.png"))
        #expect(!transcript.contains("warning"), "\(transcript)")
      } else {
        #expect(contents == .builtin("sparkle"), "depth \(depth)")  // glow's role
        #expect(transcript.contains("image 'glow' is not beside Glow.swift"))
      }
    }
  }

  @Test("the code export swift and export objc write for animations imports back to them")
  func exportedAnimationsImportBack() throws {
    let scene = """
      scene 200x200
      layer box
      set box bounds=40x40 position=100,100
      emitter e in box
      cell e spark
      set e.emitterCells.spark birthRate=20 lifetime=1
      animate box.transform.scale values 1.5 0.8 1 mode cubic duration 0.5 key bounce
      animate box.opacity from 1 to 0.5 duration 2 delay 0.5 timing easeIn repeat forever autoreverses key fade
      animate box.position path moveTo 0,0 lineTo 100,100 duration 1 key move
      animate box.position.y spring to 20 damping 5
      group box pop duration 0.6
      animate box.bounds.width to 80 in pop
      transition box push fromRight duration 0.3
      set box.backgroundColor #ff0000
      """
    for language in ["swift", "objc"] {
      let (_, original) = importTranscript(scene)
      let out = try temporaryFile(language == "swift" ? "Export.swift" : "Export.m", contents: "")
      original.run(source: "export \(language) to \"\(out)\"", file: "t.burst")
      let (transcript, session) = importTranscript("scene 200x200\nimport \"\(out)\"")
      #expect(!transcript.contains("skipped: box"), "\(transcript)")
      let box = try #require(session.scene.model.layerID(named: "box"), "\(transcript)")
      let keys = session.scene.model.layer(box)?.animations.compactMap(\.key) ?? []
      let expected = original.scene.model.layer(
        try #require(original.scene.model.layerID(named: "box")))?.animations.compactMap(\.key)
      #expect(keys == expected, "\(language): \(transcript)")
      for t in [0.25, 0.75, 1.5] {
        for property in ["opacity", "position", "transform", "bounds"] {
          let a = original.scene.presentedModel(at: t).value(
            PropertyRef(object: .layer(original.scene.model.layerID(named: "box")!), name: property)
          )
          let b = session.scene.presentedModel(at: t).value(
            PropertyRef(object: .layer(box), name: property))
          #expect(a == b, "\(language) \(property) at \(t)")
        }
      }
    }
  }
}
