// Kernel (a) of burst-bench: see include/integrator_kernel.h.
//
// Written independently of Burst's store: a plain integrating simulator, the way one is
// usually written for speed. The SIMD paths are compiled per function with target attributes
// and chosen at run time, so the file builds on any x86-64 compiler setting (and elsewhere,
// where only the scalar path exists).
#include "integrator_kernel.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define KA_X86 1
#include <immintrin.h>
#endif

// MARK: - Storage

static size_t round_capacity(size_t n) {
  size_t cap = 1024;
  while (cap < n) cap *= 2;
  return cap;
}

static size_t stride_of(size_t capacity) { return capacity + 16; }

static size_t bytes_of(size_t capacity) {
  return (size_t)KA_FIELDS * stride_of(capacity) * sizeof(float) + 64;
}

static void *allocate(size_t capacity) {
  size_t bytes = (bytes_of(capacity) + 63) & ~(size_t)63;
  return aligned_alloc(64, bytes);
}

static void point(ka_system *s, void *block, size_t capacity) {
  s->block = block;
  s->capacity = capacity;
  for (int f = 0; f < KA_FIELDS; f++) {
    s->field[f] = (float *)block + (size_t)f * stride_of(capacity);
  }
}

int ka_init(ka_system *s, size_t capacity, uint64_t seed) {
  memset(s, 0, sizeof *s);
  size_t cap = round_capacity(capacity);
  void *block = allocate(cap);
  if (!block) return -1;
  point(s, block, cap);
  s->rng = seed ? seed : 0x9E3779B97F4A7C15ULL;
  return 0;
}

void ka_free(ka_system *s) {
  free(s->block);
  memset(s, 0, sizeof *s);
}

int ka_reserve(ka_system *s, size_t extra) {
  size_t needed = s->count + extra;
  if (needed <= s->capacity) return 0;
  size_t cap = s->capacity ? s->capacity * 2 : 1024;
  while (cap < needed) cap *= 2;
  void *block = allocate(cap);
  if (!block) return -1;
  float *old[KA_FIELDS];
  memcpy(old, s->field, sizeof old);
  void *old_block = s->block;
  point(s, block, cap);
  for (int f = 0; f < KA_FIELDS; f++) memcpy(s->field[f], old[f], s->count * sizeof(float));
  free(old_block);
  return 0;
}

size_t ka_bytes(const ka_system *s) { return s->block ? bytes_of(s->capacity) : 0; }

// MARK: - Step

/// Particles [from, n): updated and compacted one at a time (the scalar path, and the tails
/// of the SIMD paths). `w` is where the next survivor goes.
static size_t step_scalar(ka_system *s, const ka_params *q, float dt, size_t from, size_t n,
                          size_t w) {
  float *f[KA_FIELDS];  // a local copy: stores through it cannot change the pointers
  memcpy(f, s->field, sizeof f);
  float dvx = q->ax * dt, dvy = q->ay * dt;
  float dr = q->red_speed * dt, dg = q->green_speed * dt, db = q->blue_speed * dt;
  float da = q->alpha_speed * dt, ds = q->scale_speed * dt;
  for (size_t i = from; i < n; i++) {
    float vx = f[KA_VX][i] + dvx;
    float vy = f[KA_VY][i] + dvy;
    float age = f[KA_AGE][i] + dt;
    float life = f[KA_LIFE][i];
    float x = f[KA_X][i] + vx * dt;
    float y = f[KA_Y][i] + vy * dt;
    float red = f[KA_RED][i] + dr, green = f[KA_GREEN][i] + dg;
    float blue = f[KA_BLUE][i] + db, alpha = f[KA_ALPHA][i] + da;
    float scale = f[KA_SCALE][i] + ds;
    float spin = f[KA_SPIN][i];
    float rotation = f[KA_ROTATION][i] + spin * dt;
    // Written unconditionally, kept only by advancing w (no branch on death).
    f[KA_X][w] = x;
    f[KA_Y][w] = y;
    f[KA_VX][w] = vx;
    f[KA_VY][w] = vy;
    f[KA_RED][w] = red;
    f[KA_GREEN][w] = green;
    f[KA_BLUE][w] = blue;
    f[KA_ALPHA][w] = alpha;
    f[KA_SCALE][w] = scale;
    f[KA_ROTATION][w] = rotation;
    f[KA_SPIN][w] = spin;
    f[KA_AGE][w] = age;
    f[KA_LIFE][w] = life;
    w += (age < life);
  }
  return w;
}

