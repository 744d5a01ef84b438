// Written for Burst's import tests: a CAEmitterLayer subclass whose header (not shown) declares
// it; it calls itself `host`, chains initializers, keeps its own property and is made by a
// class factory of its own.
#import "GlitterLayer.h"

@interface GlitterLayer ()
@property (nonatomic, strong) NSArray *imageNames;
@end

@implementation GlitterLayer {
    GlitterLayer *host;
}

+ (GlitterLayer *)glitterOnView:(UIView *)view {
    GlitterLayer *layer = [[GlitterLayer alloc] init];
    [view.layer addSublayer:layer];
    return layer;
}

- (id)init {
    self = [super init];
    if (self) {
        self = [self initWithImageNames:@[@"star", @"spark"]];
    }
    return self;
}

- (id)initWithImageNames:(NSArray *)names {
    self = [super init];
    if (self) {
        self.imageNames = names;
        [self configure];
    }
    return self;
}

- (void)configure {
    host = self;
    host.emitterPosition = CGPointMake(100, 100);
    host.emitterShape = kCAEmitterLayerCircle;
    host.emitterSize = CGSizeMake(40, 0);
    NSMutableArray *cells = [NSMutableArray array];
    for (NSString *name in self.imageNames) {
        CAEmitterCell *cell = [CAEmitterCell emitterCell];
        cell.name = name;
        cell.birthRate = 20;
        cell.lifetime = 2;
        cell.velocity = 30;
        cell.contents = (id)[[UIImage imageNamed:name] CGImage];
        [cells addObject:cell];
    }
    host.emitterCells = cells;
}

@end
