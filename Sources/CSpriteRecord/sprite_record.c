// The recorded sprite span, eight pixels at a time: see include/sprite_record.h.
//
// Written to the operations of Core's Swift span (SpriteSpan.record with OneLevel sampling,
// lanes, lanewiseEdgeCoverage, LevelSampler.packedTaps and sampleFour), float for float:
// every comparison keeps the Swift one's ordered or unordered sense, every selection the
// condition the Swift one tests, and the build passes -ffp-contract=off so that no multiply
// and add are fused.
#include "sprite_record.h"

#include <math.h>
#include <string.h>

#if defined(__x86_64__)
#include <immintrin.h>

int burst_record_available(void) {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2");
}

#define BURST_AVX2 __attribute__((target("avx2")))

/// One row of a sprite (Core's SpriteSpan).
typedef struct {
  float u0, v0, step_u, step_v, pixels_per_u, pixels_per_v, half_u, half_v;
  float tint[4];
} burst_record_span;

/// lanewiseEdgeCoverage: the overlap of a pixel with a band of half-width `half` at `distance`
/// from its centre line, snapped to 0 and 1 within 2^-12.
BURST_AVX2 static inline __m256 edge_coverage(__m256 distance, __m256 half, __m256 minus_half) {
  const __m256 point_five = _mm256_set1_ps(0.5f);
  __m256 over = _mm256_add_ps(distance, point_five);
  // over.replacing(with: half, where: half < over)
  __m256 high = _mm256_blendv_ps(over, half, _mm256_cmp_ps(half, over, _CMP_LT_OQ));
  __m256 under = _mm256_sub_ps(distance, point_five);
  // under.replacing(with: -half, where: -half >= under)
  __m256 low = _mm256_blendv_ps(under, minus_half, _mm256_cmp_ps(minus_half, under, _CMP_GE_OQ));
  __m256 overlap = _mm256_sub_ps(high, low);
  __m256 kept = _mm256_and_ps(overlap, _mm256_cmp_ps(overlap, _mm256_set1_ps(0.00024f), _CMP_GT_OQ));
  return _mm256_blendv_ps(
    kept, _mm256_set1_ps(1.0f), _mm256_cmp_ps(overlap, _mm256_set1_ps(0.99976f), _CMP_GT_OQ));
}

/// The clamp of packedClamped: above `high` takes `high`; not at or above `low` (NaN too)
/// takes `low`, both tested on the unclamped value.
BURST_AVX2 static inline __m256 packed_clamp(__m256 s, __m256 low, __m256 high) {
  __m256 c = _mm256_blendv_ps(s, high, _mm256_cmp_ps(s, high, _CMP_GT_OQ));
  return _mm256_blendv_ps(c, low, _mm256_cmp_ps(s, low, _CMP_NGE_UQ));
}

/// smallTruncation: Int32(x) for 0 <= x <= 2^22.
BURST_AVX2 static inline __m256i small_truncation(__m256 x) {
  __m256i rounded = _mm256_and_si256(
    _mm256_castps_si256(_mm256_add_ps(x, _mm256_set1_ps(8388608.0f))),
    _mm256_set1_epi32(0x7FFFFF));
  // rounded - 1 where Float(rounded) > x (the mask is -1 there)
  __m256 up = _mm256_cmp_ps(_mm256_cvtepi32_ps(rounded), x, _CMP_GT_OQ);
  return _mm256_add_epi32(rounded, _mm256_castps_si256(up));
}

/// Lane k's value in the low four floats and lane k + 1's in the high four.
BURST_AVX2 static inline __m256 pair(__m256 x, int k) {
  return _mm256_permutevar8x32_ps(
    x, _mm256_setr_epi32(k, k, k, k, k + 1, k + 1, k + 1, k + 1));
}

/// Where eight points sample a level bilinearly (LevelSampler.packedTaps): each lane's
/// top-left texel as floats from the padded copy's first, and the weights toward the texels
/// right of and below it.
typedef struct {
  __m256 wx, wy;
  int32_t corners[8];
} taps8;