#ifdef KA_X86

/// Loads block i of every field, integrates it (semi-implicit Euler) and returns the update in
/// `v`; `add` holds each field's per-step increment for the fields that change at a rate.
#define KA_UPDATE(VEC, LOAD, ADD, MUL, SET1)                                        \
  VEC v[KA_FIELDS];                                                                 \
  for (int k = 0; k < KA_FIELDS; k++) v[k] = LOAD(f[k] + i);                        \
  v[KA_VX] = ADD(v[KA_VX], dvx);                                                    \
  v[KA_VY] = ADD(v[KA_VY], dvy);                                                    \
  v[KA_X] = ADD(v[KA_X], MUL(v[KA_VX], vdt));                                       \
  v[KA_Y] = ADD(v[KA_Y], MUL(v[KA_VY], vdt));                                       \
  v[KA_RED] = ADD(v[KA_RED], dr);                                                   \
  v[KA_GREEN] = ADD(v[KA_GREEN], dg);                                               \
  v[KA_BLUE] = ADD(v[KA_BLUE], db);                                                 \
  v[KA_ALPHA] = ADD(v[KA_ALPHA], da);                                               \
  v[KA_SCALE] = ADD(v[KA_SCALE], ds);                                               \
  v[KA_ROTATION] = ADD(v[KA_ROTATION], MUL(v[KA_SPIN], vdt));                       \
  v[KA_AGE] = ADD(v[KA_AGE], vdt);

__attribute__((target("avx512f,avx512vl,popcnt")))
static size_t step_avx512(ka_system *s, const ka_params *q, float dt) {
  float *f[KA_FIELDS];  // a local copy: stores through it cannot change the pointers
  memcpy(f, s->field, sizeof f);
  size_t n = s->count, w = 0, i = 0;
  __m512 vdt = _mm512_set1_ps(dt);
  __m512 dvx = _mm512_set1_ps(q->ax * dt), dvy = _mm512_set1_ps(q->ay * dt);
  __m512 dr = _mm512_set1_ps(q->red_speed * dt), dg = _mm512_set1_ps(q->green_speed * dt);
  __m512 db = _mm512_set1_ps(q->blue_speed * dt), da = _mm512_set1_ps(q->alpha_speed * dt);
  __m512 ds = _mm512_set1_ps(q->scale_speed * dt);
  for (; i + 16 <= n; i += 16) {
    KA_UPDATE(__m512, _mm512_loadu_ps, _mm512_add_ps, _mm512_mul_ps, _mm512_set1_ps)
    __mmask16 alive = _mm512_cmp_ps_mask(v[KA_AGE], v[KA_LIFE], _CMP_LT_OQ);
    if (alive == 0xFFFF) {
      for (int k = 0; k < KA_FIELDS; k++) _mm512_storeu_ps(f[k] + w, v[k]);
    } else {
      // Compress into a register, then a plain store: the lanes past the survivors land on
      // slots at or before i + 15, already read. (A compress straight to memory is slow on
      // some cores.)
      for (int k = 0; k < KA_FIELDS; k++) {
        _mm512_storeu_ps(f[k] + w, _mm512_maskz_compress_ps(alive, v[k]));
      }
    }
    w += (size_t)__builtin_popcount(alive);
  }
  return step_scalar(s, q, dt, i, n, w);
}

/// For each 8-bit survivor mask, the lanes to gather so the survivors come first in order.
static int32_t pack_table[256][8];
static int pack_table_ready;

static void build_pack_table(void) {
  for (int m = 0; m < 256; m++) {
    int k = 0;
    for (int b = 0; b < 8; b++) {
      if (m & (1 << b)) pack_table[m][k++] = b;
    }
    while (k < 8) pack_table[m][k++] = 0;
  }
  pack_table_ready = 1;
}

