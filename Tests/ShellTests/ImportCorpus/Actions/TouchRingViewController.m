// Written for Burst's import tests: touch handlers that move a ring emitter to the finger and
// burst it with an animation of its cell's birthRate, in Objective-C.
#import <UIKit/UIKit.h>

@interface TouchRingViewController : UIViewController
@end

@implementation TouchRingViewController {
    CAEmitterLayer *_ring;
}

- (void)viewDidLoad {
    [super viewDidLoad];
    self.view.backgroundColor = [UIColor blackColor];
    _ring = [CAEmitterLayer layer];
    _ring.emitterShape = kCAEmitterLayerCircle;
    _ring.emitterMode = kCAEmitterLayerOutline;
    _ring.emitterSize = CGSizeMake(50, 0);
    CAEmitterCell *dot = [CAEmitterCell emitterCell];
    [dot setName:@"dot"];
    dot.birthRate = 0;
    dot.lifetime = 1.f;
    dot.velocity = 60;
    dot.contents = (id)[[UIImage imageNamed:@"dot"] CGImage];
    _ring.emitterCells = @[dot];
    [self.view.layer addSublayer:_ring];
}

- (void)touchesBegan:(NSSet *)touches withEvent:(UIEvent *)event {
    UITouch *touch = [touches anyObject];
    CGPoint where = [touch locationInView:self.view];
    _ring.emitterPosition = where;
    CABasicAnimation *pulse = [CABasicAnimation animationWithKeyPath:@"emitterCells.dot.birthRate"];
    pulse.fromValue = @200;
    pulse.toValue = @0;
    pulse.duration = 0.5;
    [_ring addAnimation:pulse forKey:@"pulse"];
}

@end