BURST_AVX2 static inline __attribute__((always_inline)) void packed_taps(
  const burst_record_level *level, __m256 cu, __m256 cv, taps8 *taps) {
  const __m256 point_five = _mm256_set1_ps(0.5f);
  __m256 fx = _mm256_sub_ps(
    packed_clamp(
      _mm256_add_ps(
        _mm256_mul_ps(_mm256_set1_ps(level->scale_x), cu), _mm256_set1_ps(level->offset_x)),
      _mm256_set1_ps(level->low_x), _mm256_set1_ps(level->high_x)),
    point_five);
  __m256 fy = _mm256_sub_ps(
    packed_clamp(
      _mm256_add_ps(
        _mm256_mul_ps(_mm256_set1_ps(level->scale_y), cv), _mm256_set1_ps(level->offset_y)),
      _mm256_set1_ps(level->low_y), _mm256_set1_ps(level->high_y)),
    point_five);
  __m256i x0 = small_truncation(fx);
  __m256i y0 = small_truncation(fy);
  __m256i corner = _mm256_add_epi32(
    _mm256_mullo_epi32(y0, _mm256_set1_epi32(level->floats_per_row)), _mm256_slli_epi32(x0, 2));
  taps->wx = _mm256_sub_ps(fx, _mm256_cvtepi32_ps(x0));
  taps->wy = _mm256_sub_ps(fy, _mm256_cvtepi32_ps(y0));
  _mm256_storeu_si256((__m256i *)taps->corners, corner);
}

/// Lanes k and k + 1 of `taps`, bilinear (LevelSampler.sampleFour's arithmetic), lane k in
/// the low four floats.
BURST_AVX2 static inline __attribute__((always_inline)) __m256 bilinear_pair(
  const burst_record_level *level, const taps8 *taps, int k) {
  const char *a = (const char *)(level->padded + taps->corners[k]);
  const char *b = (const char *)(level->padded + taps->corners[k + 1]);
  const long row = level->row_bytes;
  __m256 t00 = _mm256_loadu2_m128((const float *)b, (const float *)a);
  __m256 t10 = _mm256_loadu2_m128((const float *)(b + 16), (const float *)(a + 16));
  __m256 t01 = _mm256_loadu2_m128((const float *)(b + row), (const float *)(a + row));
  __m256 t11 = _mm256_loadu2_m128((const float *)(b + row + 16), (const float *)(a + row + 16));
  __m256 fx = pair(taps->wx, k);
  __m256 top = _mm256_add_ps(t00, _mm256_mul_ps(_mm256_sub_ps(t10, t00), fx));
  __m256 bottom = _mm256_add_ps(t01, _mm256_mul_ps(_mm256_sub_ps(t11, t01), fx));
  return _mm256_add_ps(top, _mm256_mul_ps(_mm256_sub_ps(bottom, top), pair(taps->wy, k)));
}

