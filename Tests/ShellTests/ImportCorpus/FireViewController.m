// FireViewController.m — an import corpus sample: an Objective-C view controller that builds a
// fire emitter with message sends, [[CAEmitterCell alloc] init], C casts and @[] literals.
// Shapes studied (values taken, not code): w-my/notes_dev ios/code/CoreAnimation/
// CAEmitterLayer/ViewController.m ([self.containerView.layer addSublayer:], additive render,
// colorWithRed:green:blue:alpha:) and sharkcoder7/lit-ios-master CUSSenderFireLayer.m (a
// method returning a configured cell, (id)[image CGImage]).
#import "FireViewController.h"
@import QuartzCore;

@interface FireViewController ()
@property (nonatomic, strong) CAEmitterLayer *fireLayer;
@end

@implementation FireViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.view.backgroundColor = [UIColor blackColor];

    CAEmitterLayer *fire = [CAEmitterLayer layer];
    fire.emitterPosition = CGPointMake(CGRectGetMidX(self.view.bounds), self.view.bounds.size.height - 30);
    fire.emitterSize = CGSizeMake(60.0f, 10.0f);
    fire.emitterShape = kCAEmitterLayerLine;
    fire.emitterMode = kCAEmitterLayerOutline;
    fire.renderMode = kCAEmitterLayerAdditive;

    CAEmitterCell *flame = [self flameCellWithColor:[UIColor colorWithRed:0.9 green:0.35 blue:0.1 alpha:0.12]];
    [flame setName:@"flame"];
    CAEmitterCell *smoke = [[CAEmitterCell alloc] init];
    smoke.contents = (__bridge id)[UIImage imageNamed:@"Smoke"].CGImage;
    [smoke setBirthRate:12];
    smoke.lifetime = 4.0;
    smoke.velocity = 40;
    smoke.emissionLongitude = -M_PI_2;
    smoke.emissionRange = (CGFloat)M_PI_4;
    smoke.alphaSpeed = -0.12f;
    smoke.scaleSpeed = 0.3;
    smoke.color = [[UIColor colorWithWhite:0.4 alpha:0.3] CGColor];

    fire.emitterCells = @[flame, smoke];
    [self.view.layer addSublayer:fire];
    self.fireLayer = fire;
}

- (CAEmitterCell *)flameCellWithColor:(UIColor *)color {
    CAEmitterCell *cell = [CAEmitterCell emitterCell];
    cell.birthRate = 350;
    cell.lifetime = 0.9;
    cell.lifetimeRange = 0.3;
    cell.velocity = 80;
    cell.velocityRange = 20;
    cell.emissionLongitude = -M_PI / 2;
    cell.emissionRange = M_PI / 12;
    cell.yAcceleration = -120;
    cell.scaleSpeed = 0.4;
    cell.contents = (id)[[UIImage imageNamed:@"fire"] CGImage];
    cell.color = color.CGColor;
    return cell;
}

- (IBAction)toggleFire:(id)sender {
    [self.fireLayer setValue:@0 forKeyPath:@"emitterCells.flame.birthRate"];
}

@end
