/* Burst's PNG encoder (see include/png_encoder.h for what it does and its functions). */
#include "png_encoder.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__) && defined(__x86_64__)
#include <emmintrin.h>
#endif

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

/* The Paeth predictor of the PNG specification: of a (left), b (above) and c (above left), the
   one nearest a + b − c, ties going to a, then b. */
static inline int burst_png_paeth(int a, int b, int c) {
  int pa = abs(b - c);
  int pb = abs(a - c);
  int pc = abs(a + b - 2 * c);
  return (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
}

#if defined(__SSE2__) && defined(__x86_64__)
/* SSE2 (every x86-64 has it) for the two loops every row goes through; the scalar loops after
   them finish each row and are the whole of it elsewhere, with the same bytes and costs. Unsafe
   loads and stores by design: this is the encoder's inner loop, each access inside the row. */
static inline __m128i burst_png_abs16(__m128i x) {
  return _mm_max_epi16(x, _mm_sub_epi16(_mm_setzero_si128(), x));
}

/* Picks `when_set` where `mask` lanes are all ones, `otherwise` where they are 0. */
static inline __m128i burst_png_select(__m128i mask, __m128i when_set, __m128i otherwise) {
  return _mm_or_si128(_mm_and_si128(mask, when_set), _mm_andnot_si128(mask, otherwise));
}

/* The sum of burst_png_cost over the bytes of `d`, as two 64-bit halves. */
static inline __m128i burst_png_cost16(__m128i d) {
  __m128i zero = _mm_setzero_si128();
  return _mm_sad_epu8(_mm_min_epu8(d, _mm_sub_epi8(zero, d)), zero);
}
#endif

/* The Adler-32 checksum of RFC 1950 (zlib's `adler32`, the same values) of `n` bytes, continuing
   from `adler` (1 to start). zlib's own is scalar; this one sums 16 bytes a step where SSE2 is
   there, which the checksum of every filtered byte makes worth having. */
static uLong burst_png_adler32(uLong adler, const unsigned char *p, size_t n) {
  /* 5552 bytes is the most zlib's arithmetic may take before reducing (NMAX, a multiple of
     16); here the sums are 64-bit, and the block only bounds the vector lanes. */
  const uint64_t base = 65521;
  uint64_t s1 = adler & 0xFFFF, s2 = (adler >> 16) & 0xFFFF;
  while (n > 0) {
    size_t block = n < 5552 ? n : 5552;
    n -= block;
    size_t i = 0;
#if defined(__SSE2__) && defined(__x86_64__)
    size_t steps = block / 16;
    if (steps > 0) {
      __m128i zero = _mm_setzero_si128(), sums = zero, before = zero, weighted = zero;
      const __m128i first = _mm_set_epi16(9, 10, 11, 12, 13, 14, 15, 16);
      const __m128i second = _mm_set_epi16(1, 2, 3, 4, 5, 6, 7, 8);
      for (size_t k = 0; k < steps; k++) {
        __m128i x = _mm_loadu_si128((const __m128i *)(p + 16 * k));
        /* Each step adds the bytes summed before it 16 times to s2, and byte j (16 − j) times. */
        before = _mm_add_epi64(before, sums);
        sums = _mm_add_epi64(sums, _mm_sad_epu8(x, zero));
        weighted = _mm_add_epi32(weighted,
                                 _mm_add_epi32(_mm_madd_epi16(_mm_unpacklo_epi8(x, zero), first),
                                               _mm_madd_epi16(_mm_unpackhi_epi8(x, zero), second)));
      }
      uint64_t sum = (uint64_t)_mm_cvtsi128_si64(sums) +
                     (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(sums, sums));
      uint64_t prefix = (uint64_t)_mm_cvtsi128_si64(before) +
                        (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(before, before));
      uint32_t w[4];
      _mm_storeu_si128((__m128i *)w, weighted);
      s2 += s1 * 16 * steps + 16 * prefix + (uint64_t)w[0] + w[1] + w[2] + w[3];
      s1 += sum;
      i = 16 * steps;
    }
#endif
    for (; i < block; i++) {
      s1 += p[i];
      s2 += s1;
    }
    p += block;
    s1 %= base;
    s2 %= base;
  }
  return (uLong)(s2 << 16 | s1);
}

/* Filters one row of `n` bytes (`bpp` a pixel) against the row above (`prior`, zeros for the first
   row) into `up` and, when asked and "up" is not all 0, into `paeth`; returns the PNG filter
   type chosen (2 up, 4 Paeth), whose bytes are in `up` or `paeth`. */
static int burst_png_filter_row(const unsigned char *row, const unsigned char *prior, size_t n,
                                size_t bpp, int choice, unsigned char *up, unsigned char *paeth) {
  unsigned long up_cost = 0;
  size_t i = 0;
#if defined(__SSE2__) && defined(__x86_64__)
  __m128i sum = _mm_setzero_si128();
  for (; i + 16 <= n; i += 16) {
    __m128i d = _mm_sub_epi8(_mm_loadu_si128((const __m128i *)(row + i)),
                             _mm_loadu_si128((const __m128i *)(prior + i)));
    _mm_storeu_si128((__m128i *)(up + i), d);
    sum = _mm_add_epi64(sum, burst_png_cost16(d));
  }
  up_cost = (unsigned long)_mm_cvtsi128_si64(sum) +
            (unsigned long)_mm_cvtsi128_si64(_mm_unpackhi_epi64(sum, sum));
#endif
  for (; i < n; i++) {
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
  i = lo;
  /* The first pixel has nothing to its left (a and c are 0). */
  for (; i < end && i < bpp; i++) {
    paeth[i] = (unsigned char)(row[i] - burst_png_paeth(0, prior[i], 0));
    paeth_cost += burst_png_cost(paeth[i]);
  }
#if defined(__SSE2__) && defined(__x86_64__)
  /* Eight bytes at a time in 16-bit lanes (a + b − 2c needs 10 bits and a sign). */
  __m128i zero = _mm_setzero_si128(), low = _mm_set1_epi16(0xFF), psum = zero;
  for (; i + 8 <= end; i += 8) {
    __m128i x = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(row + i)), zero);
    __m128i a = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(row + i - bpp)), zero);
    __m128i b = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(prior + i)), zero);
    __m128i c = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(prior + i - bpp)), zero);
    __m128i bc = _mm_sub_epi16(b, c), ac = _mm_sub_epi16(a, c);
    __m128i pa = burst_png_abs16(bc), pb = burst_png_abs16(ac);
    __m128i pc = burst_png_abs16(_mm_add_epi16(bc, ac));
    __m128i not_a = _mm_or_si128(_mm_cmpgt_epi16(pa, pb), _mm_cmpgt_epi16(pa, pc));
    __m128i not_b = _mm_cmpgt_epi16(pb, pc);
    __m128i predictor = burst_png_select(not_a, burst_png_select(not_b, c, b), a);
    __m128i d = _mm_and_si128(_mm_sub_epi16(x, predictor), low);
    /* Both halves hold the eight filtered bytes; only the low half is stored and counted. */
    __m128i bytes = _mm_packus_epi16(d, d);
    _mm_storel_epi64((__m128i *)(paeth + i), bytes);
    psum = _mm_add_epi64(psum, burst_png_cost16(bytes));
  }
  paeth_cost += (unsigned long)_mm_cvtsi128_si64(psum);
