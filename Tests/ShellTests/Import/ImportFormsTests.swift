import Core
import Foundation
import TestSupport
import Testing

@testable import Shell

/// The small language around the API that real files use (docs/import.md, "What it
/// understands"): each case is a file of its own, imported, and one value read back with `get`.
@Suite("import: the forms real files are written in")
struct ImportFormsTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let ext: String
    let source: String
    /// A `get` after the import, and what it prints.
    let get: String
    let value: String
    /// Whether the import must say nothing: the form is read whole, no part of it skipped.
    var quiet = false
    var testDescription: String { name }
  }

  /// A Swift view whose initializer holds `body`, with an emitter `e` already added.
  static func swift(_ body: String, members: String = "", after: String = "") -> String {
    """
    import UIKit
    \(after)
    class V: UIView {
    \(members)
      override init(frame: CGRect) {
        super.init(frame: frame)
        let e = CAEmitterLayer()
        layer.addSublayer(e)
    \(body)
      }
    }

    """
  }

  /// An Objective-C view whose initializer holds `body`, with an emitter `e` already added;
  /// `methods` come before the initializer in the `@implementation`.
  static func objc(_ body: String, header: String = "", methods: String = "") -> String {
    """
    #import <UIKit/UIKit.h>
    \(header)
    @implementation V
    \(methods)
    - (instancetype)initWithFrame:(CGRect)frame {
      self = [super initWithFrame:frame];
      CAEmitterLayer *e = [CAEmitterLayer layer];
      [self.layer addSublayer:e];
    \(body)
      return self;
    }
    @end

    """
  }

  /// A Swift view whose cell `c` is given the colour `expression` (after `before`).
  static func swiftColor(_ expression: String, before: String = "") -> String {
    swift(
      """
          \(before)
          let c = CAEmitterCell()
          c.name = "c"
          c.color = \(expression)
          e.emitterCells = [c]
      """)
  }

  /// An AppKit view whose cell `c` shows the image `NSImage(named: name)`.
  static func appKitImage(_ name: String) -> String {
    """
    import Cocoa
    class V: NSView {
      override func awakeFromNib() {
        let e = CAEmitterLayer()
        layer?.addSublayer(e)
        let c = CAEmitterCell()
        c.name = "c"
        var rect = NSRect(x: 0, y: 0, width: 8, height: 8)
        c.contents = NSImage(named: \(name))?
          .cgImage(forProposedRect: &rect, context: nil, hints: nil)
        e.emitterCells = [c]
      }
    }
    """
  }

  static let cases: [Case] = [
    Case(
      name: "a dictionary changed by updateValue(_:forKey:) and removeValue(forKey:) (Swift)",
      ext: "swift",
      source: swift(
        """
            var byName: [String: CAEmitterCell] = [:]
            let c = CAEmitterCell()
            c.birthRate = 7
            let d = CAEmitterCell()
            d.birthRate = 9
            byName.updateValue(c, forKey: "spark")
            byName.updateValue(d, forKey: "dust")
            byName.removeValue(forKey: "spark")
            e.emitterCells = Array(byName.values)
        """), get: "e.emitterCells.d.birthRate", value: "9"),
    Case(
      name: "a dictionary changed by setObject:forKey: and removeObjectForKey: (Objective-C)",
      ext: "m",
      source: objc(
        """
          NSMutableDictionary *byName = [NSMutableDictionary dictionary];
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.birthRate = 7;
          CAEmitterCell *d = [CAEmitterCell emitterCell];
          d.birthRate = 9;
          [byName setObject:c forKey:@"spark"];
          [byName setObject:d forKey:@"dust"];
          [byName removeObjectForKey:@"spark"];
          CAEmitterCell *n = [CAEmitterCell emitterCell];
          n.birthRate = [byName count] * 10 + [[byName objectForKey:@"dust"] birthRate];
          e.emitterCells = @[n];
        """), get: "e.emitterCells.n.birthRate", value: "19"),
    Case(
      name: "a dictionary emptied by removeAll() (Swift)",
      ext: "swift",
      source: swift(
        """
            var byName = ["spark": CAEmitterCell()]
            byName.removeAll()
            let c = CAEmitterCell()
            c.birthRate = Float(byName.count + 3)
            e.emitterCells = [c]
        """), get: "e.emitterCells.c.birthRate", value: "3"),
    Case(
      name: "a loop over a member of another file's value runs once, its item not known here",
      ext: "swift",
      source: """
        import UIKit
        class V: UIView {
          let e = CAEmitterLayer()
          init(config: SparkleConfig) {
            super.init(frame: .zero)
            var cells: [CAEmitterCell] = []
            for tint in config.tints {
              let c = CAEmitterCell()
              c.name = "c"
              c.birthRate = 5
              c.color = tint.cgColor
              cells.append(c)
            }
            e.emitterCells = cells
            layer.addSublayer(e)
          }
        }

        """, get: "e.emitterCells.c.birthRate", value: "5"),
    Case(
      name: "a colour property only the header declares (self.showColor) is white, the app's",
      ext: "m",
      source: objc(
        """
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.name = @"c";
          c.color = [self.showColor CGColor];
          e.emitterCells = @[c];
        """), get: "e.emitterCells.c.color", value: "#ffffff"),
    Case(
      name: "a colour list only the header declares, filled by the file's lazy getter, is its",
      ext: "m",
      source: objc(
        """
          NSMutableArray *cells = [NSMutableArray array];
          for (int i = 0; i < self.colors.count; i++) {
            CAEmitterCell *c = [CAEmitterCell emitterCell];
            c.name = [NSString stringWithFormat:@"c%d", i];
            c.color = [self.colors[i] CGColor];
            [cells addObject:c];
          }
          e.emitterCells = cells;
        """,
        methods: """
          - (NSMutableArray *)colors {
            if (!_colors) {
              _colors = [NSMutableArray array];
              [_colors addObject:[UIColor redColor]];
              [_colors addObject:[UIColor greenColor]];
            }
            return _colors;
          }
          """), get: "e.emitterCells.c1.color", value: "#00ff00"),
    Case(
      name: "a colour list only the header declares, that nothing sets, is one white",
      ext: "m",
      source: objc(
        """
          NSMutableArray *cells = [NSMutableArray array];
          for (UIColor *color in self.colors) {
            CAEmitterCell *c = [CAEmitterCell emitterCell];
            c.name = @"c";
            c.color = color.CGColor;
            [cells addObject:c];
          }
          e.emitterCells = cells;
        """), get: "e.emitterCells.c.color", value: "#ffffff"),
    Case(
      name: "an instance variable only the header declares, named as a tint, is white",
      ext: "m",
      source: objc(
        """
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.name = @"c";
          c.color = _sparkTint.CGColor;
          e.emitterCells = @[c];
        """), get: "e.emitterCells.c.color", value: "#ffffff"),
    Case(
      name: "an empty dictionary made by its type, [String: CAEmitterCell](), is filled and read",
      ext: "swift",
      source: swift(
        """
            var byName = [String: CAEmitterCell]()
            let c = CAEmitterCell()
            c.birthRate = 7
            byName["spark"] = c
            e.emitterCells = [byName["spark"]!]
        """), get: "e.emitterCells.c.birthRate", value: "7"),
    Case(
      name: "an array's item assigned by its index, colors[1] = .green, is replaced",
      ext: "swift",
      source: swift(
        """
            var colors = [UIColor.red, UIColor.blue]
            colors[1] = .green
            let c = CAEmitterCell()
            c.color = colors[1].cgColor
            e.emitterCells = [c]
        """), get: "e.emitterCells.c.color", value: "#00ff00"),
    Case(
      name: "Objective-C's dict[@\"rate\"] = @12 sets the key it reads back",
      ext: "m",
      source: objc(
        """
          NSMutableDictionary *d = [NSMutableDictionary dictionary];
          d[@"rate"] = @12;
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.birthRate = [d[@"rate"] floatValue];
          e.emitterCells = @[c];
        """), get: "e.emitterCells.c.birthRate", value: "12"),
    Case(
      name: "an image view's photo not beside the file leaves the layer without a picture",
      ext: "swift",
      source: swift(
        """
            let photo = UIImageView(frame: bounds)
            photo.image = UIImage(named: "ariana")
            addSubview(photo)
        """), get: "photo.contents", value: "none"),
    Case(
      name: "a photo not beside the file read into a variable first leaves the layer without it",
      ext: "swift",
      source: swift(
        """
            let picture = UIImage(named: "ariana")
            let photo = UIImageView(frame: bounds)
            photo.image = picture
            addSubview(photo)
        """), get: "photo.contents", value: "none"),
    Case(
      name: "a backdrop's picture not beside the file has no stand-in, whatever its role word",
      ext: "m",
      source: objc(
        """
          UIImageView *back = [[UIImageView alloc] initWithFrame:self.bounds];
          [back setImage:[UIImage imageNamed:@"snow_bg"]];
          [self addSubview:back];
        """), get: "back.contents", value: "none"),
    Case(
      name: "an icon's picture not beside the file keeps the built-in of its role",
      ext: "swift",
      source: swift(
        """
            let icon = UIImageView(image: UIImage(named: "likeIcon"))
            addSubview(icon)
        """), get: "icon.contents", value: "heart.fill"),
    Case(
      name: "a particle's image with no role still gets the built-in dot",
      ext: "swift",
      source: swift(
        """
            let c = CAEmitterCell()
            c.birthRate = 5
            c.contents = UIImage(named: "ariana")?.cgImage
            e.emitterCells = [c]
        """), get: "e.emitterCells.c.contents", value: "dot"),
    Case(
      name: "an image view's contentMode is its layer's contentsGravity",
      ext: "swift",
      source: swift(
        """
            let imageView = UIImageView(image: UIImage(named: "heart"))
            imageView.contentMode = .scaleAspectFit
            addSubview(imageView)
        """), get: "imageView.contentsGravity", value: "resizeAspect"),
    Case(
      name: "Objective-C's UIViewContentModeScaleAspectFill is resizeAspectFill",
      ext: "m",
      source: objc(
        """
          UIImageView *imageView = [[UIImageView alloc] initWithImage:[UIImage imageNamed:@"heart"]];
          imageView.contentMode = UIViewContentModeScaleAspectFill;
          [self addSubview:imageView];
        """), get: "imageView.contentsGravity", value: "resizeAspectFill"),
    Case(
      name:
        "a view's settings of touch and layout (isEnabled, tag, delegate) are passed over quietly",
      ext: "swift",
      source: swift(
        """
            let field = UIView()
            field.accessibilityIdentifier = "field"
            field.tag = 2
            field.translatesAutoresizingMaskIntoConstraints = false
            let button = UIButton(type: .system)
            button.isEnabled = false
            button.tag = 3
            button.isExclusiveTouch = true
            addSubview(field)
            addSubview(button)
            e.birthRate = 2
        """), get: "e.birthRate", value: "2", quiet: true),
    Case(
      name: "an optional closure that is nil, called with ?(), calls nothing",
      ext: "swift",
      source: swift(
        """
            completion?()
            onFinish?(true)
            e.birthRate = 3
        """,
        members: """
            var completion: (() -> Void)?
            var onFinish: ((Bool) -> Void)? = nil
          """), get: "e.birthRate", value: "3", quiet: true),
    Case(
      name: "an NSView's viewDidMoveToWindow and layout() run as UIKit's setup and layout",
      ext: "swift",
      source: """
        import Cocoa
        final class SparkView: NSView {
          let sparks = CAEmitterLayer()
          override var isFlipped: Bool { true }
          override func viewDidMoveToWindow() {
            super.viewDidMoveToWindow()
            wantsLayer = true
            sparks.birthRate = 2
            layer?.addSublayer(sparks)
          }
          override func layout() {
            super.layout()
            sparks.emitterPosition = CGPoint(x: bounds.midX, y: bounds.midY)
          }
        }

        """, get: "sparks.emitterPosition\nactions", value: "160,120\nno actions"),
    Case(
      name: "NSNumber's literal initializers (floatLiteral:, integerLiteral:)",
      ext: "swift",
      source: swift(
        """
            let c = CAEmitterCell()
            c.name = "c"
            e.emitterCells = [c]
            e.setValue(NSNumber(floatLiteral: 2.5), forKeyPath: "emitterCells.c.lifetime")
            e.setValue(NSNumber(integerLiteral: 4), forKeyPath: "emitterCells.c.birthRate")
        """), get: "e.emitterCells.c.lifetime\nget e.emitterCells.c.birthRate", value: "2.5\n4",
      quiet: true),
    Case(
      name:
        "NSMutableArray's removeObject:, insertObject:atIndex:, removeAllObjects; colorWithAlphaComponent:",
      ext: "m",
      source: objc(
        """
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.name = @"c";
          c.color = [[[UIColor purpleColor] colorWithAlphaComponent:0.5] CGColor];
          CAEmitterCell *d = [CAEmitterCell emitterCell];
          d.name = @"d";
          d.color = [UIColor.blueColor colorWithAlphaComponent:0.25].CGColor;
          NSMutableArray *cells = [NSMutableArray array];
          [cells addObjectsFromArray:@[c, d, c]];
          [cells removeObject:c];
          [cells insertObject:c atIndex:0];
          [cells removeLastObject];
          [cells addObject:d];
          e.emitterCells = cells;
          [cells removeAllObjects];
        """), get: "e.emitterCells.c.color\nget e.emitterCells.d.color",
      value: "#80008080\n#0000ff40", quiet: true),
    Case(
      name: "CGColor's copy(alpha:)",
      ext: "swift", source: swiftColor("UIColor.white.cgColor.copy(alpha: 0.5)"),
      get: "e.emitterCells.c.color", value: "#ffffff80", quiet: true),
    Case(
      name: "a container's view (navigation, tab bar, parent) and the key window hold the screen",
      ext: "swift",
      source: """
        import UIKit
        class VC: UIViewController {
          override func viewDidAppear(_ animated: Bool) {
            super.viewDidAppear(animated)
            let c = CAEmitterCell()
            c.name = "c"
            c.birthRate = 5
            let a = CAEmitterLayer()
            navigationController?.view.layer.addSublayer(a)
            let b = CAEmitterLayer()
            tabBarController?.view.layer.addSublayer(b)
            let d = CAEmitterLayer()
            self.parent?.view.layer.addSublayer(d)
            let k = CAEmitterLayer()
            UIApplication.shared.windows.filter { $0.isKeyWindow }.first?.layer.addSublayer(k)
            for layer in [a, b, d, k] { layer.emitterCells = [c] }
          }
        }

        """,
      get: "a.emitterCells.c.birthRate\nget b.emitterCells.c.birthRate\n"
        + "get d.emitterCells.c.birthRate\nget k.emitterCells.c.birthRate", value: "5\n5\n5\n5"),
    Case(
      name: "Objective-C's self.navigationController.view holds the screen",
      ext: "m",
      source: """
        #import <UIKit/UIKit.h>
        @implementation VC
        - (void)viewDidLoad {
          [super viewDidLoad];
          CAEmitterLayer *e = [CAEmitterLayer layer];
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.name = @"c";
          c.birthRate = 6;
          e.emitterCells = @[c];
          [self.navigationController.view.layer addSublayer:e];
        }
        @end

        """, get: "e.emitterCells.c.birthRate", value: "6"),
    Case(
      name: "an if-let of a value not known here binds it as not known, not as nil",
      ext: "swift",
      source: swift(
        """
            let c = CAEmitterCell()
            c.name = "c"
            if let tint = UIColor(named: "RainTint") {
              c.color = tint.cgColor
            }
            e.emitterCells = [c]
        """), get: "e.emitterCells.c.color", value: "#ffffff"),
    Case(
      name: "a binding another view gives ($running of its @State, or .constant) reads that value",
      ext: "swift",
      source: """
        import SwiftUI
        struct Bubbles: UIViewRepresentable {
          @Binding var running: Bool
          @Binding var dense: Bool
          func makeUIView(context: Context) -> UIView {
            let view = UIView()
            let e = CAEmitterLayer()
            let c = CAEmitterCell()
            c.name = "c"
            c.birthRate = dense ? 30 : 3
            e.emitterCells = [c]
            view.layer.addSublayer(e)
            return view
          }
          func updateUIView(_ uiView: UIView, context: Context) {
            (uiView.layer.sublayers?.first as? CAEmitterLayer)?.birthRate = running ? 1 : 0
          }
        }
        struct Screen: View {
          @State private var running = true
          var body: some View {
            Bubbles(running: $running, dense: .constant(true))
          }
        }

        """, get: "e.birthRate\nget e.emitterCells.c.birthRate", value: "1\n30"),
    Case(
      name: "an image or colour property the app sets, observed by didSet, is set at import",
      ext: "swift",
      source: swift(
        """
            c.name = "c"
            c.birthRate = 10
            e.emitterCells = [c]
        """,
        members: """
            let c = CAEmitterCell()
            var sprite: UIImage? {
              didSet {
                guard let sprite = sprite else { return }
                c.contents = sprite.cgImage
              }
            }
            var tint: UIColor = .clear {
              didSet { c.color = tint.cgColor }
            }
          """), get: "e.emitterCells.c.contents\nget e.emitterCells.c.color",
      value: "dot\n#ffffff"),
    Case(
      name: "C's if without braces takes an else of one statement, else if, and a dangling else",
      ext: "m",
      source: objc(
        """
          e.birthRate = 2;
          if (e.birthRate < 0) e.opacity = 0.5;
          else if (e.birthRate < 1) e.opacity = 0.75;
          else e.opacity = 0.25;
          if (e.birthRate > 5) { e.zPosition = 3; } else e.zPosition = 7;
          if (e.birthRate > 1) if (e.birthRate > 5) e.speed = 2; else e.speed = 3;
        """), get: "e.opacity\nget e.zPosition\nget e.speed", value: "0.25\n7\n3", quiet: true),
    Case(
      name:
        "an enumeration of another file, known by the extension that switches over it, is its first case with the extension's members",
      ext: "swift",
      source: """
        import UIKit
        final class V: UIView {
          private let mode: Mode
          let e = CAEmitterLayer()
          init(mode: Mode) {
            self.mode = mode
            super.init(frame: .zero)
            e.emitterShape = mode.shape
            e.emitterPosition = mode.position(in: CGRect(x: 0, y: 0, width: 200, height: 100))
            layer.addSublayer(e)
          }
          required init?(coder: NSCoder) { fatalError() }
        }
        private extension Mode {
          var shape: CAEmitterLayerEmitterShape {
            switch self {
            case .rain: return .line
            case .burst: return .point
            }
          }
          func position(in rect: CGRect) -> CGPoint {
            switch self {
            case .rain: return CGPoint(x: rect.midX, y: -10)
            case .burst: return CGPoint(x: rect.midX, y: rect.midY)
            }
          }
        }

        """, get: "e.emitterShape\nget e.emitterPosition", value: "line\n100,-10"),
    Case(
      name: "UUID().uuidString is a fixed name per UUID made, so key paths built from it agree",
      ext: "swift",
      source: swift(
        """
            let c = CAEmitterCell()
            c.name = UUID().uuidString
            c.birthRate = 3
            let d = CAEmitterCell()
            d.name = UUID().uuidString
            e.emitterCells = [c, d]
            e.setValue(7, forKeyPath: "emitterCells.\\(d.name!).birthRate")
        """), get: "e.emitterCells.uuid1.birthRate\nget e.emitterCells.uuid2.birthRate",
      value: "3\n7", quiet: true),
    Case(
      name: "Foundation's Measurement of an angle converted to radians, in a helper and inline",
      ext: "swift",
      source: swift(
        """
            let c = CAEmitterCell()
            c.name = "c"
            c.emissionLongitude = CGFloat(rad(180))
            c.emissionRange = CGFloat(
              Measurement(value: 0.25, unit: UnitAngle.revolutions).converted(to: .radians).value)
            e.emitterCells = [c]
        """,
        members: """
            private func rad(_ d: Double) -> Double {
              let degrees = Measurement(value: d, unit: UnitAngle.degrees)
              let radians = degrees.converted(to: .radians)
              return radians.value
            }
          """), get: "e.emitterCells.c.emissionLongitude\nget e.emitterCells.c.emissionRange",
      value: "3.141592653589793\n1.5707963267948966", quiet: true),
    Case(
      name: "a convenience init calling UIKit's self.init(frame:) runs the rest of its body",
      ext: "swift",
      source: """
        import UIKit
        class V: UIView {
          let e = CAEmitterLayer()
          convenience init() {
            self.init(frame: .zero)
            e.birthRate = 4
            layer.addSublayer(e)
          }
        }

        """, get: "e.birthRate", value: "4", quiet: true),
    Case(
      name: "Foundation's assertions (NSAssert, NSParameterAssert) and precondition pass quietly",
      ext: "m",
      source: objc(
        """
          NSAssert(e != nil, @"no emitter");
          NSParameterAssert(frame.size.width >= 0);
          e.birthRate = 3;
        """), get: "e.birthRate", value: "3", quiet: true),
    Case(
      name: "Swift 1 and 2 leave out a method's first label: g.setRate(6, life: 2)",
      ext: "swift",
      source: """
        import UIKit
        class Glow: CAEmitterLayer {}
        extension Glow {
          func setRate(rate: Float, life: Float) { birthRate = rate * life / 2 }
        }
        class V: UIView {
          override init(frame: CGRect) {
            super.init(frame: frame)
            let g = Glow()
            g.emitterCells = [CAEmitterCell()]
            layer.addSublayer(g)
            g.setRate(6, life: 2)
          }
        }

        """, get: "g.birthRate", value: "6", quiet: true),
    Case(
      name: "a file-scope constant is read in a layer subclass's own initializer",
      ext: "swift",
      source: """
        import UIKit
        private let ShapeKey = "circle"
        class Sparks: CAEmitterLayer {
          override init() {
            super.init()
            emitterShape = ShapeKey
            emitterCells = [CAEmitterCell()]
          }
        }
        extension UIView {
          func sparkle() {
            let s = Sparks()
            layer.addSublayer(s)
          }
        }

        """, get: "s.emitterShape", value: "circle"),
    Case(
      name: "CGPoint(), NSValue(CGPoint:) and removeAll(keepCapacity:) as Swift 2 wrote them",
      ext: "swift",
      source: swift(
        """
            var rates: [Float] = [3]
            rates.removeAll(keepCapacity: false)
            rates.append(5)
            e.birthRate = rates[0]
            let a = CAKeyframeAnimation(keyPath: "position")
            a.values = [NSValue(CGPoint: CGPoint()), NSValue(CGPoint: CGPoint(x: 10, y: 0))]
            a.duration = 1
            e.add(a, forKey: "p")
        """), get: "e.birthRate", value: "5", quiet: true),
    Case(
      name: "a #define in a method, objectAtIndex:, a view's autoresizingMask of C constants",
      ext: "m",
      source: objc(
        """
          self.autoresizingMask = UIViewAutoresizingFlexibleWidth | UIViewAutoresizingFlexibleHeight;
        #define kRate 7
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.birthRate = kRate;
          e.emitterCells = @[c];
          e.lifetime = [[e.emitterCells objectAtIndex:0] birthRate];
        """), get: "e.lifetime", value: "7", quiet: true),
    Case(
      name: "a computed property whose getter makes a cell is a root, as a function is",
      ext: "swift",
      source: """
        import UIKit
        extension CAEmitterCell {
          static var snow: CAEmitterCell {
            let cell = CAEmitterCell()
            cell.birthRate = 7
            cell.lifetime = 2
            return cell
          }
          var isFast: Bool { velocity > 100 }
        }

        """, get: "emitterLayer.emitterCells.cell.birthRate", value: "7"),
    Case(
      name: "string tests on names: hasPrefix, hasSuffix, lowercased, isEmpty",
      ext: "swift",
      source: swift(
        """
            let c = CAEmitterCell()
            c.name = "spark"
            let d = CAEmitterCell()
            d.name = "Smoke"
            e.emitterCells = [c, d]
            e.emitterCells?.filter { $0.name?.hasPrefix("sp") == true }.forEach { $0.velocity = 50 }
            if d.name?.lowercased() == "smoke" && !(c.name ?? "").isEmpty && c.name!.hasSuffix("rk") {
              d.birthRate = 3
            }
        """),
      get:
        "e.emitterCells.spark.velocity\nget e.emitterCells.Smoke.birthRate\nget e.emitterCells.Smoke.velocity",
      value: "50\n3\n0", quiet: true),
    Case(
      name: "C's hex literals with unsigned and long suffixes",
      ext: "m",
      source: objc(
        """
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.name = @"c";
          c.birthRate = 0xFFFFFFFFu / 0xFFFFFFFFUL * 0x10;
          e.emitterCells = @[c];
        """), get: "e.emitterCells.c.birthRate", value: "16", quiet: true),
    Case(
      name: "with(_:_:) of another file gives its value to the closure and returns it",
      ext: "swift",
      source: swift(
        """
            let c = with(CAEmitterCell()) {
              $0.name = "c"
              $0.birthRate = 4
            }
            e.emitterCells = [with(c, { cell in cell.lifetime = 2 })]
        """), get: "e.emitterCells.c.birthRate\nget e.emitterCells.c.lifetime", value: "4\n2"),
    Case(
      name: "a local block given a cell is a helper the code calls, not an action",
      ext: "m",
      source: objc(
        """
          void (^tint)(CAEmitterCell *, CGFloat) = ^(CAEmitterCell *cell, CGFloat rate) {
            cell.color = [UIColor blueColor].CGColor;
            cell.birthRate = rate;
          };
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.name = @"c";
          tint(c, 6);
          e.emitterCells = @[c];
        """), get: "e.emitterCells.c.color\nget e.emitterCells.c.birthRate",
      value: "#0000ff\n6", quiet: true),
    Case(
      name: "a nested function given a cell is a helper the code calls, not an action",
      ext: "swift",
      source: swift(
        """
            func tint(_ cell: CAEmitterCell, with color: UIColor) {
              cell.color = color.cgColor
              cell.birthRate = 7
            }
            let c = CAEmitterCell()
            c.name = "c"
            tint(c, with: .red)
            e.emitterCells = [c]
        """), get: "e.emitterCells.c.color\nget e.emitterCells.c.birthRate",
      value: "#ff0000\n7", quiet: true),
    Case(
      name: "a Core Animation constant's rawValue is its name, and its type made from one is it",
      ext: "swift",
      source: swift(
        """
            e.renderMode = CAEmitterLayerRenderMode(rawValue: CAEmitterLayerRenderMode.additive.rawValue)
            let c = CAEmitterCell()
            c.name = "c"
            c.magnificationFilter = CALayerContentsFilter.nearest.rawValue
            e.emitterCells = [c]
        """), get: "e.renderMode\nget e.emitterCells.c.magnificationFilter",
      value: "additive\nnearest", quiet: true),
    Case(
      name: "Swift 2's implicit .whiteColor() where a colour goes is .white",
      ext: "swift", source: swiftColor(".blueColor()"),
      get: "e.emitterCells.c.color", value: "#0000ff", quiet: true),
    Case(
      name: "Swift 3's UIColor(colorLiteralRed:green:blue:alpha:), the literal's old spelling",
      ext: "swift",
      source: swiftColor(
        "UIColor.init(colorLiteralRed: 0.8, green: 0.4, blue: 0.2, alpha: 1).cgColor"),
      get: "e.emitterCells.c.color", value: "#cc6633", quiet: true),
    Case(
      name:
        "a behaviour made by calling behaviorWithType:'s implementation, bit-cast to a C function",
      ext: "swift",
      source: swift(
        """
            let c = CAEmitterCell()
            c.name = "c"
            c.birthRate = 5
            e.emitterCells = [c]
            e.setValue([behavior(of: "drag"), gust()], forKey: "emitterBehaviors")
        """,
        members: """
            func behavior(of type: String) -> NSObject {
              let kind = NSClassFromString("CAEmitterBehavior") as! NSObject.Type
              let selector = NSSelectorFromString("behaviorWithType:")
              let made = unsafeBitCast(
                kind.method(for: selector), to: (@convention(c) (Any?, Selector, Any?) -> NSObject).self)
              return made(kind, selector, type)
            }
            func gust() -> NSObject {
              let b = behavior(of: "wave")
              b.setValue("gust", forKey: "name")
              b.setValue(0.25, forKey: "frequency")
              return b
            }
          """), get: "e.emitterBehaviors.gust.frequency", value: "0.25", quiet: true),
    Case(
      name: "#pragma mark inside a method is the compiler's, said nothing of",
      ext: "m",
      source: objc(
        """
        #pragma mark - The cell
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.name = @"c";
          c.birthRate = 12;
        #pragma mark - Its emitter
          e.emitterCells = @[c];
        """),
      get: "e.emitterCells.c.birthRate", value: "12", quiet: true),
    Case(
      name: "an unknown condition reads as false: '? :' gives its second value, if-else its else",
      ext: "swift",
      source: swift(
        """
            let c = CAEmitterCell()
            c.name = "c"
            c.birthRate = isRegularSizeClass ? 20 : 5
            if DeviceType.isSmallPhone {
              c.lifetime = 1
            } else if Settings.shared.lowPower {
              c.lifetime = 2
            } else {
              c.lifetime = 4
            }
            if Settings.shared.reduceMotion { c.birthRate = 0 }
            c.velocity = CGFloat(c.birthRate * c.lifetime)
            e.emitterCells = [c]
        """), get: "e.emitterCells.c.velocity", value: "20"),
    Case(
      name: "an Objective-C if-else on an unknown condition runs its else",
      ext: "m",
      source: objc(
        """
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.name = @"c";
          if ([type isEqualToString:@"none"]) {
            c.birthRate = 0;
          } else {
            c.birthRate = IS_IPAD ? 40 : 12;
          }
          e.emitterCells = @[c];
        """), get: "e.emitterCells.c.birthRate", value: "12"),
    Case(
      name: "setValue(_:forKey:) with emitterCells gives the layer its cells, as the setter does",
      ext: "swift",
      source: swift(
        """
            let c = CAEmitterCell()
            c.name = "c"
            c.setValuesForKeys(["birthRate": 9, "lifetime": 2])
            e.setValue([c], forKey: "emitterCells")
        """), get: "e.emitterCells.c.birthRate", value: "9", quiet: true),
    Case(
      name: "Objective-C's setValue:forKey: with emitterCells gives the layer its cells",
      ext: "m",
      source: objc(
        """
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.name = @"c";
          [c setValue:@11 forKey:@"birthRate"];
          [e setValue:@[c] forKey:@"emitterCells"];
        """), get: "e.emitterCells.c.birthRate", value: "11", quiet: true),
    Case(
      name: "AppKit's NSImage.Name(\"heart\") is the image's name", ext: "swift",
      source: appKitImage("NSImage.Name(\"heart\")"), get: "e.emitterCells.c.contents",
      value: "heart"),
    Case(
      name: "AppKit's NSImage.Name(rawValue: \"heart\") is the image's name", ext: "swift",
      source: appKitImage("NSImage.Name(rawValue: \"heart\")"), get: "e.emitterCells.c.contents",
      value: "heart"),
    Case(
      name: "CGColorCreate of a colour space and a C array of components is that colour",
      ext: "m",
      source: objc(
        """
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.name = @"c";
          CGFloat components[4] = {0.8, 0.4, 0.2, 0.1};
          CGColorSpaceRef space = CGColorSpaceCreateDeviceRGB();
          CGColorRef color = CGColorCreate(space, components);
          c.color = color;
          CGColorRelease(color);
          CGColorSpaceRelease(space);
          e.emitterCells = @[c];
        """), get: "e.emitterCells.c.color", value: "#cc66331a", quiet: true),
    Case(
      name: "CGColor(colorSpace:components:) is a colour", ext: "swift",
      source: swiftColor(
        "CGColor(colorSpace: CGColorSpaceCreateDeviceGray(), components: [0.5, 1])"),
      get: "e.emitterCells.c.color", value: "#808080", quiet: true),
    Case(
      name: "CGColor(srgbRed:green:blue:alpha:) is a colour", ext: "swift",
      source: swiftColor("CGColor(srgbRed: 1, green: 0.5, blue: 0, alpha: 1)"),
      get: "e.emitterCells.c.color", value: "#ff8000", quiet: true),
    Case(
      name: "CGColorCreateGenericRGB(_:_:_:_:) is a colour", ext: "swift",
      source: swiftColor("CGColorCreateGenericRGB(0, 0.5, 1, 0.5)"),
      get: "e.emitterCells.c.color", value: "#0080ff80", quiet: true),
    Case(
      name: "UIColor(_:) of a SwiftUI Color written .mint is SwiftUI's mint", ext: "swift",
      source: swiftColor("UIColor(tints[0]).cgColor", before: "let tints: [Color] = [.mint, .red]"),
      get: "e.emitterCells.c.color", value: "#00c7be", quiet: true),
    Case(
      name: "UIColor(_:) of a SwiftUI Color written .red is SwiftUI's red", ext: "swift",
      source: swiftColor("UIColor(tints[1]).cgColor", before: "let tints: [Color] = [.mint, .red]"),
      get: "e.emitterCells.c.color", value: "#ff3b30", quiet: true),
    Case(
      name: "cells made as another file's class (Confetti()) give way to one stand-in cell",
      ext: "swift",
      source: swift(
        """
            e.emitterCells = makeCells()
        """,
        members: """
            func makeCells() -> [Confetti] {
              var cells: [Confetti] = []
              for _ in 0..<3 { cells.append(Confetti()) }
              return cells
            }
          """), get: "e.emitterCells.standIn.birthRate", value: "20"),
    Case(
      name: "Objective-C divides two integer literals as integers (7 / 2 is 3), others not",
      ext: "m",
      source: objc(
        """
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.name = @"c";
          c.birthRate = 7 / 2 + 7.0 / 2 + (CGFloat)1 / 2;
          e.emitterCells = @[c];
        """), get: "e.emitterCells.c.birthRate", value: "7", quiet: true),
    Case(
      name: "Objective-C's colorWithRed:100/255 is 0, as on a device",
      ext: "m",
      source: objc(
        """
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.name = @"c";
          c.color = [UIColor colorWithRed:100/255 green:255/255 blue:51/255.0 alpha:1].CGColor;
          e.emitterCells = @[c];
        """), get: "e.emitterCells.c.color", value: "#00ff33", quiet: true),
    Case(
      name: "a method of the file's value type called without its defaulted arguments takes them",
      ext: "swift",
      source: swift(
        """
            e.emitterCells = [Maker.shared.cell(named: "c")]
        """,
        after: """
          final class Maker {
            static let shared = Maker()
            private init() {}
            func cell(named name: String, rate: Float = 7) -> CAEmitterCell {
              let c = CAEmitterCell()
              c.name = name
              c.birthRate = rate
              return c
            }
          }
          """), get: "e.emitterCells.c.birthRate", value: "7", quiet: true),
    Case(
      name: "the view's interaction and autoresizing switches are read without a word",
      ext: "m",
      source: objc(
        """
          self.userInteractionEnabled = NO;
          self.autoresizingMask = UIViewAutoresizingFlexibleWidth;
          self.translatesAutoresizingMaskIntoConstraints = NO;
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.name = @"c";
          c.birthRate = 4;
          e.emitterCells = @[c];
        """), get: "e.emitterCells.c.birthRate", value: "4", quiet: true),
    Case(
      name:
        "arrays and emitterCells change in place: remove(at:), removeAll { }, insert(_:at:), removeLast()",
      ext: "swift",
      source: swift(
        """
            var cells: [CAEmitterCell] = []
            for r in [1, 2, 3] {
              let c = CAEmitterCell()
              c.name = "c\\(r)"
              c.birthRate = Float(r)
              cells.append(c)
            }
            cells.remove(at: 0)
            cells.removeAll { $0.birthRate > 2 }
            let first = CAEmitterCell()
            first.name = "first"
            first.birthRate = 5
            cells.insert(first, at: 0)
            e.emitterCells = cells
            e.emitterCells?.removeLast()
            e.emitterCells?.last?.birthRate = 7
        """), get: "e.emitterCells.first.birthRate", value: "7"),
    Case(
      name: "firstIndex(of:) is where the item is, in a cell's name",
      ext: "swift",
      source: swift(
        """
            let rates: [Float] = [2, 3]
            e.emitterCells = rates.map { rate in
              let c = CAEmitterCell()
              c.name = "r\\(rates.firstIndex(of: rate)!)"
              c.birthRate = rate
              return c
            }
        """), get: "e.emitterCells.r1.birthRate", value: "3", quiet: true),
    Case(
      name: "a value not known here takes the fallback after ??, as a nil would on a device",
      ext: "swift",
      source: swiftColor("UIColor(named: \"NoSuchColor\")?.cgColor ?? UIColor.red.cgColor"),
      get: "e.emitterCells.c.color", value: "#ff0000", quiet: true),
    Case(
      name: "type(of: self) is the running method's class: its static methods answer",
      ext: "swift",
      source: swift(
        """
            e.emitterCells = [type(of: self).makeCell(rate: 7)]
        """,
        members: """
            static func makeCell(rate: Float) -> CAEmitterCell {
              let c = CAEmitterCell()
              c.name = "c"
              c.birthRate = rate
              return c
            }
          """), get: "e.emitterCells.c.birthRate", value: "7", quiet: true),
    Case(
      name: "[self class] is the running method's class: its class methods answer",
      ext: "m",
      source: objc(
        """
          e.emitterCells = @[[[self class] cellWithRate:7]];
        """,
        methods: """
          + (CAEmitterCell *)cellWithRate:(float)rate {
            CAEmitterCell *c = [CAEmitterCell emitterCell];
            c.name = @"c";
            c.birthRate = rate;
            return c;
          }
          """), get: "e.emitterCells.c.birthRate", value: "7", quiet: true),
    Case(
      name: "an instance variable of the implementation's block starts nil without a word",
      ext: "m",
      source: """
        #import <UIKit/UIKit.h>
        @implementation SnowView {
          CAEmitterLayer *_snow;
        }
        - (instancetype)initWithFrame:(CGRect)frame {
          self = [super initWithFrame:frame];
          if (_snow) {
            [_snow removeFromSuperlayer];
          }
          _snow = [CAEmitterLayer layer];
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.name = @"flake";
          c.birthRate = 9;
          _snow.emitterCells = @[c];
          [self.layer addSublayer:_snow];
          return self;
        }
        @end

        """,
      get: "snow.emitterCells.flake.birthRate", value: "9", quiet: true),
    Case(
      name: "isEqualToString: compares two texts in a condition",
      ext: "m",
      source: objc(
        """
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.name = @"c";
          NSString *kind = @"snow";
          if ([kind isEqualToString:@"rain"]) { c.birthRate = 1; }
          if ([kind isEqualToString:@"snow"]) { c.birthRate = 7; }
          e.emitterCells = @[c];
        """), get: "e.emitterCells.c.birthRate", value: "7", quiet: true),
    Case(
      name: "Swift 2's C-style for loop runs its body each turn",
      ext: "swift",
      source: swift(
        """
            var cells = [CAEmitterCell]()
            for var i = 0; i < 3; i++ {
              let c = CAEmitterCell()
              c.name = "c\\(i)"
              c.birthRate = Float(i + 1)
              cells.append(c)
            }
            e.emitterCells = cells
        """), get: "e.emitterCells.c2.birthRate", value: "3", quiet: true),
    Case(
      name: "Swift 2's C-style for loop in parentheses runs its body each turn",
      ext: "swift",
      source: swift(
        """
            var n: Float = 0
            for (var i = 0; i < 4; ++i) { n += 2 }
            e.birthRate = n
        """), get: "e.birthRate", value: "8", quiet: true),
    Case(
      name: "an increment statement adds one to a property (self.count++, --n)",
      ext: "m",
      source: objc(
        """
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.name = @"c";
          self.count = 2;
          self.count++;
          ++self.count;
          self.count--;
          c.birthRate = self.count;
          e.emitterCells = @[c];
        """, header: "@interface V ()\n@property (nonatomic) NSInteger count;\n@end"),
      get: "e.emitterCells.c.birthRate", value: "3", quiet: true),
    Case(
      name: "a scheduled timer kept in a property and given to the run loop again is one timer",
      ext: "m",
      source: """
        #import <UIKit/UIKit.h>
        @interface V ()
        @property (nonatomic, strong) NSTimer *timer;
        @property (nonatomic, strong) CAEmitterLayer *e;
        @end
        @implementation V
        - (instancetype)initWithFrame:(CGRect)frame {
          self = [super initWithFrame:frame];
          self.e = [CAEmitterLayer layer];
          [self.layer addSublayer:self.e];
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.name = @"c";
          c.birthRate = 4;
          self.e.emitterCells = @[c];
          self.timer = [NSTimer scheduledTimerWithTimeInterval:1 target:self
            selector:@selector(pulse) userInfo:nil repeats:YES];
          [[NSRunLoop mainRunLoop] addTimer:self.timer forMode:NSRunLoopCommonModes];
          return self;
        }
        - (void)pulse {
          self.e.birthRate = 2;
        }
        @end

        """,
      get: "e.emitterCells.c.birthRate", value: "4", quiet: true),
    Case(
      name: "an association key declared as its own address and a property set on nil say nothing",
      ext: "m",
      source: objc(
        """
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.name = @"c";
          c.birthRate = 2;
          e.emitterCells = @[c];
          self.glow.birthRate = 0;
        """,
        header: """
          static const void *kGlowKey = &kGlowKey;
          @interface V ()
          @property (nonatomic, strong) CAEmitterLayer *glow;
          @end
          """), get: "e.emitterCells.c.birthRate", value: "2", quiet: true),
    Case(
      name: "Core Graphics' zero constants are read in Objective-C",
      ext: "m",
      source: objc(
        """
          e.emitterPosition = CGPointMake(5, 5);
          e.emitterPosition = CGPointZero;
          e.emitterSize = CGSizeZero;
          e.frame = CGRectZero;
        """), get: "e.emitterPosition", value: "0,0", quiet: true),
    Case(
      name: "the app's window through a connected scene, or a double optional's ??. chain",
      ext: "swift",
      source: """
        import UIKit
        enum Sparkles {
          static func show() {
            let e = CAEmitterLayer()
            let c = CAEmitterCell()
            c.name = "c"
            c.birthRate = 3
            e.emitterCells = [c]
            let scene = UIApplication.shared.connectedScenes.first as? UIWindowScene
            scene?.windows.first?.layer.addSublayer(e)
            let f = CAEmitterLayer()
            f.emitterCells = [c]
            UIApplication.shared.delegate?.window??.layer.addSublayer(f)
          }
        }

        """, get: "e.emitterCells.c.birthRate\nget f.emitterCells.c.birthRate", value: "3\n3"),
    Case(
      name: "NSArray's firstObject and lastObject: the app's windows, a layer's cells",
      ext: "m",
      source: objc(
        """
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.name = @"c";
          e.emitterCells = @[c];
          e.emitterCells.firstObject.birthRate = 4;
          [e.emitterCells lastObject].lifetime = 2;
          CAEmitterLayer *f = [CAEmitterLayer layer];
          [[UIApplication sharedApplication].windows.firstObject.layer addSublayer:f];
          f.emitterCells = @[c];
        """), get: "f.emitterCells.c.birthRate\nget f.emitterCells.c.lifetime", value: "4\n2"),
    Case(
      name: "the app's window through the shared application's delegate is the hosting view",
      ext: "m",
      source: """
        #import <UIKit/UIKit.h>
        #define MAIN_WINDOW [UIApplication sharedApplication].delegate.window
        @implementation V
        - (void)viewDidLoad {
          [super viewDidLoad];
          CAEmitterLayer *e = [CAEmitterLayer layer];
          e.frame = MAIN_WINDOW.bounds;
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.name = @"c";
          c.birthRate = 3;
          e.emitterCells = @[c];
          [MAIN_WINDOW.layer addSublayer:e];
        }
        @end

        """, get: "e.bounds", value: "0,0,390,844"),
    Case(
      name: "the app's key window and first window are the hosting view",
      ext: "swift",
      source: """
        import UIKit
        class V: UIViewController {
          override func viewDidLoad() {
            super.viewDidLoad()
            let e = CAEmitterLayer()
            e.frame = UIApplication.shared.windows.first?.bounds ?? .zero
            UIApplication.shared.keyWindow?.layer.addSublayer(e)
          }
        }

        """, get: "e.bounds", value: "0,0,390,844"),
    Case(
      name: "a string's map runs over its characters (not an optional's map)",
      ext: "swift",
      source: swift(
        """
            e.emitterCells = "🎉🎊".map { ch -> CAEmitterCell in
              let c = CAEmitterCell()
              c.birthRate = 2
              return c
            }
        """),
      get: "e.emitterCells.c2.birthRate", value: "2"),
    Case(
      name: "an array's own members are never a tuple type's labels",
      ext: "swift",
      source: swift(
        """
            let pair = [1, 2]
            let c = CAEmitterCell()
            c.name = "c"
            c.birthRate = Float(pair.count) * 3
            e.emitterCells = [c]
        """, members: "  var spec: (count: Int, size: CGFloat) = (4, 0.5)"),
      get: "e.emitterCells.c.birthRate", value: "6"),
    Case(
      name: "a number's .zero, as a property's value and as an argument",
      ext: "swift",
      source: swift(
        """
            let c = CAEmitterCell()
            c.name = "c"
            c.emissionLongitude = .zero
            c.velocity = 10
            e.emitterSize = .init(width: 90, height: .zero)
            e.emitterCells = [c]
        """),
      get: "e.emitterSize", value: "90,0"),
    Case(
      name: "the system version is a current one, read as text and as a number",
      ext: "m",
      source: objc(
        """
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.name = @"c";
          c.birthRate = 1;
          if ([[UIDevice currentDevice].systemVersion doubleValue] >= 7.0) {
            c.birthRate = 9;
          }
          e.emitterCells = @[c];
        """),
      get: "e.emitterCells.c.birthRate", value: "9"),
    Case(
      name: "a class named by NSClassFromString, and a cast on the left of an assignment",
      ext: "m",
      source: objc(
        """
          NSObject *c = [NSClassFromString(@"CAEmitterCell") emitterCell];
          [c setName:@"c"];
          ((CAEmitterCell *)c).birthRate = 7;
          e.emitterCells = @[c];
        """),
      get: "e.emitterCells.c.birthRate", value: "7"),
    Case(
      name: "an optional's map or flatMap runs its closure once with the value",
      ext: "swift",
      source: swift(
        """
            let tint: UIColor? = .systemRed
            let size: CGFloat? = 0.25
            let c = CAEmitterCell()
            c.name = "c"
            tint.flatMap { c.color = $0.cgColor }
            c.scale = size.map { $0 * 2 } ?? 1
            e.emitterCells = [c]
        """),
      get: "e.emitterCells.c.scale", value: "0.5"),
    Case(
      name: "the copying initializer written as a constructor makes a new layer; P3 colours",
      ext: "swift",
      source: swift(
        """
            let spray = CAEmitterLayer(layer: self.layer)
            let c = CAEmitterCell()
            c.name = "c"
            c.color = UIColor(displayP3Red: 1, green: 0.5, blue: 0, alpha: 1).cgColor
            spray.emitterCells = [c]
            layer.addSublayer(spray)
        """),
      get: "spray.emitterCells.c.color", value: "#ff8000"),
    Case(
      name: "identity (===, !==) tells the same layer from another",
      ext: "swift",
      source: swift(
        """
            let other = CALayer()
            let layers = [other, e]
            let c = CAEmitterCell()
            c.name = "c"
            c.birthRate = Float(layers.firstIndex(where: { $0 === e }) ?? 0) * 10
            c.lifetime = other !== e ? 3 : 1
            e.emitterCells = [c]
        """),
      get: "e.emitterCells.c.birthRate", value: "10"),
    Case(
      name: "a generated asset enumeration of another file (SwiftGen's Asset.star.image)",
      ext: "swift",
      source: swift(
        """
            let c = CAEmitterCell()
            c.name = "c"
            c.contents = Asset.star.image.cgImage
            e.emitterCells = [c]
        """),
      get: "e.emitterCells.c.contents", value: "star", quiet: true),
    Case(
      name: "an initializer with arguments runs when the layer it sets up is a stored property's",
      ext: "swift",
      source: """
        import UIKit
        final class PullSpark: UIView {
          let sparks = CAEmitterLayer()
          init(tint: UIColor, host: UIScrollView) {
            super.init(frame: .zero)
            let c = CAEmitterCell()
            c.name = "c"
            c.birthRate = 9
            c.color = tint.cgColor
            sparks.emitterCells = [c]
            layer.addSublayer(sparks)
          }
          required init?(coder: NSCoder) { fatalError() }
        }

        """,
      get: "sparks.emitterCells.c.birthRate", value: "9"),
    Case(
      name: "an instance variable only the header declares is nil, 0 as a number, until set",
      ext: "m",
      source: objc(
        """
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.name = @"c";
          c.birthRate = (_level > 0 ? _level * 10 : 30);
          c.scale = self.size > 0 ? self.size : 2;
          e.emitterCells = @[c];
        """),
      get: "e.emitterCells.c.birthRate", value: "30"),
    Case(
      name: "a struct nested in the file's type, made with its own init(), keeps its defaults",
      ext: "swift",
      source: swift(
        """
            let config = V.Config()
            let c = CAEmitterCell()
            c.name = "c"
            c.birthRate = config.rate
            e.emitterCells = [c]
        """,
        members: "  struct Config { var rate: Float = 40; init() {} }"),
      get: "e.emitterCells.c.birthRate", value: "40", quiet: true),
    Case(
      name: "a label in: inside a closure without a header is not the header's in",
      ext: "swift",
      source: swift(
        """
            [e].forEach {
              let c = CAEmitterCell()
              c.name = "c"
              c.birthRate = Float.random(in: 20 ... 20)
              $0.emitterCells = [c]
            }
        """),
      get: "e.emitterCells.c.birthRate", value: "20"),
    Case(
      name: "AppKit's [view setLayer:root] shows root, filling the view",
      ext: "m",
      source: """
        #import <AppKit/AppKit.h>
        @implementation SnowHost
        - (instancetype)initWithFrame:(NSRect)frame {
          self = [super initWithFrame:frame];
          CALayer *root = [CALayer layer];
          CAEmitterLayer *e = [CAEmitterLayer layer];
          [root addSublayer:e];
          [self setLayer:root];
          [self setWantsLayer:YES];
          return self;
        }
        @end

        """,
      get: "root.frame", value: "0,0,320,240"),
    Case(
      name: "a key path to a cell that was not imported is left out at its line, not run later",
      ext: "swift",
      source: swift(
        """
            e.emitterCells = [CAEmitterCell.spark(rate: 300)]
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.2) {
              e.setValue(0, forKeyPath: "emitterCells.spark.birthRate")
            }
            e.birthRate = 2
        """),
      get: "e.birthRate", value: "2"),
    Case(
      name: "numberWithInt: keeps the whole part, as C's conversion does",
      ext: "m",
      source: objc(
        """
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.name = @"smoke";
          e.emitterCells = @[c];
          [e setValue:[NSNumber numberWithInt:0.8 * 4] forKeyPath:@"emitterCells.smoke.lifetime"];
          [e setValue:[NSNumber numberWithFloat:0.8 * 4] forKeyPath:@"emitterCells.smoke.velocity"];
        """),
      get: "e.emitterCells.smoke.lifetime", value: "3", quiet: true),
    Case(
      name: "an implicit member's .init(x:y:) makes the point the property takes",
      ext: "swift",
      source: swift(
        """
            e.emitterPosition = .init(x: 30, y: 40)
            e.emitterSize = .init(width: 5, height: 6)
        """),
      get: "e.emitterPosition", value: "30,40", quiet: true),
    Case(
      name: "an implicit member's .init(red:green:blue:alpha:) makes the colour",
      ext: "swift",
      source: swift(
        """
            e.backgroundColor = .init(red: 0, green: 1, blue: 0, alpha: 1)
        """),
      get: "e.backgroundColor", value: "#00ff00", quiet: true),
    Case(
      name: "a view's width and height from a UIView extension of another file are its frame's",
      ext: "swift",
      source: swift(
        """
            e.emitterPosition = CGPoint(x: width / 4, y: self.height / 2)
        """),
      get: "e.emitterPosition", value: "80,120"),
    Case(
      name: "a prefixed frame extension in Objective-C (self.kj_width) is the view's width",
      ext: "m",
      source: objc(
        """
          e.emitterPosition = CGPointMake(self.kj_width / 2, self.kj_centerY);
        """),
      get: "e.emitterPosition", value: "160,120"),
    Case(
      name: "a tuple and its items (.0, .1)",
      ext: "swift",
      source: swift(
        """
            let place: (CGFloat, CGFloat) = (0.25, 0.5)
            e.emitterPosition = CGPoint(x: bounds.width * place.0, y: bounds.height * place.1)
        """),
      get: "e.emitterPosition", value: "80,120", quiet: true),
    Case(
      name:
        "a root of another type runs after that type's initializer with its defaults; previews and empty callbacks say nothing",
      ext: "swift",
      source: """
        import SwiftUI
        import UIKit
        struct Bubbles: UIViewRepresentable {
          let speeds: [CGFloat]
          init(speeds: [CGFloat] = [15, 25]) {
            self.speeds = speeds
          }
          func makeUIView(context: Context) -> UIView {
            let v = UIView()
            let e = CAEmitterLayer()
            e.emitterCells = speeds.map { s in
              let c = CAEmitterCell()
              c.velocity = s
              return c
            }
            v.layer.addSublayer(e)
            return v
          }
          func updateUIView(_ uiView: UIView, context: Context) {}
        }
        #Preview {
          Bubbles()
        }
        struct Bubbles_Previews: PreviewProvider {
          static var previews: some View { Bubbles() }
        }

        """,
      get: "e.emitterCells.c2.velocity", value: "25"),
    Case(
      name: "a representable's coordinator keeps what makeUIView stores for updateUIView",
      ext: "swift",
      source: """
        import SwiftUI
        import UIKit
        struct Glow: UIViewRepresentable {
          func makeCoordinator() -> Coordinator { Coordinator() }
          func makeUIView(context: Context) -> UIView {
            let v = UIView()
            let e = CAEmitterLayer()
            e.emitterCells = [context.coordinator.cell(rate: 12)]
            v.layer.addSublayer(e)
            context.coordinator.emitter = e
            return v
          }
          func updateUIView(_ uiView: UIView, context: Context) {
            context.coordinator.emitter?.emitterSize = CGSize(width: 30, height: 20)
          }
          final class Coordinator {
            var emitter: CAEmitterLayer?
            func cell(rate: Float) -> CAEmitterCell {
              let c = CAEmitterCell()
              c.name = "glow"
              c.birthRate = rate
              return c
            }
          }
        }

        """,
      get: "e.emitterSize", value: "30,20"),
    Case(
      name: "a representable's coordinator is updateUIView's under its own parameter name",
      ext: "swift",
      source: """
        import SwiftUI
        import UIKit
        struct Glow: UIViewRepresentable {
          func makeCoordinator() -> Coordinator { Coordinator() }
          func makeUIView(context: Context) -> UIView {
            let v = UIView()
            let e = CAEmitterLayer()
            e.emitterCells = [context.coordinator.cell(rate: 12)]
            v.layer.addSublayer(e)
            context.coordinator.emitter = e
            return v
          }
          func updateUIView(_ uiView: UIView, context ctx: Context) {
            ctx.coordinator.emitter?.emitterSize = CGSize(width: 30, height: 20)
          }
          final class Coordinator {
            var emitter: CAEmitterLayer?
            func cell(rate: Float) -> CAEmitterCell {
              let c = CAEmitterCell()
              c.name = "glow"
              c.birthRate = rate
              return c
            }
          }
        }

        """,
      get: "e.emitterSize", value: "30,20"),
    Case(
      name: "a struct's var with a default takes the value the file makes it with",
      ext: "swift",
      source: """
        import SwiftUI
        import UIKit
        struct Glow: UIViewRepresentable {
          var rate: Float = 5
          func makeUIView(context: Context) -> UIView {
            let v = UIView()
            let e = CAEmitterLayer()
            let c = CAEmitterCell()
            c.name = "glow"
            c.birthRate = rate
            e.emitterCells = [c]
            v.layer.addSublayer(e)
            return v
          }
          func updateUIView(_ uiView: UIView, context: Context) {}
        }
        struct Screen: View {
          var body: some View { Glow(rate: 40) }
        }

        """,
      get: "e.emitterCells.glow.birthRate", value: "40"),
    Case(
      name: "Xcode's previews and a method with an empty body say nothing",
      ext: "swift",
      source: swift(
        "    e.birthRate = 6",
        members: "  func update(_ other: UIView, animated: Bool) {}",
        after: """
          #Preview { V() }
          struct V_Previews: PreviewProvider {
            static var previews: some View { V() }
          }
          """),
      get: "e.birthRate", value: "6", quiet: true),
    Case(
      name: "a stored property without a value takes what the file's memberwise call gives it",
      ext: "swift",
      source: """
        import SwiftUI
        import UIKit
        struct Sparkles: UIViewRepresentable {
          var speed: CGFloat
          var rate: Float = 30
          func makeUIView(context: Context) -> UIView {
            let v = UIView()
            let e = CAEmitterLayer()
            let c = CAEmitterCell()
            c.velocity = speed
            c.birthRate = rate
            e.emitterCells = [c]
            v.layer.addSublayer(e)
            return v
          }
        }
        struct ContentView: View {
          var body: some View { Sparkles(speed: 42) }
        }

        """,
      get: "e.emitterCells.c.velocity", value: "42"),
    Case(
      name:
        "a static C function of the file makes cells; a static declaration without a value says nothing",
      ext: "m",
      source: """
        #import <UIKit/UIKit.h>
        static char kKey;
        typedef void (^Done)(void);
        static inline CAEmitterCell *MakeCell(CGFloat speed) {
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.velocity = speed;
          return c;
        }
        @implementation V
        - (void)viewDidLoad {
          [super viewDidLoad];
          CAEmitterLayer *e = [CAEmitterLayer layer];
          e.emitterCells = @[MakeCell(12), MakeCell(34)];
          [self.view.layer addSublayer:e];
        }
        @end

        """,
      get: "e.emitterCells.c2.velocity", value: "34", quiet: true),
    Case(
      name: "C's if without braces runs its one statement; arrayByAddingObject: adds a cell",
      ext: "m",
      source: objc(
        """
          if (e.birthRate > 0) e.lifetime = 2;
          if (e.birthRate > 5) e.lifetime = 9;
          CAEmitterCell *a = [CAEmitterCell emitterCell];
          CAEmitterCell *b = [CAEmitterCell emitterCell];
          b.velocity = e.lifetime * 10;
          e.emitterCells = @[a];
          e.emitterCells = [e.emitterCells arrayByAddingObject:b];
        """),
      get: "e.emitterCells.b.velocity", value: "20", quiet: true),
    Case(
      name: "a component of a point or size property is set (emitterPosition.x = …)",
      ext: "swift",
      source: swift(
        """
            e.emitterPosition = CGPoint(x: 1, y: 2)
            e.emitterPosition.x = 40
            e.emitterSize = CGSize(width: 5, height: 6)
            e.emitterSize.height = 9
        """),
      get: "e.emitterPosition", value: "40,2", quiet: true),
    Case(
      name:
        "zip, Array(repeating:count:), String(format:); an init?(coder:) that only traps says nothing",
      ext: "swift",
      source: swift(
        """
            let colors = [UIColor](repeating: .yellow, count: 2) + Array(repeating: .red, count: 1)
            e.emitterCells = zip(colors, ["a", "b", "c", "d"]).map { color, name -> CAEmitterCell in
              let c = CAEmitterCell()
              c.name = String(format: "spark-%@-%d", name, 7)
              c.color = color.cgColor
              return c
            }
        """,
        members:
          "  required init?(coder: NSCoder) { fatalError(\"init(coder:) has not been implemented\") }"
      ),
      get: "e.emitterCells.spark-c-7.color", value: "#ff0000", quiet: true),
    Case(
      name: "Objective-C enumerations' constants (NS_ENUM, enum) have their values",
      ext: "m",
      source: objc(
        """
          e.birthRate = KindBig + Four;
        """,
        header: """
          typedef NS_ENUM(NSInteger, Kind) { KindSmall, KindBig = 5 };
          enum { One = 1, Two, Four = 1 << 2 };
          """),
      get: "e.birthRate", value: "9", quiet: true),
    Case(
      name: "a class method called on the file's own class, inside dispatch_once, with logging",
      ext: "m",
      source: """
        #import <UIKit/UIKit.h>
        @implementation V
        + (CAEmitterCell *)flameWithSize:(CGFloat)size {
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.velocity = size * 2;
          NSLog(@"made a flame of %f", size);
          return c;
        }
        - (instancetype)initWithFrame:(CGRect)frame {
          self = [super initWithFrame:frame];
          CAEmitterLayer *e = [CAEmitterLayer layer];
          static dispatch_once_t once;
          dispatch_once(&once, ^{
            e.emitterCells = @[[V flameWithSize:30]];
          });
          [self.layer addSublayer:e];
          return self;
        }
        @end

        """,
      get: "e.emitterCells.c.velocity", value: "60", quiet: true),
    Case(
      name: "a computed property of the file's enumeration, read on a case (switch self)",
      ext: "swift",
      source: """
        import UIKit
        enum Speed {
          case slow, fast
          var value: CGFloat {
            switch self {
            case .slow: return 20
            case .fast: return 90
            }
          }
        }
        class V: UIView {
          override init(frame: CGRect) {
            super.init(frame: frame)
            let e = CAEmitterLayer()
            let c = CAEmitterCell()
            c.velocity = Speed.fast.value
            c.lifetime = Float(Speed.slow.value)
            e.emitterCells = [c]
            layer.addSublayer(e)
          }
        }

        """,
      get: "e.emitterCells.c.velocity", value: "90", quiet: true),
    Case(
      name: "a static property the file adds to UIColor, as .name and UIColor.name",
      ext: "swift",
      source: swift(
        """
            let c = CAEmitterCell()
            c.color = UIColor.brand.cgColor
            e.emitterCells = [c]
            e.backgroundColor = .brand
        """,
        members: "",
        after:
          "extension UIColor { static let brand = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }"),
      get: "e.backgroundColor", value: "#ff8000", quiet: true),
    Case(
      name: "the device is an iPhone (UIDevice.current.userInterfaceIdiom, Swift)",
      ext: "swift",
      source: swift(
        """
            switch UIDevice.current.userInterfaceIdiom {
            case .pad: e.birthRate = 3
            default: e.birthRate = 2
            }
        """),
      get: "e.birthRate", value: "2", quiet: true),
    Case(
      name: "the device is an iPhone (UI_USER_INTERFACE_IDIOM(), Objective-C)",
      ext: "m",
      source: objc(
        """
          if ([UIDevice currentDevice].userInterfaceIdiom == UIUserInterfaceIdiomPad) {
            e.birthRate = 3;
          } else if (UI_USER_INTERFACE_IDIOM() == UIUserInterfaceIdiomPhone) {
            e.birthRate = 2;
          }
        """),
      get: "e.birthRate", value: "2", quiet: true),
    Case(
      name: "a closure's capture list ([weak self] in) is read past",
      ext: "swift",
      source: swift(
        """
            let raise = { [weak self] in e.birthRate = 3 }
            let lower = { [unowned self, e] (n: Float) in e.lifetime = n }
            raise()
            lower(2)
        """),
      get: "e.birthRate", value: "3", quiet: true),
    Case(
      name: "let (a, b) = (x, y) binds each name",
      ext: "swift",
      source: swift(
        """
            let (w, _, h) = (bounds.width / 4, 0, 30.0)
            e.emitterSize = CGSize(width: w, height: h)
        """),
      get: "e.emitterSize", value: "80,30", quiet: true),
    Case(
      name: "a layer a method makes and a stored property keeps is named by the property",
      ext: "swift",
      source: swift(
        """
            trail = makeTrail()
            layer.addSublayer(trail)
        """,
        members: """
            var trail: CAEmitterLayer!
            func makeTrail() -> CAEmitterLayer {
              let emitter = CAEmitterLayer()
              emitter.birthRate = 3
              return emitter
            }
          """),
      get: "trail.birthRate", value: "3", quiet: true),
    Case(
      name: "setValuesForKeys sets each key as setValue(_:forKey:) would (Swift)",
      ext: "swift",
      source: swift(
        """
            e.setValuesForKeys(["renderMode": CAEmitterLayerRenderMode.additive, "birthRate": 2])
        """),
      get: "e.renderMode", value: "additive", quiet: true),
    Case(
      name: "setValuesForKeysWithDictionary: sets each key (Objective-C)",
      ext: "m",
      source: objc(
        """
            [e setValuesForKeysWithDictionary:@{@"birthRate": @3, @"emitterShape": kCAEmitterLayerLine}];
        """),
      get: "e.birthRate", value: "3", quiet: true),
    Case(
      name: "a C array's items and sizeof(a) / sizeof(a[0]) as its count (Objective-C)",
      ext: "m",
      source: objc(
        """
            NSString *names[] = {@"spark", @"smoke", @"ember"};
            CGFloat speeds[3] = {10, 20, 30.5f};
            e.birthRate = sizeof(names) / sizeof(names[0]);
            e.lifetime = speeds[2];
        """),
      get: "e.birthRate", value: "3", quiet: true),
    Case(
      name: "a C array's items are read by index (Objective-C)",
      ext: "m",
      source: objc(
        """
            CGFloat speeds[3] = {10, 20, 30.5f};
            e.lifetime = speeds[2];
        """),
      get: "e.lifetime", value: "30.5", quiet: true),
    Case(
      name: "let (a, b): (T, U) = (x, y) binds each name past the tuple's type",
      ext: "swift",
      source: swift(
        """
            let (rate, life): (Float, (Float)) = (12, 3.5)
            e.birthRate = rate
            e.lifetime = life
        """),
      get: "e.lifetime", value: "3.5", quiet: true),
    Case(
      name: "CATransaction's settings change nothing (Swift)",
      ext: "swift",
      source: swift(
        """
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            e.birthRate = 4
            CATransaction.commit()
        """),
      get: "e.birthRate", value: "4", quiet: true),
    Case(
      name: "CATransaction's settings change nothing (Objective-C)",
      ext: "m",
      source: objc(
        """
          [CATransaction begin];
          [CATransaction setAnimationDuration:0.2];
          e.birthRate = 5;
          [CATransaction commit];
        """),
      get: "e.birthRate", value: "5", quiet: true),
    Case(
      name: "a layer's superlayer is the layer it was added to (the view's)",
      ext: "m",
      source: objc(
        "  e.emitterPosition = CGPointMake(e.superlayer.bounds.size.width / 2, 7);"),
      get: "e.emitterPosition", value: "160,7"),
    Case(
      name: "a sublayer's superlayer is its parent layer",
      ext: "swift",
      source: swift(
        """
            let inner = CAEmitterLayer()
            inner.name = "inner"
            e.frame = CGRect(x: 0, y: 0, width: 40, height: 30)
            e.addSublayer(inner)
            inner.emitterPosition = CGPoint(x: inner.superlayer!.bounds.width, y: 1)
        """),
      get: "inner.emitterPosition", value: "40,1"),
    Case(
      name: "if let with a value the importer cannot know takes its branch",
      ext: "swift",
      source: swift(
        """
            if let url = Bundle.main.url(forResource: "x", withExtension: "mp3") {
              e.birthRate = 3
            } else {
              e.birthRate = 9
            }
        """), get: "e.birthRate", value: "3"),
    Case(
      name: "a condition on known values is worked out",
      ext: "swift",
      source: swift(
        """
            let n = 4
            if n > 3 && !(n == 5) {
              e.birthRate = 2
            } else if n > 1 {
              e.birthRate = 7
            }
        """), get: "e.birthRate", value: "2"),
    Case(
      name: "else if and else are followed when the condition is false",
      ext: "swift",
      source: swift(
        """
            let n = 2
            if n > 3 {
              e.birthRate = 2
            } else if n > 1 {
              e.birthRate = 7
            } else {
              e.birthRate = 8
            }
        """), get: "e.birthRate", value: "7"),
    Case(
      name: "an unknown condition whose branch builds is taken",
      ext: "swift",
      source: swift(
        """
            if UserDefaults.standard.bool(forKey: "snow") {
              let c = CAEmitterCell()
              c.birthRate = 5
              e.emitterCells = [c]
            }
        """), get: "e.emitterCells.c.birthRate", value: "5"),
    Case(
      name: "an object-like #define stands where its name is written", ext: "m",
      source: objc(
        "  e.emitterPosition = CGPointMake(kWidth / 2, kTop);",
        header: "#define kWidth [UIScreen mainScreen].bounds.size.width\n#define kTop 12.0f"),
      get: "e.emitterPosition", value: "160,12"),
    Case(
      name: "a function-like #define takes its arguments", ext: "m",
      source: objc(
        "  e.backgroundColor = RGBA(255, 0, 0, 1).CGColor;",
        header:
          "#define RGBA(r, g, b, a) [UIColor colorWithRed:(r)/255.0 green:(g)/255.0 blue:(b)/255.0 alpha:(a)]"
      ), get: "e.backgroundColor", value: "#ff0000"),
    Case(
      name: "string interpolation names the images of a loop", ext: "swift",
      source: swift(
        """
            var cells = [CAEmitterCell]()
            for i in 1...2 {
              let c = CAEmitterCell()
              c.name = "bit\\(i + 1)"
              cells.append(c)
            }
            e.emitterCells = cells
        """), get: "e.emitterCells.bit3.name", value: "bit3"),
    Case(
      name: "stringWithFormat: fills in its values", ext: "m",
      source: objc(
        """
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.name = [NSString stringWithFormat:@"rock%d-%.1f", 2, 0.5];
          e.emitterCells = [NSArray arrayWithObjects:c, nil];
        """), get: "e.emitterCells.\"rock2-0.5\".name", value: "rock2-0.5"),
    Case(
      name: "joined puts an array's strings together, with the separator between", ext: "swift",
      source: swift(
        """
            let c = CAEmitterCell()
            c.name = ["sp", "ark"].joined(separator: "-") + ["", "s"].joined()
            e.emitterCells = [c]
        """), get: "e.emitterCells.\"sp-arks\".name", value: "sp-arks"),
    Case(
      name: "componentsJoinedByString: puts an array's strings together", ext: "m",
      source: objc(
        """
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.name = [@[@"fl", @"ake"] componentsJoinedByString:@"_"];
          e.emitterCells = @[c];
        """), get: "e.emitterCells.fl_ake.name", value: "fl_ake"),
    Case(
      name: "a constant of another file named after its value (Two, kHalf) is that number",
      ext: "m",
      source: objc(
        """
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.name = @"c";
          c.birthRate = Two * kHalf + Ten;
          e.emitterCells = @[c];
        """), get: "e.emitterCells.c.birthRate", value: "11"),
    Case(
      name: "map with a closure makes one cell per colour", ext: "swift",
      source: swift(
        """
            let colors: [UIColor] = [.red, .systemPink]
            e.emitterCells = colors.map { color in
              let c = CAEmitterCell()
              c.color = color.cgColor
              return c
            }
        """), get: "e.emitterCells.c2.color", value: "#ff2d55"),
    Case(
      name: "forEach with $0 changes every cell", ext: "swift",
      source: swift(
        """
            let a = CAEmitterCell()
            let b = CAEmitterCell()
            e.emitterCells = [a, b]
            e.emitterCells?.forEach { $0.lifetime = 4 }
        """), get: "e.emitterCells.b.lifetime", value: "4"),
    Case(
      name: "UIKit's semantic colours read in their dark appearance, the one for a black canvas",
      ext: "swift", source: swift("    e.backgroundColor = UIColor.label.cgColor"),
      get: "e.backgroundColor", value: "#ffffff"),
    Case(
      name: "a background colour is black in the dark appearance", ext: "m",
      source: objc("  e.backgroundColor = [UIColor systemBackgroundColor].CGColor;"),
      get: "e.backgroundColor", value: "#000000"),
    Case(
      name: "a ternary inside a message's argument keeps its ':' (not the selector's next part)",
      ext: "m",
      source: objc("  [e setValue:[NSNumber numberWithInt:YES?200:0] forKeyPath:@\"birthRate\"];"),
      get: "e.birthRate", value: "200"),
    Case(
      name: "an image a UIImage extension in another file makes is the image of its name",
      ext: "swift",
      source: swift(
        """
            let c = CAEmitterCell()
            c.contents = UIImage.heartShape?.cgImage
            e.emitterCells = [c]
        """), get: "e.emitterCells.c.contents", value: "heart.fill"),
    Case(
      name: "an image an Objective-C category in another file makes is the image of its name",
      ext: "m",
      source: objc(
        """
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.contents = (id)[[UIImage heartShape] CGImage];
          e.emitterCells = @[c];
        """), get: "e.emitterCells.c.contents", value: "heart.fill"),
    Case(
      name: "math.h's constants beyond M_PI", ext: "m",
      source: objc("  e.birthRate = 4.f * M_1_PI * M_PI + M_SQRT2 * M_SQRT2;"),
      get: "e.birthRate", value: "6"),
    Case(
      name: "% is C's remainder", ext: "m", source: objc("  e.birthRate = 17 % 5;"),
      get: "e.birthRate", value: "2"),
    Case(
      name: "guard let binds its value and the code after it runs",
      ext: "swift",
      source: swift(
        """
            let rates: [CGFloat] = [4, 6]
            guard let first = rates.first else { return }
            e.birthRate = Float(first) + 1
        """), get: "e.birthRate", value: "5"),
    Case(
      name: "guard with a condition that fails runs its else block and returns",
      ext: "swift",
      source: swift(
        """
            e.birthRate = 2
            let n = 1
            guard n > 3 else { return }
            e.birthRate = 9
        """), get: "e.birthRate", value: "2"),
    Case(
      name: "a closure given to a function of the file runs where the function calls it",
      ext: "swift",
      source: swift(
        """
            twice { e.birthRate += 3 }
        """,
        members: """
            func twice(_ body: () -> Void) { body(); body() }
          """), get: "e.birthRate", value: "7"),
    Case(
      name: "delay(_:) that the file does not define runs its closure that many seconds later",
      ext: "swift",
      source: swift(
        """
            e.birthRate = 5
            delay(0.5) {
              e.birthRate = 0
            }
        """), get: "e.birthRate", value: "5"),
    Case(
      name: "NSNumber(float:) and NSArray(array:) as Swift 1 and 2 wrote them",
      ext: "swift",
      source: swift(
        """
            let c = CAEmitterCell()
            c.name = "c"
            c.birthRate = NSNumber(float: 12.5).floatValue
            e.emitterCells = NSArray(array: [c]) as [AnyObject]
        """), get: "e.emitterCells.c.birthRate", value: "12.5"),
    Case(
      name: "Objective-C subscripts index arrays, and 200.f is a number",
      ext: "m",
      source: objc(
        """
          NSArray *rates = @[@3, @8];
          e.birthRate = [rates[1] floatValue] + 200.f - 200.;
        """), get: "e.birthRate", value: "8"),
    Case(
      name: "switch on an enumeration runs the case that matches",
      ext: "swift",
      source: swift(
        """
            let kind = Kind.rain
            switch kind {
            case .snow, .hail:
              e.birthRate = 5
            case .rain:
              e.birthRate = 50
              fallthrough
            default:
              e.lifetime = 4
            }
        """, members: "enum Kind { case snow, hail, rain }"), get: "e.birthRate", value: "50"),
    Case(
      name: "a case's where clause is worked out with what its pattern binds",
      ext: "swift",
      source: swift(
        """
            let weather = Weather.snow(intensity: 0.7)
            switch weather {
            case .snow(let n) where n > 0.9: e.birthRate = 1
            case .snow(let n) where n > 0.5: e.birthRate = Float(n * 100)
            case .snow: e.birthRate = 2
            }
            switch 7 {
            case let k where k > 10: e.lifetime = 1
            case let k where k > 5: e.lifetime = Float(k)
            default: e.lifetime = 3
            }
            switch 4 {
            case 4 where e.lifetime > 100: e.velocity = 1
            case 4: e.velocity = CGFloat(e.birthRate + e.lifetime)
            default: e.velocity = 2
            }
        """, members: "enum Weather { case snow(intensity: Double) }"),
      get: "e.velocity", value: "77"),
    Case(
      name: "a dictionary sorted by key, a zero-padded format and prefix(_:) of the cells",
      ext: "swift",
      source: swift(
        """
            let rates: [String: Float] = ["b": 2, "a": 1, "c": 3]
            var cells: [CAEmitterCell] = []
            for (i, pair) in rates.sorted(by: { $0.key > $1.key }).enumerated() {
              let c = CAEmitterCell()
              c.name = String(format: "s%02d%@%-2d|%+d", i, pair.key, i, i)
              c.birthRate = pair.value
              cells.append(c)
            }
            e.emitterCells = Array(cells.prefix(2)) + cells.dropFirst(2).suffix(1)
        """), get: "e.emitterCells.\"s01b1 |+1\".birthRate", value: "2"),
    Case(
      name:
        "Objective-C's +initialize runs before the initializer, its self == [X class] guard holding",
      ext: "m",
      source: objc(
        """
          e.birthRate = [kRates[1] floatValue];
        """, header: "static NSArray *kRates;",
        methods: """
          + (void)initialize {
            if (self == [V class]) {
              kRates = @[@4, @9];
            }
          }
          """), get: "e.birthRate", value: "9", quiet: true),
    Case(
      name: "a struct's missing member comes from its protocol's extension: a property, a method",
      ext: "swift",
      source: swift(
        """
            let preset = Heavy()
            e.birthRate = preset.rate * preset.factor(3)
        """,
        after: """
          protocol Preset { var rate: Float { get } }
          extension Preset {
            var rate: Float { 2 }
            func factor(_ k: Float) -> Float { k * 2 }
          }
          struct Heavy: Preset, Equatable { var name = "heavy" }
          """), get: "e.birthRate", value: "12"),
    Case(
      name: "NSArray's indexOfObject: (NSNotFound when absent) and containsObject:",
      ext: "m",
      source: objc(
        """
          NSArray *rates = @[@5, @7, @9];
          NSInteger index = [rates indexOfObject:@7];
          if ([rates indexOfObject:@8] == NSNotFound && [rates containsObject:@9]) {
            index++;
          }
          e.birthRate = [rates[index] floatValue];
        """), get: "e.birthRate", value: "9", quiet: true),
    Case(
      name: "a C switch runs on into the next case until break",
      ext: "m",
      source: objc(
        """
          int mode = 2;
          switch (mode) {
            case 1: e.birthRate = 1; break;
            case 2: e.birthRate = 2;
            case 3: e.lifetime = 3; break;
            default: e.lifetime = 9;
          }
        """), get: "e.lifetime", value: "3"),
    Case(
      name: "the conditional operator picks its branch",
      ext: "swift",
      source: swift(
        """
            let heavy = false
            let rate: Float = 3
            e.birthRate = heavy ? rate * 2 : rate + 1
        """), get: "e.birthRate", value: "4"),
    Case(
      name: "Objective-C's _name is the variable behind the property name",
      ext: "m",
      source: objc(
        """
          self.spark = [CAEmitterLayer layer];
          _spark.birthRate = 7;
          e.birthRate = self.spark.birthRate;
        """), get: "e.birthRate", value: "7"),
    Case(
      name: "an initializer the file adds to UIColor in an extension makes the colour",
      ext: "swift",
      source: "extension UIColor {\n  convenience init(hex: Int) {\n"
        + "    self.init(red: CGFloat((hex >> 16) & 0xFF) / 255, green: CGFloat((hex >> 8) & 0xFF)"
        + " / 255, blue: CGFloat(hex & 0xFF) / 255, alpha: 1)\n  }\n}\n"
        + swift("    e.backgroundColor = UIColor(hex: 0xFF8800).cgColor"),
      get: "e.backgroundColor", value: "#ff8800"),
    Case(
      name: "a cell appended to a layer's emitterCells joins them",
      ext: "swift",
      source: swift(
        """
            let c = CAEmitterCell()
            c.name = "late"
            c.birthRate = 6
            e.emitterCells = []
            e.emitterCells?.append(c)
        """), get: "e.emitterCells.late.birthRate", value: "6"),
    Case(
      name: "a block for the main queue runs in place",
      ext: "swift",
      source: swift(
        """
            DispatchQueue.main.async {
              e.birthRate = 8
            }
        """), get: "e.birthRate", value: "8"),
    Case(
      name: "dispatch_async to the main queue runs in place",
      ext: "m",
      source: objc(
        """
          dispatch_async(dispatch_get_main_queue(), ^{
            e.birthRate = 9;
          });
        """), get: "e.birthRate", value: "9"),
    Case(
      name: "a closure called where it is written gives its value",
      ext: "swift",
      source: swift(
        """
            let c: CAEmitterCell = {
              let cell = CAEmitterCell()
              cell.name = "made"
              cell.lifetime = 2.5
              return cell
            }()
            e.emitterCells = [c]
        """), get: "e.emitterCells.made.lifetime", value: "2.5"),
    Case(
      name: "a static computed property the file adds to UIColor, with .random(in:) in it",
      ext: "swift",
      source: "extension UIColor {\n  static var warm: UIColor {\n"
        + "    UIColor(red: 1, green: .random(in: 0.5...0.5), blue: 0, alpha: 1)\n  }\n}\n"
        + swift("    e.backgroundColor = UIColor.warm.cgColor"),
      get: "e.backgroundColor", value: "#ff8000"),
    Case(
      name: "an image's tint or size methods keep its picture",
      ext: "swift",
      source: swift(
        """
            let c = CAEmitterCell()
            c.name = "c"
            c.contents = UIImage(named: "spark")?.withTintColor(.red).resized(to: 8).cgImage
            e.emitterCells = [c]
        """), get: "e.emitterCells.c.contents", value: "spark"),
    Case(
      name: "a field of a local point or rect is changed in place",
      ext: "swift",
      source: swift(
        """
            var pos = CGPoint(x: 10, y: 20)
            pos.y += 5
            var box = CGRect(x: 0, y: 0, width: 100, height: 50)
            box.origin.x = pos.y
            e.frame = box
        """), get: "e.frame", value: "25,0,100,50"),
    Case(
      name: "while runs while its condition holds; repeat runs once before it looks",
      ext: "swift",
      source: swift(
        """
            var n: Float = 0
            var k = 0
            while k < 4 {
              n += 2
              k += 1
            }
            repeat {
              n += 1
            } while n < 3
            e.birthRate = n
        """), get: "e.birthRate", value: "9"),
    Case(
      name: "stride(from:to:by:) gives the numbers a loop takes",
      ext: "swift",
      source: swift(
        """
            var total: Float = 0
            for x in stride(from: 0, to: 10, by: 3) { total += Float(x) }
            e.birthRate = total
        """), get: "e.birthRate", value: "18"),
    Case(
      name: "an image named in a bundle, and a copied array, are the same",
      ext: "swift",
      source: swift(
        """
            let c = CAEmitterCell()
            c.name = "c"
            c.contents = UIImage(named: "spark", in: Bundle(for: V.self), compatibleWith: nil)?.cgImage
            e.emitterCells = [c]
        """), get: "e.emitterCells.c.contents", value: "spark"),
    Case(
      name: "Objective-C's path for a resource of the main bundle names its image",
      ext: "m",
      source: objc(
        """
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.name = @"c";
          NSString *path = [[NSBundle mainBundle] pathForResource:@"spark" ofType:@"png"];
          c.contents = (id)[[UIImage imageWithContentsOfFile:path] CGImage];
          NSMutableArray *cells = [NSMutableArray array];
          [cells addObject:c];
          e.emitterCells = [cells copy];
        """), get: "e.emitterCells.c.contents", value: "spark"),
    Case(
      name: "break leaves the loop it is in, also from inside an if",
      ext: "swift",
      source: swift(
        """
            var n: Float = 0
            while true {
              n += 1
              if n > 4 { break }
            }
            for _ in 0..<10 {
              n += 10
              break
            }
            e.birthRate = n
        """), get: "e.birthRate", value: "15"),
    Case(
      name: "Objective-C's file-scope constants and a weak self",
      ext: "m",
      source: objc(
        """
          __weak typeof(self) weakSelf = self;
          e.birthRate = kRate;
          e.name = kLayerName;
          [weakSelf.layer addSublayer:e];
        """,
        header: "static NSString * const kLayerName = @\"e\";\nstatic const CGFloat kRate = 12.5;"),
      get: "e.birthRate", value: "12.5"),
    Case(
      name: "#available holds, do runs its body, try gives the value",
      ext: "swift",
      source: swift(
        """
            var n: Float = 0
            if #available(iOS 13.0, *) {
              n += 1
            } else {
              n += 100
            }
            do {
              n += try Float(2)
            } catch {
              n += 1000
            }
            e.birthRate = n
        """), get: "e.birthRate", value: "3"),
    Case(
      name: "C's do … while runs its body first",
      ext: "m",
      source: objc(
        """
          int n = 0;
          do {
            n = n + 5;
          } while (n < 12);
          e.birthRate = n;
        """), get: "e.birthRate", value: "15"),
    Case(
      name: "a static function of an extension called as an implicit member, with a default",
      ext: "swift",
      source: "extension CAEmitterCell {\n  static func tinted(_ name: String, rate: Float = 4)"
        + " -> CAEmitterCell {\n    let c = CAEmitterCell()\n    c.name = name\n"
        + "    c.birthRate = rate\n    return c\n  }\n}\n"
        + swift("    e.emitterCells = [.tinted(\"a\"), .tinted(\"b\", rate: 9)]"),
      get: "e.emitterCells.b.birthRate", value: "9"),
    Case(
      name: "then { } configures the object it follows",
      ext: "swift",
      source: swift(
        """
            let c = CAEmitterCell().then { cell in
              cell.name = "c"
              cell.birthRate = 7
            }
            e.emitterCells = [c].map { $0 }
        """), get: "e.emitterCells.c.birthRate", value: "7"),
    Case(
      name: "Self in a type's own code is that type (Self() makes one)",
      ext: "swift",
      source: swift(
        """
            e.emitterCells = [Spark.make()]
        """,
        after: """
          final class Spark: CAEmitterCell {
            static func make() -> Spark {
              let c = Self()
              c.name = "c"
              c.birthRate = 6
              return c
            }
          }
          """), get: "e.emitterCells.c.birthRate", value: "6", quiet: true),
    Case(
      name: "an Objective-C label: NSTextAlignmentCenter, a bold system font, wrapped lines",
      ext: "m",
      source: objc(
        """
          UILabel *hello = [[UILabel alloc] initWithFrame:CGRectMake(0, 100, 300, 40)];
          hello.text = @"Hi";
          hello.textAlignment = NSTextAlignmentCenter;
          hello.font = [UIFont boldSystemFontOfSize:20];
          hello.numberOfLines = 0;
          [self addSubview:hello];
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.name = @"c";
          e.emitterCells = @[c];
        """), get: "hello.alignmentMode", value: "center", quiet: true),
    Case(
      name: "do { } configures the object it follows, as a statement",
      ext: "swift",
      source: swift(
        """
            let c = CAEmitterCell()
            c.name = "c"
            e.emitterCells = [c]
            e.do {
              $0.birthRate = 3
              $0.emitterShape = .circle
            }
        """), get: "e.emitterShape", value: "circle", quiet: true),
    Case(
      name: "a whole-number range too long to list is drawn from and matched, not skipped",
      ext: "swift",
      source: swift(
        """
            let n = Int.random(in: 1200 ... 4800)
            let m = Int.random(in: 3000 ..< 9000)
            e.birthRate = n >= 1200 && n <= 4800 && m >= 3000 && m < 9000 ? 1 : 0
            switch n {
            case 0 ..< 1200: e.scale = 5
            case 1200 ... 4800: e.scale = 2
            default: e.scale = 7
            }
            e.velocity = Float(n % 1) == 0 ? e.scale * e.birthRate : 0
        """), get: "e.velocity", value: "2"),
    Case(
      name: "Objective-C dot syntax for a class method without arguments",
      ext: "m",
      source: """
        #import <UIKit/UIKit.h>
        @implementation DotHost
        - (instancetype)initWithFrame:(CGRect)frame {
          self = [super initWithFrame:frame];
          CAEmitterLayer *e = CAEmitterLayer.layer;
          CAEmitterCell *c = CAEmitterCell.emitterCell;
          c.name = @"c";
          c.birthRate = 6;
          c.color = UIColor.whiteColor.CGColor;
          e.emitterCells = @[c];
          [self.layer addSublayer:e];
          return self;
        }
        @end

        """,
      get: "e.emitterCells.c.birthRate", value: "6", quiet: true),
    Case(
      name: "an enumeration's case interpolated into a string is its name",
      ext: "swift",
      source: "enum Flavor: CaseIterable { case mint, berry }\n"
        + swift(
          """
              e.emitterCells = Flavor.allCases.map { flavor in
                let c = CAEmitterCell()
                c.name = "\\(flavor)-cell"
                c.birthRate = flavor == .berry ? 8 : 2
                return c
              }
          """), get: "e.emitterCells.berry-cell.birthRate", value: "8", quiet: true),
    Case(
      name: "emitterCells?.append(contentsOf:) adds each cell",
      ext: "swift",
      source: swift(
        """
            e.emitterCells = []
            let a = CAEmitterCell()
            a.name = "a"
            let b = CAEmitterCell()
            b.name = "b"
            b.birthRate = 4
            e.emitterCells?.append(contentsOf: [a, b])
        """), get: "e.emitterCells.b.birthRate", value: "4", quiet: true),
    Case(
      name: "a closure changes the variables it captures (forEach appending to a local array)",
      ext: "swift",
      source: swift(
        """
            var cells: [CAEmitterCell] = []
            var total = 0
            [2, 5].forEach { rate in
              let c = CAEmitterCell()
              c.name = "r\\(rate)"
              c.birthRate = Float(rate)
              cells.append(c)
              total += rate
            }
            e.emitterCells = cells
            e.birthRate = Float(total)
        """), get: "e.birthRate", value: "7", quiet: true),
  ]

  @Test(
    "insertSublayer of a layer not known here goes under (below:) or over (above:) the others",
    arguments: [("below", ["glow", "e"]), ("above", ["e", "glow"])])
  func insertBesideUnknown(side: String, order: [String]) throws {
    let source = Self.swift(
      """
          let glow = CAEmitterLayer()
          glow.birthRate = 2
          layer.insertSublayer(glow, \(side): titleLabel?.layer)
      """)
    let path = try temporaryFile("Beside.swift", contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\"\n")
    #expect(
      transcript.contains("the layer to insert it \(side) is not known here"), "\(transcript)")
    let model = session.scene.model
    let names = model.treeOrder.compactMap { model.layer($0) }.filter { $0.kind == .emitter }
      .map(\.name)
    #expect(names == order, "\(transcript)")
  }

  @Test("a key path through no property of the layer is skipped at import, never a failing action")
  func keyPathThroughNothing() throws {
    let source = Self.objc(
      """
        CAEmitterCell *c = [CAEmitterCell emitterCell];
        c.name = @"cell";
        c.birthRate = 100;
        e.emitterCells = @[c];
        self.emitter = e;
      """,
      header: "@interface V : UIView\n@property CAEmitterLayer *emitter;\n@end",
      methods: """
        - (void)stop {
          [self.emitter setValue:@0 forKey:@"emitterCell.cell.birthRate"];
        }
        """)
    let path = try temporaryFile("Typo.m", contents: source)
    let (transcript, _) = importTranscript(
      "import \"\(path)\"\nget e.emitterCells.cell.birthRate\n")
    #expect(
      transcript.contains(
        "the key path 'emitterCell.cell.birthRate' reaches nothing: 'emitterCell' is not a"
          + " property of the layer (did you mean 'emitterCells'?)"), "\(transcript)")
    #expect(!transcript.contains("error:"), "\(transcript)")
    #expect(transcript.hasSuffix("\n100\n"), "\(transcript)")
  }

  @Test(
    "a class factory of the file's own class runs the initializer it names; a view takes sublayers")
  func ownClassInitializer() throws {
    let source = """
      #import "Gun.h"
      @implementation Gun
      + (id)gunIn:(UIView *)view angle:(float)angle {
        return [[Gun alloc] initIn:view angle:angle];
      }
      - (id)initIn:(UIView *)view angle:(float)angle {
        self = [super init];
        if (self) {
          _gun = [CAEmitterLayer layer];
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          [c setBirthRate:12.f];
          [_gun setEmitterCells:@[c]];
          [view addSublayer:_gun];
        }
        return self;
      }
      @end

      """
    let path = try temporaryFile("Gun.m", contents: source)
    let (transcript, _) = importTranscript("import \"\(path)\"\nget gun.emitterCells.c.birthRate\n")
    #expect(transcript.contains("ran gunIn:angle: at import"), "\(transcript)")
    #expect(!transcript.contains("error:"), "\(transcript)")
    #expect(!transcript.contains("addSublayer"), "\(transcript)")
    #expect(transcript.hasSuffix("\n12\n"), "\(transcript)")
  }

  @Test("an action's change of a layer another action removes is set only while it is there")
  func setAfterRemoval() throws {
    let source = Self.swift(
      """
          e.emitterCells = [CAEmitterCell()]
          emitter = e
      """,
      members: """
          var emitter: CAEmitterLayer?
          func wipe() { emitter?.removeFromSuperlayer() }
          func move(to point: CGPoint) { emitter?.emitterPosition = point }
          func tint() { emitter?.emitterCells?.first?.birthRate = 9 }
        """)
    let path = try temporaryFile("Removed.swift", contents: source)
    let (transcript, _) = importTranscript(
      "import \"\(path)\"\nrun wipe\nrun move\nrun tint\necho done\n")
    #expect(!transcript.contains("error:"), "\(transcript)")
    #expect(transcript.hasSuffix("\ndone\n"), "\(transcript)")
  }

  @Test("a cell key path on a layer whose cells have no such name sets nothing, as on iOS")
  func keyPathToAnotherLayersCell() throws {
    let source = """
      import UIKit
      class V: UIView {
        @objc func showLost() {
          let f = CAEmitterLayer()
          let smoke = CAEmitterCell()
          smoke.name = "smoke"
          smoke.birthRate = 5
          smoke.lifetime = 2
          f.emitterCells = [smoke]
          layer.addSublayer(f)
          let e = CAEmitterLayer()
          let fire = CAEmitterCell()
          fire.name = "fire"
          fire.birthRate = 5
          e.emitterCells = [fire]
          e.setValue(4, forKeyPath: "emitterCells.smoke.lifetime")
          layer.addSublayer(e)
        }
      }

      """
    let path = try temporaryFile("Lost.swift", contents: source)
    let (transcript, _) = importTranscript(
      "import \"\(path)\"\nrun showLost\nget f.emitterCells.smoke.lifetime\n")
    #expect(transcript.contains("this layer's cells have no cell named 'smoke'"), "\(transcript)")
    #expect(!transcript.contains("error:"), "\(transcript)")
    #expect(transcript.hasSuffix("\n2\n"), "\(transcript)")
  }

  @Test("a block performed after a delay (performBlock:afterDelay:) runs then")
  func blockAfterDelay() throws {
    let source = Self.objc(
      """
        e.birthRate = 5;
        [self performBlock:^(id sender) {
          e.birthRate = 0;
        } afterDelay:2];
      """)
    let path = try temporaryFile("Later.m", contents: source)
    let (transcript, _) = importTranscript(
      "import \"\(path)\"\nget e.birthRate\nstep 3\nget e.birthRate\n")
    #expect(!transcript.contains("warning:"), "\(transcript)")
    #expect(transcript.hasSuffix("\n5\n0\n"), "\(transcript)")
  }

  @Test("a button subclass's own titles, images, targets and selected state are UIKit's")
  func buttonSubclass() throws {
    let source = """
      #import "Like.h"
      @implementation Like
      - (instancetype)initWithFrame:(CGRect)frame {
        self = [super initWithFrame:frame];
        [self setTitle:@"Like" forState:UIControlStateNormal];
        [self addTarget:self action:@selector(tapped) forControlEvents:UIControlEventTouchUpInside];
        CAEmitterLayer *e = [CAEmitterLayer layer];
        CAEmitterCell *c = [CAEmitterCell emitterCell];
        c.birthRate = 3;
        e.emitterCells = @[c];
        [self.layer addSublayer:e];
        e.birthRate = self.selected ? 2 : 4;
        return self;
      }
      @end

      """
    let path = try temporaryFile("Like.m", contents: source)
    let (transcript, _) = importTranscript("import \"\(path)\"\nget e.birthRate\n")
    #expect(!transcript.contains("declared in the header"), "\(transcript)")
    #expect(
      transcript.contains("a button's own images and titles are UIKit's drawing, not imported"),
      "\(transcript)")
    #expect(transcript.hasSuffix("\n4\n"), "\(transcript)")
  }

  @Test("a schedule of a method that becomes no action is left out, not a failing run")
  func scheduleOfUnwrittenAction() throws {
    let source = """
      #import <UIKit/UIKit.h>
      @implementation V
      - (void)poll:(NSTimer *)timer {
        [self.motion readings];
      }
      - (void)startUpdates {
        [self.motion start];
        [NSTimer scheduledTimerWithTimeInterval:0.1 target:self selector:@selector(poll:)
                                       userInfo:nil repeats:YES];
      }
      - (void)tapped {
        self.emitter.birthRate = 3;
        [NSTimer scheduledTimerWithTimeInterval:1 target:self selector:@selector(startUpdates)
                                       userInfo:nil repeats:NO];
      }
      - (instancetype)initWithFrame:(CGRect)frame {
        self = [super initWithFrame:frame];
        CAEmitterLayer *e = [CAEmitterLayer layer];
        [self.layer addSublayer:e];
        self.emitter = e;
        return self;
      }
      @end

      """
    let path = try temporaryFile("Motion.m", contents: source)
    let (transcript, _) = importTranscript(
      "import \"\(path)\"\nactions\nrun tapped\nstep 2\necho done\n")
    #expect(transcript.contains("action tapped { set e.birthRate 3 }"), "\(transcript)")
    #expect(!transcript.contains("error:"), "\(transcript)")
    #expect(transcript.hasSuffix("\ndone\n"), "\(transcript)")
  }

  @Test("a block an action schedules gives the layer it built new cells it made")
  func cellsSwappedLater() throws {
    let source = """
      #import <UIKit/UIKit.h>
      @implementation V
      - (IBAction)tap:(UIButton *)sender {
        CAEmitterLayer *e = [CAEmitterLayer layer];
        CAEmitterCell *a = [CAEmitterCell emitterCell];
        a.name = @"wait";
        a.birthRate = 1;
        e.emitterCells = @[a];
        [self.view.layer addSublayer:e];
        CAEmitterCell *b = [CAEmitterCell emitterCell];
        b.name = @"fall";
        b.birthRate = 7;
        dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(1.3 * NSEC_PER_SEC)),
                       dispatch_get_main_queue(), ^{
          e.emitterCells = @[b];
        });
      }
      @end

      """
    let path = try temporaryFile("Swap.m", contents: source)
    let (transcript, _) = importTranscript(
      "import \"\(path)\"\nstep 2\nget e.emitterCells.fall.birthRate\n")
    #expect(!transcript.contains("skipped"), "\(transcript)")
    #expect(transcript.hasSuffix("\n7\n"), "\(transcript)")
  }

  @Test("an image named with a format Burst does not read is looked for as a PNG, and said so")
  func unreadImageFormat() throws {
    let source = Self.swift(
      """
          let c = CAEmitterCell()
          c.birthRate = 1
          c.contents = UIImage(named: "snowflake.pdf")?.cgImage
          e.emitterCells = [c]
      """)
    let path = try temporaryFile("Flake.swift", contents: source)
    let (transcript, _) = importTranscript("import \"\(path)\"\n")
    #expect(
      transcript.contains(
        "put snowflake.png beside the file to use it (Burst reads PNG images, not PDF)"),
      "\(transcript)")
  }

  @Test("each form imports to its value", arguments: cases)
  func form(c: Case) throws {
    let path = try temporaryFile("form.\(c.ext)", contents: c.source)
    let (transcript, _) = importTranscript("import \"\(path)\"\nget \(c.get)\n")
    #expect(transcript.hasSuffix("\n\(c.value)\n"), "\(transcript)")
    #expect(!transcript.contains("error:"), "\(transcript)")
    if c.quiet { #expect(!transcript.contains("warning:"), "\(transcript)") }
  }

  /// Random values come from a stream keyed by the call's place: the same import twice gives the
  /// same scene, and a line added above does not change a value the line itself draws.
  @Test("random values are the same on every import and keyed by their place")
  func randomIsDeterministic() throws {
    let body = """
          let c = CAEmitterCell()
          c.velocity = CGFloat(arc4random_uniform(100))
          c.birthRate = Float.random(in: 0.5...1.5)
          c.lifetime = Float(drand48() * 10)
          c.spin = CGFloat(rand() % 7)
          e.emitterCells = [c]
      """
    func values(_ source: String) throws -> [String] {
      let path = try temporaryFile("r.swift", contents: source)
      let (t, _) = importTranscript(
        "import \"\(path)\" quiet\nget e.emitterCells.c.velocity\nget e.emitterCells.c.birthRate\n"
          + "get e.emitterCells.c.lifetime\nget e.emitterCells.c.spin\n")
      return Array(t.split(separator: "\n").suffix(4).map(String.init))
    }
    let once = try values(Self.swift(body))
    let twice = try values(Self.swift(body))
    #expect(once == twice)
    let v = once.compactMap(Double.init)
    #expect(v.count == 4, "\(once)")
    if v.count == 4 {
      #expect(v[0] >= 0 && v[0] < 100 && v[0].rounded() == v[0])
      #expect(v[1] >= 0.5 && v[1] < 1.5)
      #expect(v[2] >= 0 && v[2] < 10)
      #expect(v[3] >= 0 && v[3] < 7 && v[3].rounded() == v[3])
    }
    // The same lines under a different first line of the initializer: other places, other
    // values; the stream is not shared with the file's other lines.
    let moved = try values(Self.swift("    e.birthRate = 1\n" + body))
    #expect(moved != once)
  }
}

