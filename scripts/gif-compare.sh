#!/usr/bin/env bash
# Measures what `record` writes against the peers on the same frames (docs/sharing.md):
# for each example, the PNG frames `record DIR` writes, then Burst's GIF (ordered dithering
# and none), animated PNG and MP4, ffmpeg's GIF (palettegen/paletteuse) and ImageMagick's
# (convert -layers optimize) made from those frames; prints a Markdown table of bytes, wall
# time and PSNR against the frames (scripts/gif-psnr.py).
#
# Usage: scripts/gif-compare.sh BURST [OUTDIR]      (BURST: a release build of burst)
# Needs ffmpeg and ImageMagick 6 (/usr/bin/convert) and python3.
set -euo pipefail
burst="$(realpath "$1")"
out="${2:-$(mktemp -d)}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
convert="${CONVERT:-/usr/bin/convert}"
mkdir -p "$out"
cd "$out"

# seconds of a command's wall time, to the millisecond
timed() {
  local t0 t1
  t0=$(date +%s.%N)
  "$@" >/dev/null 2>&1
  t1=$(date +%s.%N)
  python3 -c "print('%.2f' % ($t1 - $t0))"
}

# name | setup commands (the example without its steps and prints) | seconds
cases=(
  "like-button|1.5|"
  "confetti|2|step 3"
)

echo "| example | file | frames | bytes | time (s) | PSNR (dB) avg / min |"
echo "|---|---|---|---|---|---|"
for c in "${cases[@]}"; do
  IFS='|' read -r name seconds before <<<"$c"
  grep -v -E '^(step|show|echo|get|stats|count) ' "$root/examples/$name.burst" >"$name.setup.burst"
  [ -n "$before" ] && echo "$before" >>"$name.setup.burst"
  rm -rf "$name-frames" "$name".*.gif "$name".png "$name".mp4
  rec() { "$burst" "$name.setup.burst" -e "record $1 $seconds fps 30${2:-}"; }
  t_frames=$(timed rec "$name-frames")
  n=$(ls "$name-frames" | wc -l)
  row() { # file, time
    local size psnr=""
    size=$(stat -c %s "$1")
    if [[ $1 == *.gif ]]; then
      psnr=$(python3 "$root/scripts/gif-psnr.py" "$1" "$name-frames" | sed -E 's/.*psnr=([0-9.]+) min=([0-9.]+)/\1 \/ \2/')
    fi
    echo "| $name | $3 | $n | $size | $2 | $psnr |"
  }
  echo "| $name | PNG frames (record DIR) | $n | $(du -cb "$name-frames"/*.png | tail -1 | cut -f1) | $t_frames | |"
  t=$(timed rec "$name.burst.gif"); row "$name.burst.gif" "$t" "Burst GIF (record, dither ordered)"
  t=$(timed rec "$name.burst-nodither.gif" " dither none"); row "$name.burst-nodither.gif" "$t" "Burst GIF (record, dither none)"
  t=$(timed rec "$name.png"); row "$name.png" "$t" "Burst APNG (record)"
  t=$(timed rec "$name.mp4"); row "$name.mp4" "$t" "Burst MP4 (record, ffmpeg)"
  t=$(timed ffmpeg -v error -y -framerate 30 -i "$name-frames/frame-%04d.png" \
    -vf "split[a][b];[a]palettegen[p];[b][p]paletteuse" "$name.ffmpeg.gif")
  row "$name.ffmpeg.gif" "$t" "ffmpeg palettegen/paletteuse (from the frames)"
  t=$(timed "$convert" -delay 10x300 "$name-frames"/frame-*.png -loop 0 -layers optimize "$name.im.gif")
  row "$name.im.gif" "$t" "ImageMagick convert -layers optimize (from the frames)"
done
