// Written for Burst's import tests: a category that keeps its emitter and a flag in associated
// objects (one keyed by a selector, one by a static key's address) and swaps UIKit's
// setHighlighted: for its own, which calls itself (the original) and then pops the burst.
#import <objc/runtime.h>
#import "UIControl+PopBurst.h"

static char kPopEnabledKey;

@implementation UIControl (PopBurst)

+ (void)load {
    static dispatch_once_t once;
    dispatch_once(&once, ^{
        method_exchangeImplementations(
            class_getInstanceMethod(self, @selector(setHighlighted:)),
            class_getInstanceMethod(self, @selector(pb_setHighlighted:)));
    });
}

- (CAEmitterLayer *)popLayer {
    return objc_getAssociatedObject(self, @selector(popLayer));
}

- (void)setPopLayer:(CAEmitterLayer *)popLayer {
    objc_setAssociatedObject(self, @selector(popLayer), popLayer, OBJC_ASSOCIATION_RETAIN_NONATOMIC);
}

- (BOOL)popEnabled {
    return [objc_getAssociatedObject(self, &kPopEnabledKey) boolValue];
}

- (void)setPopEnabled:(BOOL)popEnabled {
    objc_setAssociatedObject(self, &kPopEnabledKey, @(popEnabled), OBJC_ASSOCIATION_RETAIN_NONATOMIC);
}

- (void)pb_enablePop {
    CAEmitterCell *bit = [CAEmitterCell emitterCell];
    bit.name = @"bit";
    bit.birthRate = 0;
    bit.lifetime = 0.8;
    bit.velocity = 60;
    bit.emissionRange = M_PI * 2;
    bit.contents = (id)[UIImage imageNamed:@"spark"].CGImage;

    CAEmitterLayer *pop = [CAEmitterLayer layer];
    pop.emitterPosition = CGPointMake(150, 150);
    pop.emitterShape = kCAEmitterLayerCircle;
    pop.emitterSize = CGSizeMake(20, 20);
    pop.emitterCells = @[bit];
    [self.layer addSublayer:pop];
    self.popLayer = pop;
    self.popEnabled = YES;
}

- (void)pb_setHighlighted:(BOOL)highlighted {
    [self pb_setHighlighted:highlighted];
    if (self.popEnabled && self.highlighted) {
        [self.popLayer setValue:@500 forKeyPath:@"emitterCells.bit.birthRate"];
    }
}

@end
