// Written for Burst's import tests: a switch whose cases are C compound statements
// (`case K: { …; break; }`), on an initializer's parameter that the convenience initializer
// gives a constant of the header (another file).
#import "GlintKindView.h"

@implementation GlintKindView {
    CAEmitterLayer *_glints;
}

- (instancetype)initWithFrame:(CGRect)frame {
    return [self initWithFrame:frame kind:GlintKindShower];
}

- (instancetype)initWithFrame:(CGRect)frame kind:(GlintKind)kind {
    self = [super initWithFrame:frame];
    if (self) {
        _glints = [CAEmitterLayer layer];
        _glints.emitterPosition = CGPointMake(150, 40);
        _glints.emitterShape = kCAEmitterLayerPoint;
        CAEmitterCell *glint = [CAEmitterCell emitterCell];
        glint.name = @"glint";
        glint.lifetime = 3;
        switch (kind) {
            case GlintKindSparkle: {
                glint.birthRate = 4;
                glint.velocity = 20;
                break;
            }
            case GlintKindShower: {
                glint.birthRate = 30;
                if (glint.birthRate > 10) {
                    glint.velocity = 90;
                    break;
                }
                glint.velocity = 1;
                break;
            }
            default: {
                glint.birthRate = 1;
            }
        }
        glint.emissionLongitude = M_PI_2;
        glint.contents = (id)[UIImage imageNamed:@"glint"].CGImage;
        _glints.emitterCells = @[glint];
        [self.layer addSublayer:_glints];
    }
    return self;
}

@end
