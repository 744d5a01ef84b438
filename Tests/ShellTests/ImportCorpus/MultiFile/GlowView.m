#import "GlowView.h"

@implementation GlowView

- (instancetype)initWithFrame:(CGRect)frame {
    if (self = [super initWithFrame:frame]) {
        self.glow = [CAEmitterLayer layer];
        self.glow.emitterPosition = CGPointMake(CGRectGetMidX(self.bounds), CGRectGetMidY(self.bounds));
        CAEmitterCell *mote = [CAEmitterCell emitterCell];
        mote.birthRate = kGlowRate;
        mote.lifetime = 2;
        mote.velocity = 30;
        mote.emissionRange = M_PI * 2;
        mote.color = kGlowColor.CGColor;
        mote.contents = (id)[UIImage imageNamed:@"spark"].CGImage;
        self.glow.emitterCells = @[mote];
        [self.layer addSublayer:self.glow];
    }
    return self;
}

@end
