"""Values typed or painted over, and files saved anew by editors, made with
other tools than the project's renderer: the page laid out again by
WeasyPrint from the original's words (its own fonts, subset and embedded,
its own content streams), a value's span restyled there; a hand-written
incremental update that paints a box over a value and prints another in a
standard font; the file rewritten by qpdf with an editor's Info and an
XMP packet whose history tells its own story; a Pillow scan whose value
was painted over and retyped with ImageDraw, or whose invisible text layer
says something else than the picture.

Run in a directory holding in.pdf; argv[1] is a JSON object of settings
(see forgeries_typed_pil.go). Writes out.pdf. Deterministic for a seed.
"""

import html
import json
import os
import random
import re
import subprocess
import sys
import zlib

S = json.loads(sys.argv[1])
# WeasyPrint and its font subsetter date their output by this clock.
os.environ["SOURCE_DATE_EPOCH"] = str(S["epoch"])

from PIL import ImageDraw, ImageFilter, ImageFont  # noqa: E402

from pilscan import aged, invisible_word, page_lines, pdf_string, render, searchable_pdf  # noqa: E402


def fail(msg):
    sys.stderr.write(msg + "\n")
    sys.exit(1)


def phrases(lines):
    """Each line cut where the gap between two words is wider than most of
    an em: a label and its value in columns are two phrases."""
    out = []
    for ws in lines:
        cur = [ws[0]]
        for w in ws[1:]:
            h = min(w[3] - w[1], cur[-1][3] - cur[-1][1])
            if w[0] - cur[-1][2] > 0.8 * h:
                out.append(cur)
                cur = []
            cur.append(w)
        out.append(cur)
    return out


def find(lines, value):
    """The box of the words that print value (consecutive on one line)."""
    want = value.split()
    for ws in lines:
        texts = [w[4] for w in ws]
        for i in range(len(texts) - len(want) + 1):
            if texts[i : i + len(want)] == want:
                span = ws[i : i + len(want)]
                return (span[0][0], min(w[1] for w in span), span[-1][2], max(w[3] for w in span))
    fail("no words print %r" % value)


def weasy_page():
    """The original's page laid out again by WeasyPrint: every phrase where
    the original printed it, in one family, sized by its height; an edit's
    value put in a span with a style of its own."""
    w, h, lines = page_lines("in.pdf")
    done = set()
    divs = []
    for ph in phrases(lines):
        text = " ".join(x[4] for x in ph)
        height = max(x[3] - x[1] for x in ph)
        body = html.escape(text)
        for i, e in enumerate(S.get("edits", [])):
            if e["old"] in text:
                done.add(i)
                new = html.escape(e["new"])
                if e.get("css"):
                    new = '<span style="%s">%s</span>' % (e["css"], new)
                body = body.replace(html.escape(e["old"]), new, 1)
        divs.append(
            '<div style="position:absolute;left:%.2fpt;top:%.2fpt;font-size:%.2fpt;white-space:nowrap">%s</div>'
            % (ph[0][0], ph[0][1] - 0.05 * height, height / 1.17, body)
        )
    if len(done) != len(S.get("edits", [])):
        fail("an edit's value is on no phrase of the page")
    page = (
        "<html><head><style>@page{size:%.2fpt %.2fpt;margin:0} body{margin:0;font-family:%s;color:#111}</style></head><body>%s</body></html>"
        % (w, h, S["family"], "\n".join(divs))
    )
    from weasyprint import HTML

    HTML(string=page).write_pdf("w.pdf")


# --- PDF objects, as qpdf's JSON (version 2) gives them, written back ---


def qjson(pdf):
    out = subprocess.run(["qpdf", "--json=2", "--json-key=qpdf", "--json-key=pages", pdf], check=True, capture_output=True).stdout
    return json.loads(out)


def pdfval(v):
    if isinstance(v, dict):
        return "<< " + " ".join("%s %s" % (k, pdfval(x)) for k, x in v.items()) + " >>"
    if isinstance(v, list):
        return "[" + " ".join(pdfval(x) for x in v) + "]"
    if isinstance(v, bool):
        return "true" if v else "false"
    if v is None:
        return "null"
    if isinstance(v, (int, float)):
        return repr(v)
    if v.startswith("u:"):
        return pdf_string(v[2:])
    if v.startswith("b:"):
        return "<" + v[2:] + ">"
    return v  # a name or a reference


