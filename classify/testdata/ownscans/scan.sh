#!/bin/bash
# scan.sh: degrade each vector PDF in pdf/ into scans in scans/<type>__<variant>__<cond>.pdf
set -e
cd /tmp/S3/gen
mkdir -p scans work
seed=0
for pdf in pdf/*.pdf; do
  base=$(basename "$pdf" .pdf)
  card=0
  case "$base" in hipaa*) card=0 ;; *) card=1 ;; esac
  if [ $card = 1 ]; then conds="own110 own120 own130 own150 own200 flat150 flat200 turn90 turn180 turn270 phone"; else conds="p110 p120 p130 p200 turn90 turn180"; fi
  for cond in $conds; do
    seed=$((seed+1))
    out=scans/${base}__${cond}.pdf
    [ -f "$out" ] && continue
    dpi=$(echo "$cond" | grep -o '[0-9]*$'); rot=0
    case $cond in turn*) rot=$dpi; dpi=150 ;; phone) dpi=300 ;; esac
    gs -q -sDEVICE=pnggray -r$dpi -o work/r.png "$pdf"
    skew=$(python3 -c "import random; random.seed($seed); print(round(random.uniform(-2,2),2))")
    case $cond in
      own*|turn*)
        convert work/r.png -bordercolor white -border $((dpi/4)) -background white -rotate $skew \
          -attenuate 0.4 +noise Gaussian -blur 0x0.5 -rotate $rot -quality 60 work/s.jpg ;;
      p*)
        convert work/r.png -background white -rotate $skew -attenuate 0.4 +noise Gaussian -blur 0x0.6 -quality 55 work/s.jpg ;;
      flat*)
        convert -size $((85*dpi/10))x$((11*dpi)) xc:white work/r.png -geometry +$((dpi/2))+$((dpi*2/3)) -composite \
          -background white -rotate $skew -attenuate 0.3 +noise Gaussian -blur 0x0.5 -quality 60 work/s.jpg ;;
      phone)
        convert work/r.png -bordercolor 'gray40' -border 160 -resize 1200x \
          -virtual-pixel edge -distort Perspective '0,0 30,20  1200,0 1150,40  0,880 10,860  1200,880 1180,900' \
          \( -size 1200x900 gradient:gray90-gray60 \) -compose multiply -composite \
          -blur 0x0.9 -attenuate 0.6 +noise Gaussian -quality 50 work/s.jpg ;;
    esac
    /usr/bin/python3 topdf.py work/s.jpg $dpi "$out"
  done
done
rm -rf work
ls scans | wc -l
