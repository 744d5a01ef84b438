// Plain C reference kernels for burst-bench: see include/bench_kernels.h.
#include "bench_kernels.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

// MARK: - Population

/// Bytes of the block for a capacity: the float columns, then three 8-byte columns, each
/// column 64 bytes longer than its data (the stagger), plus 64 for alignment slack.
static size_t block_bytes(size_t capacity) {
  return (size_t)BK_COLUMNS * (capacity + 16) * sizeof(float) + 3 * (capacity + 8) * 8 + 64;
}

/// Points the columns of `p` into `block` for `capacity`.
static void layout(bk_population *p, void *block, size_t capacity) {
  p->block = block;
  p->capacity = capacity;
  p->stride = capacity + 16;
  p->floats = (float *)block;
  double *d = (double *)(p->floats + (size_t)BK_COLUMNS * p->stride);
  p->birth = d;
  p->death = d + (capacity + 8);
  p->key = (uint64_t *)(d + 2 * (capacity + 8));
}

static void *allocate(size_t capacity) {
  size_t bytes = block_bytes(capacity);
  bytes = (bytes + 63) & ~(size_t)63;
  return aligned_alloc(64, bytes);
}

static size_t round_capacity(size_t n) {
  size_t cap = 1024;
  while (cap < n) cap *= 2;
  return cap;
}

int bk_population_init(bk_population *p, size_t capacity, uint64_t seed) {
  memset(p, 0, sizeof *p);
  size_t cap = round_capacity(capacity);
  void *block = allocate(cap);
  if (!block) return -1;
  layout(p, block, cap);
  p->rng = seed;
  return 0;
}

void bk_population_free(bk_population *p) {
  free(p->block);
  free(p->runs);
  memset(p, 0, sizeof *p);
}

int bk_population_reserve(bk_population *p, size_t extra) {
  size_t needed = p->count + extra;
  if (needed <= p->capacity) return 0;
  size_t cap = p->capacity ? p->capacity * 2 : 1024;
  while (cap < needed) cap *= 2;
  void *block = allocate(cap);
  if (!block) return -1;
  bk_population old = *p;
  layout(p, block, cap);
  for (int c = 0; c < BK_COLUMNS; c++) {
    memcpy(p->floats + (size_t)c * p->stride, old.floats + (size_t)c * old.stride,
           old.count * sizeof(float));
  }
  memcpy(p->birth, old.birth, old.count * sizeof(double));
  memcpy(p->death, old.death, old.count * sizeof(double));
  memcpy(p->key, old.key, old.count * sizeof(uint64_t));
  free(old.block);
  return 0;
}

int bk_population_push(bk_population *p, const float *values, double birth, double death,
                       uint64_t key) {
  if (bk_population_reserve(p, 1) != 0) return -1;
  size_t i = p->count;
  for (int c = 0; c < BK_COLUMNS; c++) p->floats[(size_t)c * p->stride + i] = values[c];
  p->birth[i] = birth;
  p->death[i] = death;
  p->key[i] = key;
  p->count = i + 1;
  return 0;
}

// MARK: - Stepping

/// A 64-bit LCG (Knuth's MMIX constants); the top 24 bits give a float in [0, 1).
static inline float lcg_unit(uint64_t *state) {
  *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (float)(*state >> 40) * 0x1p-24f;
}

/// Order-preserving compaction of the particles alive after `limit`; returns the new count.
/// One pass over the death times records the runs of survivors after the first death; every
/// column is then compacted run by run with memmove (the same strategy as Burst's store).
static size_t remove_dead(bk_population *p, double limit) {
  size_t n = p->count;
  const double *d = p->death;
  size_t i = 0;
  while (i < n && d[i] > limit) i++;
  if (i == n) return n;
  size_t first = i;
  if (p->runs_capacity < 2 * n + 2) {
    free(p->runs);
    p->runs_capacity = 2 * n + 2;
    p->runs = malloc(p->runs_capacity * sizeof(size_t));
    if (!p->runs) {
      p->runs_capacity = 0;
      return n;
    }
  }
  size_t nruns = 0;
  while (i < n) {
    while (i < n && d[i] <= limit) i++;
    size_t start = i;
    while (i < n && d[i] > limit) i++;
    if (i > start) {
      p->runs[nruns++] = start;
      p->runs[nruns++] = i - start;
    }
  }
  size_t w = first;
  for (int c = 0; c < BK_COLUMNS; c++) {
    float *col = p->floats + (size_t)c * p->stride;
    w = first;
    for (size_t k = 0; k < nruns; k += 2) {
      if (p->runs[k] != w) memmove(col + w, col + p->runs[k], p->runs[k + 1] * sizeof(float));
      w += p->runs[k + 1];
    }
  }
  size_t count = w;
  w = first;
  for (size_t k = 0; k < nruns; k += 2) {
    size_t r = p->runs[k], len = p->runs[k + 1];
    if (r != w) {
      memmove(p->birth + w, p->birth + r, len * sizeof(double));
      memmove(p->key + w, p->key + r, len * sizeof(uint64_t));
      memmove(p->death + w, p->death + r, len * sizeof(double));
    }
    w += len;
  }
  return count;
}

