// Written for Burst's import tests: a macOS view in Objective-C's AppKit spelling: a layer
// added to the view's backing layer, placed with NSMidX and NSMaxY, a device-space
// NSColor and an image through CGImageForProposedRect:context:hints:, in a flipped view.
#import <Cocoa/Cocoa.h>
#import <QuartzCore/QuartzCore.h>

@interface FrostMacView : NSView
@end

@implementation FrostMacView

- (BOOL)isFlipped {
    return YES;
}

- (void)awakeFromNib {
    [self setWantsLayer:YES];
    CAEmitterLayer *frost = [CAEmitterLayer layer];
    frost.emitterPosition = NSMakePoint(NSMidX(self.bounds), NSMinY(self.bounds));
    frost.emitterSize = NSMakeSize(NSWidth(self.bounds), 0);
    frost.emitterShape = kCAEmitterLayerLine;

    CAEmitterCell *crystal = [CAEmitterCell emitterCell];
    crystal.name = @"crystal";
    crystal.birthRate = 30.f;
    crystal.lifetime = 6.f;
    crystal.velocity = 50.f;
    crystal.emissionLongitude = M_PI_2;
    crystal.color = [[NSColor colorWithDeviceRed:0.7 green:0.85 blue:1.0 alpha:1.0] CGColor];
    NSImage *image = [NSImage imageNamed:@"crystal"];
    crystal.contents = (id)[image CGImageForProposedRect:NULL context:nil hints:nil];
    frost.emitterCells = @[crystal];
    [self.layer addSublayer:frost];
}

@end
