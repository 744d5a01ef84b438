// Kernel (b) of burst-bench: an independently written sprite rasteriser, the straightforward
// fast thing a 2-D renderer does per sprite (not Burst's algorithm).
//
// Each sprite is a square texture (premultiplied float RGBA, side `texture_size`, e.g. 16 or 4)
// drawn as a quad of `size` pixels rotated by `rotation` about its centre, bilinearly sampled
// (clamped to the texture's edge texels), tinted by its straight colour times alpha, and
// composited "over" (dst = src + dst * (1 - src.a)) into a float RGBA canvas with premultiplied
// alpha: the same canvas format as Burst's. Pixels whose centre maps inside the texture are
// drawn; edges are not anti-aliased.
#ifndef SPRITE_KERNEL_H
#define SPRITE_KERNEL_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One sprite: its centre in pixels, rotation (radians, clockwise on screen as y points down),
/// side in pixels, and straight colour and alpha in [0, 1].
typedef struct kb_sprite {
  float x, y;
  float rotation;
  float size;
  float red, green, blue, alpha;
} kb_sprite;

/// Draws `count` sprites in order into `canvas` (4 floats per pixel, row-major, `width` x
/// `height`). Returns the number of pixels written.
size_t kb_draw(
  float *canvas, int width, int height, const float *texture, int texture_size,
  const kb_sprite *sprites, size_t count);

/// Fills the canvas with one premultiplied colour.
void kb_fill(float *canvas, int width, int height, const float color[4]);

/// The sum of every channel of every pixel, in double (to compare coverage).
double kb_sum(const float *canvas, int width, int height);

#ifdef __cplusplus
}
#endif

#endif
