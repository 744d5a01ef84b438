// Written for Burst's import tests: a category method nothing in the file calls, and a view
// whose emitter is made the first time its getter runs, read with dot syntax.
#import "LazyEmitterView.h"

@implementation UIView (Drizzle)

- (void)addDrizzleWithRate:(CGFloat)rate {
    CAEmitterLayer *drizzle = [CAEmitterLayer layer];
    drizzle.emitterPosition = CGPointMake(self.bounds.size.width / 2, 0);
    drizzle.emitterSize = CGSizeMake(self.bounds.size.width, 0);
    drizzle.emitterShape = kCAEmitterLayerLine;
    CAEmitterCell *drop = [CAEmitterCell emitterCell];
    drop.birthRate = 20 * rate;
    drop.lifetime = 3;
    drop.velocity = 80;
    drop.emissionLongitude = M_PI;
    drop.contents = (id)[UIImage imageNamed:@"drop"].CGImage;
    drizzle.emitterCells = @[drop];
    [self.layer addSublayer:drizzle];
}

@end

@implementation LazyEmitterView

- (CAEmitterLayer *)sparkle {
    if (!_sparkle) {
        _sparkle = [CAEmitterLayer layer];
        _sparkle.emitterPosition = CGPointMake(60, 60);
        [self.layer addSublayer:_sparkle];
    }
    return _sparkle;
}

- (void)didMoveToSuperview {
    CAEmitterCell *glint = [CAEmitterCell emitterCell];
    glint.name = @"glint";
    glint.birthRate = 12;
    glint.lifetime = 2;
    glint.velocity = 20;
    glint.contents = (id)[UIImage imageNamed:@"sparkle"].CGImage;
    self.sparkle.emitterCells = @[glint];
    self.sparkle.birthRate = 2;
}

@end
