// A cache hint for Core's sprite rasteriser (Sources/Core/Render/SpriteDrawing.swift): Swift
// has no prefetch of its own. Header-only and inline, so the hint compiles into the caller's
// loop as one instruction; nothing is linked.
#ifndef BURST_CPREFETCH_H
#define BURST_CPREFETCH_H

/// Asks the processor to bring the cache line holding `address` closer, for a write soon. A
/// hint only: it never faults, whatever the address, and changes no value.
static inline __attribute__((always_inline)) void burst_prefetch_for_write(const void *address) {
  __builtin_prefetch(address, 1, 3);
}

#endif
