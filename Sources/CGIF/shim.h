#ifndef BURST_CGIF_SHIM_H
#define BURST_CGIF_SHIM_H
#include <gif_lib.h>

/* gif_lib.h's macros, as constants Swift imports with C's int type. */
static const int BURST_GIF_OK = GIF_OK;
static const int BURST_GIF_APPLICATION_EXT = APPLICATION_EXT_FUNC_CODE;
static const int BURST_GIF_GRAPHICS_EXT = GRAPHICS_EXT_FUNC_CODE;
static const int BURST_GIF_NO_TRANSPARENT = NO_TRANSPARENT_COLOR;
static const int BURST_GIF_DISPOSE_DO_NOT = DISPOSE_DO_NOT;
static const int BURST_GIF_DISPOSE_BACKGROUND = DISPOSE_BACKGROUND;

#endif