def deref(objs, v):
    if isinstance(v, str) and v.endswith(" R"):
        return objs["obj:" + v]["value"]
    return v


def incremental(pdf, new_objs, root=None, info=None):
    """pdf with new_objs (number -> bytes of the object's body) appended as
    an incremental update: a cross-reference section of its own and a
    trailer pointing to the one before."""
    data = open(pdf, "rb").read()
    q = qjson(pdf)
    trailer = q["qpdf"][1]["trailer"]["value"]
    prev = int(re.findall(rb"startxref\s+(\d+)", data)[-1])
    size = max(int(trailer["/Size"]), max(new_objs) + 1)
    out = bytearray(data)
    if not out.endswith(b"\n"):
        out += b"\n"
    offsets = {}
    for num in sorted(new_objs):
        offsets[num] = len(out)
        out += b"%d 0 obj\n" % num + new_objs[num] + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n"
    for num in sorted(offsets):
        out += b"%d 1\n%010d 00000 n \n" % (num, offsets[num])
    tr = {"/Size": size, "/Root": root or trailer["/Root"], "/Prev": prev}
    if info or "/Info" in trailer:
        tr["/Info"] = info or trailer["/Info"]
    if "/ID" in trailer:
        tr["/ID"] = trailer["/ID"]
    out += b"trailer\n" + pdfval(tr).encode("latin-1") + b"\nstartxref\n%d\n%%%%EOF\n" % xref
    return bytes(out), q


def stream(body, extra=None, compress=True):
    d = dict(extra or {})
    if compress:
        body = zlib.compress(body, 9)
        d["/Filter"] = "/FlateDecode"
    d["/Length"] = len(body)
    return pdfval(d).encode("latin-1") + b"\nstream\n" + body + b"\nendstream"


def info_dict(meta):
    d = {}
    for k in ("Producer", "Creator", "CreationDate", "ModDate"):
        if meta.get(k):
            d["/" + k] = "u:" + meta[k]
    return d


def xmp_packet(x):
    """An XMP packet: the tools and dates, and the history as xmpMM:History
    events (stEvt), written the way Adobe's toolkit writes them."""
    hist = "".join(
        '<rdf:li rdf:parseType="Resource"><stEvt:action>%s</stEvt:action><stEvt:when>%s</stEvt:when>'
        "<stEvt:softwareAgent>%s</stEvt:softwareAgent><stEvt:changed>/</stEvt:changed></rdf:li>"
        % (html.escape(e["action"]), e["when"], html.escape(e["agent"]))
        for e in x.get("history", [])
    )
    return (
        '<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>\n'
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
        '<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/" '
        'xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/" xmlns:stEvt="http://ns.adobe.com/xap/1.0/sType/ResourceEvent#">'
        "<xmp:CreateDate>%s</xmp:CreateDate><xmp:ModifyDate>%s</xmp:ModifyDate><xmp:MetadataDate>%s</xmp:MetadataDate>"
        "<xmp:CreatorTool>%s</xmp:CreatorTool><pdf:Producer>%s</pdf:Producer>"
        "<xmpMM:History><rdf:Seq>%s</rdf:Seq></xmpMM:History>"
        "</rdf:Description></rdf:RDF></x:xmpmeta>\n"
        '<?xpacket end="w"?>'
        % (x["create"], x["modify"], x["modify"], html.escape(x["creator_tool"]), html.escape(x["producer"]), hist)
    ).encode("utf-8")


