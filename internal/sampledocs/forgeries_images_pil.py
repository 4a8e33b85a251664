"""Alter a scanned or photographed document the way a forger with Pillow
does, or save it clean the same way (a clean twin).

poppler rasterises in.pdf (the genuine document) and forged.pdf (the same
document with one value changed, to find where that value is printed);
Pillow ages the genuine page like a scanner or a phone (tint, a slight
turn, blur, grain) and saves it as the scanner or camera would (its first
JPEG). Then:

- clone: the changed value is covered by a patch of the same picture
  taken from beside it (bare card or paper, or the card's printed
  pattern): a hard rectangle or a feathered (soft-edged) one, resized by a
  percent or two or shifted by part of a sample, as clone-stamp tools do;
  the new value's print may then be laid over the patch.
- splice: the region showing the new value is pasted from another picture
  of the forged document (another scan or photo: its own grain, rendered
  at another resolution and resampled back with bicubic or Lanczos, saved
  at its own JPEG quality first, on its own 8x8 grid when it was framed
  otherwise).
- clean: nothing is changed.

The result is saved by the editor at its own quality and chroma
subsampling, as a JPEG or as Pillow's image PDF. Run in a directory
holding in.pdf and forged.pdf; argv[1] is a JSON object of settings.
Writes out.jpg or out.pdf. Deterministic for a seed.
"""

import json
import random
import sys

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from pilscan import aged_as, jpeg_round, page_words, render


def aged_page(img, s, seed):
    """A scanner's or a phone's picture of a rendered page: paper tint, a
    slight turn, blur and grain (seeded: two pages aged with one seed
    agree wherever they agree)."""
    img = aged_as(img, random.Random(seed), s, gauss=True)
    if s.get("gray"):
        img = img.convert("L").convert("RGB")
    return img


def changed_line(a, b, pad):
    """The box of the first band of rows where two renderings differ (the
    changed value's line), grown by pad."""
    diff = ImageChops.difference(a.convert("L"), b.convert("L")).point(lambda v: 255 if v > 40 else 0)
    w, h = diff.size
    rows = list(diff.convert("F").resize((1, h), Image.Resampling.BOX).getdata())
    top = next((y for y in range(h) if rows[y]), None)
    if top is None:
        raise SystemExit("the change does not show in the picture")
    bottom, gap = top, 0
    for y in range(top, h):
        if rows[y]:
            bottom, gap = y + 1, 0
        else:
            gap += 1
            if gap > 8:
                break
    x0, _, x1, _ = diff.crop((0, top, w, bottom)).getbbox()
    box = (x0, top, x1, bottom)
    return (max(box[0] - pad, 0), max(box[1] - pad, 0), min(box[2] + pad, w), min(box[3] + pad, h))


def value_box(diff_box, dpi, pad):
    """The whole printed value the change touched: the words of the
    original whose boxes meet the changed samples (a forger covers the
    value, not only its changed digits), grown by pad."""
    k = dpi / 72
    box = None
    for word in page_words("in.pdf")[2]:
        x0, y0, x1, y1 = (v * k for v in word[:4])
        if x1 < diff_box[0] or x0 > diff_box[2] or y1 < diff_box[1] or y0 > diff_box[3]:
            continue
        w = (int(x0), int(y0), int(x1) + 1, int(y1) + 1)
        box = w if box is None else (min(box[0], w[0]), min(box[1], w[1]), max(box[2], w[2]), max(box[3], w[3]))
    if box is None:
        return diff_box
    return (min(box[0] - pad, diff_box[0]), min(box[1] - pad, diff_box[1]), max(box[2] + pad, diff_box[2]), max(box[3] + pad, diff_box[3]))


def ink(g, box, level):
    """The share of a region's samples darker than level: print."""
    hist = g.crop(box).histogram()
    return sum(hist[: max(int(level), 0)]) / max(sum(hist), 1)


def energy(g, box):
    """Mean absolute difference between neighbours: low on bare card."""
    r = g.crop(box)
    dx = ImageChops.difference(r.crop((1, 0, r.size[0], r.size[1])), r.crop((0, 0, r.size[0] - 1, r.size[1])))
    dy = ImageChops.difference(r.crop((0, 1, r.size[0], r.size[1])), r.crop((0, 0, r.size[0], r.size[1] - 1)))
    n = max(dx.size[0] * dx.size[1], 1)
    return (sum(i * c for i, c in enumerate(dx.histogram())) + sum(i * c for i, c in enumerate(dy.histogram()))) / n


def mean(g, box):
    r = g.crop(box)
    hist = r.histogram()
    return sum(i * c for i, c in enumerate(hist)) / max(sum(hist), 1)


