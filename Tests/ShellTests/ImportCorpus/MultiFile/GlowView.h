#import <UIKit/UIKit.h>

/// A glow whose rate and colour are macros of its header.
#define kGlowRate 25
#define kGlowColor [UIColor colorWithRed:1.0 green:0.8 blue:0.2 alpha:1.0]

@interface GlowView : UIView
@property (nonatomic, strong) CAEmitterLayer *glow;
@end