#endif
  for (; i < end; i++) {
    paeth[i] = (unsigned char)(row[i] - burst_png_paeth(row[i - bpp], prior[i], prior[i - bpp]));
    paeth_cost += burst_png_cost(paeth[i]);
  }
  return paeth_cost < up_cost ? 4 : 2;
}



/* A PNG being compressed in horizontal bands of rows, each band filtered and deflated on its own
   (in any order, on any thread: `burst_png_job_band`), then put together in order
   (`burst_png_job_finish`). Each band is a raw deflate stream, ended byte-aligned with a sync
   flush (the last band: a final block), so the bands concatenated are one deflate stream; the
   zlib header is written as zlib writes it for the same settings, and the Adler-32 of the whole
   is combined from the bands'. A band's first row is filtered against the last row of the band
   above, so the filtered bytes are those of one stream; with zlib's run-length strategy (matches
   at distance 1 only) cutting the stream costs little more than each band's block headers. */
struct burst_png_job {
  const unsigned char *pixels;
  uint32_t width, height;
  size_t bpp, stride;
  int level, strategy, choice;
  uint32_t rows_per_band, bands;
  /* Per band: its deflated bytes (malloc'd), their number, the Adler-32 of its filtered bytes,
     and whether it succeeded. */
  unsigned char **bytes;
  size_t *counts;
  uLong *adlers;
  int *ok;
};

