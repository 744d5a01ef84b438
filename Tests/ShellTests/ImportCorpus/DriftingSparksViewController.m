// DriftingSparksViewController.m — an import corpus sample written for Burst: sparks that slow,
// turn to their direction of motion and are pulled toward the middle, made with Core
// Animation's private emitter behaviours from Objective-C ([CAEmitterBehavior
// behaviorWithType:], setValue:forKey: on each, and the layer's "emitterBehaviors" key path).
#import <UIKit/UIKit.h>

@interface DriftingSparksViewController : UIViewController
@end

@implementation DriftingSparksViewController {
  CAEmitterLayer *_sparks;
}

- (void)viewDidLoad {
  [super viewDidLoad];
  _sparks = [CAEmitterLayer layer];
  _sparks.emitterPosition = CGPointMake(120, 160);
  _sparks.emitterShape = kCAEmitterLayerPoint;

  CAEmitterCell *spark = [CAEmitterCell emitterCell];
  spark.name = @"spark";
  spark.birthRate = 40;
  spark.lifetime = 3;
  spark.velocity = 120;
  spark.emissionRange = M_PI;
  spark.scale = 0.3;
  spark.contents = (__bridge id)[UIImage imageNamed:@"spark"].CGImage;
  _sparks.emitterCells = @[spark];

  id drag = [CAEmitterBehavior behaviorWithType:@"drag"];
  [drag setValue:@0.8 forKey:@"drag"];
  id align = [NSClassFromString(@"CAEmitterBehavior") behaviorWithType:@"alignToMotion"];
  [align setValue:@"align" forKey:@"name"];
  id pull = [CAEmitterBehavior behaviorWithType:@"attractor"];
  [pull setValue:@"pull" forKey:@"name"];
  [pull setValue:[NSValue valueWithCGPoint:CGPointMake(120, 160)] forKey:@"position"];
  [pull setValue:@150 forKey:@"radius"];
  [pull setValue:@2 forKey:@"stiffness"];
  [_sparks setValue:@[drag, align, pull] forKey:@"emitterBehaviors"];
  [_sparks setValue:@3 forKeyPath:@"emitterBehaviors.pull.stiffness"];
  [self.view.layer addSublayer:_sparks];
}

@end