def box_update(pdf, old, new):
    """A hand-written incremental update: a content stream appended to the
    page that paints a white box over old and prints new on it in
    Helvetica, the page's resources given the font; a new Info when the
    settings name a tool."""
    w, h, lines = page_lines(pdf)
    x0, y0, x1, y1 = find(lines, old)
    q = qjson(pdf)
    objs = q["qpdf"][1]
    page_ref = q["pages"][0]["object"]
    page = dict(objs["obj:" + page_ref]["value"])
    res = dict(deref(objs, page["/Resources"]))
    fonts = dict(deref(objs, res.get("/Font", {})))
    size = (y1 - y0) / 1.17 * S.get("scale", 1.0)
    n = int(q["qpdf"][1]["trailer"]["value"]["/Size"])
    font_num, save_num, content_num, page_num = n, n + 1, n + 2, int(page_ref.split()[0])
    fonts["/FX1"] = "%d 0 R" % font_num
    res["/Font"] = fonts
    contents = page["/Contents"]
    contents = contents if isinstance(contents, list) else [contents]
    ops = "q 1 1 1 rg %.2f %.2f %.2f %.2f re f Q\nBT 0.07 g /FX1 %.2f Tf 1 0 0 1 %.2f %.2f Tm %s Tj ET\n" % (
        x0 - 1.5,
        h - y1 - 1.5,
        max(x1 - x0, 0.55 * size * len(new)) + 3,
        y1 - y0 + 3,
        size,
        x0,
        h - y1 + 0.22 * (y1 - y0),
        pdf_string(new),
    )
    # The page's own streams in q and Q, as editors wrap them: what they
    # leave in the graphics state (WeasyPrint turns the page upside down)
    # must not move the new marks.
    page["/Contents"] = ["%d 0 R" % save_num] + contents + ["%d 0 R" % content_num]
    ops = "Q\n" + ops
    page["/Resources"] = res
    new = {
        font_num: pdfval({"/Type": "/Font", "/Subtype": "/Type1", "/BaseFont": "/" + S.get("font", "Helvetica"), "/Encoding": "/WinAnsiEncoding"}).encode(),
        save_num: stream(b"q\n"),
        content_num: stream(ops.encode("latin-1")),
        page_num: pdfval(page).encode("latin-1"),
    }
    info = None
    if S.get("info"):
        new[n + 3] = pdfval(info_dict(S["info"])).encode("latin-1")
        info = "%d 0 R" % (n + 3)
    out, _ = incremental(pdf, new, info=info)
    open("out.pdf", "wb").write(out)


def meta_update(pdf, out_name, info=None, xmp=True):
    """An incremental update that changes only the file's account of itself:
    a new Info (the settings' or info) and, when the settings give one and
    xmp is true, an XMP packet in the catalog. rewrite: qpdf then saves
    the whole as one revision."""
    q = qjson(pdf)
    objs = q["qpdf"][1]
    trailer = objs["trailer"]["value"]
    n = int(trailer["/Size"])
    new = {n: pdfval(info_dict(info or S["info"])).encode("latin-1")}
    root = None
    if xmp and S.get("xmp"):
        new[n + 1] = stream(xmp_packet(S["xmp"]), {"/Type": "/Metadata", "/Subtype": "/XML"}, compress=False)
        cat = dict(objs["obj:" + trailer["/Root"]]["value"])
        cat["/Metadata"] = "%d 0 R" % (n + 1)
        new[int(trailer["/Root"].split()[0])] = pdfval(cat).encode("latin-1")
    out, _ = incremental(pdf, new, root=root, info="%d 0 R" % n)
    open(out_name, "wb").write(out)


# --- scans ---


