// A stand-in for the parts of Foundation, Dispatch, CoreGraphics and QuartzCore that Burst's
// `export swift` uses, so that the exported code can be type-checked on Linux. Compiled at test
// time as the module `QuartzCore` (the UIKit stand-in re-exports it). Only declarations: every
// member has the type Apple's SDK gives it (`Float` where Apple has `Float`, `CGFloat` where it
// has `CGFloat`), and the bodies do nothing.

// MARK: - Foundation and Dispatch

public typealias TimeInterval = Double
public typealias CFTimeInterval = Double
public typealias CFTypeRef = AnyObject
/// Apple's CFString; a string literal becomes one through `as CFString` (toll-free bridging).
public final class CFString: ExpressibleByStringLiteral {
  public init(stringLiteral value: String) {}
}

open class NSObject {
  public init() {}
  open func setValue(_ value: Any?, forKeyPath keyPath: String) {}
  open func value(forKeyPath keyPath: String) -> Any? { nil }
}

open class NSCoder: NSObject {}

// The Objective-C runtime, as code reaches a private class (`CAEmitterBehavior`) by name.
public struct Selector {
  public init(_ name: String) {}
}
// swift-format-ignore: AlwaysUseLowerCamelCase
public func NSSelectorFromString(_ name: String) -> Selector { Selector(name) }
// swift-format-ignore: AlwaysUseLowerCamelCase
public func NSClassFromString(_ name: String) -> AnyClass? { nil }
extension NSObject {
  // NSObject's instance methods are also class methods in Swift (it is a root class); Apple's
  // SDK returns `Unmanaged<AnyObject>!`.
  public class func perform(_ aSelector: Selector!, with object: Any!) -> Unmanaged<AnyObject>! {
    nil
  }
}

open class NSValue: NSObject {
  public convenience init(cgPoint point: CGPoint) { self.init() }
  public convenience init(cgSize size: CGSize) { self.init() }
  public convenience init(cgRect rect: CGRect) { self.init() }
  public convenience init(caTransform3D t: CATransform3D) { self.init() }
}

open class NSNumber: NSValue, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByBooleanLiteral
{
  public convenience init(value: Double) { self.init() }
  public convenience init(value: Float) { self.init() }
  public convenience init(value: Int) { self.init() }
  public convenience init(value: Bool) { self.init() }
  public required convenience init(floatLiteral value: Double) { self.init() }
  public required convenience init(integerLiteral value: Int) { self.init() }
  public required convenience init(booleanLiteral value: Bool) { self.init() }
}

public struct Date {
  public init() {}
  public init(timeIntervalSinceNow: TimeInterval) {}
}

public final class Timer {
  public init(
    fire date: Date, interval: TimeInterval, repeats: Bool, block: @escaping (Timer) -> Void
  ) {}
  // Objective-C methods are imported as @discardableResult.
  @discardableResult
  public class func scheduledTimer(
    withTimeInterval interval: TimeInterval, repeats: Bool, block: @escaping (Timer) -> Void
  ) -> Timer { Timer(fire: Date(), interval: interval, repeats: repeats, block: block) }
  public func invalidate() {}
  public var isValid: Bool { true }
}

public final class RunLoop {
  public struct Mode: Hashable {
    public let rawValue: String
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let common = Mode("kCFRunLoopCommonModes")
    public static let `default` = Mode("kCFRunLoopDefaultMode")
  }
  public static let main = RunLoop()
  public func add(_ timer: Timer, forMode mode: RunLoop.Mode) {}
}

public struct DispatchTime {
  public static func now() -> DispatchTime { DispatchTime() }
  public static func + (time: DispatchTime, seconds: Double) -> DispatchTime { time }
}

public final class DispatchQueue {
  public static let main = DispatchQueue()
  public func async(execute work: @escaping () -> Void) {}
  public func asyncAfter(deadline: DispatchTime, execute work: @escaping () -> Void) {}
}

// MARK: - CoreGraphics

