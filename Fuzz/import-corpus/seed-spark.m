#import <UIKit/UIKit.h>

@interface SparkView : UIView
@property (nonatomic, strong) CAEmitterLayer *sparks;
@end

@implementation SparkView
- (instancetype)initWithFrame:(CGRect)frame {
  if ((self = [super initWithFrame:frame])) {
    _sparks = [CAEmitterLayer layer];
    _sparks.emitterPosition = CGPointMake(frame.size.width / 2, frame.size.height / 2);
    _sparks.emitterShape = kCAEmitterLayerCircle;
    CAEmitterCell *dot = [CAEmitterCell emitterCell];
    dot.birthRate = 40;
    dot.lifetime = 1.5;
    dot.velocity = 80;
    dot.emissionRange = M_PI * 2;
    dot.color = [UIColor orangeColor].CGColor;
    _sparks.emitterCells = @[dot];
    [self.layer addSublayer:_sparks];
  }
  return self;
}
@end
