import Core

// How each language export writes spells what it writes: one dialect type per language behind
// one protocol, so the exporter's stages say what they write (a declaration, a sublayer added,
// a literal) and never which language they write it in.

/// The spellings of one language `export` writes. The exporter's stages ask the dialect for
/// every statement and literal whose spelling differs between languages; the numbers inside
/// them are formatted once, by `ValueFormatting.number`.
protocol ExportDialect: Sendable {
  /// The function the code defines, which `import` runs with the hosting view.
  var entryPoint: String { get }
  /// The file's imports, before the entry point's documentation.
  var imports: String { get }
  /// The entry point's opening line (`returnsActions`: it returns the named actions by name).
  func signature(returnsActions: Bool) -> String
  /// A statement as written on its line (`;` in Objective-C).
  func statement(_ s: String) -> String
  /// Whether a field of a struct property is assigned in place (`emitter.emitterPosition.x +=
  /// 5`): Swift's, not Objective-C's, whose properties give copies.
  var assignsPropertyFields: Bool { get }

  // MARK: Declarations and messages

  /// `ident` made as a new `type` (`factory`: Objective-C's class method that makes one).
  func new(_ ident: String, _ type: String, factory: String) -> String
  /// `ident` made as a new animation of `type` for a key path literal.
  func newAnimation(_ ident: String, _ type: String, keyPath: String) -> String
  /// `ident` made as a new `CAEmitterBehavior` (a private class, reached by name) of the type
  /// a string literal names.
  func newBehavior(_ ident: String, type: String) -> String
  /// A property key: `swift` is Swift's spelling (`isHidden`), `objc` Objective-C's (`hidden`).
  func key(objc: String, swift: String) -> String
  func addSublayer(_ child: String, to parent: String) -> String
  func insertSublayer(_ child: String, into parent: String, above: String) -> String
  func removeFromSuperlayer(_ layer: String) -> String
  /// A variable of the entry point for a layer an action (a timer, a scheduled block) makes:
  /// declared ahead so that every action reaches the one made last (`assignNew`).
  func declareAhead(_ ident: String, _ type: String) -> String
  /// `ident` (declared ahead) given a new `type`.
  func assignNew(_ ident: String, _ type: String, factory: String) -> String
  /// Every sublayer of `parent` named `name` (a string literal) removed: Burst's `remove` of
  /// a layer by its name, whichever run of an action made it. A whole statement (a loop).
  func removeSublayers(named name: String, from parent: String) -> String
  /// `cell` added to the end of `owner`'s `emitterCells`.
  func appendCell(_ cell: String, to owner: String) -> String
  /// `owner`'s `emitterCells` without those named `name` (a string literal).
  func removeCells(named name: String, from owner: String) -> String
  /// `value` set on `target` through a key path literal.
  func setValue(_ value: String, forKeyPath keyPath: String, on target: String) -> String
  /// A time in the scene's time (`time`) converted to `layer`'s.
  func convertTime(_ time: String, to layer: String) -> String
  /// `animation` added to `layer` for a key literal (or `nil`, or `kCATransition`).
  func addAnimation(_ animation: String, to layer: String, forKey key: String) -> String
  /// The value `layer` shows on screen now for a key path literal.
  func presentationValue(of layer: String, keyPath: String) -> String
  /// The number at a key path literal of `target`'s model, as a double (0 when none).
  func numberValue(of target: String, keyPath: String) -> String
  /// An emitter cell's enumeration property as Swift's String-typed properties want it
  /// (`CALayerContentsFilter.linear.rawValue`), or nil when the usual constant fits.
  func cellEnumeration(_ name: String, names: ConstantNames) -> String?

  // MARK: Blocks and timers

  /// The opening line of a named action's function (Objective-C: a block variable), with its
  /// parameters (Swift: with their defaults).
  func actionOpening(_ ident: String, parameters: [ExportParameter]) -> String
  /// What the returned table holds for an action: the function itself, or (with parameters)
  /// a closure that calls it with their defaults.
  func actionEntry(_ ident: String, parameters: [ExportParameter]) -> String
  /// A number worked out from parameters as a property's value (Swift converts it to the
  /// property's type: `.init(n * 2)`).
  func numberValue(_ expression: String) -> String
  /// A number worked out from parameters as an object (`setValue(_:forKeyPath:)`).
  func boxedNumberExpression(_ expression: String) -> String
  /// π, in an expression of parameters.
  var piConstant: String { get }
  var actionClosing: String { get }
  /// Closes a timer's block.
  var timerClosing: String { get }
  /// Opens a block that runs `seconds` from now on the main queue.
  func afterOpening(_ seconds: String) -> String
  var afterClosing: String { get }
  /// The opening line of a scheduled repeating timer, held in `ident` when given.
  func scheduledTimerOpening(_ ident: String?, interval: String) -> String
  /// The opening line of a repeating timer held in `ident` that first fires `first` s from now.
  func timerOpening(_ ident: String, first: String, interval: String) -> String
  func addToRunLoop(_ timer: String) -> String
  func invalidate(_ timer: String) -> String