extension ImportFormsTests {
  static let moreCases: [Case] = [
    Case(
      name: "Xcode's colour literal", ext: "swift",
      source: swift(
        "    e.backgroundColor = #colorLiteral(red: 1, green: 0, blue: 0, alpha: 1).cgColor"),
      get: "e.backgroundColor", value: "#ff0000"),
    Case(
      name: "an SF Symbol is the built-in image of its role", ext: "swift",
      source: swift(
        """
            let c = CAEmitterCell()
            c.contents = UIImage(systemName: "star.fill")?.cgImage
            e.emitterCells = [c]
        """), get: "e.emitterCells.c.contents", value: "star"),
    Case(
      name: "a CAEmitterLayer subclass configures itself with bare names", ext: "swift",
      source: """
        import UIKit
        class SnowLayer: CAEmitterLayer {
          override init() {
            super.init()
            emitterShape = .line
            let flake = CAEmitterCell()
            flake.birthRate = 6
            emitterCells = [flake]
          }
        }

        """, get: "emitterLayer.emitterShape", value: "line"),
    Case(
      name: "an Objective-C file that sets self.emitterCells is an emitter layer", ext: "m",
      source: """
        @implementation SnowLayer
        - (instancetype)init {
          if (self = [super init]) {
            self.emitterShape = kCAEmitterLayerCircle;
            CAEmitterCell *flake = [CAEmitterCell emitterCell];
            flake.birthRate = 6;
            self.emitterCells = @[flake];
          }
          return self;
        }
        @end

        """, get: "emitterLayer.emitterShape", value: "circle"),
    Case(
      name: "CGRect(origin:size:) with CGPoint.zero, and CGSize.zero, read as values", ext: "swift",
      source: swift(
        """
            e.frame = CGRect(origin: CGPoint.zero, size: CGSize(width: 30, height: 20))
            e.emitterSize = CGSize.zero
            e.emitterPosition = CGPoint(x: e.frame.width, y: 5)
        """), get: "e.emitterPosition", value: "30,5"),
    Case(
      name: "contents from a helper that draws the image in code is a built-in stand-in",
      ext: "swift",
      source: """
        import UIKit
        func dotImage(size: CGSize) -> CGImage? {
          UIGraphicsBeginImageContext(size)
          let context = UIGraphicsGetCurrentContext()
          context?.fill(CGRect(origin: .zero, size: size))
          let image = context?.makeImage()
          UIGraphicsEndImageContext()
          return image
        }
        class V: UIView {
          override init(frame: CGRect) {
            super.init(frame: frame)
            let e = CAEmitterLayer()
            layer.addSublayer(e)
            let c = CAEmitterCell()
            c.birthRate = 5
            let image = dotImage(size: CGSize(width: 4, height: 4))
            c.contents = image
            e.emitterCells = [c]
          }
        }

        """, get: "e.emitterCells.c.contents", value: "dot"),
    Case(
      name: "Swift 2's class methods UIColor.whiteColor() and UIScreen.mainScreen()",
      ext: "swift",
      source: swift(
        """
            e.emitterPosition = CGPoint(x: UIScreen.mainScreen().bounds.width / 2, y: 0)
            let c = CAEmitterCell()
            c.color = UIColor.orangeColor().CGColor
            c.contentsScale = UIScreen.mainScreen().scale
            e.emitterCells = [c]
        """), get: "e.emitterCells.c.color", value: "#ff8000"),
    Case(
      name: "contents = nil written out stays nil", ext: "swift",
      source: swift(
        """
            let c = CAEmitterCell()
            c.contents = nil
            e.emitterCells = [c]
        """), get: "e.emitterCells.c.contents", value: "none"),
  ]

