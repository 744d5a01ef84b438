// Written for Burst's import tests: a view whose particle image depends on a kind from an
// NS_ENUM its header declares (in another file); the kind is never set here, so it holds 0,
// the enumeration's first constant.
#import "BadgeBurstView.h"

@interface BadgeBurstView ()
@property (nonatomic) BadgeKind kind;
@property (nonatomic, strong) CAEmitterLayer *burst;
@end

@implementation BadgeBurstView

- (instancetype)initWithFrame:(CGRect)frame {
    if (self = [super initWithFrame:frame]) {
        self.burst = [CAEmitterLayer layer];
        self.burst.emitterPosition = CGPointMake(CGRectGetMidX(frame), CGRectGetMidY(frame));
        CAEmitterCell *badge = [CAEmitterCell emitterCell];
        badge.birthRate = 8;
        badge.lifetime = 1.5;
        badge.velocity = 70;
        badge.emissionRange = 2 * M_PI;
        badge.contents = (id)[UIImage imageNamed:[self imageNameForKind:self.kind]].CGImage;
        self.burst.emitterCells = @[badge];
        [self.layer addSublayer:self.burst];
    }
    return self;
}

- (NSString *)imageNameForKind:(BadgeKind)kind {
    switch (kind) {
        case BadgeKindGold:
            return @"star";
        case BadgeKindSilver:
            return @"sparkle";
        default:
            return @"dot";
    }
}

@end
