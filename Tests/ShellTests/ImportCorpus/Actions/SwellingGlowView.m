// Written for Burst's import tests: an Objective-C timer made with a block and handed to the
// main run loop, and a display link added to it, each becoming a repeating schedule; the link's
// method nudges the emitter through a local copy of its position (`p.y -= 0.5`), as
// Objective-C changes a struct property.
#import "SwellingGlowView.h"

@implementation SwellingGlowView {
    CAEmitterLayer *_glow;
    CADisplayLink *_frameLink;
}

- (instancetype)initWithFrame:(CGRect)frame {
    self = [super initWithFrame:frame];
    if (self) {
        _glow = [CAEmitterLayer layer];
        _glow.name = @"glow";
        _glow.emitterPosition = CGPointMake(CGRectGetMidX(frame), CGRectGetMidY(frame));
        _glow.birthRate = 0;
        CAEmitterCell *mote = [CAEmitterCell emitterCell];
        mote.name = @"mote";
        mote.birthRate = 40;
        mote.lifetime = 1;
        mote.velocity = 30;
        mote.emissionRange = M_PI * 2;
        mote.contents = (id)[[UIImage imageNamed:@"glow"] CGImage];
        _glow.emitterCells = @[mote];
        [self.layer addSublayer:_glow];

        NSTimer *swell = [NSTimer timerWithTimeInterval:0.5 repeats:YES block:^(NSTimer *timer) {
            self->_glow.birthRate += 0.25;
        }];
        [[NSRunLoop mainRunLoop] addTimer:swell forMode:NSRunLoopCommonModes];
        _frameLink = [CADisplayLink displayLinkWithTarget:self selector:@selector(spin:)];
        [_frameLink addToRunLoop:[NSRunLoop mainRunLoop] forMode:NSDefaultRunLoopMode];
    }
    return self;
}

- (void)spin:(CADisplayLink *)link {
    [_glow setValue:@(M_PI) forKeyPath:@"emitterCells.mote.emissionLongitude"];
    CGPoint p = _glow.emitterPosition;
    p.y -= 0.5;
    _glow.emitterPosition = p;
}
@end