  @Test("each further form imports to its value", arguments: moreCases)
  func moreForms(c: Case) throws {
    try form(c: c)
  }

  /// Conditional compilation, read as Xcode builds an iPhone app in Debug.
  static let compilationCases: [Case] = [
    Case(
      name: "Swift #if canImport(UIKit) around the whole file keeps it; #else is dropped",
      ext: "swift",
      source: """
        #if canImport(UIKit)
        import UIKit
        class V: UIView {
          override init(frame: CGRect) {
            super.init(frame: frame)
            let e = CAEmitterLayer()
            e.birthRate = 4
            layer.addSublayer(e)
          }
        }
        #else
        import AppKit
        class V: NSView {
          override init(frame: CGRect) {
            super.init(frame: frame)
            let e = CAEmitterLayer()
            e.birthRate = 8
            layer?.addSublayer(e)
          }
        }
        #endif

        """, get: "e.birthRate", value: "4"),
    Case(
      name: "Swift #if os / #elseif targetEnvironment(simulator) / #else takes the device branch",
      ext: "swift",
      source: swift(
        """
            #if os(macOS)
            e.birthRate = 1
            #elseif targetEnvironment(simulator)
            e.birthRate = 2
            #elseif os(iOS) && DEBUG
            e.birthRate = 3
            #else
            e.birthRate = 4
            #endif
        """), get: "e.birthRate", value: "3"),
    Case(
      name: "Swift #if !DEBUG is dropped, nested blocks follow their outer one",
      ext: "swift",
      source: swift(
        """
            e.birthRate = 1
            #if !DEBUG
            e.birthRate = 2
            #if os(iOS)
            e.birthRate = 3
            #endif
            #endif
        """), get: "e.birthRate", value: "1"),
    Case(
      name: "Objective-C #ifdef DEBUG, #if TARGET_OS_SIMULATOR and availability comparisons",
      ext: "m",
      source: objc(
        """
          #ifdef DEBUG
          e.birthRate = 5;
          #else
          e.birthRate = 6;
          #endif
          #if TARGET_OS_SIMULATOR
          e.lifetime = 9;
          #elif __IPHONE_OS_VERSION_MAX_ALLOWED >= __IPHONE_13_0
          e.lifetime = 2;
          #endif
        """), get: "e.lifetime", value: "2"),
    Case(
      name: "Objective-C #ifndef of a name the file #defines",
      ext: "m",
      source: objc(
        """
          #ifndef kRate
          e.birthRate = 7;
          #endif
        """, header: "#define kRate 3"), get: "e.birthRate", value: "1"),
  ]

