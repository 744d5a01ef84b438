// Written for Burst's import tests: a view whose emitter comes from its superclass (in another
// file); its set-up places it, and the dark drops are built by the method the app calls to
// show them.
#import "InkDropsView.h"

@implementation InkDropsView

- (instancetype)initWithFrame:(CGRect)frame {
  self = [super initWithFrame:frame];
  if (self) {
    [self setUp];
  }
  return self;
}

- (void)setUp {
  self.emitterLayer.emitterShape = kCAEmitterLayerLine;
  self.emitterLayer.emitterSize = CGSizeMake(self.bounds.size.width, 1);
  self.emitterLayer.emitterPosition = CGPointMake(self.bounds.size.width / 2, 10);
}

- (void)showDrops {
  CAEmitterCell *drop = [CAEmitterCell emitterCell];
  drop.name = @"drop";
  drop.birthRate = 25;
  drop.lifetime = 3;
  drop.velocity = 90;
  drop.emissionLongitude = M_PI;
  drop.color = [UIColor colorWithWhite:0.1 alpha:1].CGColor;
  drop.contents = (id)[UIImage imageNamed:@"drop"].CGImage;
  self.emitterLayer.emitterCells = @[drop];
}

@end
