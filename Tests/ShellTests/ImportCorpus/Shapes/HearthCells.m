// Written for Burst's import tests: C's integer limits in a random macro (`arc4random() /
// UINT32_MAX`), casts to two-word C types (`(unsigned long)i`) inside a format, and a static C
// function that makes the cells.
#import "HearthView.h"
#import <QuartzCore/QuartzCore.h>

#define RANDOM_BETWEEN(lo, hi) ((lo) + ((float)arc4random() / UINT32_MAX) * ((hi) - (lo)))
#define kEmberKinds 3
static NSString * const kEmberPrefix = @"ember";

static CAEmitterCell *EmberCell(NSString *name, UIColor *tint) {
    CAEmitterCell *cell = [[CAEmitterCell alloc] init];
    [cell setName:name];
    [cell setBirthRate:RANDOM_BETWEEN(20, 30)];
    [cell setLifetime:1.5f];
    [cell setVelocity:RANDOM_BETWEEN(40, 60)];
    [cell setEmissionLongitude:-M_PI_2];
    [cell setEmissionRange:M_PI_4];
    [cell setColor:[tint CGColor]];
    [cell setContents:(__bridge id)[[UIImage imageNamed:@"ember"] CGImage]];
    return cell;
}

@implementation HearthView {
    CAEmitterLayer *_hearth;
}

- (id)initWithCoder:(NSCoder *)aDecoder {
    if ((self = [super initWithCoder:aDecoder])) {
        [self buildHearth];
    }
    return self;
}

- (void)buildHearth {
    _hearth = [CAEmitterLayer layer];
    _hearth.name = @"hearth";
    _hearth.emitterPosition = CGPointMake(CGRectGetMidX(self.bounds), CGRectGetMaxY(self.bounds));
    _hearth.emitterSize = CGSizeMake(CGRectGetWidth(self.bounds) / 2, 0);
    _hearth.emitterShape = kCAEmitterLayerLine;
    NSMutableArray *cells = [NSMutableArray arrayWithCapacity:kEmberKinds];
    NSArray *tints = @[[UIColor orangeColor], [UIColor redColor], [UIColor yellowColor]];
    for (NSUInteger i = 0; i < kEmberKinds; i++) {
        NSString *name = [NSString stringWithFormat:@"%@%lu", kEmberPrefix, (unsigned long)i];
        [cells addObject:EmberCell(name, tints[i])];
    }
    _hearth.emitterCells = cells;
    [self.layer addSublayer:_hearth];
}
@end
