#import <UIKit/UIKit.h>

@implementation DriftFactory

// A class method the app calls with its own view's geometry.
+ (CAEmitterLayer *)driftEmitterAt:(CGPoint)position size:(CGSize)size {
    CAEmitterLayer *drift = [CAEmitterLayer layer];
    drift.emitterPosition = position;
    drift.emitterSize = size;
    drift.emitterShape = kCAEmitterLayerRectangle;

    CAEmitterCell *mote = [CAEmitterCell emitterCell];
    mote.birthRate = 30.f;
    mote.lifetime = 4.0f;
    mote.velocity = 20;
    mote.emissionRange = M_PI * 2;
    mote.contents = (id)[[UIImage imageNamed:@"dot"] CGImage];

    CAEmitterCell *speck = [[CAEmitterCell alloc] init];
    speck.birthRate = 10;
    speck.lifetime = 2;
    speck.velocity = 40;

    NSMutableArray *cells = [[NSMutableArray alloc] init];
    [cells addObject:mote];
    drift.emitterCells = [NSArray arrayWithArray:cells];
    speck.emitterCells = [NSArray arrayWithObjects:mote, nil];
    drift.emitterCells = [NSArray arrayWithObjects:mote, speck, nil];
    return drift;
}

@end