  // MARK: Paths

  func newPath(_ name: String) -> String
  /// The statement that frees a path made with `newPath`, or nil when memory is managed.
  func releasePath(_ name: String) -> String?
  func move(_ name: String, to p: Point) -> String
  func addLine(_ name: String, to p: Point) -> String
  func addQuadCurve(_ name: String, to p: Point, control c: Point) -> String
  func addCurve(_ name: String, to p: Point, control1 c1: Point, control2 c2: Point) -> String
  func addArc(
    _ name: String, center c: Point, radius r: Double, start a0: Double, end a1: Double,
    clockwise: Bool
  ) -> String
  func addEllipse(_ name: String, in r: Rect) -> String
  func addRect(_ name: String, _ r: Rect) -> String
  func closeSubpath(_ name: String) -> String
  /// A CGPath for a rect (`radius` 0) or a rounded rect as UIBezierPath makes it.
  func path(_ r: RoundRect) -> String
  /// A CGPath of the ellipse inscribed in a rect.
  func ellipsePath(_ r: Rect) -> String

  // MARK: Literals

  /// A CGPoint, CGSize or CGRect from its components, already written.
  func point(_ x: String, _ y: String) -> String
  func size(_ width: String, _ height: String) -> String
  func rect(_ x: String, _ y: String, _ width: String, _ height: String) -> String
  /// The hosting view's bounds.
  var viewBounds: String { get }
  /// One measure of the hosting view's bounds: `view.bounds.midX`, `CGRectGetMidX(view.bounds)`.
  func viewBounds(_ measure: BoundsMeasure) -> String
  /// A UIColor from its components, already written.
  func uiColor(_ r: String, _ g: String, _ b: String, _ a: String) -> String
  /// What makes a UIColor a CGColor.
  var cgColorSuffix: String { get }
  func bool(_ b: Bool) -> String
  /// What opens a string literal (the escaped text and `"` follow).
  var stringOpening: String { get }
  /// What opens an array literal.
  var arrayOpening: String { get }
  /// A dictionary literal of `key: value` pairs already written.
  func dictionary(_ pairs: [String], array: ([String]) -> String) -> String
  /// An enumeration constant: `.circle`, or `kCAEmitterLayerCircle`.
  func enumeration(_ name: String, names: ConstantNames) -> String
  /// Positive infinity as a CGFloat or float.
  var infinity: String { get }
  /// n·π/d (n ≠ 0, d ≥ 1, in lowest terms) written as the language writes it, evaluating to
  /// the same Double as `(n · π) / d`: `.pi / 4`, `M_PI_4`.
  func pi(_ n: Int, over d: Int) -> String
  /// An image by name, as a layer's `contents` wants it (name: a string literal).
  func image(named name: String) -> String
  /// An SF Symbol drawn in a UIColor class property's colour, as `contents` wants it (name: a
  /// string literal; tint: `white`).
  func symbolImage(_ name: String, tint: String) -> String
  /// A 3-D transform from its 16 entries, already written.
  func transform3D(_ entries: [String]) -> String
  /// An image drawn at scale 1 by `statements` on the context `c`, as `contents` wants it
  /// (ExportDrawing.swift).
  func drawnImage(size: String, context c: String, statements: [String]) -> String
  /// One step of drawing on the context `c`.
  func context(_ c: String, _ step: ContextStep) -> String
  func namedTimingFunction(_ name: String) -> String
  func timingFunction(controlPoints p: [String]) -> String

  // MARK: Values as objects (`Any` / `id`)

