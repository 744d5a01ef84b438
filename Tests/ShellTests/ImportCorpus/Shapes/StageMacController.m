// Written for Burst's import tests: a macOS view controller in Objective-C that gives an
// outlet view a layer tree of its own (AppKit's layer hosting: setLayer: then
// setWantsLayer:), the emitter inside that tree.
#import <Cocoa/Cocoa.h>
@interface StageController : NSViewController
@property (weak) IBOutlet NSView *stageView;
@end
@implementation StageController
- (void)viewDidLoad {
    [super viewDidLoad];
    CALayer *root = [CALayer layer];
    root.backgroundColor = [[NSColor blackColor] CGColor];
    CAEmitterLayer *glow = [CAEmitterLayer layer];
    glow.emitterPosition = CGPointMake(100, 100);
    CAEmitterCell *mote = [CAEmitterCell emitterCell];
    mote.birthRate = 50;
    mote.lifetime = 2;
    mote.velocity = 30;
    mote.emissionRange = M_PI * 2;
    glow.emitterCells = @[mote];
    [root addSublayer:glow];
    [self.stageView setLayer:root];
    [self.stageView setWantsLayer:YES];
}
@end
