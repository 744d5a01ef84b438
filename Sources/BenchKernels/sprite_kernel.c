// Kernel (b) of burst-bench: see include/sprite_kernel.h.
//
// Written independently of Burst's renderer: per sprite, the rotated quad's bounding box; per
// row, the span of pixel centres whose inverse image lies in the texture (solved from the two
// linear texture coordinates, so no pixel outside it is visited); per pixel, the texture point
// by incremental stepping, a bilinear sample, the tint and the "over" blend. Plain C, built
// with -O3 -march=native in release builds (Package.swift).
#include "sprite_kernel.h"

#include <math.h>

void kb_fill(float *canvas, int width, int height, const float color[4]) {
  size_t n = (size_t)width * (size_t)height;
  for (size_t i = 0; i < n; i++) {
    canvas[4 * i] = color[0];
    canvas[4 * i + 1] = color[1];
    canvas[4 * i + 2] = color[2];
    canvas[4 * i + 3] = color[3];
  }
}

double kb_sum(const float *canvas, int width, int height) {
  size_t n = (size_t)width * (size_t)height * 4;
  double sum = 0;
  for (size_t i = 0; i < n; i++) sum += canvas[i];
  return sum;
}

/// Narrows [*lo, *hi) to the x where 0 <= s0 + ds * x < limit.
static void clip_span(float *lo, float *hi, float s0, float ds, float limit) {
  if (ds == 0) {
    if (s0 < 0 || s0 >= limit) *hi = *lo;
    return;
  }
  float a = (0 - s0) / ds;
  float b = (limit - s0) / ds;
  if (a > b) {
    float t = a;
    a = b;
    b = t;
  }
  if (a > *lo) *lo = a;
  if (b < *hi) *hi = b;
}

size_t kb_draw(
  float *canvas, int width, int height, const float *texture, int texture_size,
  const kb_sprite *sprites, size_t count) {
  const float n = (float)texture_size;
  const int last = texture_size - 1;
  size_t written = 0;
  for (size_t k = 0; k < count; k++) {
    const kb_sprite *s = &sprites[k];
    if (!(s->size > 0) || !(s->alpha > 0)) continue;
    float c = cosf(s->rotation), sn = sinf(s->rotation);
    // Bounding box of the rotated square.
    float half = 0.5f * s->size * (fabsf(c) + fabsf(sn));
    int x0 = (int)floorf(s->x - half), x1 = (int)ceilf(s->x + half);
    int y0 = (int)floorf(s->y - half), y1 = (int)ceilf(s->y + half);
    if (x0 < 0) x0 = 0;
    if (y0 < 0) y0 = 0;
    if (x1 > width) x1 = width;
    if (y1 > height) y1 = height;
    if (x0 >= x1 || y0 >= y1) continue;
    // Pixel (px, py) -> texel coordinates (tu, tv) in [0, n): texels per pixel along x and y.
    float k_ = n / s->size;
    float dudx = c * k_, dvdx = -sn * k_;
    float dudy = sn * k_, dvdy = c * k_;
    float a = s->alpha;
    float tr = s->red * a, tg = s->green * a, tb = s->blue * a;
    for (int y = y0; y < y1; y++) {
      float dy = (float)y + 0.5f - s->y;
      float dx0 = (float)x0 + 0.5f - s->x;
      float u0 = 0.5f * n + dudx * dx0 + dudy * dy;
      float v0 = 0.5f * n + dvdx * dx0 + dvdy * dy;
      float lo = 0, hi = (float)(x1 - x0);
      clip_span(&lo, &hi, u0, dudx, n);
      clip_span(&lo, &hi, v0, dvdx, n);
      int i0 = (int)ceilf(lo), i1 = (int)ceilf(hi);
      if (i0 < 0) i0 = 0;
      if (i1 > x1 - x0) i1 = x1 - x0;
      float *dst = canvas + 4 * ((size_t)y * (size_t)width + (size_t)(x0 + i0));
      for (int i = i0; i < i1; i++, dst += 4) {
        float u = u0 + dudx * (float)i - 0.5f;
        float v = v0 + dvdx * (float)i - 0.5f;
        if (u < 0) u = 0;
        if (v < 0) v = 0;
        if (u > (float)last) u = (float)last;
        if (v > (float)last) v = (float)last;
        int ix = (int)u, iy = (int)v;
        float fx = u - (float)ix, fy = v - (float)iy;
        int ix1 = ix < last ? ix + 1 : ix, iy1 = iy < last ? iy + 1 : iy;
        const float *t00 = texture + 4 * (iy * texture_size + ix);
        const float *t10 = texture + 4 * (iy * texture_size + ix1);
        const float *t01 = texture + 4 * (iy1 * texture_size + ix);
        const float *t11 = texture + 4 * (iy1 * texture_size + ix1);
        float w00 = (1 - fx) * (1 - fy), w10 = fx * (1 - fy), w01 = (1 - fx) * fy, w11 = fx * fy;
        float sr = (t00[0] * w00 + t10[0] * w10 + t01[0] * w01 + t11[0] * w11) * tr;
        float sg = (t00[1] * w00 + t10[1] * w10 + t01[1] * w01 + t11[1] * w11) * tg;
        float sb = (t00[2] * w00 + t10[2] * w10 + t01[2] * w01 + t11[2] * w11) * tb;
        float sa = (t00[3] * w00 + t10[3] * w10 + t01[3] * w01 + t11[3] * w11) * a;
        float keep = 1 - sa;
        dst[0] = sr + dst[0] * keep;
        dst[1] = sg + dst[1] * keep;
        dst[2] = sb + dst[2] * keep;
        dst[3] = sa + dst[3] * keep;
      }
      if (i1 > i0) written += (size_t)(i1 - i0);
    }
  }
  return written;
}