  func boxedNumber(_ x: Double) -> String
  func boxedBool(_ b: Bool) -> String
  /// A struct value boxed in an NSValue: `type` is its C name (`CGPoint`, `CATransform3D`).
  func nsValue(_ type: String, _ text: String) -> String
  /// A Core Foundation object (path, colour) as an object.
  func bridged(_ text: String) -> String
  /// An enumeration value as an object: the constant's string (Swift) or the constant.
  func boxedEnumeration(_ name: String, names: ConstantNames, string: (String) -> String)
    -> String
  /// An image (from `image(named:)`, or `nil`) as an object.
  func boxedImage(_ image: String) -> String
}

extension ExportLanguage {
  /// The dialect this language's code is written in.
  var dialect: any ExportDialect {
    switch self {
    case .swift: return SwiftDialect()
    case .objc: return ObjectiveCDialect()
    }
  }
}

private func number(_ x: Double) -> String { ValueFormatting.number(x) }

extension ExportDialect {
  func point(_ p: Point) -> String { point(number(p.x), number(p.y)) }
  func size(_ s: Size) -> String { size(number(s.width), number(s.height)) }
  func rect(_ r: Rect) -> String {
    rect(number(r.origin.x), number(r.origin.y), number(r.size.width), number(r.size.height))
  }
}

/// A measure of a rect, as CGGeometry names it (`midX`; C: `CGRectGetMidX`).
enum BoundsMeasure: String, Sendable {
  case width, height, midX, midY, maxX, maxY
}

/// Swift, for an iOS app with UIKit and Core Animation.
struct SwiftDialect: ExportDialect {
  let entryPoint = "buildBurstScene"
  let assignsPropertyFields = true

  let imports = "import QuartzCore\nimport UIKit\n\n"

  func signature(returnsActions: Bool) -> String {
    returnsActions
      ? "@discardableResult\nfunc \(entryPoint)(in view: UIView) -> [String: () -> Void] {\n"
      : "func \(entryPoint)(in view: UIView) {\n"
  }

  func statement(_ s: String) -> String { s }

  func new(_ ident: String, _ type: String, factory: String) -> String {
    "let \(ident) = \(type)()"
  }
  func newAnimation(_ ident: String, _ type: String, keyPath: String) -> String {
    "let \(ident) = \(type)(keyPath: \(keyPath))"
  }
  func newBehavior(_ ident: String, type: String) -> String {
    "let \(ident) = (NSClassFromString(\"CAEmitterBehavior\") as! NSObject.Type)"
      + ".perform(NSSelectorFromString(\"behaviorWithType:\"), with: \(type))"
      + ".takeUnretainedValue() as! NSObject"
  }
  func key(objc: String, swift: String) -> String { swift }
  func addSublayer(_ child: String, to parent: String) -> String {
    "\(parent).addSublayer(\(child))"
  }
  func insertSublayer(_ child: String, into parent: String, above: String) -> String {
    "\(parent).insertSublayer(\(child), above: \(above))"
  }
  func removeFromSuperlayer(_ layer: String) -> String { "\(layer).removeFromSuperlayer()" }
  func declareAhead(_ ident: String, _ type: String) -> String { "var \(ident) = \(type)()" }
  func assignNew(_ ident: String, _ type: String, factory: String) -> String {
    "\(ident) = \(type)()"
  }
  func removeSublayers(named name: String, from parent: String) -> String {
    "for old in \(parent).sublayers ?? [] where old.name == \(name) { old.removeFromSuperlayer() }"
  }
  func appendCell(_ cell: String, to owner: String) -> String {
    "\(owner).emitterCells = (\(owner).emitterCells ?? []) + [\(cell)]"
  }
  func removeCells(named name: String, from owner: String) -> String {
    "\(owner).emitterCells = \(owner).emitterCells?.filter { $0.name != \(name) }"
  }
  func setValue(_ value: String, forKeyPath keyPath: String, on target: String) -> String {
    "\(target).setValue(\(value), forKeyPath: \(keyPath))"
  }
  func convertTime(_ time: String, to layer: String) -> String {
    "\(layer).convertTime(\(time), from: nil)"
  }
  func addAnimation(_ animation: String, to layer: String, forKey key: String) -> String {
    "\(layer).add(\(animation), forKey: \(key))"
  }
  func presentationValue(of layer: String, keyPath: String) -> String {
    "\(layer).presentation()?.value(forKeyPath: \(keyPath))"
  }
  func numberValue(of target: String, keyPath: String) -> String {
    "((\(target).value(forKeyPath: \(keyPath)) as? NSNumber)?.doubleValue ?? 0)"
  }
  func cellEnumeration(_ name: String, names: ConstantNames) -> String? {
    "\(names.swiftType).\(name).rawValue"
  }