def source_offset(img, box, ground):
    """Where a forger takes the patch from: beside the value on its line
    or the lines above and below. On bare ground the flattest place of the
    surroundings' shade; on a patterned ground the place whose pattern is
    most like the value's surroundings (the print of the pattern, not of
    text)."""
    g = img.convert("L")
    w, h = g.size
    bw, bh = box[2] - box[0], box[3] - box[1]
    ring = (max(box[0] - 8, 0), max(box[1] - 8, 0), min(box[2] + 8, w), min(box[3] + 8, h))
    ring_mean, ring_energy = mean(g, ring), energy(g, ring)
    best, best_score = None, None
    for dy in (0, -1, 1, -2, 2, -3, 3):
        for dx in (-2, -1, 1, 2, 0):
            if dx == 0 and dy == 0:
                continue
            ox, oy = dx * (bw + 6), dy * (bh + 4)
            src = (box[0] + ox, box[1] + oy, box[2] + ox, box[3] + oy)
            if src[0] < 0 or src[1] < 0 or src[2] > w or src[3] > h:
                continue
            # Print in the patch (a letter, a line, a picture) would show.
            dirt = 1000 * ink(g, src, ring_mean - 45)
            e, m = energy(g, src), mean(g, src)
            if ground == "pattern":
                score = abs(e - 0.6 * ring_energy) + abs(m - ring_mean) + 4 * max(0, e - 6)
            else:
                score = e + abs(m - ring_mean)
            score = (score + dirt) * (1 + 0.05 * (abs(dx) + abs(dy)))
            if best_score is None or score < best_score:
                best, best_score = (ox, oy), score
    if best is None:
        raise SystemExit("no place to clone from")
    return best


def cloned(img, forged, box, s):
    ox, oy = source_offset(img, box, s.get("ground", "plain"))
    feather = s.get("feather", 0)
    grow = feather * 2
    src = (box[0] + ox - grow, box[1] + oy - grow, box[2] + ox + grow, box[3] + oy + grow)
    patch = img.crop(src)
    size = patch.size
    scale = s.get("scale", 1.0)
    if scale != 1.0:
        # A clone stamp whose brush is scaled: the patch resized, centred
        # on the same place.
        big = patch.resize((round(size[0] * scale), round(size[1] * scale)), Image.Resampling.BICUBIC)
        cx, cy = (big.size[0] - size[0]) // 2, (big.size[1] - size[1]) // 2
        patch = big.crop((cx, cy, cx + size[0], cy + size[1]))
    shift = s.get("shift", [0, 0])
    if shift[0] or shift[1]:
        patch = patch.transform(size, Image.Transform.AFFINE, (1, 0, shift[0], 0, 1, shift[1]), resample=Image.Resampling.BICUBIC)
    mask = Image.new("L", size, 0)
    ImageDraw.Draw(mask).rectangle((grow, grow, size[0] - grow - 1, size[1] - grow - 1), fill=255)
    if feather:
        mask = mask.filter(ImageFilter.GaussianBlur(feather))
        # The value itself is covered fully.
        ImageDraw.Draw(mask).rectangle((grow, grow, size[0] - grow - 1, size[1] - grow - 1), fill=255)
    out = img.copy()
    out.paste(patch, (box[0] - grow, box[1] - grow), mask)
    if s.get("retype"):
        # The new value's print over the patch: its dark samples only.
        dark = forged.convert("L").point(lambda v: 255 if v < 110 else 0)
        keep = Image.new("L", img.size, 0)
        keep.paste(dark.crop(box), box[:2])
        out = Image.composite(forged, out, keep)
    return out


def spliced(img, s, box):
    """The region showing the new value from another picture of the
    forged document: rendered at another resolution and resampled back,
    its own grain, its own first JPEG."""
    ddpi = s["donor_dpi"]
    donor = render("forged.pdf", ddpi, "donor")
    donor = aged_page(donor, s, s["seed"] + 7)
    donor = donor.resize(img.size, resample=getattr(Image.Resampling, s.get("donor_resample", "BICUBIC")))
    # The donor picture framed otherwise (donor_offset samples more
    # margin left and above): its JPEG's 8x8 grid falls off this
    # picture's where the value is cut from it, as it does 63 times in 64
    # for a patch cut from another photo.
    ox, oy = s.get("donor_offset", [0, 0])
    donor = ImageChops.offset(donor, ox, oy)
    donor = jpeg_round(donor, s.get("donor_q", 0), 2).convert("RGB")
    donor = ImageChops.offset(donor, -ox, -oy)
    feather = s.get("feather", 0)
    mask = Image.new("L", img.size, 0)
    ImageDraw.Draw(mask).rectangle(box, fill=255)
    if feather:
        mask = mask.filter(ImageFilter.GaussianBlur(feather))
        ImageDraw.Draw(mask).rectangle(box, fill=255)
    return Image.composite(donor, img, mask)


def main():
    s = json.loads(sys.argv[1])
    dpi = s["render_dpi"]
    orig = render("in.pdf", dpi, "orig")
    forged = render("forged.pdf", dpi, "forged")
    box = changed_line(orig, forged, 0)
    box = value_box(box, dpi, s.get("pad", 4))
    img = aged_page(orig, s, s["seed"])
    fimg = aged_page(forged, s, s["seed"])
    img = jpeg_round(img, s.get("first_q", 0), s.get("first_subsampling", 2)).convert("RGB")
    kind = s["kind"]
    if kind == "clone":
        img = cloned(img, fimg, box, s)
    elif kind == "splice":
        img = spliced(img, s, box)
    if s.get("gray"):
        img = img.convert("L")
    cx, cy = s.get("crop", [0, 0])
    if cx or cy:
        # Cropped by the editor (a margin trimmed): the whole picture's
        # earlier 8x8 grid falls off the one its last save uses.
        img = img.crop((cx, cy, img.size[0], img.size[1]))
    q, sub = s["quality"], s.get("subsampling", 2)
    if s["out"] == "jpeg":
        img.save("out.jpg", "JPEG", quality=q, subsampling=sub, dpi=(dpi, dpi))
    else:
        img.save("out.pdf", "PDF", resolution=dpi, quality=q, subsampling=sub)
    print(json.dumps({"box": box}))


main()
