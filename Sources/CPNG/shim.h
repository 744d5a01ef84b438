/* libpng for reading images (Files/PNGFile+ReadPNG.swift); writing is CPNGEncoder's. */
#ifndef BURST_CPNG_SHIM_H
#define BURST_CPNG_SHIM_H
#include <stdio.h>
#include <png.h>

/* Swift cannot import PNG_FORMAT_RGBA or PNG_FORMAT_RGB (macros built from other macros). */
enum { BURST_PNG_FORMAT_RGBA = PNG_FORMAT_RGBA, BURST_PNG_FORMAT_RGB = PNG_FORMAT_RGB };

#endif
