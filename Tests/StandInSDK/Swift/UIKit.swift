// A stand-in for the parts of UIKit that Burst's `export swift` uses, compiled at test time as
// the module `UIKit`; it re-exports the QuartzCore stand-in, as Apple's UIKit makes Core
// Animation and Foundation visible. Only declarations, with Apple's types.

@_exported import QuartzCore

open class UIColor: NSObject {
  public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
  public init(white: CGFloat, alpha: CGFloat) {}
  public init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {}
  open var cgColor: CGColor { CGColor() }
  public static let clear = UIColor(white: 0, alpha: 0)
  public static let black = UIColor(white: 0, alpha: 1)
  public static let white = UIColor(white: 1, alpha: 1)
  public static let systemPink = UIColor(white: 1, alpha: 1)
}

open class UIImage: NSObject {
  public enum RenderingMode: Int {
    case automatic, alwaysOriginal, alwaysTemplate
  }
  public init?(named name: String) {}
  public init?(systemName name: String) {}
  open func withTintColor(_ color: UIColor, renderingMode: RenderingMode) -> UIImage { self }
  open var cgImage: CGImage? { nil }
}

open class UIGraphicsImageRendererFormat: NSObject {
  public override init() {}
  open var scale: CGFloat = 1
}

open class UIGraphicsImageRendererContext: NSObject {
  open var cgContext: CGContext { CGContext() }
}

open class UIGraphicsImageRenderer: NSObject {
  public init(size: CGSize, format: UIGraphicsImageRendererFormat) {}
  open func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage { fatalError() }
}

open class UIBezierPath: NSObject {
  public init(roundedRect rect: CGRect, cornerRadius: CGFloat) {}
  public init(rect: CGRect) {}
  open var cgPath: CGPath { CGPath() }
}

open class UIView: NSObject {
  public struct AnimationOptions: OptionSet {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
    public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
    public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
    public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
    public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
    public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
    public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
    public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
  }

  public enum AnimationCurve: Int {
    case easeInOut, easeIn, easeOut, linear
  }

  public init(frame: CGRect) {}
  public required init?(coder: NSCoder) {}
  public override convenience init() { self.init(frame: .zero) }
  open var bounds: CGRect = .zero
  open var frame: CGRect = .zero
  open var center: CGPoint = .zero
  open var backgroundColor: UIColor?
  open var alpha: CGFloat = 1
  open var transform: CGAffineTransform = .identity
  open var isHidden = false
  open var layer: CALayer { CALayer() }
  open var subviews: [UIView] { [] }
  open func addSubview(_ view: UIView) {}
  open func removeFromSuperview() {}

  open class func animate(
    withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
    animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
  ) {}
  open class func animate(
    withDuration duration: TimeInterval, animations: @escaping () -> Void,
    completion: ((Bool) -> Void)? = nil
  ) {}
  open class func animate(
    withDuration duration: TimeInterval, delay: TimeInterval,
    usingSpringWithDamping dampingRatio: CGFloat, initialSpringVelocity velocity: CGFloat,
    options: AnimationOptions = [], animations: @escaping () -> Void,
    completion: ((Bool) -> Void)? = nil
  ) {}
}

open class UIFont: NSObject {
  open class func systemFont(ofSize fontSize: CGFloat) -> UIFont { UIFont() }
}

open class UILabel: UIView {
  open var text: String?
  open var textColor: UIColor!
  open var font: UIFont!
}

open class UIViewController: NSObject {
  public override init() {}
  open var view: UIView! = UIView()
  open func viewDidLoad() {}
  open func viewWillAppear(_ animated: Bool) {}
  open func viewDidAppear(_ animated: Bool) {}
}