long ref_step(bk_population *p, const bk_birth_params *q, double t0, double t1, size_t births) {
  double limit = t1 + 1e-9;
  size_t before = p->count;
  p->count = remove_dead(p, limit);
  long removed = (long)(before - p->count);
  if (births == 0) return removed;
  if (bk_population_reserve(p, births) != 0) return -1;
  size_t s = p->stride;
  float *f = p->floats;
  double dt = (t1 - t0) / (double)births;
  size_t i = p->count;
  for (size_t k = 0; k < births; k++) {
    double tb = t0 + (double)(k + 1) * dt;
    // Thirteen draws per particle, as Burst's Spawner (four for the position).
    float u_life = lcg_unit(&p->rng);
    float u_p1 = lcg_unit(&p->rng);
    float u_p2 = lcg_unit(&p->rng);
    (void)lcg_unit(&p->rng);
    (void)lcg_unit(&p->rng);
    float u_dir = lcg_unit(&p->rng);
    float u_vel = lcg_unit(&p->rng);
    float u_scale = lcg_unit(&p->rng);
    float u_spin = lcg_unit(&p->rng);
    float u_r = lcg_unit(&p->rng);
    float u_g = lcg_unit(&p->rng);
    float u_b = lcg_unit(&p->rng);
    float u_a = lcg_unit(&p->rng);
    p->emitted++;
    double life = q->lifetime + q->lifetime_range * ((double)u_life - 0.5);
    if (!(life > 0)) continue;
    double death = tb + life;
    if (death <= limit) continue;
    float theta = q->longitude + fabsf(q->emission_range) * (u_dir - 0.5f);
    float speed = q->velocity + q->velocity_range * (u_vel - 0.5f);
    f[BK_PX * s + i] = q->x + q->width * (u_p1 - 0.5f);
    f[BK_PY * s + i] = q->y + q->height * (u_p2 - 0.5f);
    f[BK_PZ * s + i] = 0;
    f[BK_VX * s + i] = speed * cosf(theta);
    f[BK_VY * s + i] = speed * sinf(theta);
    f[BK_VZ * s + i] = 0;
    f[BK_AX * s + i] = q->ax;
    f[BK_AY * s + i] = q->ay;
    f[BK_AZ * s + i] = q->az;
    f[BK_RED * s + i] = q->red + q->red_range * (u_r - 0.5f);
    f[BK_GREEN * s + i] = q->green + q->green_range * (u_g - 0.5f);
    f[BK_BLUE * s + i] = q->blue + q->blue_range * (u_b - 0.5f);
    f[BK_ALPHA * s + i] = q->alpha + q->alpha_range * (u_a - 0.5f);
    f[BK_RED_SPEED * s + i] = q->red_speed;
    f[BK_GREEN_SPEED * s + i] = q->green_speed;
    f[BK_BLUE_SPEED * s + i] = q->blue_speed;
    f[BK_ALPHA_SPEED * s + i] = q->alpha_speed;
    f[BK_SCALE * s + i] = q->scale + q->scale_range * (u_scale - 0.5f);
    f[BK_SCALE_SPEED * s + i] = q->scale_speed;
    f[BK_SPIN * s + i] = q->spin + q->spin_range * (u_spin - 0.5f);
    f[BK_THETA * s + i] = speed < 0 ? theta + 3.14159265f : theta;
    p->birth[i] = tb;
    p->death[i] = death;
    p->key[i] = p->emitted;
    i++;
  }
  p->count = i;
  return removed;
}

// MARK: - Evaluation

int bk_frame_init(bk_frame *f, size_t capacity) {
  memset(f, 0, sizeof *f);
  size_t cap = round_capacity(capacity);
  size_t stride = cap + 16;
  float *block = aligned_alloc(64, 8 * stride * sizeof(float));
  if (!block) return -1;
  f->block = block;
  f->capacity = cap;
  f->x = block;
  f->y = block + stride;
  f->red = block + 2 * stride;
  f->green = block + 3 * stride;
  f->blue = block + 4 * stride;
  f->alpha = block + 5 * stride;
  f->scale = block + 6 * stride;
  f->rotation = block + 7 * stride;
  return 0;
}

void bk_frame_free(bk_frame *f) {
  free(f->block);
  memset(f, 0, sizeof *f);
}

