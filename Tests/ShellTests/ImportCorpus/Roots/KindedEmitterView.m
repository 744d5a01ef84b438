// Written for Burst's import tests: a view whose only initializer takes a kind declared in its
// header (another file); the kind picks which effect the view sets up.
#import "KindedEmitterView.h"

@implementation KindedEmitterView {
  KEVKind _kind;
}

+ (Class)layerClass {
  return [CAEmitterLayer class];
}

- (instancetype)initWithKind:(KEVKind)kind {
  if (self = [super initWithFrame:CGRectZero]) {
    _kind = kind;
    if (_kind == KEVKindEmbers) {
      [self setUpEmbers];
    } else if (_kind == KEVKindBubbles) {
      [self setUpBubbles];
    }
  }
  return self;
}

- (void)setUpEmbers {
  CAEmitterLayer *layer = (CAEmitterLayer *)self.layer;
  layer.emitterPosition = CGPointMake(150, 280);
  CAEmitterCell *ember = [CAEmitterCell emitterCell];
  ember.name = @"ember";
  ember.birthRate = 30;
  ember.lifetime = 2;
  ember.velocity = 70;
  ember.emissionLongitude = -M_PI_2;
  ember.emissionRange = M_PI_4;
  ember.contents = (id)[UIImage imageNamed:@"spark"].CGImage;
  layer.emitterCells = @[ember];
}

- (void)setUpBubbles {
  CAEmitterLayer *layer = (CAEmitterLayer *)self.layer;
  layer.emitterPosition = CGPointMake(150, 300);
  CAEmitterCell *bubble = [CAEmitterCell emitterCell];
  bubble.name = @"bubble";
  bubble.birthRate = 8;
  bubble.lifetime = 4;
  bubble.velocity = 40;
  bubble.contents = (id)[UIImage imageNamed:@"bubble"].CGImage;
  layer.emitterCells = @[bubble];
}

@end
