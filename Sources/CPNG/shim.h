#ifndef BURST_CPNG_SHIM_H
#define BURST_CPNG_SHIM_H
#include <stdio.h>
#include <png.h>

/* Swift cannot import PNG_FORMAT_RGBA (a macro built from other macros). */
enum { BURST_PNG_FORMAT_RGBA = PNG_FORMAT_RGBA };

#endif
