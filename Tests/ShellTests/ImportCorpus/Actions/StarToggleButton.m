// Written for Burst's import tests: a button whose tap toggles a BOOL instance variable declared
// in the class extension's brace block and bursts only when it turns on; the other instance
// variables (an emitter, a count) start at nil and 0 as Objective-C starts them.
#import <UIKit/UIKit.h>

@interface StarToggleButton () {
    BOOL starred;
    NSInteger taps;
    CAEmitterLayer *stars;
}
@end

@implementation StarToggleButton

- (instancetype)initWithFrame:(CGRect)frame {
    self = [super initWithFrame:frame];
    if (self) {
        if (stars == nil) {
            stars = [CAEmitterLayer layer];
        }
        stars.emitterPosition = CGPointMake(CGRectGetMidX(self.bounds), CGRectGetMidY(self.bounds));
        CAEmitterCell *star = [CAEmitterCell emitterCell];
        star.name = @"star";
        star.birthRate = 0;
        star.lifetime = 1.2;
        star.velocity = 60;
        star.emissionRange = M_PI * 2;
        star.contents = (id)[UIImage imageNamed:@"star"].CGImage;
        stars.emitterCells = @[star];
        [self.layer addSublayer:stars];
        [self addTarget:self action:@selector(toggle) forControlEvents:UIControlEventTouchUpInside];
    }
    return self;
}

- (void)toggle {
    starred = !starred;
    taps = taps + 1;
    if (starred) {
        [stars setValue:@(40 + taps) forKeyPath:@"emitterCells.star.birthRate"];
    } else {
        [stars setValue:@0 forKeyPath:@"emitterCells.star.birthRate"];
    }
}

@end
