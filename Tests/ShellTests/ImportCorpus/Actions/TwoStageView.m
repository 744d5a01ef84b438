// Written for Burst's import tests: the setup schedules two blocks, the first adding a
// second emitter, the second (later) turning it down and the first off, through a key path and
// a property: the later block reaches the layer the earlier one built.
#import "TwoStageView.h"

@implementation TwoStageView {
    CAEmitterLayer *upper;
    CAEmitterLayer *lower;
}

- (instancetype)initWithFrame:(CGRect)frame {
    self = [super initWithFrame:frame];
    if (self) {
        upper = [CAEmitterLayer layer];
        upper.emitterPosition = CGPointMake(frame.size.width / 2, 0);
        lower = [CAEmitterLayer layer];
        lower.emitterPosition = CGPointMake(frame.size.width / 2, frame.size.height);
        CAEmitterCell *bit = [CAEmitterCell emitterCell];
        bit.name = @"bit";
        bit.birthRate = 20;
        bit.lifetime = 5;
        bit.velocity = 40;
        bit.emissionRange = M_PI;
        upper.emitterCells = @[bit];
        lower.emitterCells = @[bit];
        [self.layer addSublayer:upper];
        dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(0.5 * NSEC_PER_SEC)), dispatch_get_main_queue(), ^{
            [self.layer addSublayer:self->lower];
        });
        dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(2 * NSEC_PER_SEC)), dispatch_get_main_queue(), ^{
            [self->lower setValue:@3 forKeyPath:@"emitterCells.bit.birthRate"];
            self->upper.birthRate = 0;
        });
    }
    return self;
}
@end
