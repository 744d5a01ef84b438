// Eight pixels at a time for Core's sprite rasteriser (Sources/Core/Render/SpritePen.swift):
// the recorded rows of a sprite sampled in one mip level or two, with AVX2 where the processor
// has it. Each float gets exactly the operations the Swift span gives it, in the same order
// (no fused multiply-add, no reassociation), so the bytes are the same (CoreTests,
// SpriteSpanTests).
#ifndef BURST_SPRITE_RECORD_H
#define BURST_SPRITE_RECORD_H

#include <stdint.h>

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

/// A sprite whose rows are recorded (Core's SpritePen.draw): its inverse map (pixels to
/// sprite space), the rows' limits and box, and its rows' span values.
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

/// Whether `burst_record_rows` may be called (x86-64 with AVX2).
int burst_record_available(void);

/// The most rows one call of `burst_record_rows` records: 42 rows of at most 24 pixels and
/// the entry written past them fit the pen's 1024 entries (Core's DeferredPixel).
#define BURST_RECORD_ROWS 42

/// Records the rows of `sprite` (at most BURST_RECORD_ROWS) into `entries` (32 bytes each:
/// the pixel's address, 8 bytes of padding, its premultiplied colour), from entry `n` on, as
/// Core's SpriteSpan.record does with OneLevel sampling (with `mix` not 0, each sample mixed
/// toward `coarse`'s by `mix`, as TwoLevels does); returns the new count. The rows' spans are
/// worked out as SpritePen.draw works them out (the same Double operations). Every lane's
/// entry may be written and only a covered pixel's is kept, so the caller leaves room for 24
/// entries a row and one.
long burst_record_rows(
  burst_record_sprite sprite, burst_record_level level, burst_record_level coarse, float mix,
  void *entries, long n);

#endif
