// A stand-in for the parts of QuartzCore (Core Animation) that Burst's `export objc` uses.
// Declarations only, with the types of Apple's SDK (float where Apple has float, CGFloat where
// it has CGFloat).
#ifndef BURST_STANDIN_QUARTZCORE_H
#define BURST_STANDIN_QUARTZCORE_H

#import <Foundation/Foundation.h>

CFTimeInterval CACurrentMediaTime(void);
typedef const void *CFTypeRef;

struct CATransform3D {
  CGFloat m11, m12, m13, m14;
  CGFloat m21, m22, m23, m24;
  CGFloat m31, m32, m33, m34;
  CGFloat m41, m42, m43, m44;
};
typedef struct CATransform3D CATransform3D;
extern const CATransform3D CATransform3DIdentity;
CATransform3D CATransform3DMakeScale(CGFloat sx, CGFloat sy, CGFloat sz);

typedef NSString *CAEmitterLayerEmitterShape;
extern CAEmitterLayerEmitterShape const kCAEmitterLayerPoint;
extern CAEmitterLayerEmitterShape const kCAEmitterLayerLine;
extern CAEmitterLayerEmitterShape const kCAEmitterLayerRectangle;
extern CAEmitterLayerEmitterShape const kCAEmitterLayerCuboid;
extern CAEmitterLayerEmitterShape const kCAEmitterLayerCircle;
extern CAEmitterLayerEmitterShape const kCAEmitterLayerSphere;
typedef NSString *CAEmitterLayerEmitterMode;
extern CAEmitterLayerEmitterMode const kCAEmitterLayerPoints;
extern CAEmitterLayerEmitterMode const kCAEmitterLayerOutline;
extern CAEmitterLayerEmitterMode const kCAEmitterLayerSurface;
extern CAEmitterLayerEmitterMode const kCAEmitterLayerVolume;
typedef NSString *CAEmitterLayerRenderMode;
extern CAEmitterLayerRenderMode const kCAEmitterLayerUnordered;
extern CAEmitterLayerRenderMode const kCAEmitterLayerOldestFirst;
extern CAEmitterLayerRenderMode const kCAEmitterLayerOldestLast;
extern CAEmitterLayerRenderMode const kCAEmitterLayerBackToFront;
extern CAEmitterLayerRenderMode const kCAEmitterLayerAdditive;
typedef NSString *CAShapeLayerFillRule;
extern CAShapeLayerFillRule const kCAFillRuleNonZero;
extern CAShapeLayerFillRule const kCAFillRuleEvenOdd;
typedef NSString *CAShapeLayerLineCap;
extern CAShapeLayerLineCap const kCALineCapButt;
extern CAShapeLayerLineCap const kCALineCapRound;
extern CAShapeLayerLineCap const kCALineCapSquare;
typedef NSString *CAShapeLayerLineJoin;
extern CAShapeLayerLineJoin const kCALineJoinMiter;
extern CAShapeLayerLineJoin const kCALineJoinRound;
extern CAShapeLayerLineJoin const kCALineJoinBevel;
typedef NSString *CAGradientLayerType;
extern CAGradientLayerType const kCAGradientLayerAxial;
extern CAGradientLayerType const kCAGradientLayerRadial;
extern CAGradientLayerType const kCAGradientLayerConic;
typedef NSString *CALayerContentsGravity;
extern CALayerContentsGravity const kCAGravityCenter;
extern CALayerContentsGravity const kCAGravityTop;
extern CALayerContentsGravity const kCAGravityBottom;
extern CALayerContentsGravity const kCAGravityLeft;
extern CALayerContentsGravity const kCAGravityRight;
extern CALayerContentsGravity const kCAGravityTopLeft;
extern CALayerContentsGravity const kCAGravityTopRight;
extern CALayerContentsGravity const kCAGravityBottomLeft;
extern CALayerContentsGravity const kCAGravityBottomRight;
extern CALayerContentsGravity const kCAGravityResize;
extern CALayerContentsGravity const kCAGravityResizeAspect;
extern CALayerContentsGravity const kCAGravityResizeAspectFill;
typedef NSString *CALayerContentsFilter;
extern CALayerContentsFilter const kCAFilterNearest;
extern CALayerContentsFilter const kCAFilterLinear;
extern CALayerContentsFilter const kCAFilterTrilinear;
typedef NSString *CALayerContentsFormat;
extern CALayerContentsFormat const kCAContentsFormatRGBA8Uint;
extern CALayerContentsFormat const kCAContentsFormatRGBA16Float;
extern CALayerContentsFormat const kCAContentsFormatGray8Uint;
typedef NSString *CAMediaTimingFillMode;
extern CAMediaTimingFillMode const kCAFillModeForwards;
extern CAMediaTimingFillMode const kCAFillModeBackwards;
extern CAMediaTimingFillMode const kCAFillModeBoth;
extern CAMediaTimingFillMode const kCAFillModeRemoved;
typedef NSString *CAMediaTimingFunctionName;
extern CAMediaTimingFunctionName const kCAMediaTimingFunctionLinear;
extern CAMediaTimingFunctionName const kCAMediaTimingFunctionEaseIn;
extern CAMediaTimingFunctionName const kCAMediaTimingFunctionEaseOut;
extern CAMediaTimingFunctionName const kCAMediaTimingFunctionEaseInEaseOut;
extern CAMediaTimingFunctionName const kCAMediaTimingFunctionDefault;
typedef NSString *CAAnimationCalculationMode;
extern CAAnimationCalculationMode const kCAAnimationLinear;
extern CAAnimationCalculationMode const kCAAnimationDiscrete;
extern CAAnimationCalculationMode const kCAAnimationPaced;
extern CAAnimationCalculationMode const kCAAnimationCubic;
extern CAAnimationCalculationMode const kCAAnimationCubicPaced;
typedef NSString *CAAnimationRotationMode;
extern CAAnimationRotationMode const kCAAnimationRotateAuto;
extern CAAnimationRotationMode const kCAAnimationRotateAutoReverse;
typedef NSString *CATransitionType;
extern CATransitionType const kCATransitionFade;
extern CATransitionType const kCATransitionMoveIn;
extern CATransitionType const kCATransitionPush;
extern CATransitionType const kCATransitionReveal;
typedef NSString *CATransitionSubtype;
extern CATransitionSubtype const kCATransitionFromRight;
extern CATransitionSubtype const kCATransitionFromLeft;
extern CATransitionSubtype const kCATransitionFromTop;
extern CATransitionSubtype const kCATransitionFromBottom;
extern NSString *const kCATransition;