  /// Enumerations the file declares: `allCases` in order, `rawValue` as Swift gives it.
  static let enumerationCases: [Case] = [
    Case(
      name: "a loop over allCases of the file's CaseIterable enumeration runs once per case",
      ext: "swift",
      source: swift(
        """
            var n = 0
            for kind in Flake.allCases {
              n += 1
            }
            e.birthRate = Float(n)
        """,
        members: "  enum Flake: String, CaseIterable {\n    case small, medium\n    case large\n  }"
      ),
      get: "e.birthRate", value: "3"),
    Case(
      name: "a String enumeration's rawValue is its name, or its literal",
      ext: "swift",
      source: swift(
        """
            let c = CAEmitterCell()
            c.name = Flake.medium.rawValue
            c.birthRate = 2
            e.emitterCells = [c]
        """,
        members: "  enum Flake: String, CaseIterable {\n    case small, medium = \"flake\"\n  }"),
      get: "e.emitterCells.flake.birthRate", value: "2"),
    Case(
      name: "an Int enumeration's rawValue counts on from the last literal",
      ext: "swift",
      source: swift(
        """
            e.birthRate = Float(Level.high.rawValue)
        """, members: "  enum Level: Int {\n    case low = 2, mid, high\n  }"),
      get: "e.birthRate", value: "4"),
  ]