/// CoreGraphics' own floating-point type: a distinct type, as on Apple's platforms, so that a
/// `Double` or `Float` variable given where a `CGFloat` is expected does not type-check.
public struct CGFloat: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, Comparable,
  Hashable
{
  public var native: Double
  public init(_ value: Double) { native = value }
  public init(_ value: Float) { native = Double(value) }
  public init(_ value: Int) { native = Double(value) }
  public init(floatLiteral value: Double) { native = value }
  public init(integerLiteral value: Int) { native = Double(value) }
  public static let pi = CGFloat(Double.pi)
  public static let infinity = CGFloat(Double.infinity)
  public static func < (a: CGFloat, b: CGFloat) -> Bool { a.native < b.native }
  public static func + (a: CGFloat, b: CGFloat) -> CGFloat { CGFloat(a.native + b.native) }
  public static func - (a: CGFloat, b: CGFloat) -> CGFloat { CGFloat(a.native - b.native) }
  public static func * (a: CGFloat, b: CGFloat) -> CGFloat { CGFloat(a.native * b.native) }
  public static func / (a: CGFloat, b: CGFloat) -> CGFloat { CGFloat(a.native / b.native) }
  public static prefix func - (a: CGFloat) -> CGFloat { CGFloat(-a.native) }
}

extension Double {
  public init(_ value: CGFloat) { self = value.native }
}

extension Float {
  public init(_ value: CGFloat) { self = Float(value.native) }
}

public struct CGPoint {
  public var x: CGFloat
  public var y: CGFloat
  public init(x: CGFloat, y: CGFloat) { (self.x, self.y) = (x, y) }
  public init(x: Double, y: Double) { (self.x, self.y) = (CGFloat(x), CGFloat(y)) }
  public init(x: Int, y: Int) { (self.x, self.y) = (CGFloat(x), CGFloat(y)) }
  public static let zero = CGPoint(x: 0, y: 0)
}

public struct CGSize {
  public var width: CGFloat
  public var height: CGFloat
  public init(width: CGFloat, height: CGFloat) { (self.width, self.height) = (width, height) }
  public init(width: Double, height: Double) {
    (self.width, self.height) = (CGFloat(width), CGFloat(height))
  }
  public init(width: Int, height: Int) {
    (self.width, self.height) = (CGFloat(width), CGFloat(height))
  }
  public static let zero = CGSize(width: 0, height: 0)
}

public struct CGRect {
  public var origin: CGPoint
  public var size: CGSize
  public init(origin: CGPoint, size: CGSize) { (self.origin, self.size) = (origin, size) }
  public init(x: CGFloat, y: CGFloat, width: CGFloat, height: CGFloat) {
    self.init(origin: CGPoint(x: x, y: y), size: CGSize(width: width, height: height))
  }
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.init(origin: CGPoint(x: x, y: y), size: CGSize(width: width, height: height))
  }
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.init(origin: CGPoint(x: x, y: y), size: CGSize(width: width, height: height))
  }
  public static let zero = CGRect(x: 0, y: 0, width: 0, height: 0)
  public var width: CGFloat { size.width }
  public var height: CGFloat { size.height }
  public var midX: CGFloat { origin.x + size.width / 2 }
  public var midY: CGFloat { origin.y + size.height / 2 }
  public var maxX: CGFloat { origin.x + size.width }
  public var maxY: CGFloat { origin.y + size.height }
}

public struct CGAffineTransform {
  public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat
  public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
    (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
  }
  public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
  public init(scaleX sx: CGFloat, y sy: CGFloat) {
    self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
  }
  public init(rotationAngle angle: CGFloat) { self.init(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0) }
  public init(translationX tx: CGFloat, y ty: CGFloat) {
    self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
  }
}

public final class CGColor { public init() {} }
public final class CGImage { public init() {} }

public enum CGPathFillRule: Int { case winding, evenOdd }
public enum CGLineCap: Int32 { case butt, round, square }
public enum CGLineJoin: Int32 { case miter, round, bevel }

/// A drawing context: the calls an image drawn in code makes.
public final class CGContext {
  public init() {}
  public func addPath(_ path: CGPath) {}
  public func setFillColor(_ color: CGColor) {}
  public func setStrokeColor(_ color: CGColor) {}
  public func fillPath(using rule: CGPathFillRule = .winding) {}
  public func strokePath() {}
  public func setLineWidth(_ width: CGFloat) {}
  public func setLineCap(_ cap: CGLineCap) {}
  public func setLineJoin(_ join: CGLineJoin) {}
  public func setMiterLimit(_ limit: CGFloat) {}
  public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {}
  public func saveGState() {}
  public func restoreGState() {}
}

