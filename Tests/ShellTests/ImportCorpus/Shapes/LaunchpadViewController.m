//
//  LaunchpadViewController.m
//  Written for Burst's import tests: a controller in the shape of the fireworks template
//  many apps copied (a flat rectangle outline along the bottom, rockets at longitude 0),
//  with its emitter in an instance-variable block and built by a button's action.
//

#import "LaunchpadViewController.h"

@interface LaunchpadViewController ()
{
    CAEmitterLayer *pad;
    CAEmitterCell *shell;
}
@end

@implementation LaunchpadViewController

- (void)viewDidLoad
{
    [super viewDidLoad];
    self.view.backgroundColor = [UIColor blackColor];
}

- (void)launch
{
    pad = [CAEmitterLayer layer];
    CGRect frame = self.view.layer.bounds;
    pad.emitterPosition = CGPointMake(frame.size.width / 2.0, frame.size.height);
    pad.emitterSize = CGSizeMake(frame.size.width / 3.0, 0.0);
    pad.emitterMode = kCAEmitterLayerOutline;
    pad.emitterShape = kCAEmitterLayerRectangle;
    pad.renderMode = kCAEmitterLayerAdditive;

    shell = [CAEmitterCell emitterCell];
    shell.birthRate = 2.0;
    shell.emissionRange = 0.1 * M_PI;
    shell.velocity = 300;
    shell.velocityRange = 40;
    shell.yAcceleration = 60;
    shell.lifetime = 1.2;
    shell.contents = (id)[[UIImage imageNamed:@"spark"] CGImage];
    shell.scale = 0.3;

    pad.emitterCells = [NSArray arrayWithObject:shell];
    [self.view.layer addSublayer:pad];
}

- (void)brightenBy:(CGFloat)level
{
    shell.scale = 0.3 * level;
}

- (void)viewWillDisappear:(BOOL)animated
{
    [super viewWillDisappear:animated];
    [pad removeFromSuperlayer];
}

- (IBAction)launchTapped:(id)sender
{
    [self launch];
}

@end
