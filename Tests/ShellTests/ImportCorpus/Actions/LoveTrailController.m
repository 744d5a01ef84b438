// Written for Burst's import tests: a button's action makes a dot, gives it a looping path
// animation, and only then puts it in a replicator added to the view (the animation waits in
// the layer until it is shown, as on iOS).
#import <UIKit/UIKit.h>

@interface LoveTrailController : UIViewController
@property (nonatomic, strong) CAEmitterLayer *glow;
@end

@implementation LoveTrailController

- (void)viewDidLoad {
  [super viewDidLoad];
  self.glow = [CAEmitterLayer layer];
  self.glow.emitterPosition = CGPointMake(150, 150);
  CAEmitterCell *mote = [CAEmitterCell emitterCell];
  mote.name = @"mote";
  mote.birthRate = 10;
  mote.lifetime = 2;
  mote.velocity = 30;
  mote.emissionRange = M_PI * 2;
  mote.contents = (id)[UIImage imageNamed:@"dot"].CGImage;
  self.glow.emitterCells = @[mote];
  [self.view.layer addSublayer:self.glow];
}

- (IBAction)showTrail:(id)sender {
  UIBezierPath *loop = [UIBezierPath bezierPath];
  [loop moveToPoint:CGPointMake(150, 100)];
  [loop addQuadCurveToPoint:CGPointMake(150, 250) controlPoint:CGPointMake(280, 40)];
  [loop addQuadCurveToPoint:CGPointMake(150, 100) controlPoint:CGPointMake(20, 40)];
  [loop closePath];

  UIView *dot = [[UIView alloc] initWithFrame:CGRectMake(0, 0, 8, 8)];
  dot.backgroundColor = [UIColor whiteColor];
  CAKeyframeAnimation *travel = [CAKeyframeAnimation animationWithKeyPath:@"position"];
  travel.path = loop.CGPath;
  travel.duration = 4;
  travel.repeatCount = HUGE_VALF;
  [dot.layer addAnimation:travel forKey:@"travel"];

  CAReplicatorLayer *trail = [CAReplicatorLayer layer];
  trail.instanceCount = 12;
  trail.instanceDelay = 0.1;
  [trail addSublayer:dot.layer];
  [self.view.layer addSublayer:trail];
}

@end