  func actionOpening(_ ident: String, parameters: [ExportParameter]) -> String {
    let list = parameters.map { "\($0.ident): \($0.kind.typeName) = \($0.fallback)" }
    return "func \(ident)(\(list.joined(separator: ", "))) {"
  }
  func actionEntry(_ ident: String, parameters: [ExportParameter]) -> String {
    parameters.isEmpty ? ident : "{ \(ident)() }"
  }
  func numberValue(_ expression: String) -> String { ".init(\(expression))" }
  func boxedNumberExpression(_ expression: String) -> String { expression }
  let piConstant = ".pi"
  let actionClosing = "}"
  let timerClosing = "}"
  func afterOpening(_ seconds: String) -> String {
    "DispatchQueue.main.asyncAfter(deadline: .now() + \(seconds)) {"
  }
  let afterClosing = "}"
  func scheduledTimerOpening(_ ident: String?, interval: String) -> String {
    (ident.map { "let \($0) = " } ?? "")
      + "Timer.scheduledTimer(withTimeInterval: \(interval), repeats: true) { _ in"
  }
  func timerOpening(_ ident: String, first: String, interval: String) -> String {
    "let \(ident) = Timer(fire: Date(timeIntervalSinceNow: \(first)), interval: \(interval), repeats: true) { _ in"
  }
  func addToRunLoop(_ timer: String) -> String { "RunLoop.main.add(\(timer), forMode: .common)" }
  func invalidate(_ timer: String) -> String { "\(timer).invalidate()" }

  func newPath(_ name: String) -> String { "let \(name) = CGMutablePath()" }
  func releasePath(_ name: String) -> String? { nil }
  func move(_ name: String, to p: Point) -> String { "\(name).move(to: \(point(p)))" }
  func addLine(_ name: String, to p: Point) -> String { "\(name).addLine(to: \(point(p)))" }
  func addQuadCurve(_ name: String, to p: Point, control c: Point) -> String {
    "\(name).addQuadCurve(to: \(point(p)), control: \(point(c)))"
  }
  func addCurve(_ name: String, to p: Point, control1 c1: Point, control2 c2: Point) -> String {
    "\(name).addCurve(to: \(point(p)), control1: \(point(c1)), control2: \(point(c2)))"
  }
  func addArc(
    _ name: String, center c: Point, radius r: Double, start a0: Double, end a1: Double,
    clockwise: Bool
  ) -> String {
    "\(name).addArc(center: \(point(c)), radius: \(number(r)), startAngle: \(number(a0)),"
      + " endAngle: \(number(a1)), clockwise: \(clockwise))"
  }
  func addEllipse(_ name: String, in r: Rect) -> String { "\(name).addEllipse(in: \(rect(r)))" }
  func addRect(_ name: String, _ r: Rect) -> String { "\(name).addRect(\(rect(r)))" }
  func closeSubpath(_ name: String) -> String { "\(name).closeSubpath()" }
  func path(_ r: RoundRect) -> String {
    r.radius == 0
      ? "CGPath(rect: \(rect(r.rect)), transform: nil)"
      : "UIBezierPath(roundedRect: \(rect(r.rect)), cornerRadius: \(number(r.radius))).cgPath"
  }
  func ellipsePath(_ r: Rect) -> String { "CGPath(ellipseIn: \(rect(r)), transform: nil)" }

  func point(_ x: String, _ y: String) -> String { "CGPoint(x: \(x), y: \(y))" }
  func size(_ width: String, _ height: String) -> String {
    "CGSize(width: \(width), height: \(height))"
  }
  func rect(_ x: String, _ y: String, _ width: String, _ height: String) -> String {
    "CGRect(x: \(x), y: \(y), width: \(width), height: \(height))"
  }
  let viewBounds = "view.bounds"
  func viewBounds(_ measure: BoundsMeasure) -> String { "view.bounds.\(measure.rawValue)" }
  func uiColor(_ r: String, _ g: String, _ b: String, _ a: String) -> String {
    "UIColor(red: \(r), green: \(g), blue: \(b), alpha: \(a))"
  }
  let cgColorSuffix = ".cgColor"
  func bool(_ b: Bool) -> String { b ? "true" : "false" }
  let stringOpening = "\""
  let arrayOpening = "["
  func dictionary(_ pairs: [String], array: ([String]) -> String) -> String { array(pairs) }
  func enumeration(_ name: String, names: ConstantNames) -> String { "." + name }
  let infinity = ".infinity"

