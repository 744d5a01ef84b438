// Written for Burst's import tests: a target-action handler that builds an emitter at the
// button with cells made in a C loop, in Objective-C.
#import <UIKit/UIKit.h>

@interface LikeBurstViewController ()
@property (nonatomic, strong) UIButton *likeButton;
@end

@implementation LikeBurstViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.view.backgroundColor = [UIColor whiteColor];
    self.likeButton = [UIButton buttonWithType:UIButtonTypeCustom];
    self.likeButton.frame = CGRectMake(150, 400, 60, 60);
    [self.likeButton addTarget:self action:@selector(likeClick:) forControlEvents:UIControlEventTouchUpInside];
    [self.view addSubview:self.likeButton];
}

- (void)likeClick:(UIButton *)sender {
    CAEmitterLayer *emitter = [CAEmitterLayer layer];
    emitter.emitterPosition = CGPointMake(180, 430);
    emitter.emitterShape = kCAEmitterLayerCircle;
    emitter.emitterSize = CGSizeMake(10, 10);
    NSMutableArray *cells = [[NSMutableArray alloc] init];
    for (int i = 0; i < 3; i++) {
        CAEmitterCell *cell = [CAEmitterCell emitterCell];
        cell.name = [NSString stringWithFormat:@"heart%d", i];
        cell.birthRate = 20 + 10 * i;
        cell.lifetime = 0.8f;
        cell.velocity = 200.f;
        cell.emissionLongitude = -M_PI_4;
        cell.yAcceleration = 300;
        cell.contents = (__bridge id)[UIImage imageNamed:@"heart"].CGImage;
        [cells addObject:cell];
    }
    emitter.emitterCells = cells;
    [self.view.layer addSublayer:emitter];
    dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(0.2 * NSEC_PER_SEC)), dispatch_get_main_queue(), ^{
        emitter.birthRate = 0;
    });
}

@end