@protocol CAMediaTiming
@property CFTimeInterval beginTime;
@property CFTimeInterval duration;
@property float speed;
@property CFTimeInterval timeOffset;
@property float repeatCount;
@property CFTimeInterval repeatDuration;
@property BOOL autoreverses;
@property(copy) CAMediaTimingFillMode fillMode;
@end

@class CAAnimation;

@interface CALayer : NSObject <CAMediaTiming>
+ (instancetype)layer;
- (instancetype)initWithLayer:(id)layer;
@property(copy) NSString *name;
@property CGRect bounds;
@property CGPoint position;
@property CGFloat zPosition;
@property CGPoint anchorPoint;
@property CGFloat anchorPointZ;
@property CATransform3D transform;
@property CATransform3D sublayerTransform;
@property CGRect frame;
@property(getter=isHidden) BOOL hidden;
@property(getter=isDoubleSided) BOOL doubleSided;
@property(getter=isGeometryFlipped) BOOL geometryFlipped;
@property BOOL masksToBounds;
@property(strong) id contents;
@property CGRect contentsRect;
@property(copy) CALayerContentsGravity contentsGravity;
@property CGFloat contentsScale;
@property(copy) CALayerContentsFormat contentsFormat;
@property(copy) CALayerContentsFilter minificationFilter;
@property(copy) CALayerContentsFilter magnificationFilter;
@property float minificationFilterBias;
@property(getter=isOpaque) BOOL opaque;
@property float opacity;
@property CGColorRef backgroundColor;
@property CGFloat cornerRadius;
@property CGFloat borderWidth;
@property CGColorRef borderColor;
@property BOOL shouldRasterize;
@property CGFloat rasterizationScale;
@property BOOL drawsAsynchronously;
@property BOOL allowsEdgeAntialiasing;
@property BOOL needsDisplayOnBoundsChange;
@property CGColorRef shadowColor;
@property float shadowOpacity;
@property CGSize shadowOffset;
@property CGFloat shadowRadius;
@property CGPathRef shadowPath;
@property(copy) NSArray<CALayer *> *sublayers;
@property(readonly) CALayer *superlayer;
@property(strong) CALayer *mask;
- (void)addSublayer:(CALayer *)layer;
- (void)insertSublayer:(CALayer *)layer atIndex:(unsigned)idx;
- (void)insertSublayer:(CALayer *)layer below:(CALayer *)sibling;
- (void)insertSublayer:(CALayer *)layer above:(CALayer *)sibling;
- (void)removeFromSuperlayer;
- (void)addAnimation:(CAAnimation *)anim forKey:(NSString *)key;
- (void)removeAnimationForKey:(NSString *)key;
- (void)removeAllAnimations;
- (CAAnimation *)animationForKey:(NSString *)key;
- (CFTimeInterval)convertTime:(CFTimeInterval)t fromLayer:(CALayer *)l;
- (CFTimeInterval)convertTime:(CFTimeInterval)t toLayer:(CALayer *)l;
- (instancetype)presentationLayer;
@end

