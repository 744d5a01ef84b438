/// AppKit's and Foundation's macOS spellings of what the importer reads in UIKit's and Core
/// Graphics' (docs/import.md, "macOS files"): a file written for an NSView imports as the same
/// file written for a UIView would. Applied to the tokens as they are read, so that every
/// later stage (and every message) sees one spelling.
enum AppKitNames {
  /// Names read as another wherever they stand: the AppKit classes whose use here is their
  /// UIKit counterpart's, and Foundation's geometry types, functions and constants, which are
  /// Core Graphics' own on 64-bit macOS (NSRect is CGRect, NSMidX(r) is CGRectGetMidX(r)).
  static let names: [String: String] = [
    "NSColor": "UIColor", "NSImage": "UIImage", "NSFont": "UIFont", "NSView": "UIView",
    "NSImageView": "UIImageView", "NSBezierPath": "UIBezierPath", "NSScreen": "UIScreen",
    "NSRect": "CGRect", "NSPoint": "CGPoint", "NSSize": "CGSize", "NSMakeRect": "CGRectMake",
    "NSMakePoint": "CGPointMake", "NSMakeSize": "CGSizeMake", "NSZeroRect": "CGRectZero",
    "NSZeroPoint": "CGPointZero", "NSZeroSize": "CGSizeZero", "NSInsetRect": "CGRectInset",
    "NSOffsetRect": "CGRectOffset", "NSMinX": "CGRectGetMinX", "NSMidX": "CGRectGetMidX",
    "NSMaxX": "CGRectGetMaxX", "NSMinY": "CGRectGetMinY", "NSMidY": "CGRectGetMidY",
    "NSMaxY": "CGRectGetMaxY", "NSWidth": "CGRectGetWidth", "NSHeight": "CGRectGetHeight",
  ]

  /// NSView's and NSViewController's lifecycle methods, read as UIKit's (declared, overridden
  /// and called on `super` alike), so that they run as setup and layout do.
  static let methods: [String: String] = [
    "viewDidMoveToWindow": "didMoveToWindow", "viewDidMoveToSuperview": "didMoveToSuperview",
    "viewWillMoveToWindow": "willMoveToWindow", "viewWillMoveToSuperview": "willMoveToSuperview",
    "viewDidLayout": "viewDidLayoutSubviews", "viewWillLayout": "viewWillLayoutSubviews",
  ]
  /// NSView's `layout()`, UIView's `layoutSubviews()`: only where it is declared or called on
  /// `super` (a variable named `layout` keeps its name).
  static let layout = (appKit: "layout", uiKit: "layoutSubviews")

  /// NSColor's initializer labels and selector parts that name a colour space, read as
  /// UIColor's (only where a colon follows). **(choice)** Calibrated, device and generic
  /// components are read as sRGB ones: colour spaces are not modelled.
  static let labels: [String: String] = [
    "calibratedRed": "red", "deviceRed": "red", "srgbRed": "red",
    "calibratedWhite": "white", "deviceWhite": "white", "genericGamma22White": "white",
    "calibratedHue": "hue", "deviceHue": "hue",
    "colorWithCalibratedRed": "colorWithRed", "colorWithDeviceRed": "colorWithRed",
    "colorWithSRGBRed": "colorWithRed", "colorWithCalibratedWhite": "colorWithWhite",
    "colorWithDeviceWhite": "colorWithWhite", "colorWithGenericGamma22White": "colorWithWhite",
    "colorWithCalibratedHue": "colorWithHue", "colorWithDeviceHue": "colorWithHue",
  ]

  /// NSImage's way to its CGImage, a call with a rectangle, context and hints that change
  /// nothing here: `image.cgImage(forProposedRect: nil, context: nil, hints: nil)` and
  /// `[image CGImageForProposedRect:NULL context:nil hints:nil]` read as UIImage's property.
  static let imageCall = (
    swift: "cgImage", label: "forProposedRect", objc: "CGImageForProposedRect"
  )

  /// What a file that imports AppKit (`import Cocoa`, `#import <AppKit/AppKit.h>`, `@import
  /// AppKit;`) is told, at that import: its names are read as UIKit's, and its picture is drawn
  /// as iOS draws, y down.
  static func note(_ tokens: [SourceToken]) -> (at: SourceToken, message: String)? {
    for k in tokens.indices.dropFirst()
    where tokens[k].kind == .identifier && ["Cocoa", "AppKit"].contains(tokens[k].text)
      && (["import", "@import"].contains(tokens[k - 1].text) || tokens[k - 1].isPunctuation("<"))
    {
      // A view that says it is flipped has y down, as on iOS.
      let flipped = tokens.contains { $0.isIdentifier("isFlipped") }
      return (
        tokens[k],
        "a macOS file: AppKit's names are read as UIKit's (NSColor as UIColor, NSView as UIView,"
          + " NSMidX as CGRectGetMidX)"
          + (flipped
            ? ""
            : "; an unflipped NSView's y grows upwards, and Burst draws with iOS's y down, so"
              + " the effect shows upside down")
      )
    }
    return nil
  }

  /// `tokens` with the names above read as their UIKit and Core Graphics spellings (each
  /// token keeps its place, so messages still point at what the file says).
  static func rewrite(_ tokens: [SourceToken]) -> [SourceToken] {
    var out: [SourceToken] = []
    out.reserveCapacity(tokens.count)
    // The lifecycle's names only in a file that imports AppKit: a UIKit view's own `layout()`
    // is the app's method.
    let appKit = note(tokens) != nil
    var i = 0
    while i < tokens.count {
      var t = tokens[i]
      i += 1
      guard t.kind == .identifier else {
        out.append(t)
        continue
      }
      let colon = i < tokens.count && tokens[i].isPunctuation(":")
      let before = out.last
      if let name = names[t.text] {
        t.text = name
      } else if appKit, let name = methods[t.text] {
        t.text = name
      } else if appKit, t.text == layout.appKit, let before,
        before.isIdentifier("func") || before.isPunctuation(")") || before.isIdentifier("super")
          || (before.isPunctuation(".") && out.dropLast().last?.isIdentifier("super") == true)
      {
        // `override func layout()`, `- (void)layout`, `super.layout()`, `[super layout]`.
        t.text = layout.uiKit
      } else if colon, let label = labels[t.text] {
        t.text = label
      } else if t.text == imageCall.swift, i + 1 < tokens.count, tokens[i].isPunctuation("("),
        tokens[i + 1].isIdentifier(imageCall.label),
        case let close = SourceProgram.closing(tokens, i, in: i..<tokens.count),
        close < tokens.count
      {
        i = close + 1  // the call's arguments dropped: the property
      } else if t.text == imageCall.objc, colon,
        case let close = SourceProgram.closing(tokens, i, in: i..<tokens.count, depth: 1),
        close < tokens.count
      {
        t.text = "CGImage"
        i = close  // the selector's arguments dropped, its `]` kept
      }
      out.append(t)
    }
    return out
  }
}