open class CGPath {
  public init() {}
  public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
    self.init()
  }
}

public final class CGMutablePath: CGPath {
  public override init() {}
  public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {}
  public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {}
  public func addQuadCurve(
    to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity
  ) {}
  public func addCurve(
    to end: CGPoint, control1: CGPoint, control2: CGPoint,
    transform: CGAffineTransform = .identity
  ) {}
  public func addArc(
    center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
    transform: CGAffineTransform = .identity
  ) {}
  public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {}
  public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {}
  public func closeSubpath() {}
}

// MARK: - QuartzCore: constants

public struct CAGradientLayerType: Hashable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let axial = Self(rawValue: "axial")
  public static let radial = Self(rawValue: "radial")
  public static let conic = Self(rawValue: "conic")
}

public struct CAShapeLayerFillRule: Hashable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let nonZero = Self(rawValue: "non-zero")
  public static let evenOdd = Self(rawValue: "even-odd")
}

public struct CAShapeLayerLineCap: Hashable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let butt = Self(rawValue: "butt")
  public static let round = Self(rawValue: "round")
  public static let square = Self(rawValue: "square")
}

public struct CAShapeLayerLineJoin: Hashable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let miter = Self(rawValue: "miter")
  public static let round = Self(rawValue: "round")
  public static let bevel = Self(rawValue: "bevel")
}

public struct CAEmitterLayerEmitterShape: Hashable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let point = Self(rawValue: "point")
  public static let line = Self(rawValue: "line")
  public static let rectangle = Self(rawValue: "rectangle")
  public static let cuboid = Self(rawValue: "cuboid")
  public static let circle = Self(rawValue: "circle")
  public static let sphere = Self(rawValue: "sphere")
}

public struct CAEmitterLayerEmitterMode: Hashable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let points = Self(rawValue: "points")
  public static let outline = Self(rawValue: "outline")
  public static let surface = Self(rawValue: "surface")
  public static let volume = Self(rawValue: "volume")
}

public struct CAEmitterLayerRenderMode: Hashable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let unordered = Self(rawValue: "unordered")
  public static let oldestFirst = Self(rawValue: "oldestFirst")
  public static let oldestLast = Self(rawValue: "oldestLast")
  public static let backToFront = Self(rawValue: "backToFront")
  public static let additive = Self(rawValue: "additive")
}

public struct CALayerContentsGravity: Hashable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let center = Self(rawValue: "center")
  public static let top = Self(rawValue: "top")
  public static let bottom = Self(rawValue: "bottom")
  public static let left = Self(rawValue: "left")
  public static let right = Self(rawValue: "right")
  public static let topLeft = Self(rawValue: "topLeft")
  public static let topRight = Self(rawValue: "topRight")
  public static let bottomLeft = Self(rawValue: "bottomLeft")
  public static let bottomRight = Self(rawValue: "bottomRight")
  public static let resize = Self(rawValue: "resize")
  public static let resizeAspect = Self(rawValue: "resizeAspect")
  public static let resizeAspectFill = Self(rawValue: "resizeAspectFill")
}

public struct CALayerContentsFilter: Hashable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let nearest = Self(rawValue: "nearest")
  public static let linear = Self(rawValue: "linear")
  public static let trilinear = Self(rawValue: "trilinear")
}

public struct CALayerContentsFormat: Hashable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  // Apple's name.
  // swift-format-ignore: AlwaysUseLowerCamelCase
  public static let RGBA8Uint = Self(rawValue: "RGBA8")
  // Apple's name.
  // swift-format-ignore: AlwaysUseLowerCamelCase
  public static let RGBA16Float = Self(rawValue: "RGBAh")
  public static let gray8Uint = Self(rawValue: "Gray8")
}

public struct CAMediaTimingFillMode: Hashable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let forwards = Self(rawValue: "forwards")
  public static let backwards = Self(rawValue: "backwards")
  public static let both = Self(rawValue: "both")
  public static let removed = Self(rawValue: "removed")
}

