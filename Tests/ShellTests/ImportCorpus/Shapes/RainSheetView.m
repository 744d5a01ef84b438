// Written for Burst's import tests: an Objective-C method definition with a `;` between its
// signature and its body (allowed, and common where a header's line was pasted), making the
// cells of a sheet of rain; the fast drop's speed read back with `valueForKeyPath:` and
// slowed.
#import "RainSheetView.h"

@implementation RainSheetView

- (void)awakeFromNib {
    [super awakeFromNib];
    CAEmitterLayer *sheet = [CAEmitterLayer layer];
    sheet.name = @"sheet";
    sheet.emitterPosition = CGPointMake(CGRectGetMidX(self.bounds), 0);
    sheet.emitterShape = kCAEmitterLayerLine;
    sheet.emitterSize = CGSizeMake(CGRectGetWidth(self.bounds), 1);
    sheet.emitterCells = @[[self dropWithSpeed:300 name:@"slow"], [self dropWithSpeed:450 name:@"fast"]];
    [self.layer addSublayer:sheet];
    float fast = [[sheet valueForKeyPath:@"emitterCells.fast.velocity"] floatValue];
    [sheet setValue:@(fast - 50) forKeyPath:@"emitterCells.fast.velocity"];
}

- (CAEmitterCell *)dropWithSpeed:(int)speed name:(NSString *)name;{
    CAEmitterCell *drop = [CAEmitterCell emitterCell];
    drop.name = name;
    drop.birthRate = 40;
    drop.lifetime = 2;
    drop.velocity = speed;
    drop.emissionLongitude = M_PI_2;
    drop.contents = (id)[[UIImage imageNamed:@"drop"] CGImage];
    return drop;
}

@end
