// Written for Burst's import tests: an emitter layer subclass whose superclass and tint
// property are in its header; init keeps the tint in the property's instance variable, the
// cells are named by their index's stringValue, and a weak alias of self removes the layer.
#import "TwinkleDustLayer.h"

@implementation TwinkleDustLayer

- (instancetype)init {
    self = [super init];
    if (self) {
        _tint = [UIColor colorWithRed:0.4 green:0.8 blue:1.0 alpha:1.0];
        self.emitterShape = kCAEmitterLayerRectangle;
        self.emitterPosition = CGPointMake(150, 150);
        self.emitterSize = CGSizeMake(200, 200);
        NSMutableArray *cells = [NSMutableArray array];
        for (NSInteger i = 0; i < 2; i++) {
            [cells addObject:[self dustCellNamed:[@(i) stringValue] size:0.1 + 0.1 * i]];
        }
        self.emitterCells = cells;
    }
    return self;
}

- (CAEmitterCell *)dustCellNamed:(NSString *)name size:(CGFloat)size {
    CAEmitterCell *dust = [CAEmitterCell emitterCell];
    dust.name = name;
    dust.birthRate = 20;
    dust.lifetime = 3;
    dust.scale = size;
    dust.alphaSpeed = -0.3;
    dust.color = self.tint.CGColor;
    dust.contents = (__bridge id)[UIImage imageNamed:@"sparkle"].CGImage;
    return dust;
}

- (void)fadeAway {
    self.birthRate = 0;
    __weak typeof(self) weakSelf = self;
    dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(3 * NSEC_PER_SEC)),
                   dispatch_get_main_queue(), ^{
        [weakSelf removeFromSuperlayer];
    });
}

@end