@class CAEmitterCell;

@interface CAEmitterLayer : CALayer
@property(copy) NSArray<CAEmitterCell *> *emitterCells;
@property float birthRate;
@property float lifetime;
@property CGPoint emitterPosition;
@property CGFloat emitterZPosition;
@property CGSize emitterSize;
@property CGFloat emitterDepth;
@property(copy) CAEmitterLayerEmitterShape emitterShape;
@property(copy) CAEmitterLayerEmitterMode emitterMode;
@property(copy) CAEmitterLayerRenderMode renderMode;
@property BOOL preservesDepth;
@property float velocity;
@property float scale;
@property float spin;
@property unsigned int seed;
@end

@interface CAShapeLayer : CALayer
@property CGPathRef path;
@property CGColorRef fillColor;
@property(copy) CAShapeLayerFillRule fillRule;
@property CGColorRef strokeColor;
@property CGFloat strokeStart;
@property CGFloat strokeEnd;
@property CGFloat lineWidth;
@property CGFloat miterLimit;
@property(copy) CAShapeLayerLineCap lineCap;
@property(copy) CAShapeLayerLineJoin lineJoin;
@property CGFloat lineDashPhase;
@property(copy) NSArray<NSNumber *> *lineDashPattern;
@end

typedef NSString *CATextLayerAlignmentMode;
extern CATextLayerAlignmentMode const kCAAlignmentNatural;
extern CATextLayerAlignmentMode const kCAAlignmentLeft;
extern CATextLayerAlignmentMode const kCAAlignmentRight;
extern CATextLayerAlignmentMode const kCAAlignmentCenter;
extern CATextLayerAlignmentMode const kCAAlignmentJustified;
typedef NSString *CATextLayerTruncationMode;
extern CATextLayerTruncationMode const kCATruncationNone;
extern CATextLayerTruncationMode const kCATruncationStart;
extern CATextLayerTruncationMode const kCATruncationEnd;
extern CATextLayerTruncationMode const kCATruncationMiddle;

@interface CATextLayer : CALayer
@property(copy) id string;
@property CFTypeRef font;
@property CGFloat fontSize;
@property CGColorRef foregroundColor;
@property(getter=isWrapped) BOOL wrapped;
@property(copy) CATextLayerTruncationMode truncationMode;
@property(copy) CATextLayerAlignmentMode alignmentMode;
@end

