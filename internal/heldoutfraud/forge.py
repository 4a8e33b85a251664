"""Image and PDF work for the second held-out fraud set.

One command per call, its parameters as a JSON object in argv[1]:
photo, scan, splice, copymove, edit, reencode (pictures, with Pillow) and
incremental, sign (updates appended to a PDF by hand, as editors and
signing tools write them). Everything is drawn from the seeds passed in,
so the same parameters always give the same bytes.
"""
import io
import json
import math
import random
import re
import struct
import sys
import zlib

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont, ImageOps


# ---------------------------------------------------------------- pictures

def noise(size, seed, sigma):
    """Grain: a small tile of seeded gaussian values, stretched and tiled
    (Pillow's effect_noise is not seedable)."""
    rnd = random.Random(seed)
    t = 97
    tile = Image.new("L", (t, t))
    tile.putdata([max(0, min(255, int(128 + rnd.gauss(0, sigma)))) for _ in range(t * t)])
    w, h = size
    out = Image.new("L", (w, h))
    for y in range(0, h, t):
        for x in range(0, w, t):
            out.paste(tile if (x // t + y // t) % 2 == 0 else tile.transpose(Image.Transpose.ROTATE_180), (x, y))
    return out


def _add(img, n):
    """img + (n - 128), clipped: grain centred on zero."""
    return ImageChops.add(img, n, 1.0, -128)


class Mapper:
    """Where a point of the flat render lands in the picture."""

    def __init__(self, src_size, scale, angle, centre_out):
        self.w, self.h = src_size
        self.s = scale
        self.a = math.radians(angle)
        self.cx, self.cy = centre_out

    def point(self, fx, fy):
        x = (fx - 0.5) * self.w * self.s
        y = (fy - 0.5) * self.h * self.s
        c, s = math.cos(self.a), math.sin(self.a)
        # Pillow rotates counter-clockwise on screen (y down)
        return self.cx + x * c + y * s, self.cy - x * s + y * c

    def box(self, b):
        pts = [self.point(b[0], b[1]), self.point(b[2], b[1]), self.point(b[0], b[3]), self.point(b[2], b[3])]
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        return int(round(min(xs))), int(round(min(ys))), int(round(max(xs))), int(round(max(ys)))


def soft_gradient(size, angle):
    """Light falling across the frame from one side: a linear ramp drawn
    twice the size, turned, and cut from the middle so no corner is empty."""
    w, h = size
    g = Image.linear_gradient("L").resize((w * 2, h * 2)).rotate(angle, resample=Image.Resampling.BILINEAR)
    return g.crop((w // 2, h // 2, w // 2 + w, h // 2 + h))


def photo(src, seed):
    """A phone photo of a card lying on a desk: tilted, lit from one side,
    a little soft and grainy."""
    rnd = random.Random(seed)
    card = src.convert("RGB")
    fw, fh = 1600, 1200
    scale = (fw * rnd.uniform(0.66, 0.78)) / card.width
    card = card.resize((int(card.width * scale), int(card.height * scale)), Image.Resampling.LANCZOS)
    angle = rnd.uniform(-3.5, 3.5)
    mask = Image.new("L", card.size, 255)
    rc = card.rotate(angle, resample=Image.Resampling.BICUBIC, expand=True)
    rm = mask.rotate(angle, resample=Image.Resampling.BICUBIC, expand=True)
    desk = [(92, 70, 52), (160, 150, 138), (60, 64, 70), (196, 186, 170), (120, 96, 74)][rnd.randrange(5)]
    bg = Image.new("RGB", (fw, fh), desk)
    grad = soft_gradient((fw, fh), rnd.uniform(0, 360))
    bg = Image.composite(bg, Image.new("RGB", (fw, fh), tuple(int(c * 0.7) for c in desk)), grad)
    ox = int((fw - rc.width) / 2 + rnd.uniform(-60, 60))
    oy = int((fh - rc.height) / 2 + rnd.uniform(-50, 50))
    shadow = Image.new("RGB", rc.size, (20, 20, 20))
    bg.paste(shadow, (ox + 8, oy + 10), rm.filter(ImageFilter.GaussianBlur(6)).point(lambda v: v * 0.5))
    bg.paste(rc, (ox, oy), rm)
    light = soft_gradient((fw, fh), rnd.uniform(0, 360))
    bg = Image.composite(bg, Image.eval(bg, lambda v: v * 80 // 100), light)
    bg = bg.filter(ImageFilter.GaussianBlur(rnd.uniform(0.5, 0.9)))
    bg = _add(bg, Image.merge("RGB", [noise(bg.size, seed + 1, 5)] * 3))
    m = Mapper(src.size, scale, angle, (ox + rc.width / 2, oy + rc.height / 2))
    return bg, m


def scan(src, seed, gray):
    """A flatbed or copier scan: a hair off square, paper not quite white."""
    rnd = random.Random(seed)
    img = src.convert("L" if gray else "RGB")
    angle = rnd.uniform(-0.7, 0.7)
    fill = 250 if gray else (250, 249, 245)
    img = img.rotate(angle, resample=Image.Resampling.BICUBIC, expand=False, fillcolor=fill)
    img = img.point(lambda v: min(255, int(18 + v * 0.91)))
    img = img.filter(ImageFilter.GaussianBlur(rnd.uniform(0.35, 0.6)))
    n = noise(img.size, seed + 7, 3.5)
    img = _add(img, n if gray else Image.merge("RGB", [n] * 3))
    m = Mapper(src.size, 1.0, angle, (src.width / 2, src.height / 2))
    return img, m


def shoot(path, mode, seed, gray=False):
    src = Image.open(path)
    src.load()
    if mode == "photo":
        return photo(src, seed)
    return scan(src, seed, gray)


def jpeg_roundtrip(img, quality):
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=quality)
    out = Image.open(io.BytesIO(buf.getvalue()))
    out.load()
    return out


# ------------------------------------------------------------------- EXIF

def exif_bytes(tags):
    """A minimal EXIF block (Pillow 9 drops edits to the Exif sub-IFD):
    IFD0 Make, Model, Orientation, Software, DateTime and, in the Exif IFD,
    the capture dates."""
    if not tags:
        return b""
    ifd0 = []
    for tag, key in ((0x010F, "make"), (0x0110, "model")):
        if tags.get(key):
            ifd0.append((tag, 2, tags[key]))
    ifd0.append((0x0112, 3, 1))
    for tag, key in ((0x0131, "software"), (0x0132, "datetime")):
        if tags.get(key):
            ifd0.append((tag, 2, tags[key]))
    sub = []
    if tags.get("original"):
        sub = [(0x9003, 2, tags["original"]), (0x9004, 2, tags["original"])]
        ifd0.append((0x8769, 4, 0))
    ifd0.sort()

    def encode(entries, start):
        # entries then the data they point at, offsets from the TIFF header
        n = len(entries)
        data_off = start + 2 + 12 * n + 4
        head, data = struct.pack("<H", n), b""
        for tag, typ, val in entries:
            if typ == 2:
                raw = val.encode("ascii") + b"\0"
                if len(raw) <= 4:
                    head += struct.pack("<HHI", tag, typ, len(raw)) + raw.ljust(4, b"\0")
                else:
                    head += struct.pack("<HHII", tag, typ, len(raw), data_off + len(data))
                    data += raw + (b"\0" if len(raw) % 2 else b"")
            elif typ == 3:
                head += struct.pack("<HHIHH", tag, typ, 1, val, 0)
            else:
                head += struct.pack("<HHII", tag, typ, 1, val)
        return head + struct.pack("<I", 0) + data

    first = encode(ifd0, 8)
    if sub:
        sub_off = 8 + len(first)
        ifd0 = [(t, ty, sub_off if t == 0x8769 else v) for t, ty, v in ifd0]
        first = encode(ifd0, 8)
        body = first + encode(sub, sub_off)
    else:
        body = first
    return b"Exif\0\0" + b"II*\0" + struct.pack("<I", 8) + body


def save(img, p):
    """Writes the picture as the tool named in p would: a JPEG with its EXIF
    or a PDF from Pillow's writer with the producer given."""
    out = p["out"]
    if p.get("fmt", "jpeg") == "pdf":
        pages = [img] + p.get("_more", [])
        pages = [x.convert("L") if p.get("gray") else x.convert("RGB") for x in pages]
        kw = {"resolution": float(p.get("dpi", 150)), "quality": p.get("q2", 85)}
        if len(pages) > 1:
            kw["save_all"] = True
            kw["append_images"] = pages[1:]
        for k in ("producer", "creator", "author"):
            if p.get(k):
                kw[k] = p[k]
        # dates fixed by the case, not the clock, so the bytes repeat
        # (Pillow 9 spells them creationDate/modDate)
        import time
        when = time.strptime(p.get("when", "2026-10-01T10:00:00"), "%Y-%m-%dT%H:%M:%S")
        kw["creationDate"] = when
        kw["modDate"] = when
        # Pillow would title the PDF after the output file's name
        kw["title"] = p.get("title") or time.strftime("Scan %Y-%m-%d %H.%M.%S", when)
        pages[0].save(out, "PDF", **kw)
        # Pillow signs its header comment; scanner and editor software do
        # not. The usual binary marker takes its place, padded to the same
        # length so no offset moves.
        data = open(out, "rb").read()
        m = re.search(rb"% created by Pillow [^\r\n]*", data[:200])
        if m:
            mark = b"%\xe2\xe3\xcf\xd3"
            data = data[:m.start()] + mark + b" " * (m.end() - m.start() - len(mark)) + data[m.end():]
            open(out, "wb").write(data)
        return
    kw = {"quality": p.get("q2", 88)}
    if p.get("subsampling") is not None:
        kw["subsampling"] = p["subsampling"]
    ex = exif_bytes(p.get("exif"))
    if ex:
        kw["exif"] = ex
    img.convert("RGB").save(out, "JPEG", **kw)


def cmd_photo(p):
    img, _ = shoot(p["src"], "photo", p["seed"])
    save(img, p)


def cmd_scan(p):
    imgs = [shoot(s, "scan", p["seed"] + i, p.get("gray", False))[0] for i, s in enumerate(p["srcs"])]
    p["_more"] = imgs[1:]
    save(imgs[0], p)


def cmd_splice(p):
    """A field cut from another picture (a second card, another scan) and
    pasted over the same field of this one, then saved again."""
    img, m = shoot(p["target"], p["mode"], p["seed_t"], p.get("gray", False))
    img = jpeg_roundtrip(img, p["q1"])
    donor, md = shoot(p["donor"], p["mode"], p["seed_d"], p.get("gray", False))
    donor = jpeg_roundtrip(donor, p.get("qd", 96))
    for b in p["boxes"]:
        x0, y0, x1, y1 = m.box(b)
        d0, e0, d1, e1 = md.box(b)
        piece = donor.crop((d0, e0, d1, e1)).resize((x1 - x0, y1 - y0), Image.Resampling.BILINEAR)
        if piece.mode != img.mode:
            piece = piece.convert(img.mode)
        img.paste(piece, (x0, y0))
    save(img, p)


def cmd_copymove(p):
    """The clone stamp: a region of the same picture copied over another
    (blank paper over a word, one word over another). Every source is taken
    before any is pasted, so two regions can be swapped."""
    img, m = shoot(p["src"], p["mode"], p["seed"], p.get("gray", False))
    img = jpeg_roundtrip(img, p["q1"])
    pieces = []
    for mv in p["moves"]:
        f0, g0, f1, g1 = m.box(mv["from"])
        t0, u0, _, _ = m.box(mv["to"])
        pieces.append((img.crop((f0, g0, f1, g1)), (t0, u0)))
    for piece, at in pieces:
        img.paste(piece, at)
    save(img, p)


def cmd_regiondiff(p):
    """For the tests: how much an edited picture differs from the same shot
    taken untouched, inside the given boxes and over the whole frame (mean
    absolute difference)."""
    from PIL import ImageStat
    untouched, m = shoot(p["src"], p["mode"], p["seed"], p.get("gray", False))
    a = Image.open(p["a"]).convert("L")
    b = jpeg_roundtrip(untouched, 95).convert("L")
    d = ImageChops.difference(a, b)
    inside = [ImageStat.Stat(d.crop(m.box(bx))).mean[0] for bx in p["boxes"]]
    print(json.dumps({"inside": max(inside), "whole": ImageStat.Stat(d).mean[0]}))


def cmd_edit(p):
    """An editor's retouch: paper colour painted over a value and the new
    value typed with the editor's text tool."""
    img, m = shoot(p["src"], p["mode"], p["seed"], p.get("gray", False))
    img = jpeg_roundtrip(img, p["q1"])
    draw = ImageDraw.Draw(img)
    for e in p["edits"]:
        x0, y0, x1, y1 = m.box(e["box"])
        ref = img.getpixel((max(0, x1 + 3), max(0, y0 - 3)))
        draw.rectangle((x0, y0, x1, y1), fill=ref)
        font = ImageFont.truetype(e["font"], max(8, int((y1 - y0) * 0.72)))
        draw.text((x0 + 2, y0 + (y1 - y0) * 0.1), e["text"], fill=(28, 28, 30) if img.mode == "RGB" else 28, font=font)
    save(img, p)


def cmd_reencode(p):
    """The same picture passed through another device or app: scaled,
    trimmed, compressed again."""
    img = Image.open(p["src"])
    img.load()
    img = img.convert("RGB")
    c = p.get("crop")
    if c:
        w, h = img.size
        img = img.crop((int(c[0] * w), int(c[1] * h), int(c[2] * w), int(c[3] * h)))
    s = p.get("scale", 1.0)
    if s != 1.0:
        img = img.resize((int(img.width * s), int(img.height * s)), Image.Resampling.BICUBIC)
    if p.get("gray"):
        img = ImageOps.grayscale(img)
    save(img, p)


# ---------------------------------------------------------------- PDF updates

OBJ = re.compile(rb"(?m)^(\d+) 0 obj\b(.*?)\bendobj", re.S)


def objects(data):
    return {int(mo.group(1)): mo.group(2) for mo in OBJ.finditer(data)}


def trailer(data):
    t = data[data.rfind(b"trailer"):]
    size = int(re.search(rb"/Size (\d+)", t).group(1))
    root = re.search(rb"/Root (\d+) 0 R", t).group(1).decode()
    info = re.search(rb"/Info (\d+) 0 R", t)
    sx = int(re.findall(rb"startxref\s+(\d+)", data)[-1])
    return size, root, info.group(1).decode() if info else None, sx


def first_page(objs):
    for n in sorted(objs):
        if re.search(rb"/Type\s*/Page\b(?!s)", objs[n]):
            return n
    raise SystemExit("no page object")


def refs(body):
    return [int(x) for x in re.findall(rb"(\d+) 0 R", body)]


def stream_parts(body, objs):
    """The dictionary and raw data of a QDF stream object (its /Length is
    an indirect object there)."""
    i = body.find(b"stream")
    if i < 0:
        return body, None
    d = body[:i]
    lm = re.search(rb"/Length (\d+) 0 R", d)
    if lm:
        length = int(objs[int(lm.group(1))].strip())
    else:
        length = int(re.search(rb"/Length (\d+)", d).group(1))
    j = i + len(b"stream")
    if body[j:j + 2] == b"\r\n":
        j += 2
    else:
        j += 1
    return d, body[j:j + length]


def write_update(orig, new_objs, root, info, size, prev, extra_trailer=b""):
    """Appends objects, a cross-reference section listing only them and a
    trailer pointing back at the previous one."""
    out = bytearray(orig)
    if not out.endswith(b"\n"):
        out += b"\n"
    offs = {}
    for n in sorted(new_objs):
        offs[n] = len(out)
        out += b"%d 0 obj\n" % n + new_objs[n].strip(b"\n") + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 1\n0000000000 65535 f \n"
    nums = sorted(offs)
    i = 0
    while i < len(nums):
        j = i
        while j + 1 < len(nums) and nums[j + 1] == nums[j] + 1:
            j += 1
        out += b"%d %d\n" % (nums[i], j - i + 1)
        for n in nums[i:j + 1]:
            out += b"%010d 00000 n \n" % offs[n]
        i = j + 1
    newsize = max([size] + [n + 1 for n in nums])
    out += b"trailer\n<< /Size %d /Root %s 0 R" % (newsize, root.encode())
    if info:
        out += b" /Info %s 0 R" % info.encode()
    out += b" /Prev %d%s >>\nstartxref\n%d\n%%%%EOF\n" % (prev, extra_trailer, xref)
    return bytes(out)


def cmd_incremental(p):
    """Replaces the first page with the forger's page in an appended
    revision: the page object keeps its number, its contents, fonts and
    resources are new objects (the forged page's, taken from qpdf's QDF
    form of it)."""
    orig = open(p["orig"], "rb").read()
    forged = open(p["forged_qdf"], "rb").read()
    size, root, info, prev = trailer(orig)
    oobjs = objects(orig)
    opage = first_page(oobjs)
    parent = re.search(rb"/Parent (\d+) 0 R", oobjs[opage]).group(1)
    fobjs = objects(forged)
    fpage = first_page(fobjs)
    # everything the forged page uses, except its parent and length objects
    want, todo = [], [x for x in refs(re.sub(rb"/Parent \d+ 0 R", b"", fobjs[fpage]))]
    lengths = set()
    for n, b in fobjs.items():
        for lm in re.finditer(rb"/Length (\d+) 0 R", b):
            lengths.add(int(lm.group(1)))
    while todo:
        n = todo.pop(0)
        if n in want or n in lengths or n == fpage:
            continue
        want.append(n)
        d, _ = stream_parts(fobjs[n], fobjs)
        todo += refs(d)
    remap = {n: size + i for i, n in enumerate(want)}

    def renum(b):
        return re.sub(rb"(\d+) 0 R", lambda mo: b"%d 0 R" % remap.get(int(mo.group(1)), int(mo.group(1))), b)

    def clean(b):
        return re.sub(rb"(?m)^%.*\n", b"", b)

    new = {}
    for n in want:
        d, data = stream_parts(fobjs[n], fobjs)
        d = clean(d)
        if data is None:
            new[remap[n]] = renum(d).strip()
            continue
        z = zlib.compress(data, 9)
        d = re.sub(rb"/Length \d+ 0 R", b"", d)
        d = d.strip()
        assert d.endswith(b">>")
        d = d[:-2].rstrip() + b" /Filter /FlateDecode /Length %d >>" % len(z)
        new[remap[n]] = renum(d) + b"\nstream\n" + z + b"\nendstream"
    page = clean(fobjs[fpage])
    page = re.sub(rb"/Parent \d+ 0 R", b"/Parent " + parent + b" 0 R", renum(page))
    new[opage] = page.strip()
    if p.get("moddate") and info:
        ibody = oobjs[int(info)].strip()
        ibody = re.sub(rb"/ModDate \([^)]*\)", b"", ibody)
        new[int(info)] = ibody[:-2].rstrip() + b" /ModDate (D:%s) >>" % p["moddate"].encode()
    open(p["out"], "wb").write(write_update(orig, new, root, info, size + len(want), prev))


def pdfstr(s):
    return b"(" + s.encode("latin-1").replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)") + b")"


def cmd_sign(p):
    """What a signing tool appends: a signature dictionary, its widget on
    the first page (visible stamp or not) and the catalog's AcroForm. The
    signed byte range is computed as a signer would; the CMS blob is left
    as the zero-filled placeholder a detached signer reserves."""
    orig = open(p["orig"], "rb").read()
    size, root, info, prev = trailer(orig)
    oobjs = objects(orig)
    opage = first_page(oobjs)
    sig, wid, form, ap, font = size, size + 1, size + 2, size + 3, size + 4
    ph = 8192
    sigd = (b"<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /adbe.pkcs7.detached /Name " + pdfstr(p["name"]) +
            b" /M (D:" + p["date"].encode() + b") /Reason " + pdfstr(p.get("reason", "I am the author of this document")) +
            b" /Location " + pdfstr(p.get("location", "")) +
            b" /ByteRange [0 0000000000 0000000000 0000000000] /Contents <" + b"0" * ph + b"> >>")
    new = {sig: sigd}
    rect = p.get("rect")
    if rect:
        text = "Digitally signed by %s  Date: %s" % (p["name"], p["date"][:4] + "." + p["date"][4:6] + "." + p["date"][6:8])
        w, h = rect[2] - rect[0], rect[3] - rect[1]
        content = b"q 0.2 0.2 0.6 RG 0.5 w 0.5 0.5 %.1f %.1f re S Q BT /F1 7 Tf 0.1 0.1 0.4 rg 4 %.1f Td " % (w - 1, h - 1, h / 2 - 2) + pdfstr(text) + b" Tj ET"
        new[ap] = (b"<< /Type /XObject /Subtype /Form /BBox [0 0 %.1f %.1f] /Resources << /Font << /F1 %d 0 R >> >> /Length %d >>\nstream\n" % (w, h, font, len(content))) + content + b"\nendstream"
        new[font] = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"
        apref = b" /AP << /N %d 0 R >>" % ap
        r = b"[%.1f %.1f %.1f %.1f]" % tuple(rect)
    else:
        apref, r = b"", b"[0 0 0 0]"
    new[wid] = (b"<< /Type /Annot /Subtype /Widget /FT /Sig /F 132 /T " + pdfstr(p.get("field", "Signature1")) +
                b" /V %d 0 R /P %d 0 R /Rect " % (sig, opage) + r + apref + b" >>")
    new[form] = b"<< /Fields [%d 0 R] /SigFlags 3 >>" % wid
    rb = oobjs[int(root)].strip()
    new[int(root)] = rb[:-2].rstrip() + b" /AcroForm %d 0 R >>" % form
    pb = oobjs[opage].strip()
    if b"/Annots" in pb:
        pb = re.sub(rb"/Annots\s*\[", b"/Annots [%d 0 R " % wid, pb)
    else:
        pb = pb[:-2].rstrip() + b" /Annots [%d 0 R] >>" % wid
    new[opage] = pb
    out = bytearray(write_update(orig, new, root, info, size + (5 if rect else 3), prev))
    # the byte range: everything but the hex string of /Contents
    start = out.index(b"/Contents <" + b"0" * 16, len(orig)) + len(b"/Contents ")
    end = start + ph + 2
    br = b"[0 %010d %010d %010d]" % (start, end, len(out) - end)
    i = out.index(b"[0 0000000000 0000000000 0000000000]", len(orig))
    out[i:i + len(br)] = br
    open(p["out"], "wb").write(bytes(out))


def main():
    p = json.loads(sys.argv[1])
    {
        "photo": cmd_photo, "scan": cmd_scan, "splice": cmd_splice, "copymove": cmd_copymove,
        "edit": cmd_edit, "reencode": cmd_reencode, "regiondiff": cmd_regiondiff, "incremental": cmd_incremental, "sign": cmd_sign,
    }[p["cmd"]](p)


if __name__ == "__main__":
    main()
