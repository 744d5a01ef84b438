// Written for Burst's import tests: an Objective-C CAEmitterCell subclass whose init sets the
// cell up, made three ways (alloc/init, new, the class factory).
#import <UIKit/UIKit.h>

@interface SnowflakeCell : CAEmitterCell
@end

@implementation SnowflakeCell

- (instancetype)init {
  self = [super init];
  if (self) {
    self.birthRate = 8;
    self.lifetime = 5;
    self.velocity = 50;
    self.emissionRange = M_PI;
    self.contents = (__bridge id)[UIImage imageNamed:@"snow"].CGImage;
  }
  return self;
}

@end

@interface WinterViewController : UIViewController
@end

@implementation WinterViewController

- (void)viewDidLoad {
  [super viewDidLoad];
  CAEmitterLayer *snow = [CAEmitterLayer layer];
  snow.emitterPosition = CGPointMake(150, 0);
  SnowflakeCell *a = [[SnowflakeCell alloc] init];
  SnowflakeCell *b = [SnowflakeCell new];
  b.birthRate = 2;
  SnowflakeCell *c = [SnowflakeCell emitterCell];
  c.velocity = 10;
  snow.emitterCells = @[a, b, c];
  [self.view.layer addSublayer:snow];
}

@end