__attribute__((target("avx2,popcnt")))
static size_t step_avx2(ka_system *s, const ka_params *q, float dt) {
  float *f[KA_FIELDS];  // a local copy: stores through it cannot change the pointers
  memcpy(f, s->field, sizeof f);
  size_t n = s->count, w = 0, i = 0;
  __m256 vdt = _mm256_set1_ps(dt);
  __m256 dvx = _mm256_set1_ps(q->ax * dt), dvy = _mm256_set1_ps(q->ay * dt);
  __m256 dr = _mm256_set1_ps(q->red_speed * dt), dg = _mm256_set1_ps(q->green_speed * dt);
  __m256 db = _mm256_set1_ps(q->blue_speed * dt), da = _mm256_set1_ps(q->alpha_speed * dt);
  __m256 ds = _mm256_set1_ps(q->scale_speed * dt);
  for (; i + 8 <= n; i += 8) {
    KA_UPDATE(__m256, _mm256_loadu_ps, _mm256_add_ps, _mm256_mul_ps, _mm256_set1_ps)
    int alive = _mm256_movemask_ps(_mm256_cmp_ps(v[KA_AGE], v[KA_LIFE], _CMP_LT_OQ));
    if (alive == 0xFF) {
      for (int k = 0; k < KA_FIELDS; k++) _mm256_storeu_ps(f[k] + w, v[k]);
    } else {
      // Left-pack the survivors with one permutation; the 8-lane store writes past them onto
      // slots already read (w <= i).
      __m256i perm = _mm256_loadu_si256((const __m256i *)pack_table[alive]);
      for (int k = 0; k < KA_FIELDS; k++) {
        _mm256_storeu_ps(f[k] + w, _mm256_permutevar8x32_ps(v[k], perm));
      }
    }
    w += (size_t)__builtin_popcount((unsigned)alive);
  }
  return step_scalar(s, q, dt, i, n, w);
}

#endif

const char *ka_path(void) {
#ifdef KA_X86
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl")) return "avx512";
  if (__builtin_cpu_supports("avx2")) return "avx2";
#endif
  return "scalar";
}

size_t ka_step(ka_system *s, const ka_params *q, float dt) {
  size_t n = s->count;
  size_t w;
#ifdef KA_X86
  static int path = -1;  // 2: avx512, 1: avx2, 0: scalar
  if (path < 0) {
    const char *p = ka_path();
    path = p[0] == 'a' ? (p[3] == '5' ? 2 : 1) : 0;
    if (path == 1 && !pack_table_ready) build_pack_table();
  }
  if (path == 2) {
    w = step_avx512(s, q, dt);
  } else if (path == 1) {
    w = step_avx2(s, q, dt);
  } else {
    w = step_scalar(s, q, dt, 0, n, 0);
  }
#else
  w = step_scalar(s, q, dt, 0, n, 0);
#endif
  s->count = w;
  return n - w;
}

// MARK: - Births

/// xorshift64*: a float in [0, 1) from the top 24 bits.
static inline float next_unit(uint64_t *x) {
  uint64_t v = *x;
  v ^= v >> 12;
  v ^= v << 25;
  v ^= v >> 27;
  *x = v;
  return (float)((v * 0x2545F4914F6CDD1DULL) >> 40) * 0x1p-24f;
}

int ka_emit(ka_system *s, const ka_params *q, size_t n, float age0, float age_step) {
  if (ka_reserve(s, n) != 0) return -1;
  float *const *f = s->field;
  uint64_t rng = s->rng;
  size_t base = s->count;
  for (size_t k = 0; k < n; k++) {
    size_t i = base + k;
    float angle = q->emission_range * (next_unit(&rng) - 0.5f);
    float speed = q->velocity + q->velocity_range * (next_unit(&rng) - 0.5f);
    float c = cosf(angle), sn = sinf(angle);
    f[KA_X][i] = q->x + q->width * (next_unit(&rng) - 0.5f);
    f[KA_Y][i] = q->y + q->height * (next_unit(&rng) - 0.5f);
    f[KA_VX][i] = speed * c;
    f[KA_VY][i] = speed * sn;
    f[KA_RED][i] = q->red + q->color_range * (next_unit(&rng) - 0.5f);
    f[KA_GREEN][i] = q->green + q->color_range * (next_unit(&rng) - 0.5f);
    f[KA_BLUE][i] = q->blue + q->color_range * (next_unit(&rng) - 0.5f);
    f[KA_ALPHA][i] = q->alpha;
    f[KA_SCALE][i] = q->scale;
    f[KA_ROTATION][i] = 0;
    f[KA_SPIN][i] = q->spin + q->spin_range * (next_unit(&rng) - 0.5f);
    f[KA_AGE][i] = age0 - (float)k * age_step;
    f[KA_LIFE][i] = q->lifetime + q->lifetime_range * (next_unit(&rng) - 0.5f);
  }
  s->rng = rng;
  s->count = base + n;
  return 0;
}