  func pi(_ n: Int, over d: Int) -> String {
    let times = n == 1 ? ".pi" : n == -1 ? "-.pi" : "\(n) * .pi"
    return d == 1 ? times : "\(times) / \(d)"
  }
  func image(named name: String) -> String { "UIImage(named: \(name))?.cgImage" }
  func symbolImage(_ name: String, tint: String) -> String {
    "UIImage(systemName: \(name))?.withTintColor(.\(tint), renderingMode: .alwaysOriginal).cgImage"
  }
  func transform3D(_ entries: [String]) -> String {
    "CATransform3D("
      + zip(Matrix3D.entryNames, entries).map { "\($0): \($1)" }.joined(separator: ", ") + ")"
  }
  func namedTimingFunction(_ name: String) -> String { "CAMediaTimingFunction(name: .\(name))" }
  func timingFunction(controlPoints p: [String]) -> String {
    "CAMediaTimingFunction(controlPoints: \(p.joined(separator: ", ")))"
  }

  func boxedNumber(_ x: Double) -> String { number(x) }
  func boxedBool(_ b: Bool) -> String { bool(b) }
  func nsValue(_ type: String, _ text: String) -> String {
    // NSValue's Swift initialisers take the C type's name in lower camel case: cgPoint.
    "NSValue(\(type.prefix(2).lowercased() + type.dropFirst(2)): \(text))"
  }
  func bridged(_ text: String) -> String { text }
  func boxedEnumeration(_ name: String, names: ConstantNames, string: (String) -> String)
    -> String
  {
    // Core Animation's constants are these very strings.
    string(name)
  }
  func boxedImage(_ image: String) -> String { image != "nil" ? image + " as Any" : image }
}

/// Objective-C, for an iOS app with UIKit and Core Animation (manual memory management of
/// Core Graphics paths, ARC otherwise).
struct ObjectiveCDialect: ExportDialect {
  let entryPoint = "BuildBurstScene"
  let assignsPropertyFields = false

  let imports = "#import <QuartzCore/QuartzCore.h>\n#import <UIKit/UIKit.h>\n\n"

  func signature(returnsActions: Bool) -> String {
    returnsActions
      ? "NSDictionary<NSString *, void (^)(void)> *\(entryPoint)(UIView *view) {\n"
      : "void \(entryPoint)(UIView *view) {\n"
  }

  func statement(_ s: String) -> String { s + ";" }

  func new(_ ident: String, _ type: String, factory: String) -> String {
    "\(type) *\(ident) = [\(type) \(factory)]"
  }
  func newAnimation(_ ident: String, _ type: String, keyPath: String) -> String {
    "\(type) *\(ident) = [\(type) animationWithKeyPath:\(keyPath)]"
  }
  func newBehavior(_ ident: String, type: String) -> String {
    "id \(ident) = [NSClassFromString(@\"CAEmitterBehavior\")"
      + " performSelector:NSSelectorFromString(@\"behaviorWithType:\") withObject:\(type)]"
  }
  func key(objc: String, swift: String) -> String { objc }
  func addSublayer(_ child: String, to parent: String) -> String {
    "[\(parent) addSublayer:\(child)]"
  }
  func insertSublayer(_ child: String, into parent: String, above: String) -> String {
    "[\(parent) insertSublayer:\(child) above:\(above)]"
  }
  func removeFromSuperlayer(_ layer: String) -> String { "[\(layer) removeFromSuperlayer]" }
  func declareAhead(_ ident: String, _ type: String) -> String {
    "__block \(type) *\(ident) = nil"
  }
  func assignNew(_ ident: String, _ type: String, factory: String) -> String {
    "\(ident) = [\(type) \(factory)]"
  }
  func removeSublayers(named name: String, from parent: String) -> String {
    "for (CALayer *old in [\(parent).sublayers filteredArrayUsingPredicate:"
      + "[NSPredicate predicateWithFormat:@\"name == %@\", \(name)]]) { [old removeFromSuperlayer]; }"
  }
  func appendCell(_ cell: String, to owner: String) -> String {
    "\(owner).emitterCells = [(\(owner).emitterCells ?: @[]) arrayByAddingObject:\(cell)]"
  }
  func removeCells(named name: String, from owner: String) -> String {
    "\(owner).emitterCells = [\(owner).emitterCells filteredArrayUsingPredicate:"
      + "[NSPredicate predicateWithFormat:@\"name != %@\", \(name)]]"
  }
  func setValue(_ value: String, forKeyPath keyPath: String, on target: String) -> String {
    "[\(target) setValue:\(value) forKeyPath:\(keyPath)]"
  }
  func convertTime(_ time: String, to layer: String) -> String {
    "[\(layer) convertTime:\(time) fromLayer:nil]"
  }
  func addAnimation(_ animation: String, to layer: String, forKey key: String) -> String {
    "[\(layer) addAnimation:\(animation) forKey:\(key)]"
  }
  func presentationValue(of layer: String, keyPath: String) -> String {
    "[[\(layer) presentationLayer] valueForKeyPath:\(keyPath)]"
  }
  func numberValue(of target: String, keyPath: String) -> String {
    "[[\(target) valueForKeyPath:\(keyPath)] doubleValue]"
  }
  func cellEnumeration(_ name: String, names: ConstantNames) -> String? { nil }

