#!/bin/bash
# scan.sh doc dpi [blur] -> /tmp/S1/scans/doc_dpi.pdf
set -e
d=$1; dpi=$2; blur=${3:-1.0}
mkdir -p /tmp/S1/scans
r=$((dpi*2))
pdftoppm -r $r -gray -singlefile /tmp/S1/docs/$d.pdf /tmp/S1/scans/tmp_$d_$dpi
convert /tmp/S1/scans/tmp_$d_$dpi.pgm -blur 0x$blur -seed 7 -attenuate 0.25 +noise Gaussian -filter Triangle -resize 50% -quality 75 -density $dpi -units PixelsPerInch /tmp/S1/scans/${d}_${dpi}.jpg
/usr/bin/python3 /tmp/S1/wrap.py /tmp/S1/scans/${d}_${dpi}.jpg $dpi /tmp/S1/scans/${d}_${dpi}.pdf
rm /tmp/S1/scans/tmp_$d_$dpi.pgm
