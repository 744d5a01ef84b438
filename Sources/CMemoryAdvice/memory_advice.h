// A memory hint for Core's particle stores (Sources/Core/Simulation/ParticleStore.swift):
// Swift's standard library has no way to ask for huge pages. Header-only and inline; nothing
// is linked.
#ifndef BURST_CMEMORYADVICE_H
#define BURST_CMEMORYADVICE_H

#include <stddef.h>
#include <stdint.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

/// Asks the kernel to back the whole 2 MiB blocks inside [start, start + bytes) with huge
/// pages when they are first touched (Linux's transparent huge pages in `madvise` mode), so a
/// big store is faulted in 512 times less often. A hint only: it changes no value, and where
/// the system has no such advice, or refuses it, nothing happens.
static inline __attribute__((always_inline)) void burst_advise_huge_pages(void *start,
                                                                           size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  const uintptr_t huge = (uintptr_t)2 << 20;
  uintptr_t first = ((uintptr_t)start + huge - 1) & ~(huge - 1);
  uintptr_t end = ((uintptr_t)start + bytes) & ~(huge - 1);
  if (end > first) (void)madvise((void *)first, end - first, MADV_HUGEPAGE);
#else
  (void)start;
  (void)bytes;
#endif
}

#endif
