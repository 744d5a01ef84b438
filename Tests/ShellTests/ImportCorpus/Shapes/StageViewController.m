//
//  StageViewController.m
//  Written for Burst's import tests: a controller whose emitters live in views it does not
//  make itself (an outlet from the storyboard, a view from a lazy getter), and a tap handler
//  that makes an emitter through a property, with lightweight generics and one wrong constant.
//

#import "StageViewController.h"

@interface StageViewController ()
@property (weak, nonatomic) IBOutlet UIView *stage;
@property (strong, nonatomic) UIView *shelf;
@property (strong, nonatomic) CAEmitterLayer *glitter;
@end

@implementation StageViewController

- (UIView *)shelf
{
    if (!_shelf) {
        _shelf = [[UIView alloc] initWithFrame:CGRectMake(0, 300, 200, 100)];
    }
    return _shelf;
}

- (void)viewDidLoad
{
    [super viewDidLoad];
    [self.view addSubview:self.shelf];

    CAEmitterLayer *dust = [CAEmitterLayer layer];
    dust.emitterPosition = CGPointMake(self.stage.bounds.size.width / 2, 20);
    dust.emitterShape = kCAEmitterLayerLine;
    dust.emitterSize = CGSizeMake(self.stage.bounds.size.width, 0);

    CAEmitterCell *mote = [CAEmitterCell emitterCell];
    mote.birthRate = 30;
    mote.lifetime = 4;
    mote.velocity = 40;
    mote.emissionLongitude = M_PI;
    mote.contents = (id)[[UIImage imageNamed:@"dot"] CGImage];
    dust.emitterCells = @[mote];
    [self.stage.layer addSublayer:dust];
}

- (IBAction)sparkleTapped:(id)sender
{
    self.glitter = [CAEmitterLayer layer];
    self.glitter.emitterPosition = CGPointMake(100, 50);
    self.glitter.emitterShape = kCAEmitterLayerSurface;
    NSMutableArray<CAEmitterCell *> *cells = [NSMutableArray array];
    for (int i = 0; i < 3; i++) {
        CAEmitterCell *c = [CAEmitterCell emitterCell];
        c.birthRate = 10;
        c.lifetime = 2;
        c.velocity = 60;
        c.emissionRange = M_PI;
        c.contents = (id)[[UIImage imageNamed:@"sparkle"] CGImage];
        [cells addObject:c];
    }
    self.glitter.emitterCells = cells;
    [self.shelf.layer addSublayer:self.glitter];
}

@end
