#!/bin/bash
# scan3.sh: docs3.py's cards in nine conditions (scan.sh's and hard.sh's recipes)
set -e
cd /tmp/S3/gen3
mkdir -p scans work
seed=300
for pdf in pdf/*.pdf; do
  base=$(basename "$pdf" .pdf)
  for cond in own120 own150 phone flat130 soft110 soft130 t90s120 t180s130 phsmall; do
    seed=$((seed+1))
    out=scans/${base}__${cond}.pdf
    [ -f "$out" ] && continue
    dpi=$(echo "$cond" | grep -o '[0-9]*$'); rot=0
    case $cond in t90*) rot=90 ;; t180*) rot=180 ;; phone|phsmall) dpi=300 ;; esac
    skew=$(/usr/bin/python3 -c "import random; random.seed($seed); print(round(random.uniform(-2.5,2.5),2))")
    case $cond in
      own*)
        gs -q -sDEVICE=pnggray -r$dpi -o work/r.png "$pdf"
        convert work/r.png -bordercolor white -border $((dpi/4)) -background white -rotate $skew \
          -attenuate 0.4 +noise Gaussian -blur 0x0.5 -quality 60 work/s.jpg ;;
      phone)
        gs -q -sDEVICE=pnggray -r$dpi -o work/r.png "$pdf"
        convert work/r.png -bordercolor 'gray40' -border 160 -resize 1200x \
          -virtual-pixel edge -distort Perspective '0,0 30,20  1200,0 1150,40  0,880 10,860  1200,880 1180,900' \
          \( -size 1200x900 gradient:gray90-gray60 \) -compose multiply -composite \
          -blur 0x0.9 -attenuate 0.6 +noise Gaussian -quality 50 work/s.jpg ;;
      flat*)
        gs -q -sDEVICE=pnggray -r$((dpi*3)) -o work/r.png "$pdf"
        convert work/r.png -resize 33.333% work/c.png
        convert -size $((85*dpi/10))x$((11*dpi)) xc:white work/c.png -geometry +$((dpi))+$((dpi*3/2)) -composite \
          -background white -rotate $skew +level 12%,88% -attenuate 0.7 +noise Gaussian -blur 0x0.7 -quality 40 work/s.jpg ;;
      soft*|t*)
        gs -q -sDEVICE=pnggray -r$((dpi*3)) -o work/r.png "$pdf"
        convert work/r.png -resize 33.333% -bordercolor white -border $((dpi/4)) -background white -rotate $skew \
          +level 15%,90% -attenuate 0.8 +noise Gaussian -blur 0x0.8 -rotate $rot -quality 35 work/s.jpg ;;
      phsmall)
        gs -q -sDEVICE=pnggray -r$dpi -o work/r.png "$pdf"
        convert work/r.png -bordercolor 'gray35' -border 120 -resize 760x \
          -virtual-pixel edge -distort Perspective '0,0 25,15  760,0 720,30  0,560 5,540  760,560 745,560' \
          \( -size 760x560 gradient:gray95-gray55 \) -compose multiply -composite \
          -blur 0x1.0 -attenuate 0.9 +noise Gaussian -quality 40 work/s.jpg
        dpi=200 ;;
    esac
    /usr/bin/python3 topdf.py work/s.jpg $dpi "$out"
  done
done
rm -rf work
ls scans | wc -l
