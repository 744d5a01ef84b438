// Written for Burst's import tests: C compound literals where Objective-C code writes geometry
// without the CGPointMake family: positional, designated (in any order) and nested.
#import <UIKit/UIKit.h>

@implementation SmokeView
- (instancetype)initWithFrame:(CGRect)frame {
    self = [super initWithFrame:frame];
    if (self) {
        CAEmitterLayer *smoke = [CAEmitterLayer layer];
        CGPoint p = (CGPoint){self.bounds.size.width * 0.5f, self.bounds.size.height * 0.5f};
        smoke.emitterPosition = p;
        [smoke setEmitterSize:(CGSize){.height = 4.0f, .width = 10.0f}];
        smoke.frame = (CGRect){{0, 0}, {320, 240}};
        CAEmitterCell *puff = [CAEmitterCell emitterCell];
        puff.birthRate = 5; puff.lifetime = 2;
        smoke.emitterCells = @[puff];
        [self.layer addSublayer:smoke];
    }
    return self;
}
@end