public struct CAMediaTimingFunctionName: Hashable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let linear = Self(rawValue: "linear")
  public static let easeIn = Self(rawValue: "easeIn")
  public static let easeOut = Self(rawValue: "easeOut")
  public static let easeInEaseOut = Self(rawValue: "easeInEaseOut")
  public static let `default` = Self(rawValue: "default")
}

public struct CAAnimationCalculationMode: Hashable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let linear = Self(rawValue: "linear")
  public static let discrete = Self(rawValue: "discrete")
  public static let paced = Self(rawValue: "paced")
  public static let cubic = Self(rawValue: "cubic")
  public static let cubicPaced = Self(rawValue: "cubicPaced")
}

public struct CAAnimationRotationMode: Hashable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let rotateAuto = Self(rawValue: "auto")
  public static let rotateAutoReverse = Self(rawValue: "autoReverse")
}

public struct CATransitionType: Hashable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let fade = Self(rawValue: "fade")
  public static let moveIn = Self(rawValue: "moveIn")
  public static let push = Self(rawValue: "push")
  public static let reveal = Self(rawValue: "reveal")
}

public struct CATransitionSubtype: Hashable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let fromRight = Self(rawValue: "fromRight")
  public static let fromLeft = Self(rawValue: "fromLeft")
  public static let fromTop = Self(rawValue: "fromTop")
  public static let fromBottom = Self(rawValue: "fromBottom")
}

/// The key `CATransition`s are added under.
public let kCATransition = "transition"

// MARK: - QuartzCore: CATransform3D and the clock

