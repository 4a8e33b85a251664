#!/usr/bin/env bash
# Installs the Debian packages the service runs (OCR, PDF rendering, HEIC
# decoding, HTML-to-PDF statement rendering with WeasyPrint, Pillow for the
# held-out fraud part's pictures, the typefaces
# of the held-out evaluation set) and the C
# compiler that the race detector of `make test` needs (-race requires cgo)
# when they are missing, and checks for PostgreSQL server binaries.
# Called by `make run`, `make test`, `make bench` and `make eval`.
set -euo pipefail

need=()
command -v tesseract >/dev/null || need+=(tesseract-ocr)
[ -n "$(ls /usr/share/tesseract-ocr/*/tessdata/eng.traineddata 2>/dev/null)" ] || need+=(tesseract-ocr-eng)
command -v pdftoppm >/dev/null || need+=(poppler-utils)
# The fraud evaluation (`make eval`) re-saves documents with qpdf, as PDF
# optimisers do, and rewrites forgeries with it.
command -v qpdf >/dev/null || need+=(qpdf)
command -v heif-convert >/dev/null || need+=(libheif-examples)
command -v heif-enc >/dev/null || need+=(libheif-examples)
command -v cwebp >/dev/null || need+=(webp)
command -v weasyprint >/dev/null || need+=(weasyprint)
command -v "$(go env CC)" >/dev/null || need+=(gcc libc6-dev)
# Held-out part 2 of the fraud evaluation (internal/heldoutfraud) makes its
# pictures and edits with Pillow, as other tools than the engine's own do.
pil=""
for py in /usr/bin/python3 python3; do
  if command -v "$py" >/dev/null && "$py" -c 'import PIL' 2>/dev/null; then pil=1; break; fi
done
[ -n "$pil" ] || need+=(python3-pil)
# Held-out part 3 (internal/heldoutfraud3) is made with yet other producers:
# ReportLab documents, Ghostscript's "print to PDF", ImageMagick scans and
# edits.
command -v gs >/dev/null || need+=(ghostscript)
[ -x /usr/bin/convert ] || need+=(imagemagick)
/usr/bin/python3 -c 'import reportlab' 2>/dev/null || need+=(python3-reportlab)
# The held-out evaluation set (internal/heldout, `make eval`) prints its
# documents in the metric clones of Arial, Times and Courier and in the
# PostScript base fonts, as issuers do; without them WeasyPrint falls back
# to DejaVu and the set loses its variety of typefaces.
if command -v fc-list >/dev/null; then
  [ -n "$(fc-list 'Liberation Sans' family)" ] || need+=(fonts-liberation2)
  [ -n "$(fc-list 'Nimbus Sans' family)" ] || need+=(fonts-urw-base35)
else
  need+=(fonts-liberation2 fonts-urw-base35)
fi

if [ ${#need[@]} -gt 0 ]; then
  mapfile -t need < <(printf '%s\n' "${need[@]}" | sort -u)
  echo "installing Debian packages: ${need[*]}" >&2
  sudo=""
  if [ "$(id -u)" != 0 ]; then
    if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then sudo="sudo"
    else
      echo "missing packages: ${need[*]}; install them with: sudo apt-get install -y ${need[*]}" >&2
      exit 1
    fi
  fi
  if ! command -v apt-get >/dev/null; then
    echo "missing packages: ${need[*]} (no apt-get here: install tesseract 5 with English data, poppler-utils, qpdf, libheif tools, WeasyPrint and a C compiler)" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get install -y -q --no-install-recommends "${need[@]}" >/dev/null 2>&1 ||
    { $sudo apt-get update -q >/dev/null && $sudo apt-get install -y -q --no-install-recommends "${need[@]}" >/dev/null; }
fi

# PostgreSQL server binaries are needed only when DATABASE_URL is unset.
if [ -z "${DATABASE_URL:-}" ]; then
  found=""
  for d in /usr/lib/postgresql/*/bin /usr/pgsql-*/bin; do
    [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ] && found="$d"
  done
  if [ -z "$found" ] && ! command -v initdb >/dev/null; then
    cat >&2 <<'MSG'
PostgreSQL server binaries (initdb, pg_ctl) were not found.
Install them, e.g. on Debian/Ubuntu:  sudo apt-get install -y postgresql-15
or point DATABASE_URL at an existing PostgreSQL (>= 15).
MSG
    exit 1
  fi
fi