/* Makes a job for an 8-bit RGBA (`channels` 4) or RGB (`channels` 3) image (rows of
   channels·width bytes, top first, which must outlive the job), to be deflated with zlib `level`
   and `strategy` and rows filtered by `choice`. NULL when memory runs out. */
struct burst_png_job *burst_png_job_new(const unsigned char *pixels, uint32_t width,
                                               uint32_t height, int channels, int level,
                                               int strategy, int choice) {
  struct burst_png_job *job = (struct burst_png_job *)calloc(1, sizeof *job);
  if (job == NULL) return NULL;
  job->pixels = pixels;
  job->width = width;
  job->height = height;
  job->bpp = channels == 3 ? 3 : 4;
  job->stride = (size_t)width * job->bpp;
  job->level = level;
  job->strategy = strategy;
  job->choice = choice;
  size_t rows = BURST_PNG_BAND_BYTES / (job->stride + 1);
  if (rows < 1) rows = 1;
  if (rows > height) rows = height;
  job->rows_per_band = (uint32_t)rows;
  job->bands = height == 0 ? 0 : (uint32_t)((height + rows - 1) / rows);
  size_t n = job->bands > 0 ? job->bands : 1;
  job->bytes = (unsigned char **)calloc(n, sizeof *job->bytes);
  job->counts = (size_t *)calloc(n, sizeof *job->counts);
  job->adlers = (uLong *)calloc(n, sizeof *job->adlers);
  job->ok = (int *)calloc(n, sizeof *job->ok);
  if (!job->bytes || !job->counts || !job->adlers || !job->ok) {
    free(job->bytes);
    free(job->counts);
    free(job->adlers);
    free(job->ok);
    free(job);
    return NULL;
  }
  return job;
}

uint32_t burst_png_job_bands(const struct burst_png_job *job) { return job->bands; }

/* Frees a job and every band's bytes. */
void burst_png_job_free(struct burst_png_job *job) {
  if (job == NULL) return;
  for (uint32_t k = 0; k < job->bands; k++) free(job->bytes[k]);
  free(job->bytes);
  free(job->counts);
  free(job->adlers);
  free(job->ok);
  free(job);
}

/* Filters and deflates band `k` (0 ≤ k < job->bands); touches only band k's slots, so bands may
   run at the same time on different threads. */
void burst_png_job_band(struct burst_png_job *job, uint32_t k) {
  if (k >= job->bands) return;
  size_t stride = job->stride;
  size_t y0 = (size_t)k * job->rows_per_band;
  size_t y1 = job->height - y0 > job->rows_per_band ? y0 + job->rows_per_band : job->height;
  int last = y1 == job->height;
  /* Scratch: the zero row above the first, and the filtered row (its filter byte first) both
     ways. */
  unsigned char *zero = y0 == 0 ? (unsigned char *)calloc(stride, 1) : NULL;
  unsigned char *up = (unsigned char *)malloc(stride + 1);
  unsigned char *paeth = (unsigned char *)malloc(stride + 1);
  /* A first guess at the size, a tenth of the filtered bytes; the buffer grows as needed. */
  struct burst_png_buffer out = {NULL, 0, 0};
  int ok = (y0 > 0 || zero) && up && paeth &&
           burst_png_room(&out, (size_t)(y1 - y0) * (stride + 1) / 10 + 4096);
  z_stream z;
  memset(&z, 0, sizeof z);
  int started = ok && deflateInit2(&z, job->level, Z_DEFLATED, -15, 8, job->strategy) == Z_OK;
  ok = started;
  uLong adler = adler32(0L, NULL, 0);
  for (size_t y = y0; ok && y <= y1; y++) {
    int flush = y < y1 ? Z_NO_FLUSH : (last ? Z_FINISH : Z_SYNC_FLUSH);
    if (y < y1) {
      const unsigned char *row = job->pixels + y * stride;
      const unsigned char *prior = y > 0 ? row - stride : zero;
      int type = burst_png_filter_row(row, prior, stride, job->bpp, job->choice, up + 1, paeth + 1);
      unsigned char *line = type == 4 ? paeth : up;
      line[0] = (unsigned char)type;
      adler = burst_png_adler32(adler, line, stride + 1);
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
      /* A sync flush is done when deflate leaves output room unused. */
    } while (ok && (flush == Z_FINISH   ? status != Z_STREAM_END
                    : flush == Z_SYNC_FLUSH ? z.avail_out == 0
                                            : z.avail_in > 0));
  }
  if (started) deflateEnd(&z);
  free(zero);
  free(up);
  free(paeth);
  if (!ok) {
    free(out.bytes);
    out.bytes = NULL;
    out.count = 0;
  }
  job->bytes[k] = out.bytes;
  job->counts[k] = out.count;
  job->adlers[k] = adler;
  job->ok[k] = ok;
}

