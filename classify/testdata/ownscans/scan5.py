#!/usr/bin/python3
"""Degrade each vector PDF of docs5.py into scans/<type>__<variant>__<cond>.pdf: scan5.py up120,t90l,up200,flat150g,phone,t180l pdf/*.pdf"""
import os, sys, random, subprocess, glob, math
from PIL import Image, ImageFilter, ImageDraw, ImageChops, ImageOps
import numpy as np
from reportlab.pdfgen import canvas

def render(pdf, dpi):
    subprocess.run(["gs", "-q", "-sDEVICE=png16m", f"-r{dpi}", "-o", "/tmp/r.png", pdf], check=True)
    return Image.open("/tmp/r.png").convert("RGB")

def noise(img, sigma, rnd):
    a = np.asarray(img).astype(np.float32)
    a += np.random.default_rng(rnd.randrange(1 << 30)).normal(0, sigma, a.shape[:2])[..., None]
    return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))

def topdf(img, dpi, out, gray=True, q=70):
    jpg = "/tmp/s.jpg"
    (img.convert("L") if gray else img).save(jpg, quality=q)
    w, h = img.size
    c = canvas.Canvas(out, pagesize=(w * 72 / dpi, h * 72 / dpi))
    c.drawImage(jpg, 0, 0, w * 72 / dpi, h * 72 / dpi); c.showPage(); c.save()

def coeffs(src, dst):
    m = []
    for (x, y), (X, Y) in zip(dst, src):
        m.append([x, y, 1, 0, 0, 0, -X * x, -X * y]); m.append([0, 0, 0, x, y, 1, -Y * x, -Y * y])
    A = np.array(m, dtype=float); B = np.array([c for p in src for c in p], dtype=float)
    return np.linalg.solve(A, B).tolist()

def table(w, h, kind, rnd):
    if kind == "wood":
        y = np.arange(h)[:, None]; x = np.arange(w)[None, :]
        g = 0.5 + 0.5 * np.sin(y / 9.0 + 3 * np.sin(x / 140.0) + rnd.random() * 6)
        base = np.stack([120 + 50 * g, 80 + 35 * g, 45 + 20 * g], -1)
    else:
        base = np.full((h, w, 3), 45 + rnd.randrange(20), np.float32)
    base = base + np.random.default_rng(rnd.randrange(1 << 30)).normal(0, 6, (h, w))[..., None]
    return Image.fromarray(np.clip(base, 0, 255).astype(np.uint8))

def phone(card, rnd, kind, far=False):
    cw, ch = card.size
    W, H = int(cw * 1.45), int(ch * 1.6)
    if far: W, H = int(cw * 1.9), int(ch * 2.6)
    bg = table(W, H, kind, rnd)
    # card corners on the photo: a trapezoid, one side nearer the camera
    ox, oy = (W - cw) / 2, (H - ch) / 2
    j = lambda s: rnd.uniform(-s, s)
    d = 0.07 * cw
    dst = [(ox + j(d) + d, oy + j(d)), (ox + cw + j(d) - d * 0.3, oy + j(d) + d * 0.5),
           (ox + cw + j(d), oy + ch + j(d)), (ox + j(d), oy + ch + j(d) - d * 0.4)]
    src = [(0, 0), (cw, 0), (cw, ch), (0, ch)]
    warped = card.transform((W, H), Image.PERSPECTIVE, coeffs(src, dst), Image.BICUBIC)
    mask = Image.new("L", card.size, 255).transform((W, H), Image.PERSPECTIVE, coeffs(src, dst), Image.BILINEAR)
    img = Image.composite(warped, bg, mask)
    # uneven light: a gradient from one corner
    y = np.linspace(0, 1, H)[:, None]; x = np.linspace(0, 1, W)[None, :]
    a, b = rnd.uniform(0.2, 0.35), rnd.random() < 0.5
    light = 1.0 - a * ((x if b else 1 - x) * 0.6 + y * 0.4)
    arr = np.asarray(img).astype(np.float32) * light[..., None]
    # a shadow across one corner
    sh = Image.new("L", (W, H), 0); dr = ImageDraw.Draw(sh)
    cx, cy = dst[rnd.randrange(4)]
    r = 0.45 * ch
    dr.polygon([(cx - r, cy - r * 2), (cx + r * 1.2, cy - r * 2), (cx + r * 0.6, cy + r * 2), (cx - r, cy + r * 2)], fill=255)
    sh = np.asarray(sh.filter(ImageFilter.GaussianBlur(25))).astype(np.float32) / 255
    arr *= (1 - 0.45 * sh)[..., None]
    img = Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8)).filter(ImageFilter.GaussianBlur(0.8))
    img = noise(img, 5, rnd)
    s = 1700 / max(img.size)
    return img.resize((int(img.size[0] * s), int(img.size[1] * s)), Image.LANCZOS)

def main(pdfs):
    for pdf in pdfs:
        base = os.path.basename(pdf)[:-4]
        rnd = random.Random(base)
        from PyPDF2 import PdfReader  # noqa
    
if __name__ == "__main__":
    conds = sys.argv[1].split(",")
    for pdf in sys.argv[2:]:
        base = os.path.basename(pdf)[:-4]
        rnd = random.Random(base)
        letter = any(k in base for k in ("njcert",))
        for cond in conds:
            out = f"scans/{base}__{cond}.pdf"
            if os.path.exists(out): continue
            if letter and (cond.startswith("flat") or cond.startswith("phone")): continue
            if cond.startswith("up") or cond.startswith("t"):
                dpi = int(cond[2:]) if cond.startswith("up") else 200
                rot = 0 if cond.startswith("up") else int(cond[1:].rstrip("l"))
                if cond.endswith("l"): dpi = 120
                img = render(pdf, dpi)
                img = ImageOps.expand(img, dpi // 4, fill="white")
                skew = rnd.uniform(0.5, 3) * rnd.choice([-1, 1]) if rot else rnd.uniform(-0.8, 0.8)
                img = img.rotate(skew, Image.BICUBIC, expand=True, fillcolor="white")
                img = noise(img.filter(ImageFilter.GaussianBlur(0.5)), 6, rnd)
                if rot: img = img.rotate(-rot, expand=True)
                topdf(img, dpi, out)
            elif cond.startswith("flat"):
                dpi = int(cond[4:7]); grey = cond.endswith("g")
                card = render(pdf, dpi)
                lid = {"g": (205, 205, 200), "d": (184, 184, 180), "k": (55, 55, 58)}.get(cond[-1], (250, 250, 250))
                page = Image.new("RGB", (int(8.5 * dpi), int(11 * dpi)), lid)
                x = rnd.randrange(dpi // 5, page.size[0] - card.size[0] - dpi // 5)
                y = rnd.randrange(dpi // 5, page.size[1] - card.size[1] - dpi // 5)
                skew = rnd.uniform(-2.5, 2.5)
                rc = card.rotate(skew, Image.BICUBIC, expand=True, fillcolor=(0, 0, 0))
                m = Image.new("L", card.size, 255).rotate(skew, Image.BILINEAR, expand=True)
                page.paste(rc, (x, y), m)
                page = noise(page.filter(ImageFilter.GaussianBlur(0.5)), 5, rnd)
                topdf(page, dpi, out)
            elif cond.startswith("phone"):
                card = render(pdf, 300)
                img = phone(card, rnd, "wood" if cond.endswith("w") else "dark", far=cond.startswith("phoner"))
                if cond.startswith("phoner"): img = img.rotate(90 if rnd.random() < 0.5 else 270, expand=True)
                topdf(img, 200, out, gray=False, q=75)
            print(out, flush=True)
