#ifndef BURST_CPNG_SHIM_H
#define BURST_CPNG_SHIM_H
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <png.h>
#include <zlib.h>

/* Swift cannot import PNG_FORMAT_RGBA or PNG_FORMAT_RGB (macros built from other macros). */
enum { BURST_PNG_FORMAT_RGBA = PNG_FORMAT_RGBA, BURST_PNG_FORMAT_RGB = PNG_FORMAT_RGB };

/* The zlib strategies the writer below may be given. */
enum {
  BURST_Z_DEFAULT_STRATEGY = Z_DEFAULT_STRATEGY,
  BURST_Z_FILTERED = Z_FILTERED,
  BURST_Z_RLE = Z_RLE
};

/* Row filter choices for the writer below. */
enum {
  /* Every row "up" (the byte above subtracted). */
  BURST_PNG_ROWS_UP = 0,
  /* Each row "up" or "Paeth", whichever has the smaller sum of |filtered byte| (as signed
     bytes); Paeth is only tried on a row whose "up" bytes are not all 0. */
  BURST_PNG_ROWS_UP_OR_PAETH = 1
};

/* The bytes of a PNG being written to memory. */
struct burst_png_buffer {
  unsigned char *bytes;
  size_t count;
  size_t capacity;
};

/* Makes room for `n` more bytes; 0 when memory runs out. */
static int burst_png_room(struct burst_png_buffer *out, size_t n) {
  if (out->capacity - out->count >= n) return 1;
  size_t capacity = out->capacity * 2 + 65536;
  if (capacity < out->count + n) capacity = out->count + n;
  unsigned char *grown = (unsigned char *)realloc(out->bytes, capacity);
  if (grown == NULL) return 0;
  out->bytes = grown;
  out->capacity = capacity;
  return 1;
}

/* Appends `n` bytes; 0 when memory runs out. */
static int burst_png_append(struct burst_png_buffer *out, const void *data, size_t n) {
  if (!burst_png_room(out, n)) return 0;
  if (n > 0) memcpy(out->bytes + out->count, data, n);
  out->count += n;
  return 1;
}

static void burst_png_put32(unsigned char *p, uint32_t v) {
  p[0] = (unsigned char)(v >> 24);
  p[1] = (unsigned char)(v >> 16);
  p[2] = (unsigned char)(v >> 8);
  p[3] = (unsigned char)v;
}

/* Appends a whole chunk: length, type, data, and the CRC of type and data. */
static int burst_png_chunk(struct burst_png_buffer *out, const char *type,
                           const unsigned char *data, uint32_t n) {
  unsigned char head[8];
  burst_png_put32(head, n);
  memcpy(head + 4, type, 4);
  uLong crc = crc32(0L, head + 4, 4);
  if (n > 0) crc = crc32(crc, data, n);
  unsigned char tail[4];
  burst_png_put32(tail, (uint32_t)crc);
  return burst_png_append(out, head, 8) && burst_png_append(out, data, n) &&
         burst_png_append(out, tail, 4);
}

/* |b| for a filtered byte read as signed: the usual "smallest sum" measure of a filtered row. */
static inline unsigned burst_png_cost(unsigned char b) { return b < 128 ? b : 256u - b; }

/* Filters one row of `n` bytes (`bpp` a pixel) against the row above (`prior`, zeros for the first
   row) into `up` and, when asked and "up" is not all 0, into `paeth`; returns the PNG filter
   type chosen (2 up, 4 Paeth), whose bytes are in `up` or `paeth`. */
