// Written for Burst's import tests: a view controller that makes two cells up front, shows one,
// and keeps the other aside in a property until a touch swaps the emitter's cells.
#import <UIKit/UIKit.h>

@interface HeartSwapController : UIViewController
@property (nonatomic, strong) CAEmitterLayer *fountain;
@property (nonatomic, strong) CAEmitterCell *plainCell;
@property (nonatomic, strong) CAEmitterCell *heartCell;
@end

@implementation HeartSwapController

- (void)viewDidLoad {
  [super viewDidLoad];
  self.fountain = [CAEmitterLayer layer];
  self.fountain.emitterPosition = CGPointMake(150, 250);

  CAEmitterCell *plain = [CAEmitterCell emitterCell];
  plain.name = @"plain";
  plain.birthRate = 20;
  plain.lifetime = 2;
  plain.velocity = 80;
  plain.emissionRange = M_PI * 2;
  plain.contents = (id)[UIImage imageNamed:@"dot"].CGImage;
  self.plainCell = plain;

  CAEmitterCell *heart = [CAEmitterCell emitterCell];
  heart.name = @"heart";
  heart.birthRate = 12;
  heart.lifetime = 2;
  heart.velocity = 60;
  heart.emissionLongitude = -M_PI_2;
  heart.contents = (id)[UIImage imageNamed:@"heart"].CGImage;
  self.heartCell = heart;

  self.fountain.emitterCells = @[plain];
  [self.view.layer addSublayer:self.fountain];
}

- (void)touchesBegan:(NSSet<UITouch *> *)touches withEvent:(UIEvent *)event {
  self.fountain.emitterCells = @[self.plainCell, self.heartCell];
}

@end