/* Puts the bands of a job (every one made by `burst_png_job_band`) together as a PNG in memory,
   from the PNG specification: IHDR (8-bit, not interlaced), sRGB (perceptual, as libpng's
   simplified writer puts it), one IDAT with the zlib stream, IEND. No libpng call, so no
   longjmp. On success returns 1 with the bytes in *bytes (malloc'd: free them) and their number
   in *count; on failure (memory, zlib refusing the settings, a band that failed) returns 0. */
int burst_png_job_finish(const struct burst_png_job *job, unsigned char **bytes,
                                size_t *count) {
  static const unsigned char signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  static const unsigned char srgb[1] = {0};
  static const unsigned char idat_head[8] = {0, 0, 0, 0, 'I', 'D', 'A', 'T'};
  if (job->bands == 0) return 0;
  size_t total = 0;
  for (uint32_t k = 0; k < job->bands; k++) {
    if (!job->ok[k]) return 0;
    total += job->counts[k];
  }
  unsigned char ihdr[13];
  burst_png_put32(ihdr, job->width);
  burst_png_put32(ihdr + 4, job->height);
  ihdr[8] = 8;                       /* bit depth */
  ihdr[9] = job->bpp == 3 ? 2 : 6;  /* colour type: RGB or RGBA */
  ihdr[10] = 0;                      /* deflate */
  ihdr[11] = 0;                      /* adaptive filtering */
  ihdr[12] = 0;                      /* not interlaced */
  /* The zlib header as zlib writes it: deflate with a 32 KiB window, the level flags zlib
     derives from the settings, and the check bits that make it a multiple of 31. */
  unsigned level_flags = job->strategy >= Z_HUFFMAN_ONLY || job->level < 2 ? 0
                         : job->level < 6                                  ? 1
                         : job->level == 6                                 ? 2
                                                                           : 3;
  unsigned header = (0x78u << 8) | (level_flags << 6);
  header += 31 - header % 31;
  unsigned char zhead[2] = {(unsigned char)(header >> 8), (unsigned char)header};
  uLong adler = job->adlers[0];
  for (uint32_t k = 1; k < job->bands; k++) {
    size_t y0 = (size_t)k * job->rows_per_band;
    size_t band_rows = job->height - y0 > job->rows_per_band ? job->rows_per_band : job->height - y0;
    adler = adler32_combine(adler, job->adlers[k], (z_off_t)(band_rows * (job->stride + 1)));
  }
  unsigned char ztail[4];
  burst_png_put32(ztail, (uint32_t)adler);
  size_t n = 2 + total + 4;
  if (n > 0x7FFFFFFFu) return 0;
  struct burst_png_buffer out = {NULL, 0, 0};
  int ok = burst_png_room(&out, n + 100) && burst_png_append(&out, signature, 8) &&
           burst_png_chunk(&out, "IHDR", ihdr, 13) && burst_png_chunk(&out, "sRGB", srgb, 1);
  size_t idat = out.count;
  ok = ok && burst_png_append(&out, idat_head, 8) && burst_png_append(&out, zhead, 2);
  for (uint32_t k = 0; ok && k < job->bands; k++)
    ok = burst_png_append(&out, job->bytes[k], job->counts[k]);
  ok = ok && burst_png_append(&out, ztail, 4);
  if (ok) {
    burst_png_put32(out.bytes + idat, (uint32_t)n);
    unsigned char crc[4];
    burst_png_put32(crc, (uint32_t)crc32(0L, out.bytes + idat + 4, (uInt)(n + 4)));
    ok = burst_png_append(&out, crc, 4) && burst_png_chunk(&out, "IEND", NULL, 0);
  }
  if (!ok) {
    free(out.bytes);
    return 0;
  }
  *bytes = out.bytes;
  *count = out.count;
  return 1;
}