@interface CAReplicatorLayer : CALayer
@property NSInteger instanceCount;
@property BOOL preservesDepth;
@property CFTimeInterval instanceDelay;
@property CATransform3D instanceTransform;
@property CGColorRef instanceColor;
@property float instanceRedOffset;
@property float instanceGreenOffset;
@property float instanceBlueOffset;
@property float instanceAlphaOffset;
@end

@interface CAGradientLayer : CALayer
@property(copy) NSArray *colors;
@property(copy) NSArray<NSNumber *> *locations;
@property CGPoint startPoint;
@property CGPoint endPoint;
@property(copy) CAGradientLayerType type;
@end

@interface CAEmitterCell : NSObject <CAMediaTiming>
+ (instancetype)emitterCell;
@property(copy) NSString *name;
@property(getter=isEnabled) BOOL enabled;
@property float birthRate;
@property float lifetime;
@property float lifetimeRange;
@property CGFloat emissionLatitude;
@property CGFloat emissionLongitude;
@property CGFloat emissionRange;
@property CGFloat velocity;
@property CGFloat velocityRange;
@property CGFloat xAcceleration;
@property CGFloat yAcceleration;
@property CGFloat zAcceleration;
@property CGFloat scale;
@property CGFloat scaleRange;
@property CGFloat scaleSpeed;
@property CGFloat spin;
@property CGFloat spinRange;
@property CGColorRef color;
@property float redRange;
@property float greenRange;
@property float blueRange;
@property float alphaRange;
@property float redSpeed;
@property float greenSpeed;
@property float blueSpeed;
@property float alphaSpeed;
@property(strong) id contents;
@property CGRect contentsRect;
@property CGFloat contentsScale;
@property(copy) NSString *minificationFilter;
@property(copy) NSString *magnificationFilter;
@property float minificationFilterBias;
@property(copy) NSArray<CAEmitterCell *> *emitterCells;
@property(copy) NSDictionary *style;
@end

@interface CAMediaTimingFunction : NSObject
+ (instancetype)functionWithName:(CAMediaTimingFunctionName)name;
+ (instancetype)functionWithControlPoints:(float)c1x :(float)c1y :(float)c2x :(float)c2y;
@end

@interface CAAnimation : NSObject <CAMediaTiming>
+ (instancetype)animation;
@property(strong) CAMediaTimingFunction *timingFunction;
@property(getter=isRemovedOnCompletion) BOOL removedOnCompletion;
@end

@interface CAPropertyAnimation : CAAnimation
+ (instancetype)animationWithKeyPath:(NSString *)path;
@property(copy) NSString *keyPath;
@property(getter=isAdditive) BOOL additive;
@property(getter=isCumulative) BOOL cumulative;
@end

@interface CABasicAnimation : CAPropertyAnimation
@property(strong) id fromValue;
@property(strong) id toValue;
@property(strong) id byValue;
@end

@interface CAKeyframeAnimation : CAPropertyAnimation
@property(copy) NSArray *values;
@property CGPathRef path;
@property(copy) NSArray<NSNumber *> *keyTimes;
@property(copy) NSArray<CAMediaTimingFunction *> *timingFunctions;
@property(copy) CAAnimationCalculationMode calculationMode;
@property(copy) NSArray<NSNumber *> *tensionValues;
@property(copy) NSArray<NSNumber *> *continuityValues;
@property(copy) NSArray<NSNumber *> *biasValues;
@property(copy) CAAnimationRotationMode rotationMode;
@end

@interface CASpringAnimation : CABasicAnimation
@property CGFloat mass;
@property CGFloat stiffness;
@property CGFloat damping;
@property CGFloat initialVelocity;
@property(readonly) CFTimeInterval settlingDuration;
@end

@interface CAAnimationGroup : CAAnimation
@property(copy) NSArray<CAAnimation *> *animations;
@end

@interface CATransition : CAAnimation
@property(copy) CATransitionType type;
@property(copy) CATransitionSubtype subtype;
@property float startProgress;
@property float endProgress;
@end

@interface NSValue (CATransform3DAdditions)
+ (NSValue *)valueWithCATransform3D:(CATransform3D)t;
@end

#endif