  func actionOpening(_ ident: String, parameters: [ExportParameter]) -> String {
    guard !parameters.isEmpty else { return "void (^\(ident))(void) = ^{" }
    let list = parameters.map { "\($0.kind.typeName) \($0.ident)" }.joined(separator: ", ")
    return "void (^\(ident))(\(list)) = ^(\(list)) {"
  }
  func actionEntry(_ ident: String, parameters: [ExportParameter]) -> String {
    guard !parameters.isEmpty else { return ident }
    return "^{ \(ident)(\(parameters.map(\.fallback).joined(separator: ", "))); }"
  }
  func numberValue(_ expression: String) -> String { expression }
  func boxedNumberExpression(_ expression: String) -> String { "@(\(expression))" }
  let piConstant = "M_PI"
  let actionClosing = "};"
  let timerClosing = "}];"
  func afterOpening(_ seconds: String) -> String {
    "dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(\(seconds) * NSEC_PER_SEC)),"
      + " dispatch_get_main_queue(), ^{"
  }
  let afterClosing = "});"
  func scheduledTimerOpening(_ ident: String?, interval: String) -> String {
    (ident.map { "NSTimer *\($0) = " } ?? "")
      + "[NSTimer scheduledTimerWithTimeInterval:\(interval) repeats:YES block:^(NSTimer *fired) {"
  }
  func timerOpening(_ ident: String, first: String, interval: String) -> String {
    "NSTimer *\(ident) = [[NSTimer alloc] initWithFireDate:[NSDate dateWithTimeIntervalSinceNow:\(first)] interval:\(interval) repeats:YES block:^(NSTimer *fired) {"
  }
  func addToRunLoop(_ timer: String) -> String {
    "[[NSRunLoop mainRunLoop] addTimer:\(timer) forMode:NSRunLoopCommonModes]"
  }
  func invalidate(_ timer: String) -> String { "[\(timer) invalidate]" }

  /// A point's coordinates as C function arguments.
  private func xy(_ p: Point) -> String { "\(number(p.x)), \(number(p.y))" }
  func newPath(_ name: String) -> String { "CGMutablePathRef \(name) = CGPathCreateMutable()" }
  func releasePath(_ name: String) -> String? { "CGPathRelease(\(name))" }
  func move(_ name: String, to p: Point) -> String { "CGPathMoveToPoint(\(name), NULL, \(xy(p)))" }
  func addLine(_ name: String, to p: Point) -> String {
    "CGPathAddLineToPoint(\(name), NULL, \(xy(p)))"
  }
  func addQuadCurve(_ name: String, to p: Point, control c: Point) -> String {
    "CGPathAddQuadCurveToPoint(\(name), NULL, \(xy(c)), \(xy(p)))"
  }
  func addCurve(_ name: String, to p: Point, control1 c1: Point, control2 c2: Point) -> String {
    "CGPathAddCurveToPoint(\(name), NULL, \(xy(c1)), \(xy(c2)), \(xy(p)))"
  }
  func addArc(
    _ name: String, center c: Point, radius r: Double, start a0: Double, end a1: Double,
    clockwise: Bool
  ) -> String {
    "CGPathAddArc(\(name), NULL, \(xy(c)), \(number(r)), \(number(a0)), \(number(a1)),"
      + " \(clockwise))"
  }
  func addEllipse(_ name: String, in r: Rect) -> String {
    "CGPathAddEllipseInRect(\(name), NULL, \(rect(r)))"
  }
  func addRect(_ name: String, _ r: Rect) -> String { "CGPathAddRect(\(name), NULL, \(rect(r)))" }
  func closeSubpath(_ name: String) -> String { "CGPathCloseSubpath(\(name))" }
  func path(_ r: RoundRect) -> String {
    r.radius == 0
      ? "CGPathCreateWithRect(\(rect(r.rect)), NULL)"
      : "[UIBezierPath bezierPathWithRoundedRect:\(rect(r.rect))"
        + " cornerRadius:\(number(r.radius))].CGPath"
  }
  func ellipsePath(_ r: Rect) -> String { "CGPathCreateWithEllipseInRect(\(rect(r)), NULL)" }