static int burst_png_filter_row(const unsigned char *row, const unsigned char *prior, size_t n,
                                size_t bpp, int choice, unsigned char *up, unsigned char *paeth) {
  unsigned long up_cost = 0;
  for (size_t i = 0; i < n; i++) {
    unsigned char d = (unsigned char)(row[i] - prior[i]);
    up[i] = d;
    up_cost += burst_png_cost(d);
  }
  if (choice != BURST_PNG_ROWS_UP_OR_PAETH || up_cost == 0) return 2;
  /* Where the row equals the one above (up is 0 at i and i − bpp), Paeth's prediction is the
     byte above, so its filtered byte is 0 too: only [lo, hi + bpp] needs computing. */
  size_t lo = 0;
  while (up[lo] == 0) lo++;
  size_t hi = n - 1;
  while (up[hi] == 0) hi--;
  size_t end = hi + bpp + 1 < n ? hi + bpp + 1 : n;
  memset(paeth, 0, lo);
  memset(paeth + end, 0, n - end);
  unsigned long paeth_cost = 0;
  for (size_t i = lo; i < end; i++) {
    int a = i >= bpp ? row[i - bpp] : 0;
    int b = prior[i];
    int c = i >= bpp ? prior[i - bpp] : 0;
    int pa = abs(b - c);
    int pb = abs(a - c);
    int pc = abs(a + b - 2 * c);
    int predictor = (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
    paeth[i] = (unsigned char)(row[i] - predictor);
    paeth_cost += burst_png_cost(paeth[i]);
  }
  return paeth_cost < up_cost ? 4 : 2;
}

/* Writes an 8-bit RGBA (`channels` 4) or RGB (`channels` 3) image (rows of channels·width bytes,
   top first) as a PNG in memory, from the PNG specification with zlib: IHDR (8-bit, not
   interlaced), sRGB (perceptual, as libpng's
   simplified writer puts it), one IDAT with the zlib stream of the filtered rows (zlib `level`
   and `strategy`, row filters by `choice`), IEND. No libpng call, so no longjmp. On success
   returns 1 with the bytes in *bytes (malloc'd: free them) and their number in *count; on
   failure (memory, or zlib refusing the settings) returns 0. */
static int burst_png_encode(const unsigned char *pixels, uint32_t width, uint32_t height,
                            int channels, int level, int strategy, int choice, size_t guess,
                            unsigned char **bytes, size_t *count) {
  static const unsigned char signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  static const unsigned char srgb[1] = {0};
  static const unsigned char idat_head[8] = {0, 0, 0, 0, 'I', 'D', 'A', 'T'};
  size_t bpp = channels == 3 ? 3 : 4;
  size_t stride = (size_t)width * bpp;
  struct burst_png_buffer out = {NULL, 0, 0};
  unsigned char ihdr[13];
  burst_png_put32(ihdr, width);
  burst_png_put32(ihdr + 4, height);
  ihdr[8] = 8;  /* bit depth */
  ihdr[9] = bpp == 3 ? 2 : 6; /* colour type: RGB or RGBA */
  ihdr[10] = 0; /* deflate */
  ihdr[11] = 0; /* adaptive filtering */
  ihdr[12] = 0; /* not interlaced */
  /* Scratch: the zero row above the first, and the filtered row (its filter byte first) both
     ways. */
  unsigned char *zero = (unsigned char *)calloc(stride, 1);
  unsigned char *up = (unsigned char *)malloc(stride + 1);
  unsigned char *paeth = (unsigned char *)malloc(stride + 1);
  z_stream z;
  memset(&z, 0, sizeof z);
  int ok = zero && up && paeth && burst_png_room(&out, guess) &&
           burst_png_append(&out, signature, 8) && burst_png_chunk(&out, "IHDR", ihdr, 13) &&
           burst_png_chunk(&out, "sRGB", srgb, 1);
  int started = ok && deflateInit2(&z, level, Z_DEFLATED, 15, 8, strategy) == Z_OK;
  ok = started;
  /* The IDAT chunk: its length (filled in at the end) and type, then the zlib stream. */
  size_t idat = out.count;
  ok = ok && burst_png_append(&out, idat_head, 8);
  for (uint32_t y = 0; ok && y <= height; y++) {
    int flush = y == height ? Z_FINISH : Z_NO_FLUSH;
    if (y < height) {
      const unsigned char *row = pixels + (size_t)y * stride;
      const unsigned char *prior = y > 0 ? row - stride : zero;
      int type = burst_png_filter_row(row, prior, stride, bpp, choice, up + 1, paeth + 1);
      unsigned char *line = type == 4 ? paeth : up;
      line[0] = (unsigned char)type;
      z.next_in = line;
      z.avail_in = (uInt)(stride + 1);
    }
    int status = Z_OK;
    do {
      if (!burst_png_room(&out, 65536)) {
        ok = 0;
        break;
      }
      size_t room = out.capacity - out.count;
      if (room > 0x40000000u) room = 0x40000000u;
      z.next_out = out.bytes + out.count;
      z.avail_out = (uInt)room;
      status = deflate(&z, flush);
      out.count += room - z.avail_out;
      if (status == Z_STREAM_ERROR) ok = 0;
    } while (ok && (flush == Z_FINISH ? status != Z_STREAM_END : z.avail_in > 0));
  }
  if (started) deflateEnd(&z);
  size_t n = ok ? out.count - idat - 8 : 0;
  if (ok && n <= 0x7FFFFFFFu) {
    burst_png_put32(out.bytes + idat, (uint32_t)n);
    unsigned char crc[4];
    burst_png_put32(crc, (uint32_t)crc32(0L, out.bytes + idat + 4, (uInt)(n + 4)));
    ok = burst_png_append(&out, crc, 4) && burst_png_chunk(&out, "IEND", NULL, 0);
  } else {
    ok = 0;
  }
  free(zero);
  free(up);
  free(paeth);
  if (!ok) {
    free(out.bytes);
    return 0;
  }
  *bytes = out.bytes;
  *count = out.count;
  return 1;
}

#endif
