// Kernel (a) of burst-bench: an independently written integrating particle system, the
// straightforward fast thing a simulator does per step (not Burst's algorithm).
//
// 13 float32 fields per particle in structure-of-arrays form, advanced with semi-implicit
// Euler (velocity first, then position with the new velocity), aged, and the dead removed by an
// order-preserving compaction fused into the same pass: AVX-512 compress where the CPU has it,
// an AVX2 permutation table where it has that, scalar otherwise (chosen at run time).
#ifndef INTEGRATOR_KERNEL_H
#define INTEGRATOR_KERNEL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The fields of a kernel (a) particle.
enum {
  KA_X, KA_Y, KA_VX, KA_VY, KA_RED, KA_GREEN, KA_BLUE, KA_ALPHA, KA_SCALE, KA_ROTATION,
  KA_SPIN, KA_AGE, KA_LIFE,
  KA_FIELDS
};

/// 13 float columns in one allocation, each starting 64 bytes after a multiple of 4 KiB past
/// the previous one (so the streams do not share cache sets). Kept in birth order.
typedef struct ka_system {
  size_t count;
  size_t capacity;  // a multiple of 1024
  float *field[KA_FIELDS];
  void *block;
  uint64_t rng;     // xorshift64* state for births
} ka_system;

/// What every particle shares (accelerations and rates, per second), and what births draw from
/// (means and full ranges: uniform in [M - R/2, M + R/2]) on a width x height rectangle centred
/// at (x, y), directions uniform over `emission_range` around 0.
typedef struct ka_params {
  float ax, ay;
  float red_speed, green_speed, blue_speed, alpha_speed, scale_speed;
  float x, y, width, height;
  float emission_range, velocity, velocity_range;
  float red, green, blue, alpha, color_range;
  float scale, spin, spin_range;
  float lifetime, lifetime_range;
} ka_params;

/// Room for `capacity` particles (rounded up to a multiple of 1024). 0, or -1 out of memory.
int ka_init(ka_system *s, size_t capacity, uint64_t seed);
void ka_free(ka_system *s);
/// Room for `extra` more particles (doubling). 0 or -1.
int ka_reserve(ka_system *s, size_t extra);

/// One step of `dt` seconds: v += a dt, p += v dt, colours, scale and rotation by their rates,
/// age += dt; particles whose age reaches their lifetime are removed, the others keep their
/// order. Returns how many were removed.
size_t ka_step(ka_system *s, const ka_params *q, float dt);

/// Appends `n` newborns drawn from `q` (position, direction, speed, colour, spin, lifetime),
/// the k-th with age `age0 - k * age_step` (births spread over a step, oldest first).
/// 0 or -1 (out of memory).
int ka_emit(ka_system *s, const ka_params *q, size_t n, float age0, float age_step);

/// Which compaction ka_step uses on this CPU: "avx512", "avx2" or "scalar".
const char *ka_path(void);

/// Bytes the system holds (its one allocation).
size_t ka_bytes(const ka_system *s);

#ifdef __cplusplus
}
#endif

#endif