  /// Members the file adds to system types in extensions.
  static let extensionCases: [Case] = [
    Case(
      name: "a convenience init in an extension of CAEmitterLayer configures the new layer",
      ext: "swift",
      source: """
        import UIKit
        extension CAEmitterLayer {
          convenience init(rate: Float) {
            self.init()
            let cell: CAEmitterCell = {
              let c = CAEmitterCell()
              c.name = "dot"
              c.birthRate = rate
              return c
            }()
            emitterShape = .circle
            emitterCells = [cell]
          }
        }
        class V: UIView {
          override init(frame: CGRect) {
            super.init(frame: frame)
            let e = CAEmitterLayer(rate: 7)
            layer.addSublayer(e)
          }
        }

        """, get: "e.emitterCells.dot.birthRate", value: "7"),
    Case(
      name: "an extension's initializer is not the view controller's own: viewDidLoad calls it",
      ext: "swift",
      source: """
        import UIKit
        class SparkViewController: UIViewController {
          override func viewDidLoad() {
            super.viewDidLoad()
            let e = CAEmitterLayer(image: UIImage(named: "spark")!.cgImage!)
            view.layer.addSublayer(e)
          }
        }
        extension CAEmitterLayer {
          convenience init(image: CGImage) {
            self.init()
            let cell: CAEmitterCell = {
              let c = CAEmitterCell()
              c.name = "spark"
              c.birthRate = 40
              c.contents = image
              return c
            }()
            emitterCells = [cell]
          }
        }

        """, get: "e.emitterCells.spark.birthRate", value: "40"),
    Case(
      name: "a computed property in an extension of CGRect reads the rect's members",
      ext: "swift",
      source: """
        import UIKit
        extension CGRect {
          var center: CGPoint { CGPoint(x: midX, y: midY / 2) }
        }
        class V: UIView {
          override init(frame: CGRect) {
            super.init(frame: frame)
            let e = CAEmitterLayer()
            e.emitterPosition = CGRect(x: 0, y: 0, width: 100, height: 60).center
            layer.addSublayer(e)
          }
        }

        """, get: "e.emitterPosition", value: "50,15"),
    Case(
      name: "value(forKeyPath:) reads what setValue(_:forKeyPath:) set through the layer last",
      ext: "swift",
      source: swift(
        """
            let c = CAEmitterCell()
            c.name = "spark"
            c.birthRate = 1
            e.emitterCells = [c]
            e.setValue(12, forKeyPath: "emitterCells.spark.birthRate")
            let n = e.value(forKeyPath: "emitterCells.spark.birthRate") as? NSNumber
            c.lifetime = 3
            e.setValue(4, forKeyPath: "emitterCells.spark.lifetime")
            c.lifetime = 5
            let l = e.value(forKeyPath: "emitterCells.spark.lifetime") as? NSNumber
            e.setValue((n?.floatValue ?? 0) * 2 + (l?.floatValue ?? 0), forKeyPath: "emitterCells.spark.velocity")
        """), get: "e.emitterCells.spark.velocity", value: "29"),
    Case(
      name: "a system class the file only extends is not a base shown as its subclass",
      ext: "swift",
      source: """
        import UIKit
        extension UIView {
          func glow() -> CAEmitterLayer {
            let e = CAEmitterLayer()
            e.birthRate = 4
            layer.addSublayer(e)
            return e
          }
        }
        class V: UIView {
          override init(frame: CGRect) {
            super.init(frame: frame)
            let e = glow()
            e.emitterCells = [CAEmitterCell()]
          }
        }

        """, get: "e.birthRate", value: "4", quiet: true),
    Case(
      name: "a static computed property of an extension of UIColor is read where a colour goes",
      ext: "swift",
      source: """
        import UIKit
        extension UIColor {
          static var gold: UIColor { UIColor(red: 1, green: 0.8, blue: 0, alpha: 1) }
        }
        func tinted(_ color: UIColor) -> CAEmitterCell {
          let c = CAEmitterCell()
          c.name = "spark"
          c.birthRate = 5
          c.color = color.cgColor
          return c
        }
        class V: UIView {
          override init(frame: CGRect) {
            super.init(frame: frame)
            let e = CAEmitterLayer()
            e.emitterCells = [tinted(.gold)]
            layer.addSublayer(e)
          }
        }

        """, get: "e.emitterCells.spark.color", value: "#ffcc00"),
    Case(
      name: "a method of an extension of Array runs with self the array",
      ext: "swift",
      source: """
        import UIKit
        extension Array {
          func repeated(to count: Int) -> [Element] {
            guard !isEmpty else { return [] }
            return (0..<count).map { self[$0 % self.count] }
          }
        }
        class V: UIView {
          override init(frame: CGRect) {
            super.init(frame: frame)
            let e = CAEmitterLayer()
            e.emitterCells = [2.0, 7.0].repeated(to: 3).enumerated().map { i, rate in
              let c = CAEmitterCell()
              c.name = "c\\(i)"
              c.birthRate = Float(rate)
              return c
            }
            layer.addSublayer(e)
          }
        }

        """, get: "e.emitterCells.c2.birthRate", value: "2"),
    Case(
      name: "an emoji a String extension draws into an image is its role's built-in image",
      ext: "swift",
      source: """
        import UIKit
        extension String {
          func image(fontSize: CGFloat = 40) -> UIImage? {
            let font = UIFont.systemFont(ofSize: fontSize)
            let size = (self as NSString).size(withAttributes: [.font: font])
            return UIGraphicsImageRenderer(size: size).image { _ in
              (self as NSString).draw(at: .zero, withAttributes: [.font: font])
            }
          }
        }
        class V: UIView {
          override init(frame: CGRect) {
            super.init(frame: frame)
            let e = CAEmitterLayer()
            let c = CAEmitterCell()
            c.name = "love"
            c.contents = "❤️".image()?.cgImage
            e.emitterCells = [c]
            layer.addSublayer(e)
          }
        }

        """, get: "e.emitterCells.love.contents", value: "heart.fill"),
    Case(
      name: "a text's size in a system font is a font size a character by 1.2 a line",
      ext: "swift",
      source: swift(
        """
            e.emitterSize = "ab".size(withAttributes: [.font: UIFont.boldSystemFont(ofSize: 20)])
        """), get: "e.emitterSize", value: "40,24"),
    Case(
      name: "Objective-C's sizeWithAttributes: reads the font of NSFontAttributeName",
      ext: "m",
      source: objc(
        """
          e.emitterSize = [@"abc" sizeWithAttributes:@{NSFontAttributeName: [UIFont systemFontOfSize:10]}];
        """), get: "e.emitterSize", value: "30,12"),
  ]

  /// Forms found in a fourth set of public files.
  static let closureCases: [Case] = [
    Case(
      name: "self.method($0) inside a map closure gives the method's value",
      ext: "swift",
      source: swift(
        """
            e.emitterCells = [2.0, 3.0].map { self.cell(rate: $0) }
        """,
        members: """
            func cell(rate: Double) -> CAEmitterCell {
              let c = CAEmitterCell()
              c.name = "r\\(Int(rate))"
              c.birthRate = Float(rate)
              return c
            }
          """), get: "e.emitterCells.r3.birthRate", value: "3"),
    Case(
      name: "a function named as a map's argument (compactMap(cell(rate:))) is called per item",
      ext: "swift",
      source: swift(
        """
            e.emitterCells = [2.0, 3.0].compactMap(self.cell(rate:))
        """,
        members: """
            func cell(rate: Double) -> CAEmitterCell? {
              let c = CAEmitterCell()
              c.name = "r\\(Int(rate))"
              c.birthRate = Float(rate)
              return c
            }
          """), get: "e.emitterCells.r2.birthRate", value: "2"),
    Case(
      name:
        "a property of the file's own data type without a value is one made with its declared values",
      ext: "swift",
      source: """
        import UIKit
        final class RainModel: ObservableObject {
          @Published var rate: Float = 7
        }
        class RainHost: UIView {
          var model: RainModel!
          let e = CAEmitterLayer()
          override func didMoveToWindow() {
            super.didMoveToWindow()
            let c = CAEmitterCell()
            c.name = "c"
            c.birthRate = model.rate
            e.emitterCells = [c]
            layer.addSublayer(e)
          }
        }
        """, get: "e.emitterCells.c.birthRate", value: "7"),
    Case(
      name: "a SwiftUI view's model passed by another view's same-named @StateObject is read",
      ext: "swift",
      source: """
        import SwiftUI
        final class SparkModel: ObservableObject {
          @Published var rate: Float = 7
        }
        struct SparkView: UIViewRepresentable {
          @ObservedObject var model: SparkModel
          func makeUIView(context: Context) -> UIView {
            let v = UIView()
            let e = CAEmitterLayer()
            let c = CAEmitterCell()
            c.name = "c"
            c.birthRate = model.rate
            e.emitterCells = [c]
            v.layer.addSublayer(e)
            return v
          }
          func updateUIView(_ uiView: UIView, context: Context) {}
        }
        struct ContentView: View {
          @StateObject private var model = SparkModel()
          var body: some View { SparkView(model: model) }
        }
        """, get: "e.emitterCells.c.birthRate", value: "7"),
    Case(
      name:
        "an initializer named as a map's argument (map(CAEmitterCell.init(rate:))) makes one per item",
      ext: "swift",
      source: """
        import UIKit
        extension CAEmitterCell {
          convenience init(rate: Float) {
            self.init()
            name = "r\\(Int(rate))"
            birthRate = rate
          }
        }
        class V: UIView {
          let e = CAEmitterLayer()
          let rates: [Float] = [2, 3]
          override func didMoveToWindow() {
            super.didMoveToWindow()
            e.emitterCells = rates.map(CAEmitterCell.init(rate:))
            layer.addSublayer(e)
          }
        }
        """, get: "e.emitterCells.r3.birthRate", value: "3"),
    Case(
      name:
        "an initializer taking the app's arguments runs with stand-ins; a string loops per character",
      ext: "swift",
      source: """
        import UIKit
        class EmojiView: UIView {
          let e = CAEmitterLayer()
          init(frame: CGRect, faces: String, tints: [UIColor]) {
            super.init(frame: frame)
            var cells: [CAEmitterCell] = []
            for face in faces {
              for tint in tints {
                let c = CAEmitterCell()
                c.birthRate = 2
                c.color = tint.cgColor
                cells.append(c)
              }
            }
            e.birthRate = Float(cells.count) * 5
            e.emitterCells = cells
            layer.addSublayer(e)
          }
          required init?(coder: NSCoder) { fatalError("not used") }
        }

        """, get: "e.birthRate", value: "5"),
    Case(
      name: "randomElement() picks from the array with the file's fixed stream",
      ext: "swift",
      source: swift(
        """
            e.birthRate = [7.0, 7.0, 7.0].randomElement() ?? 1
        """), get: "e.birthRate", value: "7"),
    Case(
      name: "an index that is a quotient of Ints truncates as Swift's does",
      ext: "swift",
      source: swift(
        """
            let rates: [Float] = [4, 5, 6]
            let i = 7
            e.birthRate = rates[i / 4]
        """), get: "e.birthRate", value: "5"),
    Case(
      name: "dispatch_after inside if (self) { … } of an initializer is scheduled",
      ext: "m",
      source: """
        #import <UIKit/UIKit.h>
        @implementation V
        - (instancetype)initWithFrame:(CGRect)frame {
          self = [super initWithFrame:frame];
          if (self) {
            CAEmitterLayer *e = [CAEmitterLayer layer];
            [self.layer addSublayer:e];
            e.birthRate = 3;
            dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(0 * NSEC_PER_SEC)),
                           dispatch_get_main_queue(), ^{ e.lifetime = 2; });
          }
          return self;
        }
        @end

        """, get: "e.birthRate", value: "3"),
  ]

  @Test(
    "closures, random picks, Int indices and schedules inside branches", arguments: closureCases)
  func closures(c: Case) throws {
    try form(c: c)
  }

  /// A layer class the file implements, made by its own class factory.
  static let ownClassCases: [Case] = [
    Case(
      name: "[OwnLayer layer] in the class's factory makes the layer; its lazy getter is read",
      ext: "m",
      source: """
        #import "Snow.h"
        @interface Snow ()
        @property (nonatomic, strong) CAEmitterCell *flake;
        @end
        @implementation Snow
        + (instancetype)snowInRect:(CGRect)rect {
          Snow *snow = [Snow layer];
          snow.emitterShape = kCAEmitterLayerLine;
          snow.emitterSize = rect.size;
          snow.emitterCells = @[snow.flake];
          return snow;
        }
        - (CAEmitterCell *)flake {
          if (!_flake) {
            _flake = [CAEmitterCell emitterCell];
            _flake.birthRate = 9;
          }
          return _flake;
        }
        @end

        """, get: "snow.emitterCells.flake.birthRate", value: "9")
  ]

  /// A computed property with a setter: setting it runs the setter with the value set.
  static let setterCases: [Case] = [
    Case(
      name: "setting a computed property runs its set block with newValue",
      ext: "swift",
      source: swift(
        """
            layer.addSublayer(glow)
            level = 3
        """,
        members: """
            let glow = CAEmitterLayer()
            var level: Float {
              get { return glow.birthRate / 2 }
              set { glow.birthRate = newValue * 2 }
            }
          """), get: "glow.birthRate", value: "6"),
    Case(
      name: "a set block that names its value, set through self",
      ext: "swift",
      source: swift(
        """
            layer.addSublayer(glow)
            self.isOn = false
        """,
        members: """
            let glow = CAEmitterLayer()
            var isOn: Bool {
              get { glow.birthRate > 0 }
              set(on) {
                glow.birthRate = on ? 1 : 0
                glow.isHidden = !on
              }
            }
          """), get: "glow.hidden", value: "yes"),
  ]

  @Test("computed properties' setters", arguments: setterCases)
  func setters(c: Case) throws {
    try form(c: c)
  }

  @Test("a computed Bool property nothing sets becomes an action that sets it true")
  func setterNothingSetsIsAnAction() throws {
    let source = Self.swift(
      """
          layer.addSublayer(glow)
          glow.birthRate = 0
      """,
      members: """
          let glow = CAEmitterLayer()
          var isRunning: Bool {
            get { glow.birthRate > 0 }
            set { glow.birthRate = newValue ? 1 : 0 }
          }
        """)
    let path = try temporaryFile("Glow.swift", contents: source)
    let (transcript, _) = importTranscript(
      "import \"\(path)\"\nrun setRunning\nget glow.birthRate\n")
    #expect(transcript.contains("action setRunning sets isRunning to true and runs its setter"))
    #expect(transcript.hasSuffix("1\n"), "\(transcript)")
  }

  /// A layer subclass whose only initializer is the copying one.
  static let layerInitCases: [Case] = [
    Case(
      name: "a CAEmitterLayer subclass set up in init(layer:) alone runs it",
      ext: "swift",
      source: """
        import UIKit
        class Sparks: CAEmitterLayer {
          override init(layer: Any) {
            super.init(layer: layer)
            emitterShape = .circle
            emitterCells = [spark]
          }
          required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
          lazy var spark: CAEmitterCell = {
            let c = CAEmitterCell()
            c.name = "spark"
            c.birthRate = 12
            return c
          }()
        }

        """, get: "emitterLayer.emitterCells.spark.birthRate", value: "12")
  ]

  @Test("a layer subclass's init(layer:)", arguments: layerInitCases)
  func layerInit(c: Case) throws {
    try form(c: c)
  }

  @Test("the file's own layer class, made by its factory", arguments: ownClassCases)
  func ownClass(c: Case) throws {
    try form(c: c)
  }

  @Test(
    "extensions of system types: initializers and computed properties", arguments: extensionCases)
  func extensions(c: Case) throws {
    try form(c: c)
  }

  @Test("enumerations: allCases and rawValue", arguments: enumerationCases)
  func enumerations(c: Case) throws {
    try form(c: c)
  }

  @Test(
    "conditional compilation keeps the branches an iPhone app compiles", arguments: compilationCases
  )
  func compilation(c: Case) throws {
    try form(c: c)
  }

  @Test("a condition nested past the bound is not read and counts as false, without a crash")
  func compilationDepth() throws {
    let deep = String(repeating: "!", count: 100_000)
    let path = try temporaryFile(
      "V.swift",
      contents: Self.swift(
        "    #if \(deep)DEBUG\n    e.birthRate = 2\n    #endif\n    e.lifetime = 3\n"))
    let r = runScript("import \(path)\nget e.birthRate\nget e.lifetime\n")
    #expect(r.error == nil, "\(r.stderr)")
    #expect(r.stdout.hasSuffix("1\n3\n"), "\(r.stdout)")
    #expect(r.stderr.contains("nested over \(Limits.maxImportNesting) deep"))
  }

  @Test("a condition naming something unknown counts as false, and the import says so")
  func compilationUnknown() throws {
    let path = try temporaryFile(
      "V.swift",
      contents: Self.swift(
        """
            #if USE_FANCY_PARTICLES
            e.birthRate = 2
            #else
            e.birthRate = 5
            #endif
        """))
    let r = runScript("import \(path)\nget e.birthRate\n")
    #expect(r.error == nil, "\(r.stderr)")
    #expect(r.stdout.hasSuffix("5\n"), "\(r.stdout)")
    #expect(r.stderr.contains("'USE_FANCY_PARTICLES' cannot be known here and counts as false"))
  }

  @Test(
    "a random-colour helper of another file gives a colour drawn at random, the same on every import",
    arguments: [
      ("swift", swiftColor("UIColor.random().cgColor"), "UIColor.random"),
      ("swift", swiftColor("UIColor.randomColor.cgColor"), "UIColor.randomColor"),
      ("swift", swiftColor("randomColor(luminosity: .light).cgColor"), "randomColor(luminosity:)"),
      (
        "m",
        objc(
          "CAEmitterCell *c = [CAEmitterCell emitterCell]; c.name = @\"c\";\n"
            + "c.color = [UIColor randomColor].CGColor; e.emitterCells = @[c];"),
        "[UIColor randomColor]"
      ),
      (
        "m",
        objc(
          "CAEmitterCell *c = [CAEmitterCell emitterCell]; c.name = @\"c\";\n"
            + "c.color = [[UIColor randomColorWithAlpha:0.5] CGColor]; e.emitterCells = @[c];"),
        "[UIColor randomColorWithAlpha:]"
      ),
    ])
  func randomColorHelpers(ext: String, source: String, spelled: String) throws {
    let path = try temporaryFile("form.\(ext)", contents: source)
    let first = runScript("import \(path)\nget e.emitterCells.c.color\n")
    let again = runScript("import \(path)\nget e.emitterCells.c.color\n")
    #expect(first.error == nil, "\(first.stderr)")
    #expect(
      first.stderr.contains("\(spelled) is not in the file: taken as a colour drawn at random"))
    let color = try #require(first.stdout.split(separator: "\n").last.map(String.init))
    #expect(color.hasPrefix("#") && color != "#ffffff", "\(first.stdout)")
    #expect(color.count == (spelled.contains("Alpha") ? 9 : 7))
    if spelled.contains("Alpha") { #expect(color.hasSuffix("80")) }
    #expect(again.stdout == first.stdout)
  }

  @Test("a view controller imported into a new scene gets a phone's screen")
  func screenSize() throws {
    let source = """
      import UIKit
      class VC: UIViewController {
        override func viewDidLoad() {
          super.viewDidLoad()
          let e = CAEmitterLayer()
          e.emitterPosition = CGPoint(x: view.bounds.midX, y: 0)
          view.layer.addSublayer(e)
        }
      }

      """
    let path = try temporaryFile("screen.swift", contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\"\nget e.emitterPosition\n")
    #expect(transcript.contains("scene 390x844: screen.swift fills a phone's screen"))
    #expect(transcript.hasSuffix("195,0\n"), "\(transcript)")
    #expect(session.scene.model.root.properties.bounds.size == Size(390, 844))
    // Into a scene that is not new, or with view WxH, the size is the user's.
    let (_, kept) = importTranscript("scene 200x100\nimport \"\(path)\"\n")
    #expect(kept.scene.model.root.properties.bounds.size == Size(200, 100))
  }

