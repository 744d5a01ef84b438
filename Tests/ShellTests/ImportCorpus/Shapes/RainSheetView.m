// Written for Burst's import tests: an Objective-C method definition with a `;` between its
// signature and its body (allowed, and common where a header's line was pasted), making the
// cells of a sheet of rain.
#import "RainSheetView.h"

@implementation RainSheetView

- (void)awakeFromNib {
    [super awakeFromNib];
    CAEmitterLayer *sheet = [CAEmitterLayer layer];
    sheet.name = @"sheet";
    sheet.emitterPosition = CGPointMake(CGRectGetMidX(self.bounds), 0);
    sheet.emitterShape = kCAEmitterLayerLine;
    sheet.emitterSize = CGSizeMake(CGRectGetWidth(self.bounds), 1);
    sheet.emitterCells = @[[self dropWithSpeed:300], [self dropWithSpeed:450]];
    [self.layer addSublayer:sheet];
}

- (CAEmitterCell *)dropWithSpeed:(int)speed;{
    CAEmitterCell *drop = [CAEmitterCell emitterCell];
    drop.birthRate = 40;
    drop.lifetime = 2;
    drop.velocity = speed;
    drop.emissionLongitude = M_PI_2;
    drop.contents = (id)[[UIImage imageNamed:@"drop"] CGImage];
    return drop;
}

@end
