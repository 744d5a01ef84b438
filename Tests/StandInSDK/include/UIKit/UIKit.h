// A stand-in for the parts of UIKit that Burst's `export objc` uses. Declarations only, with
// the types of Apple's SDK.
#ifndef BURST_STANDIN_UIKIT_H
#define BURST_STANDIN_UIKIT_H

#import <Foundation/Foundation.h>
#import <QuartzCore/QuartzCore.h>

@interface UIColor : NSObject
+ (UIColor *)colorWithRed:(CGFloat)red green:(CGFloat)green blue:(CGFloat)blue alpha:(CGFloat)alpha;
+ (UIColor *)colorWithWhite:(CGFloat)white alpha:(CGFloat)alpha;
@property(readonly) CGColorRef CGColor;
@property(class, readonly) UIColor *whiteColor;
@property(class, readonly) UIColor *systemPinkColor;
@end

typedef long UIImageRenderingMode;
enum {
  UIImageRenderingModeAutomatic,
  UIImageRenderingModeAlwaysOriginal,
  UIImageRenderingModeAlwaysTemplate,
};

@interface UIImage : NSObject
+ (UIImage *)imageNamed:(NSString *)name;
+ (UIImage *)systemImageNamed:(NSString *)name;
- (UIImage *)imageWithTintColor:(UIColor *)color renderingMode:(UIImageRenderingMode)renderingMode;
@property(readonly) CGImageRef CGImage;
@end

@interface UIGraphicsImageRendererFormat : NSObject
+ (instancetype)defaultFormat;
@property CGFloat scale;
@end

@interface UIGraphicsImageRendererContext : NSObject
@property(readonly) CGContextRef CGContext;
@end

@interface UIGraphicsImageRenderer : NSObject
- (instancetype)initWithSize:(CGSize)size format:(UIGraphicsImageRendererFormat *)format;
- (UIImage *)imageWithActions:(void (^)(UIGraphicsImageRendererContext *rendererContext))actions;
@end

@interface UIBezierPath : NSObject
+ (instancetype)bezierPathWithRoundedRect:(CGRect)rect cornerRadius:(CGFloat)cornerRadius;
+ (instancetype)bezierPathWithRect:(CGRect)rect;
@property(readonly) CGPathRef CGPath;
@end

typedef unsigned long UIViewAnimationOptions;
enum {
  UIViewAnimationOptionAllowUserInteraction = 1 << 1,
  UIViewAnimationOptionBeginFromCurrentState = 1 << 2,
  UIViewAnimationOptionRepeat = 1 << 3,
  UIViewAnimationOptionAutoreverse = 1 << 4,
  UIViewAnimationOptionCurveEaseInOut = 0 << 16,
  UIViewAnimationOptionCurveEaseIn = 1 << 16,
  UIViewAnimationOptionCurveEaseOut = 2 << 16,
  UIViewAnimationOptionCurveLinear = 3 << 16,
};
typedef long UIViewAnimationCurve;
enum {
  UIViewAnimationCurveEaseInOut,
  UIViewAnimationCurveEaseIn,
  UIViewAnimationCurveEaseOut,
  UIViewAnimationCurveLinear,
};

@interface UIView : NSObject
- (instancetype)initWithFrame:(CGRect)frame;
@property CGRect bounds;
@property CGRect frame;
@property CGPoint center;
@property(copy) UIColor *backgroundColor;
@property CGFloat alpha;
@property CGAffineTransform transform;
@property(getter=isHidden) BOOL hidden;
@property(readonly, strong) CALayer *layer;
- (void)addSubview:(UIView *)view;
- (void)removeFromSuperview;
+ (void)animateWithDuration:(NSTimeInterval)duration
                      delay:(NSTimeInterval)delay
                    options:(UIViewAnimationOptions)options
                 animations:(void (^)(void))animations
                 completion:(void (^)(BOOL finished))completion;
+ (void)animateWithDuration:(NSTimeInterval)duration animations:(void (^)(void))animations;
+ (void)animateWithDuration:(NSTimeInterval)duration
                      delay:(NSTimeInterval)delay
     usingSpringWithDamping:(CGFloat)dampingRatio
      initialSpringVelocity:(CGFloat)velocity
                    options:(UIViewAnimationOptions)options
                 animations:(void (^)(void))animations
                 completion:(void (^)(BOOL finished))completion;
@end

@interface UIViewController : NSObject
@property(strong) UIView *view;
- (void)viewDidLoad;
@end

@interface NSValue (UIGeometryAdditions)
+ (NSValue *)valueWithCGPoint:(CGPoint)point;
+ (NSValue *)valueWithCGSize:(CGSize)size;
+ (NSValue *)valueWithCGRect:(CGRect)rect;
@end

#endif
