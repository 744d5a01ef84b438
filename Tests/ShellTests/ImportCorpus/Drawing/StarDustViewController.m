// Burst's import corpus: sparks whose images an Objective-C controller draws with Core
// Graphics' C functions, UIKit's fill helpers, a block-based renderer, and an image drawn into
// another; an emoji drawn as text stays a stand-in. Written for Burst's tests.
#import <UIKit/UIKit.h>

@interface StarDustViewController : UIViewController
@end

@implementation StarDustViewController {
  CAEmitterLayer *_dust;
}

- (UIImage *)glowWithRadius:(CGFloat)radius {
  UIGraphicsBeginImageContext(CGSizeMake(radius * 2, radius * 2));
  CGContextRef context = UIGraphicsGetCurrentContext();
  CGContextSetRGBFillColor(context, 1.0, 0.8, 0.2, 1.0);
  CGContextAddArc(context, radius, radius, radius, 0, 2 * M_PI, 0);
  CGContextFillPath(context);
  UIImage *image = UIGraphicsGetImageFromCurrentImageContext();
  UIGraphicsEndImageContext();
  return image;
}

- (UIImage *)framed:(UIImage *)inner {
  UIGraphicsBeginImageContextWithOptions(inner.size, NO, 0);
  [[UIColor whiteColor] setFill];
  UIRectFill(CGRectMake(0, 0, inner.size.width, inner.size.height));
  [inner drawInRect:CGRectMake(0, 0, inner.size.width, inner.size.height)];
  UIImage *framed = UIGraphicsGetImageFromCurrentImageContext();
  UIGraphicsEndImageContext();
  return framed;
}

- (UIImage *)diamond {
  UIGraphicsImageRenderer *renderer =
      [[UIGraphicsImageRenderer alloc] initWithSize:CGSizeMake(8, 8)];
  return [renderer imageWithActions:^(UIGraphicsImageRendererContext *ctx) {
    UIBezierPath *path = [UIBezierPath bezierPath];
    [path moveToPoint:CGPointMake(4, 0)];
    [path addLineToPoint:CGPointMake(8, 4)];
    [path addLineToPoint:CGPointMake(4, 8)];
    [path addLineToPoint:CGPointMake(0, 4)];
    [path closePath];
    [[UIColor cyanColor] setFill];
    [path fill];
    CGContextSetStrokeColorWithColor(ctx.CGContext, [UIColor blueColor].CGColor);
    CGContextSetLineWidth(ctx.CGContext, 1);
    CGContextStrokeRect(ctx.CGContext, CGRectMake(0.5, 0.5, 7, 7));
  }];
}

- (UIImage *)emoji {
  UIGraphicsBeginImageContextWithOptions(CGSizeMake(20, 20), NO, 0);
  [@"✨" drawAtPoint:CGPointZero withAttributes:@{}];
  UIImage *image = UIGraphicsGetImageFromCurrentImageContext();
  UIGraphicsEndImageContext();
  return image;
}

- (void)viewDidLoad {
  [super viewDidLoad];
  _dust = [CAEmitterLayer layer];
  _dust.emitterPosition = CGPointMake(150, 150);
  _dust.emitterShape = kCAEmitterLayerCircle;
  _dust.emitterSize = CGSizeMake(40, 40);

  CAEmitterCell *glow = [CAEmitterCell emitterCell];
  glow.name = @"glow";
  glow.birthRate = 30;
  glow.lifetime = 2;
  glow.velocity = 40;
  glow.emissionRange = 2 * M_PI;
  glow.contents = (__bridge id)[self framed:[self glowWithRadius:3]].CGImage;

  CAEmitterCell *diamond = [CAEmitterCell emitterCell];
  diamond.name = @"diamond";
  diamond.birthRate = 10;
  diamond.lifetime = 2;
  diamond.velocity = 60;
  diamond.emissionRange = 2 * M_PI;
  diamond.contents = (id)[self diamond].CGImage;

  CAEmitterCell *twinkle = [CAEmitterCell emitterCell];
  twinkle.name = @"twinkle";
  twinkle.birthRate = 5;
  twinkle.lifetime = 2;
  twinkle.velocity = 20;
  twinkle.contents = (id)[self emoji].CGImage;

  _dust.emitterCells = @[glow, diamond, twinkle];
  [self.view.layer addSublayer:_dust];
}

@end
