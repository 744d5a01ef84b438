// Written for Burst's import tests: an Objective-C CAEmitterLayer subclass whose initializer
// with an argument sets the layer up through self, and a view controller that makes two of
// them, one through alloc/init and one through the class's own factory.
#import <UIKit/UIKit.h>

@interface LanternLayer : CAEmitterLayer
- (instancetype)initWithGlow:(CGFloat)glow;
+ (instancetype)dimLantern;
@end

@implementation LanternLayer

- (instancetype)initWithGlow:(CGFloat)glow {
    self = [super init];
    if (self) {
        CAEmitterCell *ember = [CAEmitterCell emitterCell];
        ember.birthRate = 10 * glow;
        ember.lifetime = 2;
        ember.velocity = 20;
        ember.emissionRange = M_PI * 2;
        ember.contents = (id)[UIImage imageNamed:@"spark"].CGImage;
        self.emitterShape = kCAEmitterLayerCircle;
        self.emitterSize = CGSizeMake(10, 10);
        self.emitterCells = @[ember];
    }
    return self;
}

+ (instancetype)dimLantern {
    return [[LanternLayer alloc] initWithGlow:0.5];
}

@end

@interface LanternViewController : UIViewController
@end

@implementation LanternViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    LanternLayer *bright = [[LanternLayer alloc] initWithGlow:3];
    bright.emitterPosition = CGPointMake(80, 120);
    [self.view.layer addSublayer:bright];
    LanternLayer *dim = [LanternLayer dimLantern];
    dim.emitterPosition = CGPointMake(240, 120);
    [self.view.layer addSublayer:dim];
}

@end