  @Test(
    "a button imported alone into a new scene is 44x44 at its centre",
    arguments: [
      (
        "LikeButton.swift",
        """
        import UIKit
        class LikeButton: UIButton {
          override init(frame: CGRect) {
            super.init(frame: frame)
            let e = CAEmitterLayer()
            e.emitterSize = bounds.size
            e.emitterPosition = CGPoint(x: bounds.midX, y: bounds.midY)
            layer.addSublayer(e)
          }
        }

        """
      ),
      (
        "HeartButton.m",
        """
        #import "HeartButton.h"
        @implementation HeartButton
        - (instancetype)initWithFrame:(CGRect)frame {
          self = [super initWithFrame:frame];
          CAEmitterLayer *e = [CAEmitterLayer layer];
          e.emitterSize = self.bounds.size;
          e.emitterPosition = CGPointMake(self.bounds.size.width / 2, self.bounds.size.height / 2);
          [self.layer addSublayer:e];
          return self;
        }
        @end

        """
      ),
    ])
  func controlSize(file: String, source: String) throws {
    let path = try temporaryFile(file, contents: source)
    let (transcript, session) = importTranscript(
      "import \"\(path)\"\nget e.emitterSize\nget e.emitterPosition\nget hostView.bounds\n")
    #expect(
      transcript.contains("scene 320x240: \(file) is a control, hosted 44x44 at its centre"),
      "\(transcript)")
    #expect(transcript.hasSuffix("44,44\n22,22\n0,0,44,44\n"), "\(transcript)")
    #expect(session.scene.model.root.properties.bounds.size == Size(320, 240))
    // Into a scene that is not new, the button is the scene, as a view is.
    let (_, kept) = importTranscript("scene 200x100\nimport \"\(path)\"\n")
    #expect(kept.scene.model.layerID(named: "hostView") == nil)
  }

  @Test(
    "a playground's live view given in numbers is the scene's size",
    arguments: [
      ("let stage = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))", "400x300"),
      ("let stage = UIView(frame: CGRectMake(0, 0, 500, 250))", "500x250"),
      ("let stage: UIView = UIView(frame: .init(x: 0, y: 0, width: 320, height: 480))", "320x480"),
      // Made by a function of the file.
      (
        """
        func makeStage() -> UIView {
          let v = UIView(frame: CGRect(x: 0, y: 0, width: 600, height: 400))
          v.backgroundColor = .black
          return v
        }
        let stage = makeStage()
        """, "600x400"
      ),
      // Not numbers: a phone's screen, as for any whole screen.
      ("let stage = UIView(frame: UIScreen.main.bounds)", "390x844"),
    ])
  func liveViewSize(declaration: String, size: String) throws {
    let source = """
      import PlaygroundSupport
      import UIKit
      \(declaration)
      PlaygroundPage.current.liveView = stage
      let e = CAEmitterLayer()
      e.emitterPosition = CGPoint(x: stage.bounds.midX, y: 0)
      stage.layer.addSublayer(e)

      """
    let path = try temporaryFile("live.swift", contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\"\n")
    #expect(transcript.hasPrefix("scene \(size): "), "\(transcript)")
    let parts = size.split(separator: "x").compactMap { Double($0) }
    #expect(session.scene.model.root.properties.bounds.size == Size(parts[0], parts[1]))
  }

  @Test("the hosting view's own corner radius and border are its layer's inside a larger scene")
  func hostLooks() throws {
    let source = """
      #import "RoundButton.h"
      @implementation RoundButton
      - (instancetype)initWithFrame:(CGRect)frame {
        self = [super initWithFrame:frame];
        self.backgroundColor = [UIColor redColor];
        self.layer.cornerRadius = self.frame.size.width / 2;
        self.layer.borderWidth = 2;
        CAEmitterLayer *e = [CAEmitterLayer layer];
        [self.layer addSublayer:e];
        return self;
      }
      @end

      """
    let path = try temporaryFile("RoundButton.m", contents: source)
    let (transcript, _) = importTranscript(
      "import \"\(path)\"\nget hostView.cornerRadius\nget hostView.borderWidth\n")
    #expect(transcript.hasSuffix("22\n2\n"), "\(transcript)")
    #expect(!transcript.contains("not imported"), "\(transcript)")
    // The view that is the scene has no layer of its own to round: skipped, said.
    let (scene, _) = importTranscript("scene 200x100\nimport \"\(path)\"\n")
    #expect(scene.contains("the hosting view's cornerRadius is not imported"), "\(scene)")
  }

  @Test("a whole transform given to an animation of one of its fields is that field of it")
  func transformFieldAnimation() throws {
    let source = Self.swift(
      """
          let ring = CAShapeLayer()
          layer.addSublayer(ring)
          let grow = CABasicAnimation(keyPath: "transform.scale")
          grow.fromValue = NSValue(caTransform3D: CATransform3DIdentity)
          grow.toValue = NSValue(caTransform3D: CATransform3DMakeScale(5, 5, 2))
          grow.duration = 2
          ring.add(grow, forKey: "grow")
      """)
    let path = try temporaryFile("Ring.swift", contents: source)
    // From 1 to 4 (the mean of 5, 5 and 2, as `get` reads transform.scale), linear: 2.5 at 1 s.
    let (transcript, _) = importTranscript(
      "import \"\(path)\"\nstep 1\nget presentation ring.transform.scale\n")
    #expect(transcript.hasSuffix("\n2.5\n"), "\(transcript)")
    #expect(!transcript.contains("error"), "\(transcript)")
  }

  /// A number parameter whose name says nothing, and what the import says it is given (an
  /// action's line, or a root's warning).
  struct UseCase: CustomTestStringConvertible, Sendable {
    let name: String
    let ext: String
    let source: String
    let action: String
    var testDescription: String { name }
  }

  /// A Swift view with emitter `ring` holding cell `c` (also `sparkCell`), and `members`.
  static func useSwift(_ members: String) -> String {
    swift(
      """
          sparkCell.name = "c"
          sparkCell.birthRate = 5
          e.emitterCells = [sparkCell]
          ring = e
      """,
      members: """
          var ring: CAEmitterLayer?
          let sparkCell = CAEmitterCell()
        \(members)
        """)
  }

  /// The same in Objective-C, `ring` an instance variable.
  static func useObjC(_ methods: String) -> String {
    objc(
      """
        ring = e;
        CAEmitterCell *c = [CAEmitterCell emitterCell];
        c.name = @"c";
        c.birthRate = 5;
        e.emitterCells = @[c];
      """,
      header: "@interface V : UIView { CAEmitterLayer *ring; }\n@end", methods: methods)
  }

  static let useCases: [UseCase] = [
    UseCase(
      name: "written to a cell's velocity through a key path (Swift)", ext: "swift",
      source: useSwift(
        """
          func pulse(_ level: CGFloat) {
            let burst = CABasicAnimation(keyPath: "emitterCells.c.birthRate")
            burst.fromValue = (level - 10) * 3
            burst.toValue = 0
            ring?.add(burst, forKey: "burst")
            ring?.setValue(level, forKeyPath: "emitterCells.c.velocity")
          }
        """),
      action: "action pulse (level=100)"),
    UseCase(
      name: "written to a cell's velocity through a key path (Objective-C)", ext: "m",
      source: useObjC(
        """
        - (void)pulse:(CGFloat)value {
          [ring setValue:@(value) forKeyPath:@"emitterCells.c.velocity"];
        }
        """),
      action: "action pulse (value=100)"),
    UseCase(
      name: "in an expression set as a cell's birth rate", ext: "swift",
      source: useSwift("  func boost(amount: Float) { sparkCell.birthRate = amount * 2 }"),
      action: "ran boost(amount:) at import with amount = 10 (it sets a cell's birthRate)"),
    UseCase(
      name: "through an Objective-C setter of a cell's lifetime", ext: "m",
      source: useObjC(
        """
        - (void)linger:(CGFloat)seconds {
          CAEmitterCell *cell = [CAEmitterCell emitterCell];
          cell.name = @"d";
          [cell setLifetime:seconds];
          ring.emitterCells = @[cell];
        }
        """),
      action: "ran linger: at import with seconds = 3 (it sets a cell's lifetime)"),
    UseCase(
      name: "an emitter layer's birth rate is a multiplier: 1 as before", ext: "swift",
      source: useSwift("  func boost(amount: Float) { ring?.birthRate = amount }"),
      action: "action boost (amount=1)"),
  ]

  @Test(
    "a number parameter its name says nothing about takes what the cell property it sets takes",
    arguments: useCases)
  func numberParameterByUse(_ c: UseCase) throws {
    let path = try temporaryFile("Use.\(c.ext)", contents: c.source)
    let (transcript, _) = importTranscript("import \"\(path)\"\nactions\n")
    #expect(transcript.contains(c.action), "\(transcript)")
  }

  /// A start method that makes the view's one emitter only while its property is nil.
  static let onceForms: [(name: String, ext: String, source: String)] = [
    (
      "Objective-C, if (self.emitter == nil)", "m",
      objc(
        "",
        header: "@interface V : UIView\n@property (nonatomic, strong) CAEmitterLayer *burst;\n@end",
        methods: """
          - (void)startConfetti {
            if (self.burst == nil) {
              self.burst = [CAEmitterLayer layer];
              CAEmitterCell *c = [CAEmitterCell emitterCell];
              c.name = @"c";
              c.birthRate = 20;
              c.lifetime = 5;
              self.burst.emitterCells = @[c];
              [self.layer addSublayer:self.burst];
            }
            self.burst.birthRate = 1;
          }
          - (void)stopConfetti {
            self.burst.birthRate = 0;
          }
          """)
    ),
    (
      "Objective-C, if (!_burst)", "m",
      objc(
        "",
        header: "@interface V : UIView { CAEmitterLayer *_burst; }\n@end",
        methods: """
          - (void)startConfetti {
            if (!_burst) {
              _burst = [CAEmitterLayer layer];
              CAEmitterCell *c = [CAEmitterCell emitterCell];
              c.name = @"c";
              c.birthRate = 20;
              c.lifetime = 5;
              _burst.emitterCells = @[c];
              [self.layer addSublayer:_burst];
            }
            _burst.birthRate = 1;
          }
          - (void)stopConfetti {
            _burst.birthRate = 0;
          }
          """)
    ),
    (
      "Swift, guard burst == nil else { return }", "swift",
      swift(
        "",
        members: """
            var burst: CAEmitterLayer?
            func startConfetti() {
              guard burst == nil else { return }
              let e = CAEmitterLayer()
              burst = e
              let c = CAEmitterCell()
              c.name = "c"
              c.birthRate = 20
              c.lifetime = 5
              e.emitterCells = [c]
              layer.addSublayer(e)
            }
            func stopConfetti() { burst?.birthRate = 0 }
          """)
    ),
  ]

  @Test(
    "a start method that makes the emitter only while its property is nil keeps one emitter",
    arguments: onceForms.indices)
  func madeOnceWhileNil(_ k: Int) throws {
    let form = Self.onceForms[k]
    let path = try temporaryFile("Once.\(form.ext)", contents: form.source)
    let (transcript, session) = importTranscript(
      "import \"\(path)\"\nrun stopConfetti\nrun startConfetti\nrun startConfetti\nstep 1\n")
    #expect(!transcript.contains("error"), "\(form.name): \(transcript)")
    let model = session.scene.model
    let names = model.treeOrder.compactMap { model.layer($0) }.filter { $0.kind == .emitter }
      .map(\.name)
    #expect(names == ["e", "burst"], "\(form.name): \(transcript)")
  }

  @Test(
    "the cells of an array a root returns go in one emitter at the view's centre",
    arguments: [
      (
        "swift",
        """
        import UIKit
        class Generator {
          func generateCells() -> [CAEmitterCell] {
            var cells: [CAEmitterCell] = []
            for color in [UIColor.red, UIColor.blue] { cells.append(generateCell(color: color)) }
            return cells
          }
          func generateCell(color: UIColor) -> CAEmitterCell {
            let cell = CAEmitterCell()
            cell.birthRate = 12
            cell.lifetime = 4
            cell.color = color.cgColor
            return cell
          }
        }

        """
      ),
      (
        "m",
        """
        #import "Generator.h"
        @implementation Generator
        + (NSArray *)cells {
          NSMutableArray *cells = [NSMutableArray array];
          for (UIColor *color in @[[UIColor redColor], [UIColor blueColor]]) {
            CAEmitterCell *cell = [CAEmitterCell emitterCell];
            cell.birthRate = 12;
            cell.lifetime = 4;
            cell.color = color.CGColor;
            [cells addObject:cell];
          }
          return cells;
        }
        @end

        """
      ),
    ])
  func returnedCellArray(ext: String, source: String) throws {
    let path = try temporaryFile("Generator.\(ext)", contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\"\n")
    #expect(!transcript.contains("error"), "\(transcript)")
    let model = session.scene.model
    let emitters = Self.emitterLayers(model)
    #expect(emitters.count == 1, "\(transcript)")
    #expect(emitters.first?.cells.count == 2, "\(transcript)")
    #expect(emitters.first?.emitter.emitterPosition == Point(160, 120), "\(transcript)")
  }

  @Test("once the view's own layer is taken as its emitter, actions reach it through layer too")
  func ownEmitterInActions() throws {
    let source = """
      import UIKit
      class ConfettiNode: UIView {
        override init(frame: CGRect) {
          super.init(frame: frame)
          let layer = self.layer as! CAEmitterLayer
          layer.emitterShape = .line
          let cell = CAEmitterCell()
          cell.name = "piece"
          cell.birthRate = 40
          cell.lifetime = 3
          layer.emitterCells = [cell]
        }
        func start() {
          layer.birthRate = 2
          let fade = CABasicAnimation(keyPath: "birthRate")
          fade.fromValue = 2
          fade.toValue = 0
          fade.duration = 1
          layer.add(fade, forKey: "birthRate")
        }
      }

      """
    let path = try temporaryFile("Node.swift", contents: source)
    let (transcript, _) = importTranscript("import \"\(path)\"\nactions\n")
    #expect(!transcript.contains("actions and scheduled blocks only change"), "\(transcript)")
    #expect(!transcript.contains("hosting view's own layer are not imported"), "\(transcript)")
    #expect(transcript.contains("action start { set "), "\(transcript)")
    #expect(transcript.contains(".birthRate 2"), "\(transcript)")
    #expect(transcript.contains("animate "), "\(transcript)")
  }

  @Test("a representable's fields its caller gives are what a parameter of their type is given")
  func representableFields() throws {
    let source = """
      import SwiftUI
      struct SpoilerView: UIViewRepresentable {
        var isEnabled: Bool
        var rate: Float
        func makeUIView(context: Context) -> UIView {
          let view = UIView()
          let emitter = CAEmitterLayer()
          let cell = CAEmitterCell()
          cell.name = "dust"
          cell.birthRate = rate
          cell.lifetime = 1
          emitter.emitterCells = [cell]
          emitter.name = "spoiler"
          view.layer.addSublayer(emitter)
          return view
        }
        func updateUIView(_ uiView: UIView, context: Context) {
          uiView.layer.sublayers?.first?.opacity = isEnabled ? 1 : 0
        }
      }

      """
    let path = try temporaryFile("Spoiler.swift", contents: source)
    let (transcript, _) = importTranscript(
      "import \"\(path)\"\nget spoiler.emitterCells.dust.birthRate\nget spoiler.opacity\n")
    #expect(
      transcript.contains("'isEnabled' is given by the code that makes SpoilerView: taken as true"),
      "\(transcript)")
    #expect(transcript.hasSuffix("\n10\n1\n"), "\(transcript)")
  }

  @Test(
    "a header property whose name only contains emitter is a value of another file, not an emitter"
  )
  func emitterWordedProperty() throws {
    let source = """
      #import "Sprinkler.h"
      @implementation Sprinkler
      - (void)addEmitterAt:(CGPoint)position view:(UIView *)view {
        CAEmitterLayer *layer = [CAEmitterLayer layer];
        layer.birthRate = self.emitterBirthRate ? self.emitterBirthRate : 2.0f;
        layer.emitterPosition = position;
        switch (self.caEmitterShape) {
          case 1: layer.emitterShape = kCAEmitterLayerLine; break;
          default: layer.emitterShape = kCAEmitterLayerCircle; break;
        }
        CAEmitterCell *cell = [CAEmitterCell emitterCell];
        cell.name = @"drop";
        cell.birthRate = 10;
        cell.lifetime = 2;
        layer.emitterCells = @[cell];
        [view.layer addSublayer:layer];
      }
      @end

      """
    let path = try temporaryFile("Sprinkler.m", contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\"\n")
    #expect(!transcript.contains("taken as the view's own emitter layer"), "\(transcript)")
    let model = session.scene.model
    let emitters = Self.emitterLayers(model)
    #expect(emitters.count == 1, "\(transcript)")
    #expect(emitters.first?.emitter.birthRate == 2, "\(transcript)")
    #expect(emitters.first?.emitter.emitterShape == .circle, "\(transcript)")
  }

  @Test(
    "a name ending in emitter or emitter layer names an emitter",
    arguments: [
      ("emitter", true), ("_fireEmitter", true), ("snowEmitterLayer2", true),
      ("emitter_layer", true), ("emitterBirthRate", false), ("caEmitterShape", false),
      ("emitterView", false), ("particleLayer", false),
    ])
  func namesEmitter(name: String, expected: Bool) {
    #expect(ImportInterpreter.namesEmitter(name) == expected)
  }

  @Test(
    "what an action adds into a layer it took out of the tree first is not shown, and the action runs"
  )
  func addedIntoDetachedLayer() throws {
    let source = """
      import UIKit
      class GlowButton: UIButton {
        let holder = UIView()
        override init(frame: CGRect) {
          super.init(frame: frame)
          rebuild()
          addSubview(holder)
        }
        required init?(coder: NSCoder) { fatalError() }
        func rebuild() {
          holder.layer.removeFromSuperlayer()
          let glow = CAEmitterLayer()
          let spark = CAEmitterCell()
          spark.birthRate = 10
          spark.lifetime = 1
          glow.emitterCells = [spark]
          holder.layer.addSublayer(glow)
        }
        @IBAction func tapped(_ sender: UIButton) {
          rebuild()
        }
      }

      """
    let path = try temporaryFile("Glow.swift", contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\"\nrun tapped\n")
    #expect(!transcript.contains("error"), "\(transcript)")
    #expect(transcript.contains("which the code above took out of the layer tree"), "\(transcript)")
    let model = session.scene.model
    let names = model.treeOrder.compactMap { model.layer($0) }.map(\.name)
    #expect(!names.contains("holder"), "\(transcript)")
    #expect(!names.contains { $0.hasPrefix("glow") }, "\(transcript)")
  }

  @Test(
    "an animator given a view and a gesture by its initializer builds at the gesture's place",
    arguments: [
      (
        "swift",
        """
        import UIKit
        class TrailAnimator {
          private weak var view: UIView?
          private weak var gesture: UIGestureRecognizer?
          init(view: UIView, gesture: UIGestureRecognizer) {
            self.view = view
            self.gesture = gesture
          }
          func startTrail() {
            guard let place = gesture?.location(in: view) else { return }
            let trail = CAEmitterLayer()
            trail.emitterPosition = place
            let dot = CAEmitterCell()
            dot.birthRate = 8
            dot.lifetime = 2
            trail.emitterCells = [dot]
            if gesture?.state == .began { view?.layer.addSublayer(trail) }
          }
        }

        """
      ),
      (
        "m",
        """
        #import "TrailAnimator.h"
        @implementation TrailAnimator {
          UIView *_view;
          UILongPressGestureRecognizer *_press;
        }
        - (instancetype)initWithView:(UIView *)view press:(UILongPressGestureRecognizer *)press {
          if (self = [super init]) { _view = view; _press = press; }
          return self;
        }
        - (void)startTrail {
          CAEmitterLayer *trail = [CAEmitterLayer layer];
          trail.emitterPosition = [_press locationInView:_view];
          CAEmitterCell *dot = [CAEmitterCell emitterCell];
          dot.birthRate = 8;
          dot.lifetime = 2;
          trail.emitterCells = @[dot];
          [_view.layer addSublayer:trail];
        }
        @end

        """
      ),
    ])
  func animatorGivenViewAndGesture(ext: String, source: String) throws {
    let path = try temporaryFile("TrailAnimator.\(ext)", contents: source)
    let (transcript, session) = importTranscript(
      "import \"\(path)\"\nrun startTrail 40,50\n")
    #expect(!transcript.contains("error"), "\(transcript)")
    let model = session.scene.model
    let emitters = Self.emitterLayers(model)
    #expect(
      emitters.map(\.emitter.emitterPosition) == [Point(160, 120), Point(40, 50)], "\(transcript)")
  }

  @Test(
    "a touch, an event or a gesture recognizer is a touch type; a sender or a timer is not",
    arguments: [
      ("UIGestureRecognizer", true), ("UIPanGestureRecognizer?", true), ("UITouch *", true),
      ("UIEvent", true), ("UIButton", false), ("Timer", false), ("id", false),
    ])
  func touchTypes(type: String, expected: Bool) {
    #expect(ImportInterpreter.isTouchType(type) == expected)
  }

  @Test("types and value-returning functions declared inside a function are the function's own")
  func localDeclarations() throws {
    let source = """
      import UIKit
      class PartyView: UIView {
        init(tint: UIColor) {
          super.init(frame: .zero)
          enum Layer { case front, back }
          struct Kind {
            let rate: Float
            let place: Layer
          }
          let kinds = [Kind(rate: 12, place: .front), Kind(rate: 4, place: .back)]
          func makeCell(_ kind: Kind) -> CAEmitterCell {
            let cell = CAEmitterCell()
            cell.birthRate = kind.rate
            cell.lifetime = 3
            cell.color = tint.cgColor
            return cell
          }
          func makeLayer() throws -> CAEmitterLayer {
            let layer = CAEmitterLayer()
            layer.emitterCells = kinds.map { makeCell($0) }
            return layer
          }
          let party = try! makeLayer()
          party.name = "party"
          self.layer.addSublayer(party)
        }
        required init?(coder: NSCoder) { fatalError() }
      }

      """
    let path = try temporaryFile("Party.swift", contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\"\n")
    #expect(!transcript.contains("is not known to the importer"), "\(transcript)")
    let model = session.scene.model
    let party = model.treeOrder.compactMap { model.layer($0) }.first { $0.name == "party" }
    #expect(party?.cells.map(\.birthRate) == [12, 4], "\(transcript)")
  }

  @Test(
    "a field of a behaviour the layer was not given is skipped, and the action runs",
    arguments: [
      ("", "were not imported"),
      (
        """
            let drag = CAEmitterBehavior(type: "drag")
            drag.setValue("slow", forKey: "name")
            dust.setValue([drag], forKey: "emitterBehaviors")

        """, "has no behaviour named 'finger'"
      ),
    ])
  func unknownBehaviorField(given: String, why: String) throws {
    let source = """
      import UIKit
      class DustView: UIView {
        func startDust() {
          let dust = CAEmitterLayer()
          let mote = CAEmitterCell()
          mote.birthRate = 10
          mote.lifetime = 2
          dust.emitterCells = [mote]
      \(given)
          dust.setValue(4.0, forKeyPath: "emitterBehaviors.finger.stiffness")
          layer.addSublayer(dust)
        }
      }

      """
    let path = try temporaryFile("Dust.swift", contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\"\nrun startDust\n")
    #expect(!transcript.contains("error"), "\(transcript)")
    #expect(transcript.contains(why), "\(transcript)")
    let model = session.scene.model
    let emitters = Self.emitterLayers(model)
    #expect(emitters.count == 2, "\(transcript)")
  }

  @Test("an emitter added into a view the import could not make joins the view, in an action too")
  func emitterIntoUnknownView() throws {
    let source = """
      #import "LiveController.h"
      @interface LiveController ()
      @property (nonatomic, strong) Player *player;
      @property (nonatomic, weak) CAEmitterLayer *hearts;
      @end
      @implementation LiveController
      - (void)setLiveModel:(LiveModel *)model {
          Player *player = [[Player alloc] initWithURL:model.url];
          [self.view insertSubview:player.view atIndex:0];
          self.player = player;
          [self.hearts setHidden:NO];
      }
      - (CAEmitterLayer *)hearts {
          if (!_hearts) {
              CAEmitterLayer *e = [CAEmitterLayer layer];
              e.emitterPosition = CGPointMake(100, 100);
              CAEmitterCell *c = [CAEmitterCell emitterCell];
              c.birthRate = 5;
              c.lifetime = 2;
              e.emitterCells = @[c];
              [self.player.view.layer addSublayer:e];
              _hearts = e;
          }
          return _hearts;
      }
      @end

      """
    let path = try temporaryFile("Live.m", contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\"\n")
    #expect(!transcript.contains("error"), "\(transcript)")
    #expect(transcript.contains("the layer it goes into is not known here"), "\(transcript)")
    let model = session.scene.model
    let emitters = Self.emitterLayers(model)
    #expect(emitters.map(\.emitter.emitterPosition) == [Point(100, 100)], "\(transcript)")
  }

  @Test("a local that a getter names after itself is a value not known here, not the getter")
  func localNamedLikeItsGetter() throws {
    let source = """
      #import "Panel.h"
      @implementation Panel
      - (void)viewDidLoad {
          [super viewDidLoad];
          CAEmitterLayer *e = [CAEmitterLayer layer];
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.birthRate = 5;
          e.emitterCells = @[c];
          [self.view.layer addSublayer:e];
          self.badge.alpha = 0;
      }
      - (BadgeView *)badge {
          if (!_badge) {
              BadgeView *badge = [BadgeView badgeView];
              _badge = badge;
          }
          return _badge;
      }
      @end

      """
    let path = try temporaryFile("Panel.m", contents: source)
    let (transcript, _) = importTranscript("import \"\(path)\"\n")
    #expect(!transcript.contains("the function badge"), "\(transcript)")
    #expect(transcript.contains("cannot set 'alpha' on a value not known here"), "\(transcript)")
  }

  @Test("an Objective-C insertSublayer:below: a layer not known here puts it under the others")
  func insertBelowUnknownMessage() throws {
    let source = """
      #import "Stage.h"
      @implementation Stage
      - (void)viewDidLoad {
          [super viewDidLoad];
          CAEmitterLayer *e = [CAEmitterLayer layer];
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.birthRate = 5;
          e.emitterCells = @[c];
          [self.view.layer insertSublayer:e below:[Curtain sharedCurtain].layer];
      }
      @end

      """
    let path = try temporaryFile("Stage.m", contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\"\n")
    #expect(transcript.contains("the layer to insert it below is not known here"), "\(transcript)")
    let model = session.scene.model
    #expect(
      model.treeOrder.compactMap { model.layer($0) }.filter { $0.kind == .emitter }.count == 1,
      "\(transcript)")
  }

  @Test("a stop that removes the animations of a layer only start builds runs before any start")
  func cancelBeforeStart() throws {
    let source = """
      import UIKit
      class BallsController: UIViewController {
        var balls: CAEmitterLayer?
        func startBalls() {
          let e = CAEmitterLayer()
          let c = CAEmitterCell()
          c.birthRate = 4
          c.lifetime = 2
          e.emitterCells = [c]
          view.layer.addSublayer(e)
          balls = e
        }
        func stopBalls() {
          balls?.removeAllAnimations()
          balls?.birthRate = 0
        }
      }

      """
    let path = try temporaryFile("Balls.swift", contents: source)
    let (transcript, _) = importTranscript(
      "import \"\(path)\"\nremove balls\nactions\nrun stopBalls\n")
    #expect(transcript.contains(" ifPresent; set "), "\(transcript)")
    #expect(!transcript.contains("error"), "\(transcript)")
  }

  @Test(
    "a component whose layers' frames reach past the default scene grows the scene to hold them")
  func sceneGrowsToFrames() throws {
    let source = """
      import UIKit
      class HeartLayer: CALayer {
        override init() {
          super.init()
          setupLayers()
        }
        required init?(coder aDecoder: NSCoder) { super.init(coder: aDecoder) }
        func setupLayers() {
          let emitter = CAEmitterLayer()
          emitter.frame = CGRect(x: 17.5, y: 320, width: 175, height: 65.3)
          emitter.emitterPosition = CGPoint(x: 80, y: 30)
          let cell = CAEmitterCell()
          cell.birthRate = 10
          cell.lifetime = 1
          emitter.emitterCells = [cell]
          addSublayer(emitter)
        }
      }

      """
    let path = try temporaryFile("Heart.swift", contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\"\n")
    #expect(
      transcript.contains("scene 320x386: the frames Heart.swift gives its layers"), "\(transcript)"
    )
    #expect(session.scene.model.root.properties.bounds.size == Size(320, 386), "\(transcript)")
  }

  @Test("a class that writes a view controller's lifecycle method is a screen, whatever its name")
  func lifecycleMethodMakesScreen() throws {
    let source = """
      #import "SnowScene.h"
      @implementation SnowScene
      - (void)viewDidLoad {
          [super viewDidLoad];
          CAEmitterLayer *e = [CAEmitterLayer layer];
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.birthRate = 5;
          e.emitterCells = @[c];
          [self.view.layer addSublayer:e];
      }
      @end

      """
    let path = try temporaryFile("SnowScene.m", contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\"\n")
    #expect(transcript.contains("fills a phone's screen"), "\(transcript)")
    #expect(session.scene.model.root.properties.bounds.size == Size(390, 844), "\(transcript)")
  }

  @Test("a frame given as a position and bounds grows the scene too")
  func sceneGrowsToPositionAndBounds() throws {
    let source = """
      import UIKit
      class GlowView: UIView {
        override init(frame: CGRect) {
          super.init(frame: frame)
          let e = CAEmitterLayer()
          e.bounds = CGRect(x: 0, y: 0, width: 300, height: 300)
          e.position = CGPoint(x: 300, y: 400)
          let c = CAEmitterCell()
          c.birthRate = 5
          e.emitterCells = [c]
          layer.addSublayer(e)
        }
        required init?(coder: NSCoder) { fatalError() }
      }

      """
    let path = try temporaryFile("Glow.swift", contents: source)
    let (_, session) = importTranscript("import \"\(path)\"\n")
    #expect(session.scene.model.root.properties.bounds.size == Size(450, 550))
  }

  @Test(
    "a file with Windows or old Mac line endings imports as with line feeds",
    arguments: ["\r\n", "\r"], ["swift", "m"])
  func lineEndings(ending: String, ext: String) throws {
    let source =
      ext == "swift"
      ? Self.swift(
        """
            // a comment, then the cell
            let c = CAEmitterCell()
            c.name = "c"
            c.birthRate = 7
            e.emitterCells = [c]
        """)
      : Self.objc(
        """
          // a comment, then the cell
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.name = @"c";
          c.birthRate = 7;
          e.emitterCells = @[c];
        """)
    let plain = try temporaryFile("Plain.\(ext)", contents: source)
    let other = try temporaryFile(
      "Other.\(ext)", contents: source.replacingOccurrences(of: "\n", with: ending))
    let (expected, _) = importTranscript("import \"\(plain)\"\nget e.emitterCells.c.birthRate\n")
    let (transcript, _) = importTranscript(
      "import \"\(other)\"\nget e.emitterCells.c.birthRate\n")
    #expect(transcript.hasSuffix("\n7\n"), "\(transcript)")
    #expect(
      transcript.replacingOccurrences(of: other, with: "").replacingOccurrences(
        of: "Other.", with: "Plain.") == expected.replacingOccurrences(of: plain, with: ""))
  }

  @Test("a kept recognizer's location read by code that runs at import is the view's centre")
  func keptRecognizerLocationAtImport() throws {
    let source = """
      import UIKit
      class PressAnimator: NSObject {
        var press = UILongPressGestureRecognizer()
        func createParticles(view: UIView) {
          let e = CAEmitterLayer()
          e.emitterPosition = press.location(in: view)
          let c = CAEmitterCell()
          c.birthRate = 3
          e.emitterCells = [c]
          view.layer.addSublayer(e)
        }
      }

      """
    let path = try temporaryFile("Press.swift", contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\"\n")
    #expect(!transcript.contains("bad value"), "\(transcript)")
    let model = session.scene.model
    let emitters = Self.emitterLayers(model)
    #expect(emitters.map(\.emitter.emitterPosition) == [Point(160, 120)], "\(transcript)")
  }

  @Test("a view the superclass in another file declares is made first, and actions build into it")
  func inheritedViewsAreMade() throws {
    let source = """
      import UIKit
      class FireController: BaseAnimationController {
        func fireAnimation() {
          let emitter = CAEmitterLayer()
          emitter.frame = storyImageView.layer.bounds
          let c = CAEmitterCell()
          c.birthRate = 5
          c.lifetime = 1
          emitter.emitterCells = [c]
          storyImageView.layer.addSublayer(emitter)
        }
      }

      """
    let path = try temporaryFile("Fire.swift", contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\"\n")
    #expect(
      transcript.contains("storyImageView is not in the file: taken as a UIImageView"),
      "\(transcript)")
    let model = session.scene.model
    let layers = model.treeOrder.compactMap { model.layer($0) }
    #expect(layers.map(\.name) == ["scene", "storyImageView", "emitterLayer"], "\(transcript)")
  }

  @Test("a start that adds again the emitter a stop removed puts it back")
  func startAddsBackWhatStopRemoved() throws {
    let source = """
      import UIKit
      class SnowController: UIViewController {
        let snow = CAEmitterLayer()
        override func viewDidLoad() {
          super.viewDidLoad()
          let flake = CAEmitterCell()
          flake.birthRate = 10
          flake.lifetime = 3
          snow.emitterCells = [flake]
          view.layer.addSublayer(snow)
        }
        @IBAction func stopSnow(_ sender: UIButton) {
          snow.removeFromSuperlayer()
        }
        @IBAction func startSnow(_ sender: UIButton) {
          snow.birthRate = 2
          view.layer.addSublayer(snow)
        }
      }

      """
    let path = try temporaryFile("Snow.swift", contents: source)
    let (transcript, session) = importTranscript(
      "import \"\(path)\"\nrun stopSnow\nrun startSnow\nrun startSnow\n")
    #expect(!transcript.contains("error"), "\(transcript)")
    let model = session.scene.model
    let emitters = Self.emitterLayers(model)
    #expect(emitters.map(\.name) == ["snow"], "\(transcript)")
    #expect(emitters.first?.emitter.birthRate == 2, "\(transcript)")
    #expect(emitters.first?.cells.count == 1, "\(transcript)")
  }

  @Test("a local function calls one declared after it in the same function")
  func localFunctionForwardReference() throws {
    let source = """
      import UIKit
      class DustView: UIView {
        override init(frame: CGRect) {
          super.init(frame: frame)
          func makeLayer() -> CAEmitterLayer {
            let layer = CAEmitterLayer()
            layer.name = "dust"
            layer.emitterCells = [makeCell()]
            return layer
          }
          func makeCell() -> CAEmitterCell {
            let cell = CAEmitterCell()
            cell.birthRate = 9
            return cell
          }
          self.layer.addSublayer(makeLayer())
        }
        required init?(coder: NSCoder) { fatalError() }
      }

      """
    let path = try temporaryFile("Dust.swift", contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\"\n")
    let model = session.scene.model
    let dust = model.treeOrder.compactMap { model.layer($0) }.first { $0.name == "dust" }
    #expect(dust?.cells.map(\.birthRate) == [9], "\(transcript)")
  }

  @Test(
    "a view of another file's class made with a frame is a plain view of that frame",
    arguments: [
      (
        "Halo.swift",
        """
        import UIKit
        class HaloController: UIViewController {
          override func viewDidLoad() {
            super.viewDidLoad()
            let halo = ReflectionView(frame: CGRect(x: 100, y: 100, width: 150, height: 50))
            halo.backgroundColor = .red
            view.addSubview(halo)
            let e = CAEmitterLayer()
            e.emitterPosition = CGPoint(x: 75, y: 25)
            halo.layer.addSublayer(e)
          }
        }

        """
      ),
      (
        "Halo.m",
        """
        @implementation HaloController
        - (void)viewDidLoad {
          [super viewDidLoad];
          ReflectionView *halo = [[ReflectionView alloc] initWithFrame:CGRectMake(100, 100, 150, 50)];
          halo.backgroundColor = [UIColor redColor];
          [self.view addSubview:halo];
          CAEmitterLayer *e = [CAEmitterLayer layer];
          e.emitterPosition = CGPointMake(75, 25);
          [halo.layer addSublayer:e];
        }
        @end

        """
      ),
    ])
  func foreignViewWithFrame(file: String, source: String) throws {
    let path = try temporaryFile(file, contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\"\n")
    #expect(transcript.contains("ReflectionView is not in the file: taken as a UIView"))
    let model = session.scene.model
    let layers = model.treeOrder.compactMap { model.layer($0) }
    let halo = layers.first { $0.name == "halo" }
    #expect(halo?.properties.position == Point(175, 125), "\(transcript)")
    #expect(halo?.properties.backgroundColor == Color(1, 0, 0), "\(transcript)")
    // The emitter went into it, not into the hosting view.
    let e = layers.first { $0.kind == .emitter }
    #expect(e?.parent == halo?.id, "\(transcript)")
  }

  @Test("a local whose value is not known here hides the hosting view's member of its name")
  func unknownLocalShadowsHostMember() throws {
    let source = """
      @implementation MirrorController
      - (void)viewDidLoad {
        [super viewDidLoad];
        Mirror *view = [Mirror mirrorNamed:@"glass"];
        view.backgroundColor = [UIColor redColor];
        CAEmitterLayer *e = [CAEmitterLayer layer];
        e.emitterPosition = CGPointMake(20, 30);
        [self.view.layer addSublayer:e];
      }
      @end

      """
    let path = try temporaryFile("Mirror.m", contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\"\n")
    #expect(transcript.contains("skipped: view.backgroundColor"), "\(transcript)")
    #expect(
      session.scene.model.root.properties.backgroundColor != Color(1, 0, 0),
      "\(transcript)")
  }

  @Test(
    "an emitter added into the layer of a local not known here joins the view",
    arguments: [
      (
        "Player.m",
        """
        @implementation PlayerController
        - (void)viewDidLoad {
          [super viewDidLoad];
          VideoPlayer *player = [VideoPlayer playerWithURL:@"clip"];
          CAEmitterLayer *e = [CAEmitterLayer layer];
          e.emitterPosition = CGPointMake(50, 60);
          [player.view.layer insertSublayer:e atIndex:0];
        }
        @end

        """
      ),
      (
        "Player.swift",
        """
        import UIKit
        class PlayerController: UIViewController {
          override func viewDidLoad() {
            super.viewDidLoad()
            let player = VideoPlayer.make(url: "clip")
            let e = CAEmitterLayer()
            e.emitterPosition = CGPoint(x: 50, y: 60)
            player.view.layer.addSublayer(e)
          }
        }

        """
      ),
    ])
  func emitterIntoUnknownLocalsLayer(file: String, source: String) throws {
    let path = try temporaryFile(file, contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\"\n")
    #expect(transcript.contains("the layer it goes into is not known here"), "\(transcript)")
    let model = session.scene.model
    let e = model.treeOrder.compactMap { model.layer($0) }.first { $0.kind == .emitter }
    #expect(e?.emitter.emitterPosition == Point(50, 60), "\(transcript)")
    #expect(e?.parent == model.root.id, "\(transcript)")
  }

  @Test("a guard on a local not known here holds, as one on another file's settings does")
  func guardOnUnknownLocalHolds() throws {
    let source = """
      import UIKit
      enum Cannon {
        static func fire(in view: UIView) {
          let config = Settings.shared.confetti
          guard config.enabled, !config.particles.isEmpty else { return }
          let e = CAEmitterLayer()
          e.name = "cannon"
          let c = CAEmitterCell()
          c.birthRate = 5
          e.emitterCells = [c]
          view.layer.addSublayer(e)
        }
      }

      """
    let path = try temporaryFile("Cannon.swift", contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\"\n")
    let model = session.scene.model
    let e = model.treeOrder.compactMap { model.layer($0) }.first { $0.name == "cannon" }
    #expect(e?.cells.map(\.birthRate) == [5], "\(transcript)")
  }

  @Test("an animation added through an optional to a layer a stop removed adds nothing")
  func animationOnRemovedOptionalLayer() throws {
    let source = """
      import UIKit
      class ConfettiView: UIView {
        var emitter: CAEmitterLayer?
        func startConfetti() {
          let e = CAEmitterLayer()
          let c = CAEmitterCell()
          c.birthRate = 10
          e.emitterCells = [c]
          layer.addSublayer(e)
          emitter = e
        }
        func stopConfetti() {
          emitter?.removeFromSuperlayer()
          emitter = nil
        }
        func fadeOut() {
          let fade = CABasicAnimation(keyPath: "opacity")
          fade.fromValue = 1
          fade.toValue = 0
          fade.duration = 1
          emitter?.add(fade, forKey: "fadeOut")
        }
      }

      """
    let path = try temporaryFile("Fade.swift", contents: source)
    let (transcript, _) = importTranscript(
      "import \"\(path)\"\nactions\nrun stopConfetti\nrun fadeOut\nrun startConfetti\nrun fadeOut\n"
    )
    #expect(!transcript.contains("error"), "\(transcript)")
    #expect(transcript.contains("key fadeOut ifPresent"), "\(transcript)")
  }

  @Test(
    "an emitter handed to a delegate's method that shows it joins the view; another call does not",
    arguments: [
      ("Touch.swift", "delegate?.addSublayer(layer: e)", true),
      ("Touch.swift", "delegate?.emitterDidFinish(layer: e)", false),
      ("Touch.swift", "delegate?.addressed(layer: e)", false),
      ("Touch.m", "[self.delegate showEmitter:e];", true),
      ("Touch.m", "[self.delegate emitterDidFinish:e];", false),
    ])
  func emitterHandedToDelegate(file: String, call: String, shown: Bool) throws {
    let source =
      file.hasSuffix(".swift")
      ? """
      import UIKit
      protocol TouchShowing: AnyObject { func addSublayer(layer: CAEmitterLayer) }
      class TouchAnimation {
        weak var delegate: TouchShowing?
        func showBurst(location: CGPoint) {
          let e = CAEmitterLayer()
          e.emitterPosition = location
          let c = CAEmitterCell()
          c.birthRate = 7
          e.emitterCells = [c]
          \(call)
        }
      }

      """
      : """
      @implementation TouchAnimation
      - (void)showBurstAt:(CGPoint)location {
        CAEmitterLayer *e = [CAEmitterLayer layer];
        e.emitterPosition = location;
        CAEmitterCell *c = [CAEmitterCell emitterCell];
        c.birthRate = 7;
        e.emitterCells = @[c];
        \(call)
      }
      @end

      """
    let path = try temporaryFile(file, contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\"\n")
    let model = session.scene.model
    let emitters = Self.emitterLayers(model)
    #expect(emitters.map { $0.cells.map(\.birthRate) } == (shown ? [[7]] : []), "\(transcript)")
  }

  @Test("the import lists the layers and cells a scheduled block of the setup builds, and when")
  func scheduledBuildsListed() throws {
    let source = """
      import UIKit
      class Banner: UIView {
        let spark = CAEmitterLayer()
        override init(frame: CGRect) {
          super.init(frame: frame)
          UIView.animate(withDuration: 0.5, animations: {
            self.alpha = 1
          }) { finished in
            self.startEffect()
          }
        }
        func startEffect() {
          layer.insertSublayer(spark, at: 0)
          spark.emitterPosition = CGPoint(x: 20, y: 30)
          let c = CAEmitterCell()
          c.birthRate = 5
          spark.emitterCells = [c]
        }
      }

      """
    let path = try temporaryFile("Banner.swift", contents: source)
    let (transcript, _) = importTranscript("import \"\(path)\"\n")
    #expect(
      transcript.contains("emitter spark: 1 property (line 3; built after 0.5 s)"), "\(transcript)")
    #expect(
      transcript.contains("cell spark.emitterCells.c: 1 property (line 15; built after 0.5 s)"),
      "\(transcript)")
  }

  @Test("self.NAME = value runs the Objective-C setter the file writes for NAME")
  func objcCustomSetterRuns() throws {
    let source = """
      @implementation FireView
      - (instancetype)initWithFrame:(CGRect)frame {
        self = [super initWithFrame:frame];
        CAEmitterLayer *e = [CAEmitterLayer layer];
        e.name = @"fire";
        CAEmitterCell *c = [CAEmitterCell emitterCell];
        c.name = @"flame";
        e.emitterCells = @[c];
        [self.layer addSublayer:e];
        _fire = e;
        self.heat = 2;
        return self;
      }
      - (void)setHeat:(CGFloat)heat {
        _heat = heat;
        [self.fire setValue:@(heat * 10) forKeyPath:@"emitterCells.flame.birthRate"];
      }
      @end

      """
    let path = try temporaryFile("Fire.m", contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\"\n")
    let model = session.scene.model
    let fire = model.treeOrder.compactMap { model.layer($0) }.first { $0.kind == .emitter }
    #expect(fire?.cells.map(\.birthRate) == [20], "\(transcript)")
  }

  @Test("a setup method that only sets a property whose setter builds runs at import")
  func setupThroughSetterRuns() throws {
    let source = """
      @implementation Drawable
      - (void)setup {
        [super setup];
        self.preset = 1;
      }
      - (void)setPreset:(NSInteger)preset {
        _preset = preset;
        CAEmitterLayer *emitter = [CAEmitterLayer layer];
        CAEmitterCell *c = [CAEmitterCell emitterCell];
        c.birthRate = 9;
        emitter.emitterCells = @[c];
        [self.layer addSublayer:emitter];
      }
      @end

      """
    let path = try temporaryFile("Drawable.m", contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\"\nactions\n")
    #expect(transcript.contains("ran setup at import"), "\(transcript)")
    #expect(transcript.contains("no actions"), "\(transcript)")
    let model = session.scene.model
    let emitters = Self.emitterLayers(model)
    #expect(emitters.map { $0.cells.map(\.birthRate) } == [[9]], "\(transcript)")
  }

  @Test(
    "a white stand-in image on a white view is tinted grey; on a dark view or tinted it stays",
    arguments: [
      ("UIColor.white", "", true),
      ("UIColor.black", "", false),
      ("UIColor.white", "c.color = UIColor.red.cgColor", false),
    ])
  func standInOnWhiteView(background: String, tint: String, grey: Bool) throws {
    let source = """
      import UIKit
      class SnowController: UIViewController {
        override func viewDidLoad() {
          super.viewDidLoad()
          view.backgroundColor = \(background)
          let e = CAEmitterLayer()
          let c = CAEmitterCell()
          c.birthRate = 5
          c.contents = UIImage(named: "flake")?.cgImage
          \(tint)
          e.emitterCells = [c]
          view.layer.addSublayer(e)
        }
      }

      """
    let path = try temporaryFile("Snow.swift", contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\"\n")
    let model = session.scene.model
    let e = model.treeOrder.compactMap { model.layer($0) }.first { $0.kind == .emitter }
    let color = e?.cells.first?.color
    #expect(((color?.red ?? 1) < 0.6) == grey, "\(transcript)")
    #expect(transcript.contains("tinted grey") == grey, "\(transcript)")
  }

  @Test("a white stand-in an action builds on a white view is tinted grey too")
  func standInBuiltByActionOnWhiteView() throws {
    let source = """
      import UIKit
      class LikeController: UIViewController {
        override func viewDidLoad() {
          super.viewDidLoad()
          view.backgroundColor = .white
        }
        @IBAction func likeTapped(_ sender: UIButton) {
          let e = CAEmitterLayer()
          let c = CAEmitterCell()
          c.birthRate = 50
          c.contents = UIImage(named: "point")?.cgImage
          e.emitterCells = [c]
          view.layer.addSublayer(e)
        }
      }

      """
    let path = try temporaryFile("Like.swift", contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\"\nrun likeTapped\n")
    let model = session.scene.model
    let emitters = Self.emitterLayers(model)
    #expect(emitters.count == 2, "\(transcript)")
    #expect(emitters.allSatisfy { ($0.cells.first?.color.red ?? 1) < 0.6 }, "\(transcript)")
  }
}

