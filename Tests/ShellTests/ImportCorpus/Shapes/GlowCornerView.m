// Written for Burst's import tests: an Objective-C view whose cell factory follows a '# pragma
// mark' written with a space after the '#', as some code bases format it.
#import <UIKit/UIKit.h>

@implementation GlowCornerView

- (instancetype)initWithFrame:(CGRect)frame {
    self = [super initWithFrame:frame];
    if (self) {
        CAEmitterLayer *corner = [CAEmitterLayer layer];
        corner.emitterPosition = CGPointMake(20, 20);
        corner.emitterCells = @[[self glowCell]];
        [self.layer addSublayer:corner];
    }
    return self;
}

# pragma mark - Cells

- (CAEmitterCell *)glowCell {
    CAEmitterCell *glow = [CAEmitterCell emitterCell];
    glow.birthRate = 12;
    glow.lifetime = 2;
    glow.velocity = 30;
    return glow;
}

@end