/// SpriteSpan.record with OneLevel sampling (`coarse` null) or TwoLevels (the fine level's
/// sample mixed toward the coarse one's by `mix`), eight pixels at a time.
BURST_AVX2 static inline __attribute__((always_inline)) long record_avx2(
  const burst_record_span *span, const burst_record_level *level,
  const burst_record_level *coarse, float mix, float *start, long first, long count,
  void *entries, long n) {
  const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
  const __m256i end = _mm256_set1_epi32((int32_t)count);
  const __m256 u0 = _mm256_set1_ps(span->u0), v0 = _mm256_set1_ps(span->v0);
  const __m256 step_u = _mm256_set1_ps(span->step_u), step_v = _mm256_set1_ps(span->step_v);
  const __m256 per_u = _mm256_set1_ps(span->pixels_per_u);
  const __m256 per_v = _mm256_set1_ps(span->pixels_per_v);
  const __m256 half_u = _mm256_set1_ps(span->half_u), half_v = _mm256_set1_ps(span->half_v);
  const __m256 minus_half_u = _mm256_set1_ps(-span->half_u);
  const __m256 minus_half_v = _mm256_set1_ps(-span->half_v);
  const __m256 magnitude = _mm256_castsi256_ps(_mm256_set1_epi32(0x7FFFFFFF));
  const __m256 zero = _mm256_setzero_ps();
  const __m256 point_five = _mm256_set1_ps(0.5f), minus_point_five = _mm256_set1_ps(-0.5f);
  const __m128 tint4 = _mm_loadu_ps(span->tint);
  const __m256 tint = _mm256_set_m128(tint4, tint4);
  const __m256 mixes = _mm256_set1_ps(mix);
  char *out = (char *)entries;
  float *p = start + first * 4;
  for (long i = first; i < count; i += 8, p += 32) {
    __m256i index = _mm256_add_epi32(_mm256_set1_epi32((int32_t)i), lanes);
    __m256 step = _mm256_cvtepi32_ps(index);
    __m256 u = _mm256_add_ps(u0, _mm256_mul_ps(step_u, step));
    __m256 v = _mm256_add_ps(v0, _mm256_mul_ps(step_v, step));
    __m256 coverage = _mm256_mul_ps(
      edge_coverage(_mm256_mul_ps(_mm256_and_ps(u, magnitude), per_u), half_u, minus_half_u),
      edge_coverage(_mm256_mul_ps(_mm256_and_ps(v, magnitude), per_v), half_v, minus_half_v));
    // 0 where index >= count
    coverage = _mm256_and_ps(coverage, _mm256_castsi256_ps(_mm256_cmpgt_epi32(end, index)));
    int covered = _mm256_movemask_ps(_mm256_cmp_ps(coverage, zero, _CMP_GT_OQ));
    if (!covered) continue;
    // The sprite point clamped to the sprite (each test on the unclamped point).
    __m256 cu = _mm256_blendv_ps(u, point_five, _mm256_cmp_ps(u, point_five, _CMP_GT_OQ));
    cu = _mm256_blendv_ps(cu, minus_point_five, _mm256_cmp_ps(u, minus_point_five, _CMP_LT_OQ));
    __m256 cv = _mm256_blendv_ps(v, point_five, _mm256_cmp_ps(v, point_five, _CMP_GT_OQ));
    cv = _mm256_blendv_ps(cv, minus_point_five, _mm256_cmp_ps(v, minus_point_five, _CMP_LT_OQ));
    taps8 fine, rough;
    packed_taps(level, cu, cv, &fine);
    if (coarse) packed_taps(coarse, cu, cv, &rough);
    for (int k = 0; k < 8; k += 2) {
      // Two lanes without coverage keep no entry: nothing to sample or write.
      if (!((covered >> k) & 3)) continue;
      __m256 sample = bilinear_pair(level, &fine, k);
      if (coarse) {
        __m256 other = bilinear_pair(coarse, &rough, k);
        sample = _mm256_add_ps(sample, _mm256_mul_ps(_mm256_sub_ps(other, sample), mixes));
      }
      __m256 color = _mm256_mul_ps(sample, _mm256_mul_ps(tint, pair(coverage, k)));
      float *pixel = p + 4 * k;
      char *e = out + n * 32;
      memcpy(e, &pixel, sizeof pixel);
      _mm_storeu_ps((float *)(e + 16), _mm256_castps256_ps128(color));
      n += (covered >> k) & 1;
      pixel += 4;
      e = out + n * 32;
      memcpy(e, &pixel, sizeof pixel);
      _mm_storeu_ps((float *)(e + 16), _mm256_extractf128_ps(color, 1));
      n += (covered >> (k + 1)) & 1;
    }
  }
  return n;
}

/// Swift's min(x, y) and max(x, y): `y < x ? y : x` and `y >= x ? y : x`.
static inline double swift_min(double x, double y) { return y < x ? y : x; }
static inline double swift_max(double x, double y) { return y >= x ? y : x; }

/// Core's narrow: [*low, *high) narrowed to the x where |slope * x + offset| < limit.
static inline void narrow(double *low, double *high, double slope, double offset, double limit) {
  if (slope == 0) {
    if (fabs(offset) >= limit) *high = *low;
    return;
  }
  double a = (-limit - offset) / slope;
  double b = (limit - offset) / slope;
  *low = swift_max(*low, swift_min(a, b));
  *high = swift_min(*high, swift_max(a, b));
}

