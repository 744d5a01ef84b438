// Written for Burst's import tests: a view whose superclass, in another file, backs it with a
// CAEmitterLayer (`self.emitterLayer`) and calls `-setup` from its initializer; this file's
// `-setup`, which nothing here calls, only places that emitter, and `-show` gives it its cells.
#import "SpiralTouchView.h"

@implementation SpiralTouchView

- (void)setup {
    self.emitterLayer.emitterPosition = CGPointMake(CGRectGetMidX(self.bounds), CGRectGetMidY(self.bounds));
    self.emitterLayer.emitterShape = kCAEmitterLayerCircle;
    self.emitterLayer.emitterSize = CGSizeMake(40, 40);
}

- (void)show {
    CAEmitterCell *swirl = [CAEmitterCell emitterCell];
    swirl.name = @"swirl";
    swirl.birthRate = 25;
    swirl.lifetime = 2;
    swirl.velocity = 50;
    swirl.spin = M_PI;
    swirl.emissionRange = M_PI * 2;
    swirl.contents = (id)[[UIImage imageNamed:@"swirl"] CGImage];
    self.emitterLayer.emitterCells = @[swirl];
}

- (void)touchesMoved:(NSSet *)touches withEvent:(UIEvent *)event {
    CGPoint p = [[touches anyObject] locationInView:self];
    self.emitterLayer.emitterPosition = p;
}

@end
