// Written for Burst's import tests: arrays kept in properties whose lazy getters make them,
// filled with [self.list addObject:…] and read back through the getters.
#import <UIKit/UIKit.h>
@interface PraiseView ()
@property (nonatomic, strong) NSMutableArray *names;
@property (nonatomic, strong) NSMutableArray *cells;
@end
@implementation PraiseView
- (void)awakeFromNib {
  [super awakeFromNib];
  for (int i = 0; i < 3; i++) {
    [self.names addObject:[NSString stringWithFormat:@"p%d", i]];
  }
  for (NSString *n in self.names) {
    CAEmitterCell *c = [CAEmitterCell emitterCell];
    c.name = n;
    c.birthRate = 5;
    c.lifetime = 2;
    [self.cells addObject:c];
  }
  CAEmitterLayer *e = [CAEmitterLayer layer];
  e.emitterCells = self.cells;
  [self.layer addSublayer:e];
}
- (NSMutableArray *)names {
  if (!_names) {
    _names = [[NSMutableArray alloc] init];
  }
  return _names;
}
- (NSMutableArray *)cells {
  if (_cells == nil) {
    _cells = [NSMutableArray array];
  }
  return _cells;
}
@end
