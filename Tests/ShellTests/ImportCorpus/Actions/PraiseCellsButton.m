// Written for Burst's import tests: a button that keeps its cells in a property of its own
// named emitterCells (so self is not an emitter), taps checked for the recognised state, and
// one of its layers made with the copying initializer's spelling.
#import "PraiseCellsButton.h"

@interface PraiseCellsButton ()
@property (nonatomic, strong) NSArray *emitterCells;
@property (nonatomic, strong) CAEmitterLayer *burstLayer;
@end

@implementation PraiseCellsButton

- (void)awakeFromNib {
    [super awakeFromNib];
    CAEmitterCell *thumb = [CAEmitterCell emitterCell];
    thumb.name = @"thumb";
    thumb.birthRate = 0;
    thumb.lifetime = 1;
    thumb.velocity = 80;
    thumb.emissionRange = M_PI;
    thumb.color = [UIColor colorWithDisplayP3Red:1.0 green:0.5 blue:0.0 alpha:1.0].CGColor;
    thumb.contents = (id)[UIImage imageNamed:@"like"].CGImage;
    self.emitterCells = @[thumb];

    self.burstLayer = [CAEmitterLayer layer];
    self.burstLayer.emitterPosition = CGPointMake(150, 150);
    self.burstLayer.emitterCells = self.emitterCells;
    [self.layer addSublayer:self.burstLayer];
}

- (void)tapped:(UITapGestureRecognizer *)tap {
    if (tap.state == UIGestureRecognizerStateRecognized) {
        [self.burstLayer setValue:@300 forKeyPath:@"emitterCells.thumb.birthRate"];
    }
}

@end
