// Written for Burst's import tests, modelled on togethter/Animation (an emitter built in
// viewDidLoad with kCAEmitterLayer constants) and BearRan/AnimaitonExplainDemo (a box view made
// with initWithFrame:, keyframe and basic animations with HUGE_VALF repeats and a beginTime of
// CACurrentMediaTime() + d): a beacon that pulses, a halo group, and a status view faded in
// with UIView's block API.
#import "PulseViewController.h"

@interface PulseViewController ()
@property (nonatomic, strong) CAEmitterLayer *beacon;
@property (nonatomic, strong) UIView *statusView;
@end

@implementation PulseViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.view.backgroundColor = [UIColor colorWithWhite:0.08 alpha:1];

    CAEmitterLayer *beacon = [CAEmitterLayer layer];
    beacon.frame = CGRectMake(0, 0, 240, 240);
    beacon.emitterPosition = CGPointMake(120, 120);
    beacon.emitterShape = kCAEmitterLayerCircle;
    beacon.emitterMode = kCAEmitterLayerOutline;
    beacon.emitterSize = CGSizeMake(30, 30);
    beacon.renderMode = kCAEmitterLayerAdditive;

    CAEmitterCell *ring = [CAEmitterCell emitterCell];
    ring.name = @"ring";
    ring.birthRate = 40;
    ring.lifetime = 1.5;
    ring.velocity = 35;
    ring.emissionRange = 2 * M_PI;
    ring.scale = 0.2;
    ring.alphaSpeed = -0.6;
    ring.color = [UIColor colorWithRed:0.3 green:0.8 blue:1.0 alpha:1.0].CGColor;
    ring.contents = (__bridge id)[UIImage imageNamed:@"ring"].CGImage;
    beacon.emitterCells = @[ring];
    [self.view.layer addSublayer:beacon];
    self.beacon = beacon;

    CABasicAnimation *pulse = [CABasicAnimation animationWithKeyPath:@"transform.scale"];
    pulse.fromValue = @1.0;
    pulse.toValue = @1.3;
    pulse.duration = 0.8;
    pulse.autoreverses = YES;
    pulse.repeatCount = HUGE_VALF;
    pulse.timingFunction = [CAMediaTimingFunction functionWithName:kCAMediaTimingFunctionEaseInEaseOut];
    [beacon addAnimation:pulse forKey:@"pulse"];

    CAKeyframeAnimation *flicker = [CAKeyframeAnimation animationWithKeyPath:@"emitterCells.ring.birthRate"];
    flicker.values = @[@40, @120, @40];
    flicker.keyTimes = @[@0, @0.3, @1];
    flicker.timingFunctions = @[
        [CAMediaTimingFunction functionWithName:kCAMediaTimingFunctionEaseOut],
        [CAMediaTimingFunction functionWithControlPoints:0.4 :0 :0.2 :1]
    ];
    flicker.duration = 2;
    flicker.beginTime = CACurrentMediaTime() + 0.5;
    flicker.repeatCount = MAXFLOAT;
    [beacon addAnimation:flicker forKey:nil];

    UIView *statusView = [[UIView alloc] initWithFrame:CGRectMake(70, 200, 100, 24)];
    statusView.backgroundColor = [UIColor colorWithRed:0.3 green:0.8 blue:1.0 alpha:1.0];
    statusView.layer.cornerRadius = 12;
    statusView.alpha = 0;
    [self.view addSubview:statusView];
    self.statusView = statusView;

    CABasicAnimation *grow = [CABasicAnimation animationWithKeyPath:@"bounds.size.width"];
    grow.fromValue = @40;
    grow.toValue = @100;
    CABasicAnimation *glow = [CABasicAnimation animationWithKeyPath:@"opacity"];
    glow.fromValue = @0.4;
    glow.toValue = @1;
    CAAnimationGroup *halo = [CAAnimationGroup animation];
    halo.animations = @[grow, glow];
    halo.duration = 0.6;
    halo.fillMode = kCAFillModeBackwards;
    halo.beginTime = CACurrentMediaTime() + 0.2;
    [statusView.layer addAnimation:halo forKey:@"halo"];

    [UIView animateWithDuration:0.4
                          delay:0.2
                        options:UIViewAnimationOptionCurveEaseOut | UIViewAnimationOptionAllowUserInteraction
                     animations:^{
                         statusView.alpha = 1;
                         statusView.center = CGPointMake(120, 180);
                     }
                     completion:^(BOOL finished) {
                         [beacon setValue:@20 forKeyPath:@"emitterCells.ring.birthRate"];
                     }];
}

- (IBAction)silence:(id)sender {
    [self.beacon removeAnimationForKey:@"pulse"];
    CATransition *fade = [CATransition animation];
    fade.type = kCATransitionFade;
    fade.duration = 0.5;
    [self.statusView.layer addAnimation:fade forKey:kCATransition];
    self.statusView.backgroundColor = [UIColor grayColor];
    [UIView animateWithDuration:0.5 animations:^{
        self.statusView.transform = CGAffineTransformMakeScale(0.8, 0.8);
    }];
}

- (void)didReceiveMemoryWarning {
    [super didReceiveMemoryWarning];
}

@end
