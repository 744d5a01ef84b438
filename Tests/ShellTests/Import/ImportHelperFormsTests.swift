import Foundation
import TestSupport
import Testing

@testable import Shell

/// Helpers an app defines in another file (colour from hex digits), and the statement forms
/// around them: `defer`, Objective-C statement expressions, arrays with an item not known here
/// (docs/import.md, "What it understands").
@Suite("import: other files' helpers and the statements around them")
struct ImportHelperFormsTests {
  typealias Case = ImportFormsTests.Case

  static let colorCases: [Case] = [
    Case(
      name: "UIColor(hex:) with #RRGGBB", ext: "swift",
      source: ImportFormsTests.swift(##"    e.backgroundColor = UIColor(hex: "#FF3B30").cgColor"##),
      get: "e.backgroundColor", value: "#ff3b30"),
    Case(
      name: "UIColor(hexString:alpha:) of three digits", ext: "swift",
      source: ImportFormsTests.swift(
        ##"    e.backgroundColor = UIColor(hexString: "0f8", alpha: 0.5).cgColor"##),
      get: "e.backgroundColor", value: "#00ff8880"),
    Case(
      name: "eight digits are RRGGBBAA", ext: "swift",
      source: ImportFormsTests.swift(
        ##"    e.backgroundColor = UIColor(hex: "#0000FF80").cgColor"##),
      get: "e.backgroundColor", value: "#0000ff80"),
    Case(
      name: "UIColor(rgb:) of a hex number", ext: "swift",
      source: ImportFormsTests.swift("    e.backgroundColor = UIColor(rgb: 0x007AFF).cgColor"),
      get: "e.backgroundColor", value: "#007aff"),
    Case(
      name: "UIColor(red:green:blue:) without alpha takes 0–255", ext: "swift",
      source: ImportFormsTests.swift(
        "    e.backgroundColor = UIColor(red: 255, green: 0, blue: 51).cgColor"),
      get: "e.backgroundColor", value: "#ff0033"),
    Case(
      name: "an initializer of the file whose Scanner is not followed", ext: "swift",
      source: ImportFormsTests.swift(
        ##"    e.backgroundColor = UIColor(hex: "00FF00").cgColor"##,
        after: """
          extension UIColor {
            convenience init(hex: String) {
              let scanner = Scanner(string: hex)
              var value: UInt64 = 0
              scanner.scanHexInt64(&value)
              self.init(red: CGFloat(value >> 16) / 255, green: CGFloat(value >> 8 & 0xFF) / 255,
                        blue: CGFloat(value & 0xFF) / 255, alpha: 1)
            }
          }
          """), get: "e.backgroundColor", value: "#00ff00"),
    Case(
      name: "Objective-C category colorWithHexString:", ext: "m",
      source: ImportFormsTests.objc(
        ##"  e.backgroundColor = [UIColor colorWithHexString:@"#FF9500"].CGColor;"##),
      get: "e.backgroundColor", value: "#ff9500"),
    Case(
      name: "Objective-C macro of another header, UIColorFromRGB", ext: "m",
      source: ImportFormsTests.objc("  e.backgroundColor = UIColorFromRGB(0x5856D6).CGColor;"),
      get: "e.backgroundColor", value: "#5856d6"),
    Case(
      name: "RGBA(r, g, b, a) of 0–255 channels", ext: "m",
      source: ImportFormsTests.objc("  e.backgroundColor = RGBA(0, 255, 0, 0.5).CGColor;"),
      get: "e.backgroundColor", value: "#00ff0080"),
    Case(
      name: "a lowercase Swift function hexColor(_:)", ext: "swift",
      source: ImportFormsTests.swift(##"    e.backgroundColor = hexColor("#112233").cgColor"##),
      get: "e.backgroundColor", value: "#112233"),
  ]

  @Test("a colour helper of another file gives the colour its digits spell", arguments: colorCases)
  func colors(c: Case) throws {
    try ImportFormsTests().form(c: c)
  }

  @Test("a helper that names no colour is still not guessed")
  func notAColor() throws {
    let source = ImportFormsTests.swift(
      ##"    e.backgroundColor = UIColor(named: "Brand")?.cgColor"##)
    let path = try temporaryFile("form.swift", contents: source)
    let (transcript, _) = importTranscript("import \"\(path)\"\nget e.backgroundColor\n")
    #expect(transcript.contains("skipped: e.backgroundColor"), "\(transcript)")
    #expect(transcript.hasSuffix("none\n") || transcript.hasSuffix("#00000000\n"), "\(transcript)")
  }

  static let statementCases: [Case] = [
    Case(
      name: "a for loop's where clause keeps the items it holds for", ext: "swift",
      source: ImportFormsTests.swift(
        """
            var cells: [CAEmitterCell] = []
            for i in 0...5 where i % 2 == 0 {
              let c = CAEmitterCell()
              c.name = "c\\(i)"
              c.birthRate = Float(i + 1)
              cells.append(c)
            }
            e.emitterCells = cells
            e.lifetime = Float(cells.count)
        """), get: "e.lifetime", value: "3", quiet: true),
    Case(
      name: "if case matches an enumeration case; a switch's range pattern holds a number",
      ext: "swift",
      source: ImportFormsTests.swift(
        """
            let mode = Mode.snow
            if case .snow = mode {
              e.birthRate = 2
            }
            switch 3 {
            case 0..<2: e.lifetime = 1
            case 2...4: e.lifetime = e.birthRate + 1
            default: e.lifetime = 5
            }
        """, after: "enum Mode { case rain, snow }"), get: "e.lifetime", value: "3", quiet: true),
    Case(
      name: "a guard whose else traps holds, and what it binds gets a stand-in", ext: "swift",
      source: ImportFormsTests.swift(
        """
            guard let picture = loadPicture(named: "spark")?.cgImage else {
              fatalError("missing picture")
            }
            let c = CAEmitterCell()
            c.birthRate = 9
            c.contents = picture
            e.emitterCells = [c]
        """,
        members: """
            func loadPicture(named name: String) -> UIImage? {
              let url = URL(fileURLWithPath: "/tmp/" + name + ".png")
              guard let data = try? Data(contentsOf: url) else { return nil }
              return UIImage(data: data)
            }
          """), get: "e.emitterCells.c.birthRate", value: "9"),
    Case(
      name: "defer runs its block as the body ends", ext: "swift",
      source: ImportFormsTests.swift(
        """
            defer { e.birthRate = 3 }
            e.birthRate = 2
        """), get: "e.birthRate", value: "3", quiet: true),
    Case(
      name: "two defers run last first", ext: "swift",
      source: ImportFormsTests.swift(
        """
            defer { e.birthRate = 3 }
            defer { e.birthRate = 4 }
        """), get: "e.birthRate", value: "3", quiet: true),
    Case(
      name: "an Objective-C statement expression is its last statement's value", ext: "m",
      source: ImportFormsTests.objc(
        """
          CAEmitterCell *cell = ({
            CAEmitterCell *c = [CAEmitterCell emitterCell];
            c.birthRate = 12;
            c;
          });
          e.emitterCells = @[cell];
        """), get: "e.emitterCells.cell.birthRate", value: "12", quiet: true),
    Case(
      name: "an array item not known here leaves the others", ext: "swift",
      source: ImportFormsTests.swift(
        """
            let a = CAEmitterCell()
            a.birthRate = 5
            e.emitterCells = [a, OtherFile.sharedCell]
        """), get: "e.emitterCells.a.birthRate", value: "5"),
    Case(
      name: "an unknown colour in an array skips only its own use", ext: "swift",
      source: ImportFormsTests.swift(
        """
            let colors = [UIColor(named: "Brand"), UIColor.red]
            e.backgroundColor = colors[1].cgColor
        """), get: "e.backgroundColor", value: "#ff0000"),
  ]

  static let closureCases: [Case] = [
    Case(
      name: "a static builder called as .make { $0… } with a trailing closure", ext: "swift",
      source: ImportFormsTests.swift(
        """
            e.emitterCells = [
              .make {
                $0.birthRate = 6
              },
              CAEmitterCell.make { cell in
                cell.birthRate = 3
              },
            ]
        """,
        after: """
          extension CAEmitterCell {
            static func make(_ configure: (CAEmitterCell) -> Void) -> CAEmitterCell {
              let cell = CAEmitterCell()
              configure(cell)
              return cell
            }
          }
          """), get: "e.emitterCells.cell.birthRate", value: "6", quiet: true),
    Case(
      name: "cells of one emitter that share a name are numbered on", ext: "swift",
      source: ImportFormsTests.swift(
        """
            let cells = [4, 9].map { (rate: Float) -> CAEmitterCell in
              let c = CAEmitterCell()
              c.name = "confetti"
              c.birthRate = rate
              return c
            }
            e.emitterCells = cells
        """), get: "e.emitterCells.confetti2.birthRate", value: "9"),
    Case(
      name: "a closure in parentheses is mapped as a trailing one", ext: "swift",
      source: ImportFormsTests.swift(
        """
            e.emitterCells = [3, 5].map({
              let c = CAEmitterCell()
              c.birthRate = Float($0)
              return c
            })
        """), get: "e.emitterCells.c2.birthRate", value: "5", quiet: true),
    Case(
      name: "a tuple's labels read its fields", ext: "swift",
      source: ImportFormsTests.swift(
        """
            let tints = [(r: 255, g: 0, b: 0), (r: 0, g: 255, b: 0)].map {
              UIColor(red: CGFloat($0.r) / 255, green: CGFloat($0.g) / 255, blue: 0, alpha: 1)
            }
            e.backgroundColor = tints[1].cgColor
        """), get: "e.backgroundColor", value: "#00ff00", quiet: true),
    Case(
      name: "a closure run at once whose first line holds an inner closure", ext: "swift",
      source: ImportFormsTests.swift(
        """
            let rates: [Float] = {
              return [1, 2].map { n in
                n * 4
              }
            }()
            e.birthRate = rates[1]
        """), get: "e.birthRate", value: "8", quiet: true),
  ]

  @Test("labelled tuples and closures run at once", arguments: closureCases)
  func closures(c: Case) throws {
    try ImportFormsTests().form(c: c)
  }

  static let otherFileCases: [Case] = [
    Case(
      name: "an enumeration of another file: its case compares as written", ext: "swift",
      source: ImportFormsTests.swift(
        """
            let shape = ConfettiShape.circle
            e.birthRate = shape == .circle ? 3 : 1
        """), get: "e.birthRate", value: "3", quiet: true),
    Case(
      name: "a struct of another file keeps the fields it is given", ext: "swift",
      source: ImportFormsTests.swift(
        """
            let kind = ConfettiKind(color: UIColor.blue, rate: 6)
            e.birthRate = kind.rate
            e.backgroundColor = kind.color.cgColor
        """), get: "e.backgroundColor", value: "#0000ff"),
    Case(
      name: "a behaviour type constant of a bridging header", ext: "swift",
      source: ImportFormsTests.swift(
        """
            let wave = CAEmitterBehavior(type: kCAEmitterBehaviorWave)
            e.setValue([wave], forKey: "emitterBehaviors")
        """), get: "e.emitterBehaviors", value: "wave"),
    Case(
      name: "an animation without a keyPath animates the key it is added for", ext: "swift",
      source: ImportFormsTests.swift(
        """
            let a = CABasicAnimation()
            a.fromValue = 1
            a.toValue = 0
            a.duration = 4
            e.add(a, forKey: "birthRate")
        """), get: "e.animations.birthRate.duration", value: "4", quiet: true),
  ]

  @Test(
    "names of another file: enumerations, structs, constants; an animation's key",
    arguments: otherFileCases)
  func otherFiles(c: Case) throws {
    try ImportFormsTests().form(c: c)
  }

  static let typeCases: [Case] = [
    Case(
      name: "manual reference counting: autorelease and retain give the object, release nothing",
      ext: "m",
      source: ImportFormsTests.objc(
        """
          CAEmitterCell *c = [[[CAEmitterCell alloc] init] autorelease];
          [c setBirthRate:7];
          e.emitterCells = [[NSArray arrayWithObject:[c retain]] autorelease];
          [c release];
        """), get: "e.emitterCells.c.birthRate", value: "7", quiet: true),
    Case(
      name: "Objective-C's @[].mutableCopy is an array to add to", ext: "m",
      source: ImportFormsTests.objc(
        """
          NSMutableArray *cells = @[].mutableCopy;
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.birthRate = 6;
          [cells addObject:c];
          e.emitterCells = [cells copy];
        """), get: "e.emitterCells.c.birthRate", value: "6", quiet: true),
    Case(
      name: "a class that inherits from nothing is a value with methods and lazy fields",
      ext: "swift",
      source: ImportFormsTests.swift(
        """
            let kind = Kind(rate: 5)
            e.emitterCells = [kind.makeCell()]
            e.lifetime = kind.doubled
        """,
        after: """
          class Kind {
            let rate: Float
            lazy var doubled: Float = rate * 2
            init(rate: Float) {
              self.rate = rate
            }
            func makeCell() -> CAEmitterCell {
              let c = CAEmitterCell()
              c.birthRate = rate
              return c
            }
          }
          """), get: "e.emitterCells.c.birthRate", value: "5", quiet: true),
    Case(
      name: "a cell's copy is a new cell with the same properties", ext: "swift",
      source: ImportFormsTests.swift(
        """
            let a = CAEmitterCell()
            a.birthRate = 4
            a.lifetime = 3
            let b = a.copy() as! CAEmitterCell
            b.birthRate = 8
            e.emitterCells = [a, b]
        """), get: "e.emitterCells.b.lifetime", value: "3", quiet: true),
    Case(
      name: "Objective-C's assignment is an expression whose value goes on", ext: "m",
      source: """
        #import <UIKit/UIKit.h>
        @interface V ()
        @property (nonatomic, strong) CAEmitterLayer *emitter;
        @end
        @implementation V
        - (instancetype)initWithFrame:(CGRect)frame {
          self = [super initWithFrame:frame];
          CAEmitterLayer *made = [CAEmitterLayer layer];
          [self.layer addSublayer:self.emitter = made];
          self.emitter.birthRate = 3;
          return self;
        }
        @end

        """, get: "made.birthRate", value: "3", quiet: true),
    Case(
      name: "a struct's own initializer with defaults, reached through .standard", ext: "swift",
      source: ImportFormsTests.swift(
        """
            let config: Settings = .standard
            e.birthRate = config.rate
            e.lifetime = Settings(rate: 2).life
        """,
        after: """
          struct Settings {
            var rate: Float
            var life: Float
            static let `standard` = Settings()
            init(rate: Float = 7, life: Float = 9) {
              self.rate = rate
              self.life = life
            }
          }
          """), get: "e.birthRate", value: "7", quiet: true),
    Case(
      name: "the initializer's default fills the field the call leaves out", ext: "swift",
      source: ImportFormsTests.swift(
        """
            e.lifetime = Settings(rate: 2).life
        """,
        after: """
          struct Settings {
            var rate: Float
            var life: Float
            init(rate: Float = 7, life: Float = 9) {
              self.rate = rate
              self.life = life
            }
          }
          """), get: "e.lifetime", value: "9", quiet: true),
    Case(
      name: "Self. reaches the type's static function", ext: "swift",
      source: """
        import UIKit
        class V: UIView {
          static func rate() -> Float { 6 }
          override init(frame: CGRect) {
            super.init(frame: frame)
            let e = CAEmitterLayer()
            layer.addSublayer(e)
            e.birthRate = Self.rate()
          }
        }

        """, get: "e.birthRate", value: "6", quiet: true),
    Case(
      name: "Objective-C's Class.new is [Class new]", ext: "m",
      source: ImportFormsTests.objc(
        """
          CAEmitterCell *c = CAEmitterCell.new;
          c.birthRate = 4;
          NSMutableArray *cells = NSMutableArray.new;
          [cells addObject:c];
          e.emitterCells = cells;
        """), get: "e.emitterCells.c.birthRate", value: "4", quiet: true),
    Case(
      name: "enumerateObjectsUsingBlock: runs the block for each item, with its index", ext: "m",
      source: ImportFormsTests.objc(
        """
          NSMutableArray *cells = [NSMutableArray array];
          [@[@3, @5] enumerateObjectsUsingBlock:^(NSNumber *rate, NSUInteger idx, BOOL *stop) {
            CAEmitterCell *c = [CAEmitterCell emitterCell];
            c.birthRate = rate.floatValue + idx;
            [cells addObject:c];
          }];
          e.emitterCells = cells;
        """), get: "e.emitterCells.c2.birthRate", value: "6", quiet: true),
  ]

  @Test("the file's own structs and types, Objective-C's new and enumeration", arguments: typeCases)
  func types(c: Case) throws {
    try ImportFormsTests().form(c: c)
  }

  static let dictionaryCases: [Case] = [
    Case(
      name: "a Swift dictionary read by key, with a cast and a default", ext: "swift",
      source: ImportFormsTests.swift(
        """
            let config: [String: Any] = ["rate": 12, "life": 3.5]
            e.birthRate = config["rate"] as? Float ?? 1
            e.lifetime = (config["life"] as! NSNumber).floatValue
            e.velocity = config["missing"] as? CGFloat ?? 9
        """), get: "e.velocity", value: "9", quiet: true),
    Case(
      name: "a loop over a dictionary walks its keys sorted", ext: "swift",
      source: ImportFormsTests.swift(
        """
            let rates: [String: Float] = ["spark": 4, "ember": 2]
            var cells: [CAEmitterCell] = []
            for (name, rate) in rates {
              let c = CAEmitterCell()
              c.name = name
              c.birthRate = rate
              cells.append(c)
            }
            e.emitterCells = cells
            e.lifetime = Float(rates.count)
        """), get: "e.emitterCells.ember.birthRate", value: "2", quiet: true),
    Case(
      name: "Objective-C dictionary literals, objectForKey: and subscripts", ext: "m",
      source: ImportFormsTests.objc(
        """
          NSDictionary *config = @{@"rate": @12, @"life": @3.5};
          NSDictionary *other = [NSDictionary dictionaryWithObjectsAndKeys:@7, @"rate", nil];
          e.birthRate = [[config objectForKey:@"rate"] floatValue];
          e.lifetime = [config[@"life"] floatValue];
          e.velocity = [other[@"rate"] floatValue];
        """), get: "e.velocity", value: "7", quiet: true),
  ]

  @Test("dictionaries: literals, keys, loops", arguments: dictionaryCases)
  func dictionaries(c: Case) throws {
    try ImportFormsTests().form(c: c)
  }

  @Test("defer, statement expressions and arrays with an unknown item", arguments: statementCases)
  func statements(c: Case) throws {
    try ImportFormsTests().form(c: c)
  }

  static let uikitCases: [Case] = [
    Case(
      name: "repeatCount = .infinity (HUGE_VALF) is forever: the largest count Burst keeps",
      ext: "m",
      source: ImportFormsTests.objc(
        """
          CAEmitterCell *c = [CAEmitterCell emitterCell];
          c.repeatCount = HUGE_VALF;
          e.emitterCells = @[c];
        """), get: "e.emitterCells.c.repeatCount", value: "1000000000"),
    Case(
      name: "SwiftUI's Color.pink is systemPink, and UIColor(color) reads it", ext: "swift",
      source: ImportFormsTests.swift(
        """
            let tint = Color.pink
            e.backgroundColor = UIColor(tint).cgColor
        """), get: "e.backgroundColor", value: "#ff2d55", quiet: true),
    Case(
      name: "bounds.insetBy(dx:dy:) and its size", ext: "swift",
      source: ImportFormsTests.swift(
        "    e.emitterSize = CGRect(x: 0, y: 0, width: 100, height: 60).insetBy(dx: 10, dy: 5).size"
      ), get: "e.emitterSize", value: "80,50", quiet: true),
    Case(
      name: "CGRectOffset moves a rect", ext: "m",
      source: ImportFormsTests.objc(
        "  e.frame = CGRectOffset(CGRectMake(0, 0, 40, 40), 10, 20);"),
      get: "e.position", value: "30,40", quiet: true),
    Case(
      name: "the trait collection is light mode (choice)", ext: "swift",
      source: ImportFormsTests.swift(
        """
            e.backgroundColor = traitCollection.userInterfaceStyle == .dark
              ? UIColor.white.cgColor : UIColor.black.cgColor
        """), get: "e.backgroundColor", value: "#000000", quiet: true),
    Case(
      name: "#keyPath names the property without its type", ext: "swift",
      source: ImportFormsTests.swift(
        """
            let a = CABasicAnimation(keyPath: #keyPath(CAEmitterLayer.birthRate))
            a.fromValue = 2
            a.toValue = 0
            a.duration = 10
            e.add(a, forKey: nil)
        """), get: "e.animations.birthRate.duration", value: "10", quiet: true),
  ]

  @Test("UIKit's small values: rect insets and offsets, traits, #keyPath", arguments: uikitCases)
  func uikit(c: Case) throws {
    try ImportFormsTests().form(c: c)
  }
}

/// Colour sets of an asset catalog beside the imported file (docs/import.md, "Asset catalogs").
@Suite("import: asset catalog colours")
struct ImportAssetColorTests {
  /// A colour set whose light entry is written in `style`, and a dark entry that must lose.
  static func colorSet(_ components: String) -> String {
    """
    {
      "colors" : [
        { "idiom" : "universal",
          "color" : { "color-space" : "srgb", "components" : { \(components) } } },
        { "idiom" : "universal", "appearances" : [ { "appearance" : "luminosity", "value" : "dark" } ],
          "color" : { "color-space" : "srgb",
            "components" : { "red" : "0.000", "green" : "0.000", "blue" : "0.000", "alpha" : "1.000" } } }
      ],
      "info" : { "author" : "xcode", "version" : 1 }
    }
    """
  }

  @Test(
    "UIColor(named:), Color(\"…\") and colorNamed: read the colour set's light colour",
    arguments: [
      (
        "swift", "    e.backgroundColor = UIColor(named: \"Brand\")?.cgColor",
        "\"red\" : \"1.000\", \"green\" : \"0.500\", \"blue\" : \"0.000\", \"alpha\" : \"1.000\"",
        "#ff8000"
      ),
      (
        "swift", "    e.backgroundColor = UIColor(Color(\"Brand\")).cgColor",
        "\"red\" : \"0xFF\", \"green\" : \"0x00\", \"blue\" : \"0x80\", \"alpha\" : \"1.000\"",
        "#ff0080"
      ),
      (
        "swift", "    e.backgroundColor = Asset.brand.color.cgColor",
        "\"red\" : \"1.000\", \"green\" : \"0.500\", \"blue\" : \"0.000\", \"alpha\" : \"1.000\"",
        "#ff8000"
      ),
      (
        "m", "  e.backgroundColor = [UIColor colorNamed:@\"Brand\"].CGColor;",
        "\"red\" : \"0\", \"green\" : \"255\", \"blue\" : \"0\", \"alpha\" : \"0.500\"",
        "#00ff0080"
      ),
    ])
  func assetColor(ext: String, line: String, components: String, value: String) throws {
    let dir = try temporaryDirectory("asset-colors")
    defer { try? FileManager.default.removeItem(at: dir) }
    let set = dir.appendingPathComponent("Assets.xcassets/Brand.colorset")
    try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
    try Data(Self.colorSet(components).utf8).write(
      to: set.appendingPathComponent("Contents.json"))
    let source = ext == "m" ? ImportFormsTests.objc(line) : ImportFormsTests.swift(line)
    let file = dir.appendingPathComponent("View.\(ext)")
    try Data(source.utf8).write(to: file)
    let (transcript, _) = importTranscript("import \"\(file.path)\"\nget e.backgroundColor\n")
    #expect(transcript.hasSuffix("\n" + value + "\n"), "\(transcript)")
    #expect(!transcript.contains("warning"), "\(transcript)")
  }

  @Test("a colour set that is not there is named in the warning")
  func missing() throws {
    let path = try temporaryFile(
      "View.swift",
      contents: ImportFormsTests.swift(
        "    e.backgroundColor = UIColor(named: \"Nowhere\")?.cgColor"))
    let (transcript, _) = importTranscript("import \"\(path)\"\n")
    #expect(transcript.contains("the colour set 'Nowhere' is in no asset catalog"), "\(transcript)")
  }
}
