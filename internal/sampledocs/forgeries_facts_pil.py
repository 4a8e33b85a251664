"""Draw an identity document's data page with Pillow, the way a forger
without the issuer's template draws one: a passport's data page (TD3) or
an ID card (TD1) with captions, values and a machine-readable zone set in
a monospace font (DejaVu Sans Mono or Liberation Mono, not OCR-B), then
photographed or scanned: turned slightly, blurred, grained, resampled and
saved as a JPEG or as Pillow's image PDF.

What is drawn is the caller's: this script draws what it is given and
computes nothing (no check digit), so a zone whose digit was left as it
was, and its clean twin, differ only in the characters they are given.

Run in a scratch directory; argv[1] is a JSON object of settings. Writes
out.jpg or out.pdf. Deterministic for a seed.
"""

import json
import random
import sys

from PIL import Image, ImageDraw, ImageFont

from pilscan import aged, jpeg_round

SANS = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
SANS_BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
MONOS = {
    "dejavu": "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
    "liberation": "/usr/share/fonts/truetype/liberation2/LiberationMono-Regular.ttf",
}


def card(s):
    """The document itself, at s["dpi"] (300 by default): a tinted card
    with a title, a photo box, captioned values and the zone."""
    dpi = s.get("dpi", 300)
    mm = dpi / 25.4
    w, h = round(s["width_mm"] * mm), round(s["height_mm"] * mm)
    img = Image.new("RGB", (w, h), tuple(s.get("background", [238, 241, 247])))
    d = ImageDraw.Draw(img)
    rnd = random.Random(s["seed"])
    # A few faint wave lines, as printed security backgrounds have.
    wave = tuple(s.get("wave", [214, 221, 236]))
    for k in range(6):
        y0 = h * (k + 1) / 8
        pts = [(x, y0 + 0.02 * h * ((x * 7 // w + k) % 3 - 1)) for x in range(0, w, max(w // 40, 1))]
        d.line(pts, fill=wave, width=max(1, dpi // 150))
    d.rectangle([0, 0, w - 1, h - 1], outline=(120, 120, 130), width=max(1, dpi // 100))
    title = ImageFont.truetype(SANS_BOLD, round(3.4 * mm))
    d.text((round(4 * mm), round(3 * mm)), s["title"], font=title, fill=(20, 40, 110))
    if s.get("title_right"):
        tw = d.textlength(s["title_right"], font=title)
        d.text((w - round(4 * mm) - tw, round(3 * mm)), s["title_right"], font=title, fill=(20, 40, 110))
    px, py, pw, ph = s["photo_mm"]
    d.rectangle([round(px * mm), round(py * mm), round((px + pw) * mm), round((py + ph) * mm)], fill=(196, 190, 184), outline=(90, 90, 90))
    # A head and shoulders, so that the photo is a picture, not a box.
    cx, cy = (px + pw / 2) * mm, (py + ph * 0.4) * mm
    r = pw * 0.22 * mm
    d.ellipse([cx - r, cy - r * 1.2, cx + r, cy + r * 1.2], fill=(150, 120, 100))
    d.ellipse([cx - 2.2 * r, cy + 1.4 * r, cx + 2.2 * r, cy + 4 * r], fill=(60, 70, 90))
    cap_font = ImageFont.truetype(SANS, round(s.get("caption_pt", 1.9) * mm))
    val_font = ImageFont.truetype(SANS_BOLD if s.get("bold_values", True) else SANS, round(s.get("value_pt", 3.0) * mm))
    for f in s["fields"]:
        x, y = f["x"] * mm, f["y"] * mm
        d.text((x, y), f["caption"], font=cap_font, fill=(40, 60, 120))
        d.text((x, y + s.get("caption_pt", 1.9) * mm * 1.35), f["value"], font=val_font, fill=(15, 15, 15))
    mono = ImageFont.truetype(MONOS[s.get("mono", "dejavu")], round(s["mrz_pt"] * mm))
    y = s["mrz_y_mm"] * mm
    for line in s["mrz"]:
        d.text((round(4 * mm), y), line, font=mono, fill=(10, 10, 10))
        y += s["mrz_pt"] * mm * 1.45
    # Sub-pixel variation in the print, so that no two cards are the
    # same raster.
    img = img.rotate(rnd.uniform(-0.05, 0.05), resample=Image.Resampling.BICUBIC, fillcolor=img.getpixel((1, 1)))
    return img


def on_page(img, s):
    """The card on a letter page, as a photocopy or a flatbed scan."""
    dpi = s.get("dpi", 300)
    page = Image.new("RGB", (round(8.5 * dpi), round(11 * dpi)), (255, 255, 255))
    page.paste(img, (round(s["page_x_in"] * dpi), round(s["page_y_in"] * dpi)))
    if s.get("page_note"):
        d = ImageDraw.Draw(page)
        d.text((round(s["page_x_in"] * dpi), round(s["page_y_in"] * dpi) + img.size[1] + dpi // 8), s["page_note"],
               font=ImageFont.truetype(SANS, dpi // 10), fill=(40, 40, 40))
    return page


def aged_card(img, s):
    """The card as the camera or scanner saw it, resampled by scale."""
    img = aged(
        img,
        random.Random(s["seed"] + 7),
        tuple(s.get("paper", [250, 247, 240])),
        tint=s.get("tint"),
        rotate=s.get("rotate"),
        blur=s.get("blur"),
        noise=s.get("noise", 0),
    )
    if s.get("scale", 1) != 1:
        w, h = img.size
        img = img.resize((round(w * s["scale"]), round(h * s["scale"])), resample=Image.Resampling.LANCZOS)
    if s.get("gray"):
        img = img.convert("L")
    return img


def main():
    s = json.loads(sys.argv[1])
    img = card(s)
    if s.get("on_page"):
        img = on_page(img, s)
    img = aged_card(img, s)
    dpi = round(s.get("dpi", 300) * s.get("scale", 1))
    if s["out"] == "pdf":
        jpeg_round(img, s.get("quality", 85)).save("out.pdf", "PDF", resolution=dpi)
    else:
        img.save("out.jpg", "JPEG", quality=s.get("quality", 85), dpi=(dpi, dpi))


if __name__ == "__main__":
    main()