/// The rows of SpritePen.draw (no visible-ellipse cut), each recorded by record_avx2. The
/// rows' limits are worked out first, all of them, so that their divisions overlap.
BURST_AVX2 static inline __attribute__((always_inline)) long rows_avx2(
  const burst_record_sprite *s, const burst_record_level *level,
  const burst_record_level *coarse, float mix, void *entries, long n) {
  double lows[BURST_RECORD_ROWS], highs[BURST_RECORD_ROWS];
  double us[BURST_RECORD_ROWS], vs[BURST_RECORD_ROWS];
  long rows = s->end_row - s->first_row;
  if (rows > BURST_RECORD_ROWS) rows = BURST_RECORD_ROWS;
  for (long k = 0; k < rows; k++) {
    double py = (double)(s->first_row + k) + 0.5;
    double row_u = s->c * py + s->tx;
    double row_v = s->d * py + s->ty;
    double low = (double)s->box_x0, high = (double)s->box_x1;
    narrow(&low, &high, s->a, row_u, s->limit_u);
    narrow(&low, &high, s->b, row_v, s->limit_v);
    lows[k] = low;
    highs[k] = high;
    us[k] = row_u;
    vs[k] = row_v;
  }
  burst_record_span span = {
    0, 0, s->step_u, s->step_v, s->pixels_per_u, s->pixels_per_v, s->half_u, s->half_v,
    {s->tint[0], s->tint[1], s->tint[2], s->tint[3]}};
  for (long k = 0; k < rows; k++) {
    double low = lows[k], high = highs[k];
    if (!(low < high)) continue;
    // low, high lie in [box_x0, box_x1], at or above 0: the conversion is Swift's Int(_:).
    long x0 = (long)low - 1;
    if (x0 < s->box_x0) x0 = s->box_x0;
    long x1 = (long)high + 2;
    if (x1 > s->box_x1) x1 = s->box_x1;
    if (x0 >= x1) continue;
    long first = 0, count = x1 - x0;
    if (s->trims) {
      long end = (long)high;
      first = (long)low - x0;
      if (first < 0) first = 0;
      long last = ((double)end < high ? end + 1 : end) - x0;
      if (last < count) count = last;
      if (first >= count) continue;
    }
    double start_x = (double)x0 + 0.5;
    span.u0 = (float)(s->a * start_x + us[k]);
    span.v0 = (float)(s->b * start_x + vs[k]);
    float *row = s->base + ((s->first_row + k) * s->canvas_width + x0) * 4;
    // The row's canvas lines, for the blending after the sprite (SpritePen's prefetchPixels).
    for (unsigned long line = (unsigned long)(row + first * 4) & ~63ul,
                       stop = (unsigned long)(row + count * 4);
         line < stop; line += 64)
      __builtin_prefetch((const void *)line, 1, 3);
    n = record_avx2(&span, level, coarse, mix, row, first, count, entries, n);
  }
  return n;
}

BURST_AVX2 static long rows_one_avx2(
  const burst_record_sprite *sprite, const burst_record_level *level, void *entries, long n) {
  return rows_avx2(sprite, level, 0, 0, entries, n);
}

BURST_AVX2 static long rows_two_avx2(
  const burst_record_sprite *sprite, const burst_record_level *level,
  const burst_record_level *coarse, float mix, void *entries, long n) {
  return rows_avx2(sprite, level, coarse, mix, entries, n);
}

long burst_record_rows(
  burst_record_sprite sprite, burst_record_level level, burst_record_level coarse, float mix,
  void *entries, long n) {
  if (mix == 0) return rows_one_avx2(&sprite, &level, entries, n);
  return rows_two_avx2(&sprite, &level, &coarse, mix, entries, n);
}

#else

int burst_record_available(void) { return 0; }

long burst_record_rows(
  burst_record_sprite sprite, burst_record_level level, burst_record_level coarse, float mix,
  void *entries, long n) {
  (void)sprite;
  (void)level;
  (void)coarse;
  (void)mix;
  (void)entries;
  return n;
}

#endif
