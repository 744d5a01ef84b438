/* Burst's PNG encoder: an image cut into horizontal bands of rows, each filtered and deflated
   on its own (in any order, on any thread), then put together in order as one PNG, so the bytes
   never depend on how many threads compress it. zlib does the deflating; libpng is not used for
   writing. The implementation is png_encoder.c beside this folder; Sources/CPNGEncoder/README.md
   says what the target is. */
#ifndef BURST_PNG_ENCODER_H
#define BURST_PNG_ENCODER_H
#include <stddef.h>
#include <stdint.h>
#include <zlib.h>

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

/* The filtered bytes one band of rows holds at most (about; a band is whole rows, at least one):
   an image is cut into bands by its size alone, so the bytes written never depend on how many
   threads compress them. */
enum { BURST_PNG_BAND_BYTES = 1 << 19 };

/* A PNG being compressed (opaque; see png_encoder.c). */
struct burst_png_job;

/* Makes a job for an 8-bit RGBA (`channels` 4) or RGB (`channels` 3) image (rows of
   channels·width bytes, top first, which must outlive the job), to be deflated with zlib `level`
   and `strategy` and rows filtered by `choice` (BURST_PNG_ROWS_…). NULL when memory runs out. */
struct burst_png_job *burst_png_job_new(const unsigned char *pixels, uint32_t width,
                                        uint32_t height, int channels, int level, int strategy,
                                        int choice);

/* How many bands the job's image is cut into (0 for an image with no rows). */
uint32_t burst_png_job_bands(const struct burst_png_job *job);

/* Frees a job and every band's bytes. */
void burst_png_job_free(struct burst_png_job *job);

/* Filters and deflates band `k`; touches only band k's slots, so bands may run at the same time
   on different threads. */
void burst_png_job_band(struct burst_png_job *job, uint32_t k);

/* Puts the bands together into a whole PNG in `*bytes` (malloc'd; the caller frees it) of
   `*count` bytes; 0 when a band failed or memory ran out. */
int burst_png_job_finish(const struct burst_png_job *job, unsigned char **bytes, size_t *count);

#endif
