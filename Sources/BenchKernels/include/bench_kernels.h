// Plain C reference kernels for Burst's benchmark (burst-bench).
//
// They do the same work as Burst's Swift code on the same data layout, written the obvious way
// in C, so that the benchmark can report Burst's speed as a ratio to a same-process reference:
// - ref_step: one simulation step of a constant-rate cell (EmitterRuntime.advance +
//   ParticleStore.removeDead): order-preserving removal of the dead, then births;
// - ref_evaluate: every particle's closed-form state at one time (ParticleStore.state);
// - ref_splat: tiny particles drawn as bilinear box splats (Canvas.drawSprite's splat path).
#ifndef BENCH_KERNELS_H
#define BENCH_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The Float columns of a particle, in the order of Burst's `Column`.
enum {
  BK_PX, BK_PY, BK_PZ, BK_VX, BK_VY, BK_VZ, BK_AX, BK_AY, BK_AZ,
  BK_RED, BK_GREEN, BK_BLUE, BK_ALPHA,
  BK_RED_SPEED, BK_GREEN_SPEED, BK_BLUE_SPEED, BK_ALPHA_SPEED,
  BK_SCALE, BK_SCALE_SPEED, BK_SPIN, BK_THETA,
  BK_COLUMNS
};

/// A structure-of-arrays particle population in one allocation: BK_COLUMNS float columns,
/// then birth and death (double) and key (uint64), each starting 64 bytes after a multiple of
/// 4 KiB past the previous one so the streams do not share cache sets. Kept in birth order.
typedef struct bk_population {
  size_t count;
  size_t capacity;  // a multiple of 1024
  size_t stride;    // floats between float columns: capacity + 16
  float *floats;    // column c starts at floats + c * stride
  double *birth;
  double *death;
  uint64_t *key;
  void *block;      // the one allocation
  uint64_t rng;     // LCG state for births
  uint64_t emitted; // births so far (the next key)
  size_t *runs;          // scratch for remove_dead: (start, length) pairs of survivors
  size_t runs_capacity;
} bk_population;

/// The values a constant-rate cell draws its particles from (means and full ranges, uniform in
/// [M - R/2, M + R/2], as Burst's Spawner): a rectangle emitter of size width x height centred
/// at (x, y), directions longitude +- range/2 in the plane.
typedef struct bk_birth_params {
  double lifetime, lifetime_range;
  float x, y, width, height;
  float longitude, emission_range, velocity, velocity_range;
  float ax, ay, az;
  float red, green, blue, alpha;
  float red_range, green_range, blue_range, alpha_range;
  float red_speed, green_speed, blue_speed, alpha_speed;
  float scale, scale_range, scale_speed, spin, spin_range;
} bk_birth_params;

/// Allocates room for `capacity` particles (rounded up to a multiple of 1024). Returns 0 on
/// success, -1 when out of memory.
int bk_population_init(bk_population *p, size_t capacity, uint64_t seed);
void bk_population_free(bk_population *p);
/// Makes room for `extra` more particles (doubling, as Burst's store). 0 or -1.
int bk_population_reserve(bk_population *p, size_t extra);
/// Appends one particle with explicit values (BK_COLUMNS floats). 0 or -1.
int bk_population_push(bk_population *p, const float *values, double birth, double death,
                       uint64_t key);

/// One step from t0 to t1 of a cell born at a constant rate: first the particles dead by t1
/// (death <= t1 + 1e-9) are removed by an order-preserving compaction (a pass that finds the
/// first death, then every column compacted), then `births` particles are drawn from `params`
/// with an LCG at evenly spaced times in (t0, t1] and appended (those dead by t1 are skipped).
/// Returns the number removed, or -1 when out of memory.
long ref_step(bk_population *p, const bk_birth_params *params, double t0, double t1,
              size_t births);

/// Evaluated particles: 8 float columns in one allocation, staggered like the population.
typedef struct bk_frame {
  size_t capacity;
  float *x, *y, *red, *green, *blue, *alpha, *scale, *rotation;
  void *block;
} bk_frame;

int bk_frame_init(bk_frame *f, size_t capacity);
void bk_frame_free(bk_frame *f);

/// Every particle's state at emitter time t (closed form from its age tau = t - birth):
/// position p0 + v0 tau + a tau^2 / 2, colour c0 + speed tau (unclamped), scale
/// s0 + scaleSpeed tau, rotation spin tau. Writes p->count entries (at most f->capacity).
void ref_evaluate(const bk_population *p, double t, bk_frame *f);

/// Fills a float RGBA canvas (4 floats per pixel, row-major) with one premultiplied colour.
void ref_fill(float *canvas, int width, int height, const float rgba[4]);

/// Draws particles 0..<n of `f`, in order, as Burst draws an emitter cell's tiny sprites: an
/// image `image_w` x `image_h` points (at scale 1) whose mean premultiplied colour is `mean`,
/// scaled by |scale| and rotated, mapped to pixels by (kx, ky); the tint is the clamped colour
/// with alpha times `opacity`. A sprite whose bounding box is under 2 px on both axes deposits
/// mean x tint x area (px^2) over a box of side max(1, sqrt(area)) centred on it, weighted by
/// each pixel's overlap (bilinear), blended source-over. Returns how many particles were not
/// tiny (and were skipped: this kernel only splats).
size_t ref_splat(float *canvas, int width, int height, const bk_frame *f, size_t n,
                 float image_w, float image_h, const float mean[4], float kx, float ky,
                 float opacity);

#ifdef __cplusplus
}
#endif

#endif