extension ImportFormsTests {
  @Test("cells an action gives a layer another action removes are made only when it is there")
  func cellsForRemovedLayerAreOptional() throws {
    let source = """
      import UIKit
      class BurstView: UIView {
        let emitter = CAEmitterLayer()
        override init(frame: CGRect) {
          super.init(frame: frame)
          layer.addSublayer(emitter)
        }
        required init?(coder: NSCoder) { fatalError() }
        func start() {
          let c = CAEmitterCell()
          c.name = "spark"
          c.birthRate = 10
          emitter.emitterCells = [c]
        }
        func stop() {
          emitter.removeFromSuperlayer()
        }
      }

      """
    let path = try temporaryFile("BurstView.swift", contents: source)
    let (transcript, session) = importTranscript(
      "import \"\(path)\"\nactions\nrun start\nrun stop\nrun start\n")
    #expect(!transcript.contains("error"), "\(transcript)")
    #expect(transcript.contains("cell emitterLayer spark ifPresent"), "\(transcript)")
    #expect(session.scene.model.layerID(named: "emitterLayer") == nil, "\(transcript)")
  }
}

extension ImportFormsTests {
  @Test("a root given a CAEmitterCell configures a new one; an inout optional emitter starts nil")
  func rootGivenACellAndAnInoutEmitter() throws {
    let source = """
      import UIKit
      final class Sparks {
        static let shared = Sparks()
        func attach(emitter: inout CAEmitterLayer?, cell: CAEmitterCell, view: UIView) {
          emitter = CAEmitterLayer()
          emitter?.emitterPosition = CGPoint(x: 40, y: 50)
          cell.birthRate = 12
          cell.lifetime = 4
          emitter?.emitterCells = [cell]
          view.layer.addSublayer(emitter!)
        }
      }

      """
    let path = try temporaryFile("Sparks.swift", contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\"\n")
    let model = session.scene.model
    let emitters = Self.emitterLayers(model)
    #expect(emitters.count == 1, "\(transcript)")
    #expect(emitters.first?.cells.first?.birthRate == 12, "\(transcript)")
    #expect(transcript.contains("cell = a new CAEmitterCell"), "\(transcript)")
  }
}

extension ImportFormsTests {
  @Test(
    "a table view cell's initializer with a style and a reuse identifier is its setup",
    arguments: [
      (
        "Row.swift",
        """
        import UIKit
        class SparkRow: UITableViewCell {
          let emitter = CAEmitterLayer()
          override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
            super.init(style: style, reuseIdentifier: reuseIdentifier)
            let c = CAEmitterCell()
            c.birthRate = 7
            emitter.emitterCells = [c]
            contentView.layer.addSublayer(emitter)
          }
          required init?(coder: NSCoder) { fatalError() }
        }

        """
      ),
      (
        "Row.m",
        """
        #import "SparkRow.h"
        @implementation SparkRow
        - (instancetype)initWithStyle:(UITableViewCellStyle)style reuseIdentifier:(NSString *)reuseIdentifier {
          if (self = [super initWithStyle:style reuseIdentifier:reuseIdentifier]) {
            CAEmitterLayer *e = [CAEmitterLayer layer];
            CAEmitterCell *c = [CAEmitterCell emitterCell];
            c.birthRate = 7;
            e.emitterCells = @[c];
            [self.contentView.layer addSublayer:e];
          }
          return self;
        }
        @end

        """
      ),
    ])
  func tableCellInitializer(file: String, source: String) throws {
    let path = try temporaryFile(file, contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\"\n")
    let model = session.scene.model
    let emitters = Self.emitterLayers(model)
    #expect(emitters.first?.cells.first?.birthRate == 7, "\(transcript)")
  }
}

extension ImportFormsTests {
  @Test("a layer an action builds under a name that is not a word runs again under a fresh one")
  func actionLayerNamedWithSpaces() throws {
    let source = """
      import UIKit
      class GlowController: UIViewController {
        @IBAction func glow(_ sender: UIButton) {
          let ring = CALayer()
          ring.name = "glow ring"
          ring.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
          view.layer.addSublayer(ring)
          let e = CAEmitterLayer()
          let c = CAEmitterCell()
          c.birthRate = 5
          e.emitterCells = [c]
          view.layer.addSublayer(e)
        }
      }

      """
    let path = try temporaryFile("Glow.swift", contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\"\nrun glow\nrun glow\n")
    #expect(!transcript.contains("error"), "\(transcript)")
    #expect(session.scene.model.layerID(named: "glowRing3") != nil, "\(transcript)")
  }
}

extension ImportFormsTests {
  @Test("a parameter default not known here is what a root's parameter of its type is given")
  func unknownDefaultTakesTheTableValue() throws {
    let source = """
      import UIKit
      import ResourceKit
      final class StarCell: CAEmitterCell {
        init(image: UIImage = ResourceKitAsset.Sample.goldStar.image, birthRate: Float = 9) {
          super.init()
          self.contents = image.cgImage
          self.birthRate = birthRate
        }
        required init?(coder: NSCoder) { fatalError() }
      }

      """
    let path = try temporaryFile("StarCell.swift", contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\"\n")
    let model = session.scene.model
    let emitters = Self.emitterLayers(model)
    #expect(emitters.first?.cells.first?.birthRate == 9, "\(transcript)")
    #expect(
      transcript.contains("the default of image is not known here: taken as the image 'goldStar'"),
      "\(transcript)")
  }
}

extension ImportFormsTests {
  @Test(
    "an emitter placed in numbers far past the default scene makes it a phone's screen",
    arguments: [
      ("CGPointMake(200, 450)", "390x844"),
      ("CGPointMake(self.bounds.size.width / 2, self.bounds.size.height + 100)", "320x240"),
      ("CGPointMake(160, -20)", "320x240"),
    ])
  func emitterPlacedForAPhone(position: String, scene: String) throws {
    let source = """
      #import "UIView+Burst.h"
      @implementation UIView (Burst)
      - (void)burst {
        CAEmitterLayer *e = [CAEmitterLayer layer];
        e.emitterPosition = \(position);
        CAEmitterCell *c = [CAEmitterCell emitterCell];
        c.birthRate = 5;
        e.emitterCells = @[c];
        [self.layer addSublayer:e];
      }
      @end

      """
    let path = try temporaryFile("UIView+Burst.m", contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\"\n")
    let size = session.scene.model.root.properties.bounds.size
    #expect(ValueFormatting.dimensions(size) == scene, "\(transcript)")
  }
}

extension ImportFormsTests {
  @Test("cells the setup made and never showed go with the layer an action gives them to")
  func setupCellsGivenToActionLayer() throws {
    let source = """
      #import "PartyController.h"
      @implementation PartyController
      - (void)viewDidLoad {
        [super viewDidLoad];
        self.cells = [NSMutableArray array];
        for (int i = 0; i < 2; i++) {
          CAEmitterCell *cell = [[CAEmitterCell alloc] init];
          cell.name = [NSString stringWithFormat:@"piece_%d", i];
          cell.birthRate = 8;
          cell.lifetime = 2;
          [self.cells addObject:cell];
        }
      }
      - (IBAction)celebrate:(id)sender {
        CAEmitterLayer *e = [CAEmitterLayer layer];
        e.emitterCells = self.cells;
        [self.view.layer addSublayer:e];
      }
      - (IBAction)tint:(id)sender {
        for (CAEmitterCell *cell in self.cells) { cell.color = [UIColor redColor].CGColor; }
      }
      @end

      """
    let path = try temporaryFile("Party.m", contents: source)
    let (transcript, session) = importTranscript(
      "import \"\(path)\"\nrun celebrate\nrun tint\n")
    #expect(!transcript.contains("error"), "\(transcript)")
    let model = session.scene.model
    let emitters = Self.emitterLayers(model)
    #expect(emitters.count == 2, "\(transcript)")
    #expect(emitters.allSatisfy { $0.cells.map(\.birthRate) == [8, 8] }, "\(transcript)")
  }
}

extension ImportFormsTests {
  @Test("of two classes' initializers of one signature, the one that builds runs")
  func initializerThatBuildsRuns() throws {
    let source = """
      #import "Smoke.h"
      @implementation GlowView
      - (id)initWithFrame:(CGRect)frame {
        if (self = [super initWithFrame:frame]) { self.backgroundColor = [UIColor clearColor]; }
        return self;
      }
      @end
      @implementation SmokeView
      - (id)initWithFrame:(CGRect)frame {
        self = [super initWithFrame:frame];
        if (self) { [self setupSmoke]; }
        return self;
      }
      - (void)setupSmoke {
        CAEmitterLayer *e = [CAEmitterLayer layer];
        CAEmitterCell *c = [CAEmitterCell emitterCell];
        c.birthRate = 4;
        e.emitterCells = @[c];
        [self.layer addSublayer:e];
      }
      @end

      """
    let path = try temporaryFile("Smoke.m", contents: source)
    let (transcript, _) = importTranscript("import \"\(path)\"\nactions\n")
    #expect(transcript.contains("Smoke.m:3:7: warning: skipped: initWithFrame:"), "\(transcript)")
    #expect(transcript.contains("no actions"), "\(transcript)")
  }
}

extension ImportFormsTests {
  @Test("a handler that switches on its sender's tag gets an action for each tag")
  func senderTagActions() throws {
    let source = """
      import UIKit
      class EffectsController: UIViewController {
        @objc func effectTapped(_ sender: UIButton) {
          let e = CAEmitterLayer()
          let c = CAEmitterCell()
          switch sender.tag {
          case 1:
            c.birthRate = 10
          case 2:
            c.birthRate = 20
          default:
            c.birthRate = 30
          }
          e.emitterCells = [c]
          view.layer.addSublayer(e)
        }
      }

      """
    let path = try temporaryFile("Effects.swift", contents: source)
    let (transcript, session) = importTranscript(
      "import \"\(path)\"\nrun effectTappedTag1\nrun effectTappedTag2\n")
    #expect(!transcript.contains("error"), "\(transcript)")
    let model = session.scene.model
    let rates = model.treeOrder.compactMap { model.layer($0) }.filter { $0.kind == .emitter }
      .compactMap { $0.cells.first?.birthRate }
    #expect(rates == [30, 10, 20], "\(transcript)")
  }
}

extension ImportFormsTests {
  @Test("dark cells on a view made clear are shown on white, as on a view given no background")
  func darkCellsOnClearView() throws {
    let source = """
      #import "SmokeView.h"
      @implementation SmokeView
      - (id)initWithFrame:(CGRect)frame {
        if (self = [super initWithFrame:frame]) {
          self.backgroundColor = [UIColor clearColor];
          CAEmitterLayer *e = [CAEmitterLayer layer];
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.birthRate = 5;
          c.color = [[UIColor colorWithRed:0 green:0 blue:0 alpha:0.1] CGColor];
          e.emitterCells = @[c];
          [self.layer addSublayer:e];
        }
        return self;
      }
      @end

      """
    let path = try temporaryFile("SmokeView.m", contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\"\n")
    #expect(
      transcript.contains("gives the view a clear background: shown on white"), "\(transcript)")
    #expect(session.scene.model.root.properties.backgroundColor.red == 1, "\(transcript)")
  }
}

extension ImportFormsTests {
  static let latestForms: [(name: String, ext: String, source: String)] = [
    (
      "Swift, a stop handler removing the emitter a start handler keeps", "swift",
      """
      import UIKit
      class Party: UIViewController {
        var emitter: CAEmitterLayer?
        @IBAction func startTapped(_ sender: UIButton) {
          let layer = CAEmitterLayer()
          layer.emitterPosition = CGPoint(x: 100, y: 100)
          let c = CAEmitterCell()
          c.birthRate = 30
          c.lifetime = 3
          c.velocity = 40
          layer.emitterCells = [c]
          view.layer.addSublayer(layer)
          emitter = layer
        }
        @IBAction func stopTapped(_ sender: UIButton) {
          emitter?.removeFromSuperlayer()
        }
      }
      """
    ),
    (
      "Objective-C, a stop handler silencing the emitter a start handler keeps", "m",
      """
      #import <UIKit/UIKit.h>
      @interface Party : UIViewController
      @property (nonatomic, strong) CAEmitterLayer *emitter;
      @end
      @implementation Party
      - (IBAction)startTapped:(id)sender {
        CAEmitterLayer *layer = [CAEmitterLayer layer];
        layer.emitterPosition = CGPointMake(100, 100);
        CAEmitterCell *c = [CAEmitterCell emitterCell];
        c.birthRate = 30;
        c.lifetime = 3;
        c.velocity = 40;
        layer.emitterCells = @[c];
        [self.view.layer addSublayer:layer];
        self.emitter = layer;
      }
      - (IBAction)stopTapped:(id)sender {
        self.emitter.birthRate = 0;
        [self.emitter removeFromSuperlayer];
      }
      @end
      """
    ),
  ]

  @Test(
    "a stop handler reaches the emitter the latest start made, as the property holds it",
    arguments: latestForms.indices)
  func stopReachesLatest(_ k: Int) throws {
    let form = Self.latestForms[k]
    let path = try temporaryFile("Party.\(form.ext)", contents: form.source)
    let (transcript, session) = importTranscript(
      "import \"\(path)\"\nrun startTapped\nrun stopTapped\nrun stopTapped\nstep 1\n")
    #expect(!transcript.contains("error"), "\(form.name): \(transcript)")
    let model = session.scene.model
    let emitters = Self.emitterLayers(model)
    // The import ran the start once (emitterLayer); the second start's layer
    // (emitterLayer2) is the one the stop removes, and a second stop finds it gone. The
    // first keeps emitting.
    #expect(emitters.map(\.name) == ["emitterLayer"], "\(form.name): \(transcript)")
    #expect(emitters.first?.emitter.birthRate == 1, "\(form.name): \(transcript)")
    let live = Self.liveParticles(session)
    #expect(live > 0, "\(form.name): \(transcript)")
  }
}

extension ImportFormsTests {
  static let stopAboveStartForms: [(name: String, ext: String, source: String)] = [
    (
      "Objective-C, the stop method written above the start that keeps the emitter", "m",
      """
      #import <UIKit/UIKit.h>
      @interface Glitter : UIView
      @property (nonatomic, strong) CAEmitterLayer *glitter;
      @end
      @implementation Glitter
      - (void)stopGlitter {
        [self.glitter removeFromSuperlayer];
      }
      - (void)startGlitter {
        CAEmitterLayer *g = [CAEmitterLayer layer];
        g.emitterPosition = CGPointMake(60, 60);
        CAEmitterCell *c = [CAEmitterCell emitterCell];
        c.birthRate = 25;
        c.lifetime = 2;
        g.emitterCells = @[c];
        [self.layer addSublayer:g];
        self.glitter = g;
      }
      @end
      """
    ),
    (
      "Swift, a placeholder emitter the start method replaces before adding it", "swift",
      """
      import UIKit
      class Glitter: UIView {
        var glitter = CAEmitterLayer()
        func stopGlitter() { glitter.removeFromSuperlayer() }
        func startGlitter() {
          glitter = CAEmitterLayer()
          glitter.emitterPosition = CGPoint(x: 60, y: 60)
          let c = CAEmitterCell()
          c.birthRate = 25
          c.lifetime = 2
          glitter.emitterCells = [c]
          layer.addSublayer(glitter)
        }
      }
      """
    ),
  ]

  @Test(
    "a stop method reaches the layer its start keeps, written above it or replacing a placeholder",
    arguments: stopAboveStartForms.indices)
  func stopAboveStart(_ k: Int) throws {
    let form = Self.stopAboveStartForms[k]
    let path = try temporaryFile("Glitter.\(form.ext)", contents: form.source)
    let (transcript, session) = importTranscript(
      "import \"\(path)\"\nactions\nrun startGlitter\nrun stopGlitter\n")
    #expect(!transcript.contains("error"), "\(form.name): \(transcript)")
    #expect(!transcript.contains("skipped: method stopGlitter"), "\(form.name): \(transcript)")
    // Listed in the file's order, the stop first.
    let listed = transcript.split(separator: "\n").filter {
      $0.hasPrefix("action ") && $0.hasSuffix("}")
    }
    #expect(listed.first?.hasPrefix("action stopGlitter {") == true, "\(form.name): \(transcript)")
    let model = session.scene.model
    let emitters = Self.emitterLayers(model)
    // The import's run made one, the second start another, and the stop removed that one.
    #expect(emitters.count == 1, "\(form.name): \(transcript)")
  }
}

