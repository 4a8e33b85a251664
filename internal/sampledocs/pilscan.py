"""What the Pillow scripts of this package share: a page rasterised by
poppler, the sheet aged the way a scanner or a phone sees it, a JPEG saved
and opened again, the words poppler finds on a page, and a one-page PDF of
a picture with an invisible text layer, as OCR tools write them.

runPython (fraudcontrols_pil.go) writes this module beside the script it
runs, so that `from pilscan import ...` finds it. Everything here is
deterministic: the grain comes from the caller's seeded random.Random.
"""

import html
import io
import re
import subprocess

from PIL import Image, ImageChops, ImageFilter


def render(pdf, dpi, prefix):
    """pdf's first page rasterised by poppler at dpi, as RGB; the PNG is
    left in prefix + ".png"."""
    subprocess.run(
        ["pdftoppm", "-r", str(dpi), "-f", "1", "-l", "1", "-singlefile", "-png", pdf, prefix],
        check=True,
    )
    return Image.open(prefix + ".png").convert("RGB")


def aged(img, rnd, paper, tint=False, rotate=0, blur=0, noise=0, color_noise=False, gauss=False):
    """A scanner's or a phone's picture of a sheet, in this order: the
    paper's tint, a slight turn (the corners filled with paper), blur and
    grain of amplitude noise, drawn from rnd (a band per colour with
    color_noise; with gauss each sample is the mean of two uniform draws,
    grain peaking at the paper's tone as a sensor's does). Two sheets aged
    with one seed agree wherever they agree."""
    if tint:
        img = ImageChops.multiply(img, Image.new("RGB", img.size, paper))
    if rotate:
        img = img.rotate(rotate, resample=Image.Resampling.BICUBIC, fillcolor=paper)
    if blur:
        img = img.filter(ImageFilter.GaussianBlur(blur))
    if noise:
        w, h = img.size
        bands = []
        for _ in range(3 if color_noise else 1):
            n = Image.frombytes("L", (w, h), rnd.randbytes(w * h))
            if gauss:
                n = ImageChops.add(n, Image.frombytes("L", (w, h), rnd.randbytes(w * h)), 2.0)
            bands.append(n.point(lambda v: 128 - noise + v * 2 * noise // 255))
        grain = Image.merge("RGB", bands if len(bands) == 3 else bands * 3)
        img = ImageChops.add(img, grain, 1.0, -128)
    return img



def aged_as(img, rnd, s, gauss):
    """aged with a generator's settings: paper, tint, rotate, blur, noise
    and color_noise as the settings name them."""
    return aged(
        img,
        rnd,
        tuple(s["paper"]),
        tint=s.get("tint"),
        rotate=s.get("rotate"),
        blur=s.get("blur"),
        noise=s.get("noise", 0),
        color_noise=s.get("color_noise"),
        gauss=gauss,
    )

def jpeg_round(img, quality, subsampling=-1):
    """img saved as a JPEG at quality and opened again (a device's own
    JPEG, opened by the next tool); img itself when quality is 0.
    subsampling -1 is Pillow's default."""
    if not quality:
        return img
    b = io.BytesIO()
    img.save(b, "JPEG", quality=quality, subsampling=subsampling)
    out = Image.open(io.BytesIO(b.getvalue()))
    out.load()
    return out


_PAGE = re.compile(r'<page width="([\d.]+)" height="([\d.]+)"')
_WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>')


def _words(text):
    out = []
    for m in _WORD.finditer(text):
        x0, y0, x1, y1 = (float(m.group(i)) for i in range(1, 5))
        out.append((x0, y0, x1, y1, html.unescape(m.group(5))))
    return out


def _pdftotext(pdf, mode):
    out = subprocess.run(["pdftotext", mode, "-f", "1", "-l", "1", pdf, "-"], check=True, capture_output=True).stdout
    text = out.decode("utf-8")
    page = _PAGE.search(text)
    return float(page.group(1)), float(page.group(2)), text


def page_words(pdf):
    """The words poppler finds on pdf's first page in its reading order,
    each (x0, y0, x1, y1, text) in points from the top left, and the
    page's width and height."""
    w, h, text = _pdftotext(pdf, "-bbox")
    return w, h, _words(text)


def page_lines(pdf):
    """page_words, by line: a list of lines, each a list of words."""
    w, h, text = _pdftotext(pdf, "-bbox-layout")
    lines = []
    for line in re.finditer(r"<line [^>]*>(.*?)</line>", text, re.S):
        ws = _words(line.group(1))
        if ws:
            lines.append(ws)
    return w, h, lines


def pdf_string(t):
    """t as a PDF literal string in Latin-1 (what it cannot say, '?')."""
    t = t.encode("latin-1", "replace").decode("latin-1")
    return "(" + t.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") + ")"


def invisible_word(x0, y0, x1, y1, t, ph, sx=1.0, sy=1.0):
    """The text operators that lay the word t over its box (in points
    from the top left, scaled by sx and sy) on a page ph points high, in
    Helvetica sized to the box's height and stretched to its width, as
    OCR layers are: Helvetica's average advance is about half an em."""
    size = max((y1 - y0) * sy * 0.85, 1)
    tz = 100 * (x1 - x0) * sx / max(0.5 * size * len(t), 0.1)
    return "/F1 %.2f Tf %.1f Tz 1 0 0 1 %.2f %.2f Tm %s Tj" % (size, tz, x0 * sx, ph - y1 * sy + 0.2 * size, pdf_string(t))


def searchable_pdf(path, img, quality, pw, ph, text_ops, info, subsampling=-1):
    """Writes to path a one-page PDF, pw by ph points, showing img as a
    JPEG (at quality and subsampling) with text_ops (from invisible_word)
    drawn over it in render mode 3 (invisible), and info (the bytes of
    the Info dictionary)."""
    jpg = io.BytesIO()
    img.save(jpg, "JPEG", quality=quality, subsampling=subsampling)
    jpg = jpg.getvalue()
    text = ["BT", "3 Tr"] + list(text_ops) + ["ET"]
    content = ("q %.2f 0 0 %.2f 0 0 cm /Im0 Do Q\n" % (pw, ph) + "\n".join(text) + "\n").encode("latin-1")
    cs = "/DeviceGray" if img.mode == "L" else "/DeviceRGB"
    objs = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        (
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %.2f %.2f] /Resources << /XObject << /Im0 5 0 R >> "
            "/Font << /F1 6 0 R >> >> /Contents 4 0 R >>" % (pw, ph)
        ).encode(),
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
        (
            "<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace %s /BitsPerComponent 8 "
            "/Filter /DCTDecode /Length %d >>\nstream\n" % (img.size[0], img.size[1], cs, len(jpg))
        ).encode()
        + jpg
        + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        info,
    ]
    out = bytearray(b"%PDF-1.5\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for i, o in enumerate(objs, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + o + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
    for off in offsets:
        out += b"%010d 00000 n \n" % off
    out += b"trailer\n<< /Size %d /Root 1 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, len(objs), xref)
    with open(path, "wb") as f:
        f.write(out)
