// Written for Burst's import tests: a view whose superclass (in another file, with
// +layerClass) declares the emitter layer it configures, set up by a kind given as a constant
// of an enumeration of another file, and an initializer that compares self with == (a slip
// that compiles).
#import "DriftView.h"

@implementation DriftView

- (instancetype)initWithFrame:(CGRect)frame {
  if (self == [super initWithFrame:frame]) {
    self.emitterLayer.emitterShape = kCAEmitterLayerLine;
    self.emitterLayer.emitterPosition = CGPointMake(frame.size.width / 2, 0);
    self.emitterLayer.emitterSize = CGSizeMake(frame.size.width, 1);
    [self setUpForKind:DriftKindPetals];
  }
  return self;
}

- (void)setUpForKind:(DriftKind)kind {
  CAEmitterCell *piece = [CAEmitterCell emitterCell];
  piece.name = @"piece";
  piece.lifetime = 8;
  piece.velocity = 30;
  piece.emissionLongitude = M_PI;
  if (kind == DriftKindPetals) {
    piece.birthRate = 6;
    piece.contents = (__bridge id)[UIImage imageNamed:@"petal"].CGImage;
  } else if (kind == DriftKindLeaves) {
    piece.birthRate = 3;
    piece.contents = (__bridge id)[UIImage imageNamed:@"leaf"].CGImage;
  }
  self.emitterLayer.emitterCells = @[piece];
}

@end
