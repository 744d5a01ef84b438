#!/usr/bin/env python3
"""PSNR of an animated GIF against the true-colour PNG frames it was made from.

    scripts/gif-psnr.py FILE.gif FRAMES_DIR

The GIF is decoded here (LZW, local and global colour tables, transparency, disposal), the
PNG frames by ffmpeg (frame-%04d.png, as `record DIR` names them). Frames are paired in order;
prints `frames=N gif_frames=M psnr=AVG min=MIN` (dB over the RGB channels; AVG from the mean
squared error of all frames). Used by scripts/gif-compare.sh (docs/sharing.md).
"""
import math, os, struct, subprocess, sys


def gif_frames(path):
    d = open(path, 'rb').read()
    assert d[:6] in (b'GIF89a', b'GIF87a'), 'signature'
    w, h, packed = struct.unpack('<HHB', d[6:11])
    p = 13

    def table(flags, p):
        n = 2 << (flags & 7)
        return [bytes(d[p + 3 * i:p + 3 * i + 3]) for i in range(n)], p + 3 * n

    gct = None
    if packed & 0x80:
        gct, p = table(packed, p)

    def blocks(p):
        out = bytearray()
        while True:
            n = d[p]; p += 1
            if n == 0: return bytes(out), p
            out += d[p:p + n]; p += n

    def lzw(data, minimum, count):
        clear, end = 1 << minimum, (1 << minimum) + 1
        def reset():
            return [bytes([k]) for k in range(clear)] + [None, None]
        codes, size, out, prev = reset(), minimum + 1, bytearray(), None
        bits = nbits = i = 0
        while len(out) < count and (i < len(data) or nbits >= size):
            while nbits < size and i < len(data):
                bits |= data[i] << nbits; nbits += 8; i += 1
            if nbits < size: break
            code = bits & ((1 << size) - 1); bits >>= size; nbits -= size
            if code == clear:
                codes, size, prev = reset(), minimum + 1, None
                continue
            if code == end: break
            if code < len(codes) and codes[code] is not None:
                entry = codes[code]
                if prev is not None and len(codes) < 4096: codes.append(prev + entry[:1])
            else:
                entry = prev + prev[:1]
                if len(codes) < 4096: codes.append(entry)
            out += entry
            prev = entry
            if len(codes) == (1 << size) and size < 12: size += 1
        return bytes(out[:count]).ljust(count, b'\0')

    canvas = bytearray(w * h * 3)
    gce = (0, None)
    while p < len(d):
        b = d[p]; p += 1
        if b == 0x3B: break
        if b == 0x21:
            label = d[p]; p += 1
            body, p = blocks(p)
            if label == 0xF9:
                flags, _, t = struct.unpack('<BHB', body[:4])
                gce = ((flags >> 2) & 7, t if flags & 1 else None)
            continue
        assert b == 0x2C, 'block %x' % b
        x, y, fw, fh, flags = struct.unpack('<HHHHB', d[p:p + 9]); p += 9
        colors = gct
        if flags & 0x80: colors, p = table(flags, p)
        minimum = d[p]; p += 1
        data, p = blocks(p)
        idx = lzw(data, minimum, fw * fh)
        if flags & 0x40:  # interlaced: rows 0,8,.. 4,12,.. 2,6,.. 1,3,..
            order = [r for s, st in ((0, 8), (4, 8), (2, 4), (1, 2)) for r in range(s, fh, st)]
            rows = [idx[k * fw:(k + 1) * fw] for k in range(fh)]
            fixed = [None] * fh
            for k, r in enumerate(order): fixed[r] = rows[k]
            idx = b''.join(fixed)
        dispose, t = gce
        saved = bytes(canvas) if dispose == 3 else None
        for j in range(fh):
            row = idx[j * fw:(j + 1) * fw]
            o = 3 * ((y + j) * w + x)
            if t is None:
                canvas[o:o + 3 * fw] = b''.join(colors[k] for k in row)
            else:
                for i, k in enumerate(row):
                    if k != t: canvas[o + 3 * i:o + 3 * i + 3] = colors[k]
        yield w, h, bytes(canvas)
        if dispose == 2:
            for j in range(fh):
                o = 3 * ((y + j) * w + x)
                canvas[o:o + 3 * fw] = bytes(3 * fw)
        elif dispose == 3:
            canvas = bytearray(saved)
        gce = (0, None)


def main():
    gif, frames_dir = sys.argv[1:3]
    names = sorted(n for n in os.listdir(frames_dir) if n.endswith('.png'))
    total, count, worst, n = 0.0, 0, math.inf, 0
    decoded = gif_frames(gif)
    for name in names:
        try:
            w, h, got = next(decoded)
        except StopIteration:
            break
        ref = subprocess.run(
            ['ffmpeg', '-v', 'error', '-i', os.path.join(frames_dir, name), '-f', 'rawvideo',
             '-pix_fmt', 'rgb24', '-'], check=True, capture_output=True).stdout
        assert len(ref) == len(got), 'sizes differ'
        se = sum((a - b) * (a - b) for a, b in zip(ref, got))
        total += se; count += len(ref); n += 1
        mse = se / len(ref)
        worst = min(worst, 99.0 if mse == 0 else 10 * math.log10(255 * 255 / mse))
    rest = sum(1 for _ in decoded)
    mse = total / max(count, 1)
    avg = 99.0 if mse == 0 else 10 * math.log10(255 * 255 / mse)
    print('frames=%d gif_frames=%d psnr=%.2f min=%.2f' % (len(names), n + rest, avg, worst))


if __name__ == '__main__':
    main()
