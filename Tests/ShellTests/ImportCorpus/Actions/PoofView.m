// Written for Burst's import tests: a view that bursts once, switches its cell off with one
// delayed selector of its own and leaves its superview with UIKit's removeFromSuperview, also
// performed after a delay.
#import "PoofView.h"

@implementation PoofView {
    CAEmitterLayer *_poof;
}

- (void)didMoveToSuperview {
    [super didMoveToSuperview];
    _poof = [CAEmitterLayer layer];
    _poof.name = @"poof";
    _poof.emitterPosition = CGPointMake(CGRectGetMidX(self.bounds), CGRectGetMidY(self.bounds));
    CAEmitterCell *puff = [CAEmitterCell emitterCell];
    puff.name = @"puff";
    puff.birthRate = 300;
    puff.lifetime = 1.2;
    puff.velocity = 80;
    puff.emissionRange = M_PI * 2;
    puff.contents = (id)[[UIImage imageNamed:@"puff"] CGImage];
    _poof.emitterCells = @[puff];
    [self.layer addSublayer:_poof];
    [self performSelector:@selector(quiet) withObject:nil afterDelay:0.2];
    [self performSelector:@selector(removeFromSuperview) withObject:nil afterDelay:1.5];
}

- (void)quiet {
    [_poof setValue:@0 forKeyPath:@"emitterCells.puff.birthRate"];
}
@end