public struct CATransform3D {
  public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
  public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
  public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
  public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat
  public init(
    m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
    m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
    m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
    m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat
  ) {
    (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
    (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
    (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
    (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
  }
}

// Apple's name.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let CATransform3DIdentity = CATransform3D(
  m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
  m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

// Apple's name.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
  CATransform3DIdentity
}

// Apple's name.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CACurrentMediaTime() -> CFTimeInterval { 0 }

// MARK: - QuartzCore: timing, layers and cells

public protocol CAMediaTiming {
  var beginTime: CFTimeInterval { get set }
  var duration: CFTimeInterval { get set }
  var speed: Float { get set }
  var timeOffset: CFTimeInterval { get set }
  var repeatCount: Float { get set }
  var repeatDuration: CFTimeInterval { get set }
  var autoreverses: Bool { get set }
  var fillMode: CAMediaTimingFillMode { get set }
}

open class CALayer: NSObject, CAMediaTiming {
  public override init() {}
  public init(layer: Any) {}
  open var name: String?
  open var bounds: CGRect = .zero
  open var position: CGPoint = .zero
  open var zPosition: CGFloat = 0
  open var anchorPoint = CGPoint(x: 0.5, y: 0.5)
  open var anchorPointZ: CGFloat = 0
  open var transform = CATransform3DIdentity
  open var sublayerTransform = CATransform3DIdentity
  open var frame: CGRect = .zero
  open var isHidden = false
  open var isDoubleSided = true
  open var isGeometryFlipped = false
  open var masksToBounds = false
  open var contents: Any?
  open var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
  open var contentsGravity: CALayerContentsGravity = .resize
  open var contentsScale: CGFloat = 1
  open var contentsFormat: CALayerContentsFormat = .RGBA8Uint
  open var minificationFilter: CALayerContentsFilter = .linear
  open var magnificationFilter: CALayerContentsFilter = .linear
  open var minificationFilterBias: Float = 0
  open var isOpaque = false
  open var opacity: Float = 1
  open var backgroundColor: CGColor?
  open var cornerRadius: CGFloat = 0
  open var borderWidth: CGFloat = 0
  open var borderColor: CGColor?
  open var shouldRasterize = false
  open var rasterizationScale: CGFloat = 1
  open var drawsAsynchronously = false
  open var allowsEdgeAntialiasing = false
  open var needsDisplayOnBoundsChange = false
  open var shadowColor: CGColor?
  open var shadowOpacity: Float = 0
  open var shadowOffset = CGSize(width: 0, height: -3)
  open var shadowRadius: CGFloat = 3
  open var shadowPath: CGPath?
  open var sublayers: [CALayer]?
  open var superlayer: CALayer? { nil }
  open var mask: CALayer?
  // CAMediaTiming
  open var beginTime: CFTimeInterval = 0
  open var duration: CFTimeInterval = 0
  open var speed: Float = 1
  open var timeOffset: CFTimeInterval = 0
  open var repeatCount: Float = 0
  open var repeatDuration: CFTimeInterval = 0
  open var autoreverses = false
  open var fillMode: CAMediaTimingFillMode = .removed

  open func addSublayer(_ layer: CALayer) {}
  open func insertSublayer(_ layer: CALayer, at idx: UInt32) {}
  open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {}
  open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {}
  open func removeFromSuperlayer() {}
  open func add(_ anim: CAAnimation, forKey key: String?) {}
  open func removeAnimation(forKey key: String) {}
  open func removeAllAnimations() {}
  open func animation(forKey key: String) -> CAAnimation? { nil }
  open func convertTime(_ t: CFTimeInterval, from l: CALayer?) -> CFTimeInterval { t }
  open func convertTime(_ t: CFTimeInterval, to l: CALayer?) -> CFTimeInterval { t }
  open func presentation() -> Self? { nil }
}

open class CAShapeLayer: CALayer {
  open var path: CGPath?
  open var fillColor: CGColor?
  open var fillRule: CAShapeLayerFillRule = .nonZero
  open var strokeColor: CGColor?
  open var strokeStart: CGFloat = 0
  open var strokeEnd: CGFloat = 1
  open var lineWidth: CGFloat = 1
  open var miterLimit: CGFloat = 10
  open var lineCap: CAShapeLayerLineCap = .butt
  open var lineJoin: CAShapeLayerLineJoin = .miter
  open var lineDashPhase: CGFloat = 0
  open var lineDashPattern: [NSNumber]?
}

public struct CATextLayerAlignmentMode: Hashable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let natural = Self(rawValue: "natural")
  public static let left = Self(rawValue: "left")
  public static let right = Self(rawValue: "right")
  public static let center = Self(rawValue: "center")
  public static let justified = Self(rawValue: "justified")
}

public struct CATextLayerTruncationMode: Hashable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let none = Self(rawValue: "none")
  public static let start = Self(rawValue: "start")
  public static let middle = Self(rawValue: "middle")
  public static let end = Self(rawValue: "end")
}

open class CATextLayer: CALayer {
  open var string: Any?
  open var font: CFTypeRef?
  open var fontSize: CGFloat = 36
  open var foregroundColor: CGColor?
  open var isWrapped = false
  open var truncationMode: CATextLayerTruncationMode = .none
  open var alignmentMode: CATextLayerAlignmentMode = .natural
}

open class CAReplicatorLayer: CALayer {
  open var instanceCount: Int = 1
  open var preservesDepth = false
  open var instanceDelay: CFTimeInterval = 0
  open var instanceTransform = CATransform3DIdentity
  open var instanceColor: CGColor?
  open var instanceRedOffset: Float = 0
  open var instanceGreenOffset: Float = 0
  open var instanceBlueOffset: Float = 0
  open var instanceAlphaOffset: Float = 0
}

open class CAGradientLayer: CALayer {
  open var colors: [Any]?
  open var locations: [NSNumber]?
  open var startPoint = CGPoint(x: 0.5, y: 0)
  open var endPoint = CGPoint(x: 0.5, y: 1)
  open var type: CAGradientLayerType = .axial
}

open class CAEmitterLayer: CALayer {
  open var emitterCells: [CAEmitterCell]?
  open var birthRate: Float = 1
  open var lifetime: Float = 1
  open var emitterPosition: CGPoint = .zero
  open var emitterZPosition: CGFloat = 0
  open var emitterSize: CGSize = .zero
  open var emitterDepth: CGFloat = 0
  open var emitterShape: CAEmitterLayerEmitterShape = .point
  open var emitterMode: CAEmitterLayerEmitterMode = .volume
  open var renderMode: CAEmitterLayerRenderMode = .unordered
  open var preservesDepth = false
  open var velocity: Float = 1
  open var scale: Float = 1
  open var spin: Float = 1
  open var seed: UInt32 = 0
}

open class CAEmitterCell: NSObject, CAMediaTiming {
  public override init() {}
  open var name: String?
  open var isEnabled = true
  open var birthRate: Float = 0
  open var lifetime: Float = 0
  open var lifetimeRange: Float = 0
  open var emissionLatitude: CGFloat = 0
  open var emissionLongitude: CGFloat = 0
  open var emissionRange: CGFloat = 0
  open var velocity: CGFloat = 0
  open var velocityRange: CGFloat = 0
  open var xAcceleration: CGFloat = 0
  open var yAcceleration: CGFloat = 0
  open var zAcceleration: CGFloat = 0
  open var scale: CGFloat = 1
  open var scaleRange: CGFloat = 0
  open var scaleSpeed: CGFloat = 0
  open var spin: CGFloat = 0
  open var spinRange: CGFloat = 0
  open var color: CGColor?
  open var redRange: Float = 0
  open var greenRange: Float = 0
  open var blueRange: Float = 0
  open var alphaRange: Float = 0
  open var redSpeed: Float = 0
  open var greenSpeed: Float = 0
  open var blueSpeed: Float = 0
  open var alphaSpeed: Float = 0
  open var contents: Any?
  open var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
  open var contentsScale: CGFloat = 1
  // CAEmitterCell's filters are plain strings in Swift.
  open var minificationFilter = "linear"
  open var magnificationFilter = "linear"
  open var minificationFilterBias: Float = 0
  open var emitterCells: [CAEmitterCell]?
  open var style: [AnyHashable: Any]?
  // CAMediaTiming
  open var beginTime: CFTimeInterval = 0
  open var duration: CFTimeInterval = 0
  open var speed: Float = 1
  open var timeOffset: CFTimeInterval = 0
  open var repeatCount: Float = 0
  open var repeatDuration: CFTimeInterval = 0
  open var autoreverses = false
  open var fillMode: CAMediaTimingFillMode = .removed
}

// MARK: - QuartzCore: animations

open class CAMediaTimingFunction: NSObject {
  public convenience init(name: CAMediaTimingFunctionName) { self.init() }
  public convenience init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
    self.init()
  }
}