void ref_evaluate(const bk_population *p, double t, bk_frame *f) {
  size_t n = p->count < f->capacity ? p->count : f->capacity;
  size_t s = p->stride;
  const float *v = p->floats;
  const double *birth = p->birth;
  float *restrict x = f->x, *restrict y = f->y;
  float *restrict r = f->red, *restrict g = f->green, *restrict b = f->blue;
  float *restrict a = f->alpha, *restrict sc = f->scale, *restrict rot = f->rotation;
  for (size_t i = 0; i < n; i++) {
    float tau = (float)(t - birth[i]);
    float h = 0.5f * tau * tau;
    x[i] = v[BK_PX * s + i] + v[BK_VX * s + i] * tau + v[BK_AX * s + i] * h;
    y[i] = v[BK_PY * s + i] + v[BK_VY * s + i] * tau + v[BK_AY * s + i] * h;
    r[i] = v[BK_RED * s + i] + v[BK_RED_SPEED * s + i] * tau;
    g[i] = v[BK_GREEN * s + i] + v[BK_GREEN_SPEED * s + i] * tau;
    b[i] = v[BK_BLUE * s + i] + v[BK_BLUE_SPEED * s + i] * tau;
    a[i] = v[BK_ALPHA * s + i] + v[BK_ALPHA_SPEED * s + i] * tau;
    sc[i] = v[BK_SCALE * s + i] + v[BK_SCALE_SPEED * s + i] * tau;
    rot[i] = v[BK_SPIN * s + i] * tau;
  }
}

// MARK: - Drawing

void ref_fill(float *canvas, int width, int height, const float rgba[4]) {
  size_t n = (size_t)(width > 0 ? width : 0) * (size_t)(height > 0 ? height : 0);
  for (size_t i = 0; i < n; i++) {
    canvas[4 * i] = rgba[0];
    canvas[4 * i + 1] = rgba[1];
    canvas[4 * i + 2] = rgba[2];
    canvas[4 * i + 3] = rgba[3];
  }
}

static inline float unit_clamp(float v) { return v > 0 ? (v < 1 ? v : 1) : 0; }

size_t ref_splat(float *canvas, int width, int height, const bk_frame *f, size_t n,
                 float image_w, float image_h, const float mean[4], float kx, float ky,
                 float opacity) {
  size_t skipped = 0;
  float limit = (float)(width > height ? width : height) + 4;
  if (n > f->capacity) n = f->capacity;
  for (size_t i = 0; i < n; i++) {
    float alpha = unit_clamp(f->alpha[i]) * opacity;
    if (!(alpha > 0)) continue;
    float size = fabsf(f->scale[i]);
    if (!(size > 0)) continue;
    float cs = cosf(f->rotation[i]), sn = sinf(f->rotation[i]);
    float w = image_w * size, h = image_h * size;
    // scale(kx, ky) . translate(x, y) . rotate . scale(w, h)
    float ma = kx * cs * w, mb = ky * sn * w, mc = -kx * sn * h, md = ky * cs * h;
    float tx = kx * f->x[i], ty = ky * f->y[i];
    if (!(fabsf(ma) + fabsf(mc) < 2 && fabsf(mb) + fabsf(md) < 2)) {
      skipped++;
      continue;
    }
    float area = fabsf(ma * md - mb * mc);
    if (!(area > 0) || !isfinite(area) || !isfinite(tx) || !isfinite(ty)) continue;
    float a = unit_clamp(alpha);
    float tint[4] = {unit_clamp(f->red[i]) * a, unit_clamp(f->green[i]) * a,
                     unit_clamp(f->blue[i]) * a, a};
    float side = area > 1 ? sqrtf(area) : 1;
    float density = area / (side * side);
    float color[4];
    for (int k = 0; k < 4; k++) color[k] = mean[k] * tint[k] * density;
    float left = tx - side / 2, top = ty - side / 2;
    float lx = floorf(left), ly = floorf(top);
    int x0 = (int)(lx < -4 ? -4 : (lx > limit ? limit : lx));
    int y0 = (int)(ly < -4 ? -4 : (ly > limit ? limit : ly));
    for (int y = y0; y < y0 + 3; y++) {
      if (y < 0 || y >= height) continue;
      float wy = fminf(top + side, (float)(y + 1)) - fmaxf(top, (float)y);
      if (!(wy > 0)) continue;
      for (int x = x0; x < x0 + 3; x++) {
        if (x < 0 || x >= width) continue;
        float wx = fminf(left + side, (float)(x + 1)) - fmaxf(left, (float)x);
        if (!(wx > 0)) continue;
        float k = wx * wy;
        float *px = canvas + 4 * ((size_t)y * (size_t)width + (size_t)x);
        float keep = 1 - color[3] * k;
        px[0] = color[0] * k + px[0] * keep;
        px[1] = color[1] * k + px[1] * keep;
        px[2] = color[2] * k + px[2] * keep;
        px[3] = color[3] * k + px[3] * keep;
      }
    }
  }
  return skipped;
}
