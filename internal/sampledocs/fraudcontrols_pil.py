"""Scan a genuine PDF's first page the way other tools than the project's
own scanner do: poppler rasterises it, Pillow tints the paper, adds sensor
noise, turns the sheet slightly, blurs and resamples it, and saves it as a
JPEG (any quality, with or without chroma subsampling), as an image PDF
written by Pillow, or as a searchable scan: the picture with an invisible
text layer (render mode 3) saying what the picture says, as OCR tools
write them.

Run in a directory holding in.pdf; argv[1] is a JSON object of settings.
Writes out.jpg or out.pdf. Deterministic for a seed.
"""

import json
import random
import sys

from PIL import Image, ImageFilter, ImageOps

from pilscan import aged, aged_as, invisible_word, jpeg_round, page_words, render, searchable_pdf


def scanned(s):
    dpi = s["render_dpi"]
    img = render("in.pdf", dpi, "page")
    rnd = random.Random(s["seed"])
    img = aged_as(img, rnd, s, gauss=s.get("gauss"))
    if s["dpi"] != dpi:
        w, h = img.size
        img = img.resize(
            (round(w * s["dpi"] / dpi), round(h * s["dpi"] / dpi)),
            resample=getattr(Image.Resampling, s.get("resample", "LANCZOS")),
        )
    if s.get("sharpen"):
        # Scanner drivers sharpen what their optics soften.
        img = img.filter(ImageFilter.UnsharpMask(radius=2, percent=s["sharpen"], threshold=2))
    if s.get("autocontrast"):
        img = ImageOps.autocontrast(img, cutoff=1)
    if s.get("gray"):
        img = img.convert("L")
    # The scanner's own JPEG, opened and saved again by the next tool.
    img = jpeg_round(img, s.get("pre_quality"))
    if s.get("bilevel"):
        img = img.convert("L").point(lambda v: 255 if v > 150 else 0).convert("1")
    return img


def photographed(img, s):
    """The page photographed on a desk: a smooth background lit unevenly,
    the sheet turned in perspective, the camera's softness and grain."""
    rnd = random.Random(s["seed"] + 1)
    w, h = img.size
    W, H = int(w * 1.25), int(h * 1.2)
    desk = Image.linear_gradient("L").resize((W, H)).point(lambda v: 70 + v * 50 // 255)
    desk = Image.merge("RGB", (desk, desk.point(lambda v: v * 9 // 10), desk.point(lambda v: v * 7 // 10)))
    ox, oy = (W - w) // 2, (H - h) // 2
    desk.paste(img, (ox, oy))
    d = [rnd.uniform(-0.03, 0.03) * W for _ in range(8)]
    quad = (d[0], d[1], d[2], H + d[3], W + d[4], H + d[5], W + d[6], d[7])
    out = desk.transform((W, H), Image.Transform.QUAD, quad, resample=Image.Resampling.BICUBIC)
    return aged(out, rnd, None, blur=0.7, noise=3)


def searchable(img, s):
    """The picture as a page with the original's words laid over it,
    invisible, each scaled to the width the picture gives it."""
    dpi = s["dpi"]
    pw, ph = img.size[0] * 72 / dpi, img.size[1] * 72 / dpi
    ow, oh, ws = page_words("in.pdf")
    sx, sy = pw / ow, ph / oh
    ops = [invisible_word(x0, y0, x1, y1, t, ph, sx, sy) for x0, y0, x1, y1, t in ws]
    info = ("<< /Producer (%s) /CreationDate (D:%s) /ModDate (D:%s) >>" % (s["producer"], s["stamp"], s["stamp"])).encode()
    searchable_pdf("out.pdf", img, s["quality"], pw, ph, ops, info, subsampling=s["subsampling"])


def main():
    s = json.loads(sys.argv[1])
    img = scanned(s)
    if s.get("photo"):
        img = photographed(img, s)
    if s["out"] == "jpeg":
        img.save("out.jpg", "JPEG", quality=s["quality"], subsampling=s["subsampling"], dpi=(s["dpi"], s["dpi"]))
    elif s["out"] == "png":
        img.save("out.png", "PNG", dpi=(s["dpi"], s["dpi"]))
    elif s["out"] == "pdf":
        img.save("out.pdf", "PDF", resolution=s["dpi"], quality=s["quality"])
    else:
        searchable(img, s)


main()
