// Written for Burst's import tests: a view whose only initializer takes a style object of
// another file (nonnull), beside a helper layer class of its own whose superclass is in its
// header and whose plain initWithFrame: sets up the helper, not the view.
#import "GaugeSparkView.h"

@interface GaugeSparkView ()
@property (nonatomic, strong) CAEmitterLayer *sparks;
@property (nonatomic, strong) GaugeNeedleLayer *needle;
@end

@implementation GaugeSparkView

- (instancetype)initWithFrame:(CGRect)frame style:(nonnull GaugeStyle *)style {
    self = [super initWithFrame:frame];
    if (self) {
        self.needle = [[GaugeNeedleLayer alloc] initWithFrame:CGRectMake(0, 0, 20, 20)];
        [self.layer addSublayer:self.needle];

        CAEmitterCell *spark = [CAEmitterCell emitterCell];
        spark.birthRate = 40.f;
        spark.lifetime = 2.f;
        spark.velocity = 30.f;
        spark.emissionRange = M_PI;
        spark.contents = (id)[UIImage imageNamed:@"spark"].CGImage;

        self.sparks = [CAEmitterLayer layer];
        self.sparks.emitterPosition = CGPointMake(frame.size.width / 2, frame.size.height / 2);
        self.sparks.emitterShape = kCAEmitterLayerCircle;
        self.sparks.emitterSize = CGSizeMake(40, 40);
        self.sparks.emitterCells = @[spark];
        [self.layer addSublayer:self.sparks];
    }
    return self;
}

@end

@interface GaugeNeedleLayer ()
@property (nonatomic) CGFloat sweep;
@end

@implementation GaugeNeedleLayer

- (instancetype)initWithFrame:(CGRect)frame {
    self = [super init];
    if (self) {
        self.frame = frame;
        self.sweep = 0.5;
    }
    return self;
}

@end
