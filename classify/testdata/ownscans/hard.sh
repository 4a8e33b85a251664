#!/bin/bash
# hard.sh: harsher scans: low-res flatbed, low contrast, heavy blur/JPEG, downscaled phone photos
set -e
cd /tmp/S3/gen
mkdir -p hard work2
seed=100
for pdf in pdf/*.pdf; do
  base=$(basename "$pdf" .pdf)
  case "$base" in hipaa*) conds="h110 h120 t90h120" ;; *) conds="flat110 flat130 soft110 soft120 soft130 t90s120 t180s130 phsmall" ;; esac
  for cond in $conds; do
    seed=$((seed+1))
    out=hard/${base}__${cond}.pdf
    [ -f "$out" ] && continue
    dpi=$(echo "$cond" | grep -o '[0-9]*$'); rot=0
    case $cond in t90*) rot=90 ;; t180*) rot=180 ;; phsmall) dpi=300 ;; esac
    skew=$(python3 -c "import random; random.seed($seed); print(round(random.uniform(-2.5,2.5),2))")
    # render at 3x then downsample: anti-aliased soft strokes like a real scanner
    gs -q -sDEVICE=pnggray -r$((dpi*3)) -o work2/r.png "$pdf"
    case $cond in
      flat*)
        convert work2/r.png -resize 33.333% work2/c.png
        convert -size $((85*dpi/10))x$((11*dpi)) xc:white work2/c.png -geometry +$((dpi))+$((dpi*3/2)) -composite \
          -background white -rotate $skew +level 12%,88% -attenuate 0.7 +noise Gaussian -blur 0x0.7 -quality 40 work2/s.jpg ;;
      soft*|t*|h*)
        convert work2/r.png -resize 33.333% -bordercolor white -border $((dpi/4)) -background white -rotate $skew \
          +level 15%,90% -attenuate 0.8 +noise Gaussian -blur 0x0.8 -rotate $rot -quality 35 work2/s.jpg ;;
      phsmall)
        convert work2/r.png -resize 33.333% -bordercolor 'gray35' -border 120 -resize 760x \
          -virtual-pixel edge -distort Perspective '0,0 25,15  760,0 720,30  0,560 5,540  760,560 745,560' \
          \( -size 760x560 gradient:gray95-gray55 \) -compose multiply -composite \
          -blur 0x1.0 -attenuate 0.9 +noise Gaussian -quality 40 work2/s.jpg
        dpi=200 ;;
    esac
    /usr/bin/python3 topdf.py work2/s.jpg $dpi "$out"
  done
done
rm -rf work2
ls hard | wc -l
