#!/usr/bin/env bash
# Regenerates the README's pictures from the examples: each example runs to the moment shown,
# then a 2x PNG snapshot replaces its final `show`. Run from the repository root.
set -euo pipefail
cd "$(dirname "$0")/.."
# BURST=path/to/burst uses that binary instead of building one.
if [ -n "${BURST:-}" ]; then
  burst=$BURST
else
  swift build -c release --product burst >/dev/null
  burst=.build/release/burst
fi
out=docs/images
mkdir -p "$out"

# The like button mid-burst: 0.25 s after the tap.
sed '/^echo t = 0.5 s/,$d' examples/like-button.burst \
  | sed '$d' >/tmp/burst-readme-like.burst
printf 'snapshot %s/like-button.png scale 3\n' "$out" >>/tmp/burst-readme-like.burst
"$burst" /tmp/burst-readme-like.burst >/dev/null

# Confetti after 4 s.
sed '$d' examples/confetti.burst >/tmp/burst-readme-confetti.burst
printf 'snapshot %s/confetti.png scale 2\n' "$out" >>/tmp/burst-readme-confetti.burst
"$burst" /tmp/burst-readme-confetti.burst >/dev/null

# The shock wave at 3.0 s.
sed '/^echo t = 3.0 s/,$d' examples/drip-shockwave.burst >/tmp/burst-readme-drip.burst
printf 'snapshot %s/drip-shockwave.png scale 2\n' "$out" >>/tmp/burst-readme-drip.burst
"$burst" /tmp/burst-readme-drip.burst >/dev/null

# The GIFs (issue 24), as `record FILE.gif` writes them: the like button's tap, 1.5 s from
# the tap at twice its size, and confetti, 2 s from 3 s (the example without its steps and
# prints; the same recordings scripts/gif-compare.sh measures in docs/sharing.md).
grep -v -E '^(step|show|echo|get) ' examples/like-button.burst >/tmp/burst-readme-like-gif.burst
printf 'record %s/like-button.gif 1.5 fps 30 scale 2\n' "$out" >>/tmp/burst-readme-like-gif.burst
"$burst" /tmp/burst-readme-like-gif.burst >/dev/null
grep -v -E '^(step|show|echo|get) ' examples/confetti.burst >/tmp/burst-readme-confetti-gif.burst
printf 'step 3\nrecord %s/confetti.gif 2 fps 30\n' "$out" >>/tmp/burst-readme-confetti-gif.burst
"$burst" /tmp/burst-readme-confetti-gif.burst >/dev/null

# The sample effects (examples/samples), each at the moment its script shows.
mkdir -p "$out/samples"
for f in examples/samples/*.burst; do
  name=$(basename "$f" .burst)
  grep -v -e '^show' -e '^stats' "$f" >"/tmp/burst-readme-$name.burst"
  printf 'snapshot %s/samples/%s.png scale 2\n' "$out" "$name" >>"/tmp/burst-readme-$name.burst"
  "$burst" "/tmp/burst-readme-$name.burst" >/dev/null
done

# The presets (examples/presets, as compiled into burst), each alone in a 240×240 scene at a
# moment that shows it whole: the falling ones once they have crossed the scene, fireworks
# with two shells open.
mkdir -p "$out/presets"
for f in examples/presets/*.burst; do
  name=$(basename "$f" .burst)
  case $name in
    rain | sparks) t=1.5 ;;
    fire | magic) t=2.5 ;;
    fireworks | hearts) t=3.2 ;;
    confetti | smoke) t=4 ;;
    bubbles) t=5 ;;
    snow) t=7 ;;
    *) t=3 ;;
  esac
  "$burst" -e "scene 240x240 #0b0d17; preset $name; step to $t" \
    -e "snapshot $out/presets/$name.png" >/dev/null
done

# sweep: one spark emitter at five emission ranges, 1.2 s after it starts.
cat >/tmp/burst-readme-sweep.burst <<'SCRIPT'
scene 240x240 #06060c
emitter sparks
set sparks emitterPosition=120,150 emitterShape=point
cell sparks spark
set sparks.emitterCells.spark birthRate=220 lifetime=1.4 velocity=70 scale=0.35 contents=spark
set sparks.emitterCells.spark color=#ffb347 alphaSpeed=-0.5 emissionLongitude=-pi/2
sweep sparks.emitterCells.spark.emissionRange 0 pi/4 pi/2 pi 2pi after 1.2 to OUT
SCRIPT
sed -i "s|OUT|$out/sweep-emissionRange.png|" /tmp/burst-readme-sweep.burst
"$burst" /tmp/burst-readme-sweep.burst >/dev/null

# The import corpus (Tests/ShellTests/ImportCorpus): each file imported into the view size its
# test gives it, at a moment that shows it (ConfettiView after its startConfetti action, which
# its tap would run; ShakeLikeButton in the middle of its burst).
mkdir -p "$out/import"
corpus=Tests/ShellTests/ImportCorpus
while read -r file view then; do
  name=${file%.*}
  "$burst" -e "import $corpus/$file view $view quiet" -e "$then" \
    -e "snapshot $out/import/$name.png" >/dev/null
done <<'LIST'
SnowViewController.swift 320x480 step to 3
SparkleView.swift 200x200 step to 1.5
FireworkHelpers.swift 320x480 step to 2.5
ConfettiView.swift 320x240 { run startConfetti; step to 2 }
FireViewController.m 240x320 step to 2
ProfileViewController.swift 320x480 step to 1.5
CelebrationViewController.swift 320x480 step to 1.5
PulseViewController.m 240x320 step to 2
LogoBurstView.swift 200x200 step to 1.5
OrbitSparkViewController.swift 320x480 step to 1.5
ShakeLikeButton.swift 200x200 step to 0.3
LIST

ls -l "$out" "$out/samples" "$out/presets" "$out/import"