def paint_over(img, lines, old, new, paper, how):
    """The value painted over in the paper's colour and typed again with
    ImageDraw in a TrueType face, at about the height the old one had.
    how varies the forger's hand: "ttf" the face, "margin" the patch's
    margin in pixels, "sample" takes the paper's colour from the scan
    beside the value (a colour picker) instead of knowing it, "ink" the
    text's grey, "blur" softens the patch afterwards as the scan is soft."""
    k = S["dpi"] / 72.0
    x0, y0, x1, y1 = find(lines, old)
    m = how.get("margin", 2)
    box = [int(x0 * k - m), int(y0 * k - m), int(x1 * k + m), int(y1 * k + m)]
    fill = paper
    if how.get("sample"):
        # The paper just left of the patch, its median colour per band.
        probe = img.crop((max(box[0] - 3 * m - 6, 0), box[1], max(box[0] - 2, 1), box[3]))
        fill = tuple(sorted(band.getdata())[len(band.getdata()) // 2] for band in probe.split())
    d = ImageDraw.Draw(img)
    d.rectangle(box, fill=fill)
    font = ImageFont.truetype(how.get("ttf") or S["ttf"], int(round((y1 - y0) * k * 0.86)))
    ink = how.get("ink", 24)
    d.text((x0 * k, y0 * k + (y1 - y0) * k * 0.08), new, fill=(ink, ink, ink), font=font)
    if how.get("blur"):
        patch = img.crop(box).filter(ImageFilter.GaussianBlur(how["blur"]))
        img.paste(patch, box[:2])
    return img


def searchable(img, lines, pw, ph, layer_edits):
    """The picture as a page with the words laid over it, invisible (text
    render mode 3), the layer's text edited by layer_edits."""
    ops = []
    for ws in lines:
        line = " ".join(w[4] for w in ws)
        for e in layer_edits:
            if e["old"] in line:
                line = line.replace(e["old"], e["new"], 1)
        # The line's words again, the edited ones in the old one's place.
        parts = line.split()
        if len(parts) != len(ws):
            parts = [line]
            ws = [(ws[0][0], min(w[1] for w in ws), ws[-1][2], max(w[3] for w in ws), line)]
        for (x0, y0, x1, y1, _), t in zip(ws, parts):
            ops.append(invisible_word(x0, y0, x1, y1, t, ph))
    searchable_pdf("out.pdf", img, S["quality"], pw, ph, ops, pdfval(info_dict(S["info"])).encode("latin-1"))


def tesseract_lines(img):
    """The picture's words as Tesseract reads them, by line, in points: the
    layer an OCR tool (OCRmyPDF, a scanner's app) lays over a scan, with
    its own word cuts and its own misreadings."""
    img.save("ocr.png")
    out = subprocess.run(["tesseract", "ocr.png", "stdout", "--psm", "3", "tsv"], check=True, capture_output=True).stdout.decode("utf-8")
    k = 72.0 / S["dpi"]
    lines = {}
    for row in out.splitlines()[1:]:
        f = row.split("\t")
        if len(f) < 12 or f[0] != "5" or not f[11].strip():
            continue
        x, y, w, h = (int(v) for v in f[6:10])
        key = (int(f[2]), int(f[3]), int(f[4]))
        lines.setdefault(key, []).append((x * k, y * k, (x + w) * k, (y + h) * k, f[11].strip()))
    return [lines[key] for key in sorted(lines)]


def scan():
    rnd = random.Random(S["seed"])
    pw, ph, lines = page_lines("in.pdf")
    paper = (250, 246, 236)
    # What the scanner does to the sheet: the paper's tint, a slight turn,
    # softness, grain.
    img = render("in.pdf", S["dpi"], "page")
    img = aged(img, rnd, paper, tint=True, rotate=S.get("rotate"), blur=S.get("blur", 0.5), noise=S.get("noise", 6))
    # The forger edits the scan as it came (the turn is a fraction of a
    # degree: the boxes of the unturned page still hold the value).
    for e in S.get("paint", []):
        img = paint_over(img, lines, e["old"], e["new"], paper, S.get("paint_how") or {})
    if S.get("image_only"):
        # A scan with no text layer: the picture alone, as most scanners
        # and phones deliver it.
        searchable_pdf("out.pdf", img, S["quality"], pw, ph, [], pdfval(info_dict(S["info"])).encode("latin-1"))
        return
    if S.get("ocr_layer"):
        lines = tesseract_lines(img)
    searchable(img, lines, pw, ph, S.get("layer", []))


def main():
    if S["make"] == "scan":
        scan()
        return
    weasy_page()
    post = S.get("post", "")
    if post == "box":
        e = S["box"]
        box_update("w.pdf", e["old"], e["new"])
    elif post == "restored":
        # The editor's save (S["earlier"]), then the original's Info
        # written back in a revision of its own.
        meta_update("w.pdf", "m.pdf", info=S["earlier"])
        meta_update("m.pdf", "out.pdf", xmp=False)
    elif post in ("meta", "rewrite"):
        meta_update("w.pdf", "m.pdf" if post == "rewrite" else "out.pdf")
        if post == "rewrite":
            subprocess.run(["qpdf", "--deterministic-id", "m.pdf", "out.pdf"], check=False)
    else:
        os.rename("w.pdf", "out.pdf")


main()
