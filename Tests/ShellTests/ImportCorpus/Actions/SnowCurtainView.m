// Written for Burst's import tests: a view prepares a snow layer it does not add; start adds
// it (after turning its cell on by key path) and stop removes it.
#import "SnowCurtainView.h"

@implementation SnowCurtainView

+ (Class)layerClass {
    return [CAEmitterLayer class];
}

- (instancetype)initWithFrame:(CGRect)frame {
    self = [super initWithFrame:frame];
    if (self) {
        CAEmitterLayer *snow = [CAEmitterLayer layer];
        snow.emitterPosition = CGPointMake(CGRectGetMidX(frame), 0);
        snow.emitterSize = CGSizeMake(frame.size.width, 1);
        snow.emitterShape = kCAEmitterLayerLine;
        CAEmitterCell *flake = [CAEmitterCell emitterCell];
        flake.name = @"flake";
        flake.birthRate = 0;
        flake.lifetime = 6;
        flake.velocity = 30;
        flake.emissionLongitude = M_PI;
        flake.contents = (id)[[UIImage imageNamed:@"snow"] CGImage];
        snow.emitterCells = @[flake];
        self.snowLayer = snow;
    }
    return self;
}

- (void)start {
    [self.snowLayer setValue:@12 forKeyPath:@"emitterCells.flake.birthRate"];
    [self.layer addSublayer:self.snowLayer];
}

- (void)stop {
    [self.snowLayer removeFromSuperlayer];
}

@end
