// Eight pixels at a time for Core's sprite rasteriser (Sources/Core/Render/SpritePen.swift):
// the recorded span of a sprite row sampled in one mip level, with AVX2 where the processor
// has it. Each float gets exactly the operations the Swift span gives it, in the same order
// (no fused multiply-add, no reassociation), so the bytes are the same (CoreTests,
// SpriteSpanTests).
#ifndef BURST_SPRITE_RECORD_H
#define BURST_SPRITE_RECORD_H

#include <stdint.h>

/// One row of a sprite (Core's SpriteSpan).
typedef struct {
  float u0, v0, step_u, step_v, pixels_per_u, pixels_per_v, half_u, half_v;
  float tint[4];
} burst_record_span;

/// One mip level's packed sampling geometry (Core's LevelSampler).
typedef struct {
  /// The level's padded copy: each texel's right and lower neighbours are one texel and one
  /// padded row on.
  const float *padded;
  /// Bytes from a texel of the padded copy to the one below it.
  long row_bytes;
  /// Floats from a texel of the padded copy to the one below it, as a 32-bit lane holds it.
  int32_t floats_per_row;
  float scale_x, offset_x, scale_y, offset_y, low_x, high_x, low_y, high_y;
} burst_record_level;

/// A sprite whose rows are all recorded in one level (Core's SpritePen.draw): its inverse map
/// (pixels to sprite space), the rows' limits and box, and its rows' span values.
typedef struct {
  double a, b, c, d, tx, ty;
  /// Beyond these |u|, |v| a pixel centre gets no coverage.
  double limit_u, limit_v;
  /// The pixel box's columns x0 ..< x1, and the rows drawn, first_row ..< end_row.
  long box_x0, box_x1, first_row, end_row;
  /// Whether rows skip the pixels of the box that cannot be covered.
  int trims;
  /// The canvas's first float, and its width in pixels.
  float *base;
  long canvas_width;
  float step_u, step_v, pixels_per_u, pixels_per_v, half_u, half_v;
  float tint[4];
} burst_record_sprite;

/// Whether `burst_record_one_level` and `burst_record_rows` may be called (x86-64 with AVX2).
int burst_record_available(void);

/// The most rows `burst_record_rows` records: 42 rows of at most 24 pixels and the entry
/// written past them fit the pen's 1024 entries (Core's DeferredPixel).
#define BURST_RECORD_ROWS 42

/// Every row of `sprite` (at most BURST_RECORD_ROWS), each as `burst_record_one_level`
/// records it (with `mix` not 0, each sample mixed toward `coarse`'s by `mix`, as TwoLevels
/// does), from entry `n` on; returns the new count. The rows' spans are worked out as
/// SpritePen.draw works them out (the same Double operations), so the caller must leave room
/// for 24 entries a row and one.
long burst_record_rows(
  burst_record_sprite sprite, burst_record_level level, burst_record_level coarse, float mix,
  void *entries, long n);

/// Records pixels `first ..< count` of the row whose first pixel is `start` into `entries`
/// (32 bytes each: the pixel's address, 8 bytes of padding, its premultiplied colour), from
/// entry `n` on; returns the new count. Every lane's entry is written and only a covered
/// pixel's is kept, so up to one entry past the returned count is written.
long burst_record_one_level(
  burst_record_span span, burst_record_level level, float *start, long first,
  long count, void *entries, long n);

#endif