  func point(_ x: String, _ y: String) -> String { "CGPointMake(\(x), \(y))" }
  func size(_ width: String, _ height: String) -> String { "CGSizeMake(\(width), \(height))" }
  func rect(_ x: String, _ y: String, _ width: String, _ height: String) -> String {
    "CGRectMake(\(x), \(y), \(width), \(height))"
  }
  let viewBounds = "view.bounds"
  func viewBounds(_ measure: BoundsMeasure) -> String {
    let name = measure.rawValue
    return "CGRectGet\(name.prefix(1).uppercased() + name.dropFirst())(view.bounds)"
  }
  func uiColor(_ r: String, _ g: String, _ b: String, _ a: String) -> String {
    "[UIColor colorWithRed:\(r) green:\(g) blue:\(b) alpha:\(a)]"
  }
  let cgColorSuffix = ".CGColor"
  func bool(_ b: Bool) -> String { b ? "YES" : "NO" }
  let stringOpening = "@\""
  let arrayOpening = "@["
  func dictionary(_ pairs: [String], array: ([String]) -> String) -> String {
    "@{" + pairs.joined(separator: ", ") + "}"
  }
  func enumeration(_ name: String, names: ConstantNames) -> String { names.objcConstant(name) }
  let infinity = "HUGE_VALF"

  func pi(_ n: Int, over d: Int) -> String {
    // <math.h>'s M_PI_2 and M_PI_4 are π/2 and π/4 rounded, the same Doubles as M_PI / 2
    // and M_PI / 4 (halving is exact).
    let sign = n < 0 ? "-" : ""
    if abs(n) == 1, d == 2 { return sign + "M_PI_2" }
    if abs(n) == 1, d == 4 { return sign + "M_PI_4" }
    let times = abs(n) == 1 ? sign + "M_PI" : "\(n) * M_PI"
    return d == 1 ? times : "\(times) / \(d)"
  }
  func image(named name: String) -> String { "(__bridge id)[UIImage imageNamed:\(name)].CGImage" }
  func symbolImage(_ name: String, tint: String) -> String {
    "(__bridge id)[[UIImage systemImageNamed:\(name)] imageWithTintColor:UIColor.\(tint)Color"
      + " renderingMode:UIImageRenderingModeAlwaysOriginal].CGImage"
  }
  func transform3D(_ entries: [String]) -> String {
    "(CATransform3D){" + entries.joined(separator: ", ") + "}"
  }
  func namedTimingFunction(_ name: String) -> String {
    "[CAMediaTimingFunction functionWithName:"
      + enumeration(name, names: TimingFunction.constantNames) + "]"
  }
  func timingFunction(controlPoints p: [String]) -> String {
    "[CAMediaTimingFunction functionWithControlPoints:\(p.joined(separator: " :"))]"
  }

  func boxedNumber(_ x: Double) -> String { x < 0 ? "@(\(number(x)))" : "@" + number(x) }
  func boxedBool(_ b: Bool) -> String { b ? "@YES" : "@NO" }
  func nsValue(_ type: String, _ text: String) -> String { "[NSValue valueWith\(type):\(text)]" }
  func bridged(_ text: String) -> String { "(__bridge id)" + text }
  func boxedEnumeration(_ name: String, names: ConstantNames, string: (String) -> String)
    -> String
  {
    enumeration(name, names: names)
  }
  func boxedImage(_ image: String) -> String { image }
}
