// Written for Burst's import tests: the Objective-C form of a template cell that a stepper
// changes before the emitter is given a copy of it.
#import <UIKit/UIKit.h>

@interface TemplateCellStepper : UIViewController
@property (nonatomic, strong) CAEmitterLayer *glitter;
@property (nonatomic, strong) CAEmitterCell *speck;
@end

@implementation TemplateCellStepper

- (void)viewDidLoad {
  [super viewDidLoad];
  self.speck = [CAEmitterCell emitterCell];
  self.speck.birthRate = 8;
  self.speck.lifetime = 2.5;
  self.speck.velocity = 60;
  self.speck.emissionRange = M_PI;
  self.speck.contents = (id)[UIImage imageNamed:@"speck"].CGImage;
  self.glitter = [CAEmitterLayer layer];
  self.glitter.emitterPosition = CGPointMake(150, 150);
  self.glitter.emitterCells = @[self.speck];
  [self.view.layer addSublayer:self.glitter];
}

- (IBAction)speedStepped:(UIStepper *)sender {
  self.speck.velocity = sender.value;
  CAEmitterCell *copy = [self.speck copy];
  self.glitter.emitterCells = [NSArray arrayWithObject:copy];
}

@end
