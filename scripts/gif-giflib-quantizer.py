#!/usr/bin/env python3
"""PSNR of giflib's own quantiser (GifQuantizeBuffer) on the frames of a recording.

    scripts/gif-giflib-quantizer.py FRAMES_DIR...

Each FRAMES_DIR holds the PNG frames `record DIR` writes; all of its frames are given to
GifQuantizeBuffer at once (as one image one pixel high), which chooses at most 256 colours
(median cut over 5 bits a channel) and maps every pixel to its box. Prints the colours kept and
the PSNR over RGB against the frames: what docs/sharing.md compares Burst's quantiser with.
Needs libgif (Debian libgif7), ffmpeg (to decode the PNGs) and python3.
"""
import ctypes, math, os, subprocess, sys


class Color(ctypes.Structure):
    _fields_ = [('r', ctypes.c_ubyte), ('g', ctypes.c_ubyte), ('b', ctypes.c_ubyte)]


def main():
    lib = ctypes.CDLL('libgif.so.7')
    for d in sys.argv[1:]:
        names = sorted(n for n in os.listdir(d) if n.endswith('.png'))
        raw = b''.join(subprocess.run(
            ['ffmpeg', '-v', 'error', '-i', os.path.join(d, n), '-f', 'rawvideo',
             '-pix_fmt', 'rgb24', '-'], check=True, capture_output=True).stdout for n in names)
        n = len(raw) // 3
        planes = [(ctypes.c_ubyte * n).from_buffer_copy(raw[k::3]) for k in range(3)]
        out = (ctypes.c_ubyte * n)()
        cmap = (Color * 256)()
        size = ctypes.c_int(256)
        ok = lib.GifQuantizeBuffer(ctypes.c_uint(n), ctypes.c_uint(1), ctypes.byref(size),
                                   *planes, out, cmap)
        assert ok == 1, 'GifQuantizeBuffer failed'
        pal = [(c.r, c.g, c.b) for c in cmap]
        o = bytes(out)
        se = 0
        for i in range(n):
            p = pal[o[i]]
            se += (p[0] - raw[3 * i]) ** 2 + (p[1] - raw[3 * i + 1]) ** 2 + (p[2] - raw[3 * i + 2]) ** 2
        mse = se / (3 * n)
        psnr = 99.0 if mse == 0 else 10 * math.log10(255 * 255 / mse)
        print('%s: %d frames, %d colours, PSNR %.2f dB' % (d, len(names), size.value, psnr))


if __name__ == '__main__':
    main()
