/* FreeType, for the glyphs of text layers (Files/FontFaces.swift). */
#ifndef BURST_CFREETYPE_SHIM_H
#define BURST_CFREETYPE_SHIM_H
#include <ft2build.h>
#include FT_FREETYPE_H

/* Swift cannot import FT_LOAD_* (macros built from casts and shifts). */
enum {
  BURST_FT_LOAD_RENDER = FT_LOAD_RENDER,
  BURST_FT_LOAD_NO_HINTING = FT_LOAD_NO_HINTING,
  BURST_FT_PIXEL_MODE_GRAY = FT_PIXEL_MODE_GRAY,
  BURST_FT_FACE_FLAG_KERNING = FT_FACE_FLAG_KERNING,
  BURST_FT_KERNING_UNFITTED = FT_KERNING_UNFITTED
};

#endif