open class CAAnimation: NSObject, CAMediaTiming {
  public override init() {}
  open var timingFunction: CAMediaTimingFunction?
  open var isRemovedOnCompletion = true
  // CAMediaTiming
  open var beginTime: CFTimeInterval = 0
  open var duration: CFTimeInterval = 0
  open var speed: Float = 1
  open var timeOffset: CFTimeInterval = 0
  open var repeatCount: Float = 0
  open var repeatDuration: CFTimeInterval = 0
  open var autoreverses = false
  open var fillMode: CAMediaTimingFillMode = .removed
}

open class CAPropertyAnimation: CAAnimation {
  public convenience init(keyPath path: String?) { self.init() }
  open var keyPath: String?
  open var isAdditive = false
  open var isCumulative = false
}

open class CABasicAnimation: CAPropertyAnimation {
  open var fromValue: Any?
  open var toValue: Any?
  open var byValue: Any?
}

open class CAKeyframeAnimation: CAPropertyAnimation {
  open var values: [Any]?
  open var path: CGPath?
  open var keyTimes: [NSNumber]?
  open var timingFunctions: [CAMediaTimingFunction]?
  open var calculationMode: CAAnimationCalculationMode = .linear
  open var tensionValues: [NSNumber]?
  open var continuityValues: [NSNumber]?
  open var biasValues: [NSNumber]?
  open var rotationMode: CAAnimationRotationMode?
}

open class CASpringAnimation: CABasicAnimation {
  open var mass: CGFloat = 1
  open var stiffness: CGFloat = 100
  open var damping: CGFloat = 10
  open var initialVelocity: CGFloat = 0
  open var settlingDuration: CFTimeInterval { 0 }
}

open class CAAnimationGroup: CAAnimation {
  open var animations: [CAAnimation]?
}

open class CATransition: CAAnimation {
  open var type: CATransitionType = .fade
  open var subtype: CATransitionSubtype?
  open var startProgress: Float = 0
  open var endProgress: Float = 1
}