extension ImportFormsTests {
  @Test(
    "a layer subclass's handler handing self to a helper that takes a CAEmitterLayer imports",
    arguments: ["view.layer.addSublayer(self)", "view.window?.layer.addSublayer(self)", ""])
  func layerSubclassHelperOfSelf(adding: String) throws {
    // Asking whether the helper is a root worked out its CAEmitterLayer argument (the layer
    // itself) and took it back; the layer's number outlived it and the import trapped.
    let source = """
      import UIKit
      class Sparkle: CAEmitterLayer {
        lazy var dotCell: CAEmitterCell = {
          let cell = CAEmitterCell()
          cell.birthRate = 5
          cell.lifetime = 2
          return cell
        }()
        func configure(layer: CAEmitterLayer) {
          layer.emitterCells = [dotCell]
        }
        func handle(sender: UIGestureRecognizer, view: UIView) {
          self.birthRate = 50
          configure(layer: self)
          \(adding)
        }
      }
      """
    let path = try temporaryFile("Sparkle.swift", contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\"\nactions\nstep 1\n")
    #expect(!transcript.contains("error"), "\(transcript)")
    #expect(transcript.contains("action handle {"), "\(transcript)")
    let live = Self.liveParticles(session)
    #expect(live > 0, "\(transcript)")
  }
}

extension ImportFormsTests {
  static let controllerLayerForms: [(name: String, ext: String, source: String)] = [
    (
      "Objective-C, @property CAEmitterLayer *layer read as self.layer", "m",
      """
      #import <UIKit/UIKit.h>
      @interface Shower : UIViewController
      @property (nonatomic, strong) CAEmitterLayer *layer;
      @end
      @implementation Shower
      - (void)viewDidLoad {
        [super viewDidLoad];
        _layer = [[CAEmitterLayer alloc] init];
        self.layer.frame = CGRectMake(0, 0, 100, 100);
        self.layer.emitterPosition = CGPointMake(50, 50);
        [self.view.layer addSublayer:self.layer];
        CAEmitterCell *c = [[CAEmitterCell alloc] init];
        c.birthRate = 20;
        c.lifetime = 3;
        c.velocity = 30;
        self.layer.emitterCells = @[c];
      }
      @end
      """
    ),
    (
      "Swift, var layer = CAEmitterLayer() read as self.layer", "swift",
      """
      import UIKit
      class Shower: UIViewController {
        var layer = CAEmitterLayer()
        override func viewDidLoad() {
          super.viewDidLoad()
          self.layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
          self.layer.emitterPosition = CGPoint(x: 50, y: 50)
          view.layer.addSublayer(self.layer)
          let c = CAEmitterCell()
          c.birthRate = 20
          c.lifetime = 3
          c.velocity = 30
          layer.emitterCells = [c]
        }
      }
      """
    ),
  ]

  @Test(
    "a controller's own property named layer is that property, not the view's layer",
    arguments: controllerLayerForms.indices)
  func controllerLayerProperty(_ k: Int) throws {
    let form = Self.controllerLayerForms[k]
    let path = try temporaryFile("Shower.\(form.ext)", contents: form.source)
    let (transcript, session) = importTranscript("import \"\(path)\"\nstep 1\n")
    #expect(!transcript.contains("skipped"), "\(form.name): \(transcript)")
    #expect(!transcript.contains("the view's own layer"), "\(form.name): \(transcript)")
    let model = session.scene.model
    let emitters = Self.emitterLayers(model)
    #expect(emitters.count == 1, "\(form.name): \(transcript)")
    #expect(emitters.first?.properties.bounds.size.width == 100, "\(form.name): \(transcript)")
    let live = Self.liveParticles(session)
    #expect(live > 0, "\(form.name): \(transcript)")
  }
}

extension ImportFormsTests {
  @Test(
    "an initializer that makes self a new cell or layer shows it, as a returned one is",
    arguments: [
      (
        "[CAEmitterCell emitterCell]",
        "[self setBirthRate:30.f]; [self setName:@\"bits\"]; [self setLifetime:2.f];"
          + " [self setVelocity:50.f]; [self setEmissionLongitude:angle];", "bits"
      ),
      ("[CAEmitterLayer layer]", "[self setBirthRate:2.f]; [self setEmitterSize:size];", ""),
    ])
  func initializerMakesSelf(made: String, setters: String, cellName: String) throws {
    // A class declared in a header not given (a CAEmitterCell subclass) whose initializer
    // replaces self with a new object and configures it through setters.
    let source = """
      #import "Bits.h"
      @implementation Bits
      - (id)initWithAngle:(float)angle {
        self = \(made);
        CGSize size = CGSizeMake(10, 10);
        if (self) {
          \(setters)
        }
        return self;
      }
      @end
      """
    let path = try temporaryFile("Bits.m", contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\"\nstep 1\n")
    #expect(transcript.contains("makes self a new"), "\(transcript)")
    #expect(!transcript.contains("error"), "\(transcript)")
    let model = session.scene.model
    let emitters = Self.emitterLayers(model)
    #expect(emitters.count == 1, "\(transcript)")
    if !cellName.isEmpty {
      #expect(emitters.first?.cells.first?.birthRate == 30, "\(transcript)")
      let live = Self.liveParticles(session)
      #expect(live > 0, "\(transcript)")
    }
  }
}

extension ImportFormsTests {
  @Test(
    "a class of another file's emitter superclass that configures self bare is the emitter",
    arguments: ["emitterCells = [spark]", "self.emitterCells = [spark]"])
  func foreignEmitterSuperclass(assignment: String) throws {
    // `BaseEmitter` is declared in another file; setting emitterShape and emitterCells on
    // self says it is a CAEmitterLayer.
    let source = """
      import UIKit
      class Embers: BaseEmitter {
        private let spark = CAEmitterCell()
        override init() {
          super.init()
          spark.birthRate = 40
          spark.lifetime = 2
          spark.velocity = 60
          \(assignment)
        }
        override func layoutSublayers() {
          super.layoutSublayers()
          emitterShape = .line
          emitterPosition = CGPoint(x: bounds.midX, y: bounds.maxY)
          emitterSize = CGSize(width: bounds.width, height: 1)
        }
      }
      """
    let path = try temporaryFile("Embers.swift", contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\"\nstep 1\n")
    #expect(!transcript.contains("error"), "\(transcript)")
    let model = session.scene.model
    let emitters = Self.emitterLayers(model)
    #expect(emitters.count == 1, "\(transcript)")
    #expect(emitters.first?.emitter.emitterShape == .line, "\(transcript)")
    let live = Self.liveParticles(session)
    #expect(live > 0, "\(transcript)")
  }
}

extension ImportFormsTests {
  static let foreignFactoryForms: [(name: String, ext: String, source: String)] = [
    (
      "Swift, a static factory of another file's CAEmitterLayer extension", "swift",
      """
      import UIKit
      class Hearts: UIViewController {
        override func viewDidLoad() {
          super.viewDidLoad()
          let hearts = CAEmitterLayer.emitter(at: CGPoint(x: 120, y: 300), size: CGSize(width: 30, height: 30))
          view.layer.addSublayer(hearts)
          let fade = CABasicAnimation(keyPath: "emitterCells.heart.birthRate")
          fade.fromValue = 60
          fade.toValue = 1
          fade.duration = 4
          hearts.add(fade, forKey: "fade")
        }
      }
      """
    ),
    (
      "Objective-C, a class method of another file's CAEmitterLayer category", "m",
      """
      #import "Hearts.h"
      #import "CAEmitterLayer+Hearts.h"
      @implementation Hearts
      - (void)viewDidLoad {
        [super viewDidLoad];
        CAEmitterLayer *hearts = [CAEmitterLayer emitterAtPoint:CGPointMake(120, 300) size:CGSizeMake(30, 30)];
        [self.view.layer addSublayer:hearts];
        [hearts setValue:@60 forKeyPath:@"emitterCells.heart.birthRate"];
      }
      @end
      """
    ),
  ]

  @Test(
    "an emitter another file's factory makes stands in at its point, its cell named by the key paths",
    arguments: foreignFactoryForms.indices)
  func foreignEmitterFactory(_ k: Int) throws {
    let form = Self.foreignFactoryForms[k]
    let path = try temporaryFile("Hearts.\(form.ext)", contents: form.source)
    let (transcript, session) = importTranscript("import \"\(path)\"\nstep 1\n")
    #expect(!transcript.contains("error"), "\(form.name): \(transcript)")
    #expect(transcript.contains("a stand-in cell takes their place"), "\(form.name): \(transcript)")
    let model = session.scene.model
    let emitters = Self.emitterLayers(model)
    #expect(emitters.count == 1, "\(form.name): \(transcript)")
    #expect(emitters.first?.emitter.emitterPosition == Point(120, 300), "\(form.name)")
    #expect(emitters.first?.cells.map(\.name) == ["heart"], "\(form.name): \(transcript)")
    let live = Self.liveParticles(session)
    #expect(live > 0, "\(form.name): \(transcript)")
  }
}

extension ImportFormsTests {
  static let emitterExtensionForms: [(name: String, ext: String, source: String)] = [
    (
      "Swift, an instance method of extension CAEmitterLayer configuring self bare", "swift",
      """
      import UIKit
      extension CAEmitterLayer {
        func setupDrift(in bounds: CGRect) {
          frame = bounds
          emitterPosition = CGPoint(x: bounds.width / 2, y: bounds.height / 2)
          emitterShape = .circle
          emitterSize = CGSize(width: 40, height: 40)
          emitterCells = [driftCell(rate: 12), driftCell(rate: 6)]
        }
        private func driftCell(rate: Float) -> CAEmitterCell {
          let cell = CAEmitterCell()
          cell.birthRate = rate
          cell.lifetime = 3
          cell.velocity = 30
          cell.emissionRange = .pi * 2
          return cell
        }
      }
      """
    ),
    (
      "Objective-C, an instance method of a CAEmitterLayer category configuring self", "m",
      """
      #import "CAEmitterLayer+Drift.h"
      @implementation CAEmitterLayer (Drift)
      - (void)setupDrift {
        self.emitterPosition = CGPointMake(160, 120);
        self.emitterShape = kCAEmitterLayerCircle;
        self.emitterSize = CGSizeMake(40, 40);
        CAEmitterCell *cell = [CAEmitterCell emitterCell];
        cell.birthRate = 12;
        cell.lifetime = 3;
        cell.velocity = 30;
        self.emitterCells = @[cell];
      }
      @end
      """
    ),
  ]

  @Test(
    "an instance method of an emitter extension or category configures a new emitter it shows",
    arguments: emitterExtensionForms.indices)
  func emitterExtensionMethod(_ k: Int) throws {
    let form = Self.emitterExtensionForms[k]
    let path = try temporaryFile("Drift.\(form.ext)", contents: form.source)
    let (transcript, session) = importTranscript("import \"\(path)\" view 320x240\nstep 1\n")
    #expect(!transcript.contains("error"), "\(form.name): \(transcript)")
    #expect(!transcript.contains("skipped"), "\(form.name): \(transcript)")
    let model = session.scene.model
    let emitters = Self.emitterLayers(model)
    #expect(emitters.count == 1, "\(form.name): \(transcript)")
    #expect(emitters.first?.emitter.emitterShape == .circle, "\(form.name): \(transcript)")
    #expect(emitters.first?.emitter.emitterPosition == Point(160, 120), "\(form.name)")
    let live = Self.liveParticles(session)
    #expect(live > 0, "\(form.name): \(transcript)")
  }
}

extension ImportFormsTests {
  @Test("an animation's delegate method is not a root: it runs when the animation ends")
  func animationDelegateIsNotARoot() throws {
    let source = """
      import UIKit
      class Likes: UIViewController, CAAnimationDelegate {
        private lazy var hearts: CAEmitterLayer = {
          let e = CAEmitterLayer()
          e.emitterPosition = CGPoint(x: 100, y: 100)
          let c = CAEmitterCell()
          c.birthRate = 30
          c.lifetime = 1
          c.velocity = 40
          e.emitterCells = [c]
          return e
        }()
        @IBAction func likeTapped(_ sender: UIButton) {
          view.layer.addSublayer(hearts)
          let fade = CABasicAnimation(keyPath: "opacity")
          fade.fromValue = 1
          fade.toValue = 0
          fade.duration = 2
          fade.delegate = self
          hearts.add(fade, forKey: "fade")
        }
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
          hearts.removeFromSuperlayer()
        }
      }
      """
    let path = try temporaryFile("Likes.swift", contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\"\nstep 1\n")
    #expect(!transcript.contains("animationDidStop"), "\(transcript)")
    let live = Self.liveParticles(session)
    #expect(live > 0, "\(transcript)")
    // The delegate removes the layer when the fade ends, 2 s after the tap.
    let (later, afterwards) = importTranscript("import \"\(path)\"\nstep 2.5\n")
    let model = afterwards.scene.model
    #expect(
      model.treeOrder.compactMap { model.layer($0) }.allSatisfy { $0.kind != .emitter }, "\(later)")
  }
}

extension ImportFormsTests {
  @Test(
    "a method that returns an emitter is a factory, even named like a handler",
    arguments: [
      (
        "swift",
        """
        import UIKit
        class Trails {
          func animate() -> CAEmitterLayer {
            let e = CAEmitterLayer()
            let c = CAEmitterCell()
            c.birthRate = 20
            c.lifetime = 2
            c.velocity = 50
            e.emitterCells = [c]
            return e
          }
        }
        """
      ),
      (
        "m",
        """
        #import "Trails.h"
        @implementation Trails
        - (CAEmitterLayer *)startTrail {
          CAEmitterLayer *e = [CAEmitterLayer layer];
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.birthRate = 20;
          c.lifetime = 2;
          c.velocity = 50;
          e.emitterCells = @[c];
          return e;
        }
        @end
        """
      ),
    ])
  func factoryNamedLikeHandler(ext: String, source: String) throws {
    let path = try temporaryFile("Trails.\(ext)", contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\"\nstep 1\n")
    #expect(!transcript.contains("error"), "\(transcript)")
    #expect(!transcript.contains("not called by the setup code"), "\(transcript)")
    let live = Self.liveParticles(session)
    #expect(live > 0, "\(transcript)")
  }
}

extension ImportFormsTests {
  @Test(
    "a layer class's copying init(layer:) is not the setup when another initializer builds, and its bare addSublayer adds"
  )
  func copyingInitializerIsNotTheSetup() throws {
    let source = """
      import UIKit
      final class Sparks: BaseLayer {
        private var emitters: [CAEmitterLayer] = []
        init(count: Int) {
          super.init()
          emitters = (0..<2).map { i in
            let e = CAEmitterLayer()
            e.emitterPosition = CGPoint(x: 80 + 100 * i, y: 100)
            let c = CAEmitterCell()
            c.birthRate = 20
            c.lifetime = 2
            c.velocity = 40
            e.emitterCells = [c]
            addSublayer(e)
            return e
          }
        }
        override init(layer: Any) { super.init(layer: layer) }
        required init?(coder: NSCoder) { fatalError("not used") }
      }
      """
    let path = try temporaryFile("Sparks.swift", contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\"\nstep 1\n")
    #expect(transcript.contains("ran init(count:) at import"), "\(transcript)")
    #expect(!transcript.contains("addSublayer"), "\(transcript)")
    let model = session.scene.model
    let emitters = Self.emitterLayers(model)
    #expect(emitters.count == 2, "\(transcript)")
    let live = Self.liveParticles(session)
    #expect(live > 0, "\(transcript)")
  }
}

extension ImportFormsTests {
  @Test(
    "a stand-in that the cell's scale would draw under 3 points is drawn 12 points across",
    arguments: [
      // (scale, scaleRange, scaleSpeed, image name, expected contentsScale: nil when kept)
      (0.02, 0.0, 0.0, "particle", 8 * 0.02 / 12 as Double?),
      (0.01, 0.1, 0.0, "snow", 32 * 0.05 / 12),
      (0.02, 0.0, 0.02, "particle", 8 * (0.02 + 0.02 * 2 / 2) / 12),
      (0.5, 0.0, 0.0, "particle", nil),
      (0.02, 0.0, 0.0, "spark", nil),  // Burst's own image by its name: its size is meant
    ])
  func tinyStandInsSized(
    scale: Double, range: Double, speed: Double, image: String, expected: Double?
  ) throws {
    let source = """
      import UIKit
      class Dust: UIView {
        override init(frame: CGRect) {
          super.init(frame: frame)
          let e = CAEmitterLayer()
          e.emitterPosition = CGPoint(x: 100, y: 100)
          let c = CAEmitterCell()
          c.name = "c"
          c.birthRate = 20
          c.lifetime = 2
          c.velocity = 30
          c.scale = \(scale)
          c.scaleRange = \(range)
          c.scaleSpeed = \(speed)
          c.contents = UIImage(named: "\(image)")?.cgImage
          e.emitterCells = [c]
          layer.addSublayer(e)
        }
      }
      """
    let path = try temporaryFile("Dust.swift", contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\"\n")
    let model = session.scene.model
    let emitter = model.treeOrder.compactMap { model.layer($0) }.first { $0.kind == .emitter }
    let got = emitter?.cells.first?.contentsScale ?? -1
    if let expected {
      #expect(abs(got - expected) < 1e-9, "\(transcript)")
      #expect(transcript.contains("pt across"), "\(transcript)")
    } else {
      #expect(got == 1, "\(transcript)")
      #expect(!transcript.contains("pt across"), "\(transcript)")
    }
  }
}

extension ImportFormsTests {
  /// The scene's emitter layers, in tree order.
  static func emitterLayers(_ model: SceneModel) -> [Layer] {
    model.treeOrder.compactMap { model.layer($0) }.filter { $0.kind == .emitter }
  }

  /// The particles alive in the session's scene.
  static func liveParticles(_ session: Session) -> Int {
    session.scene.stats().reduce(0) { $0 + $1.live }
  }
}

extension ImportFormsTests {
  @Test(
    "another file's view named as an emitter's is an emitter with its frame",
    arguments: [
      (
        "swift",
        """
        import UIKit
        class Banner: UIView {
          override init(frame: CGRect) {
            super.init(frame: frame)
            let snow = SnowEmitterView(frame: bounds)
            snow.emitterShape = .line
            snow.emitterPosition = CGPoint(x: 160, y: 0)
            snow.emitterSize = CGSize(width: 320, height: 1)
            let c = CAEmitterCell()
            c.birthRate = 20
            c.lifetime = 5
            c.velocity = 40
            c.emissionLongitude = .pi
            snow.emitterCells = [c]
            addSubview(snow)
          }
        }
        """
      ),
      (
        "m",
        """
        #import "Banner.h"
        @implementation Banner
        - (instancetype)initWithFrame:(CGRect)frame {
          self = [super initWithFrame:frame];
          CAEmitterView *snow = [[CAEmitterView alloc] initWithFrame:self.bounds];
          snow.emitterShape = kCAEmitterLayerLine;
          snow.emitterPosition = CGPointMake(160, 0);
          snow.emitterSize = CGSizeMake(320, 1);
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.birthRate = 20;
          c.lifetime = 5;
          c.velocity = 40;
          c.emissionLongitude = M_PI;
          snow.emitterCells = @[c];
          [self addSubview:snow];
          return self;
        }
        @end
        """
      ),
    ])
  func emitterBackedForeignView(ext: String, source: String) throws {
    let path = try temporaryFile("Banner.\(ext)", contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\" view 320x240\nstep 1\n")
    #expect(transcript.contains("taken as a view backed by a CAEmitterLayer"), "\(transcript)")
    #expect(!transcript.contains("skipped"), "\(transcript)")
    let emitters = Self.emitterLayers(session.scene.model)
    #expect(emitters.count == 1, "\(transcript)")
    #expect(emitters.first?.emitter.emitterShape == .line, "\(transcript)")
    #expect(Self.liveParticles(session) > 0, "\(transcript)")
  }
}

extension ImportFormsTests {
  @Test("a root switching on another file's enumeration runs the first case whose branch builds")
  func foreignEnumerationParameter() throws {
    let source = """
      import UIKit
      class Card: UIView {
        private let burst = CAEmitterLayer()
        func update(for mood: Mood) {
          switch mood {
          case .calm:
            burst.emitterCells = []
          case .happy, .thrilled:
            burst.emitterCells = [cell(for: mood)]
          }
          burst.emitterPosition = CGPoint(x: 100, y: 100)
          layer.addSublayer(burst)
        }
        private func cell(for mood: Mood) -> CAEmitterCell {
          let c = CAEmitterCell()
          c.birthRate = mood == .thrilled ? 40 : 20
          c.lifetime = 2
          c.velocity = 50
          return c
        }
      }
      """
    let path = try temporaryFile("Card.swift", contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\"\nstep 1\n")
    #expect(
      transcript.contains("mood = .happy, the first case the code builds for"), "\(transcript)")
    let emitters = Self.emitterLayers(session.scene.model)
    #expect(emitters.first?.cells.first?.birthRate == 20, "\(transcript)")
    #expect(Self.liveParticles(session) > 0, "\(transcript)")
  }
}

extension ImportFormsTests {
  @Test(
    "AppKit's layer-hosting view: the layer set as a view's layer fills it, with what it holds",
    arguments: [
      (
        "m",
        """
        #import "AppDelegate.h"
        @implementation AppDelegate
        - (void)awakeFromNib {
          CALayer *root = [CALayer layer];
          root.bounds = CGRectMake(0, 0, 640, 480);
          CAEmitterLayer *fountain = [CAEmitterLayer layer];
          fountain.emitterPosition = CGPointMake(100, 100);
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.birthRate = 20;
          c.lifetime = 2;
          c.velocity = 40;
          fountain.emitterCells = @[c];
          [root addSublayer:fountain];
          [theView setLayer:root];
          [theView setWantsLayer:YES];
        }
        @end
        """
      ),
      (
        "swift",
        """
        import AppKit
        class Controller: NSViewController {
          @IBOutlet weak var canvas: NSView!
          override func viewDidLoad() {
            super.viewDidLoad()
            let root = CALayer()
            let fountain = CAEmitterLayer()
            fountain.emitterPosition = CGPoint(x: 100, y: 100)
            let c = CAEmitterCell()
            c.birthRate = 20
            c.lifetime = 2
            c.velocity = 40
            fountain.emitterCells = [c]
            root.addSublayer(fountain)
            canvas.layer = root
            canvas.wantsLayer = true
          }
        }
        """
      ),
    ])
  func layerHostingView(ext: String, source: String) throws {
    let path = try temporaryFile("Hosting.\(ext)", contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\" view 320x240\nstep 1\n")
    #expect(!transcript.contains("skipped: [theView setLayer"), "\(transcript)")
    #expect(!transcript.contains("never added"), "\(transcript)")
    #expect(Self.emitterLayers(session.scene.model).count == 1, "\(transcript)")
    #expect(Self.liveParticles(session) > 0, "\(transcript)")
  }
}

extension ImportFormsTests {
  @Test(
    "a cell given an empty name keeps the name an unnamed cell gets, none skipped",
    arguments: [
      (
        "m",
        """
        #import "Flowers.h"
        @implementation Flowers
        - (instancetype)initWithFrame:(CGRect)frame {
          self = [super initWithFrame:frame];
          CAEmitterLayer *e = [CAEmitterLayer layer];
          e.emitterPosition = CGPointMake(100, 100);
          e.emitterCells = @[[self petal:[UIColor redColor]], [self petal:[UIColor yellowColor]]];
          [self.layer addSublayer:e];
          return self;
        }
        - (CAEmitterCell *)petal:(UIColor *)color {
          CAEmitterCell *cell = [CAEmitterCell emitterCell];
          cell.name = @"";
          cell.birthRate = 10;
          cell.lifetime = 2;
          cell.velocity = 40;
          cell.color = color.CGColor;
          return cell;
        }
        @end
        """
      ),
      (
        "swift",
        """
        import UIKit
        class Flowers: UIView {
          override init(frame: CGRect) {
            super.init(frame: frame)
            let e = CAEmitterLayer()
            e.emitterPosition = CGPoint(x: 100, y: 100)
            e.emitterCells = [petal(.red), petal(.yellow)]
            layer.addSublayer(e)
          }
          func petal(_ color: UIColor) -> CAEmitterCell {
            let cell = CAEmitterCell()
            cell.name = ""
            cell.birthRate = 10
            cell.lifetime = 2
            cell.velocity = 40
            cell.color = color.cgColor
            return cell
          }
        }
        """
      ),
    ])
  func emptyCellName(ext: String, source: String) throws {
    let path = try temporaryFile("Flowers.\(ext)", contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\"\nstep 1\n")
    #expect(!transcript.contains("skipped"), "\(transcript)")
    #expect(Self.emitterLayers(session.scene.model).first?.cells.count == 2, "\(transcript)")
    #expect(Self.liveParticles(session) > 0, "\(transcript)")
  }
}

extension ImportFormsTests {
  @Test("a representable's enumeration property that its methods switch on takes their first case")
  func representableEnumerationProperty() throws {
    // `kind` is given by whoever makes the view (another file); the methods read it only
    // through switches and comparisons. Before, every line that read it was skipped.
    let source = """
      import SwiftUI
      struct WeatherEmitter: UIViewRepresentable {
        var kind: Sky
        func makeUIView(context: Context) -> UIView {
          let view = UIView()
          let emitter = CAEmitterLayer()
          emitter.emitterShape = kind == .fog ? .rectangle : .line
          emitter.emitterPosition = CGPoint(x: 150, y: 0)
          emitter.emitterSize = CGSize(width: 300, height: 1)
          emitter.emitterCells = [makeCell()]
          view.layer.addSublayer(emitter)
          return view
        }
        func updateUIView(_ uiView: UIView, context: Context) {}
        private func makeCell() -> CAEmitterCell {
          let cell = CAEmitterCell()
          cell.birthRate = rate()
          cell.lifetime = 3
          cell.velocity = 80
          cell.emissionLongitude = .pi / 2
          return cell
        }
        private func rate() -> Float {
          switch kind {
          case .rain, .snow: return 150
          case .fog: return 10
          case .clear: return 0
          }
        }
      }
      """
    let path = try temporaryFile("WeatherEmitter.swift", contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\"\nstep 1\n")
    #expect(
      transcript.contains(
        "'kind' is given by the code that makes WeatherEmitter: taken as .rain, the first case"),
      "\(transcript)")
    #expect(!transcript.contains("skipped"), "\(transcript)")
    let emitters = Self.emitterLayers(session.scene.model)
    #expect(emitters.first?.cells.first?.birthRate == 150, "\(transcript)")
    #expect(emitters.first?.emitter.emitterShape == .line, "\(transcript)")
    #expect(Self.liveParticles(session) > 0, "\(transcript)")
  }
}

extension ImportFormsTests {
  @Test("another file's constants type that spells the screen's extent gives the screen's size")
  func screenExtentOfConstantsType() throws {
    let source = """
      import UIKit
      class FountainController: UIViewController {
        let fountain = CAEmitterLayer()
        override func viewDidLoad() {
          super.viewDidLoad()
          fountain.position = CGPoint(x: SL.SCREEN_WIDTH / 2, y: Metrics.screenHeight - 20)
          let drop = CAEmitterCell()
          drop.birthRate = 30
          drop.lifetime = 2
          drop.velocity = 60
          drop.contents = UIImage(named: "spark")?.cgImage
          fountain.emitterCells = [drop]
          view.layer.addSublayer(fountain)
        }
      }
      """
    let path = try temporaryFile("FountainController.swift", contents: source)
    let (transcript, session) = importTranscript("import \"\(path)\" view 300x500\nstep 1\n")
    #expect(
      transcript.contains("SL.SCREEN_WIDTH is not in the file: taken as the screen's width, 300"),
      "\(transcript)")
    #expect(
      transcript.contains("Metrics.screenHeight is not in the file: taken as the screen's height"),
      "\(transcript)")
    let emitter = try #require(Self.emitterLayers(session.scene.model).first)
    #expect(emitter.properties.position == Point(150, 480), "\(transcript)")
    #expect(Self.liveParticles(session) > 0, "\(transcript)")
  }
}
