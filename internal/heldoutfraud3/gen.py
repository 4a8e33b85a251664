#!/usr/bin/python3
"""Renders held-out fraud part 3: genuine documents made with ReportLab as
their issuers print them, re-saved by ordinary tools (Ghostscript, qpdf,
ImageMagick, Pillow) for the clean controls, and forged the way a forger
would for the tampered cases.

Usage: gen.py PLAN.json OUTDIR SHARD SHARDS

PLAN.json is the list of case specs the Go side planned (name, type,
manipulation or control, variant, MIME, seed, history). For every case of
this shard the script writes OUTDIR/<name>/upload, source (the genuine file a
forgery was made from) and earlier0.. (history uploads).

Everything is derived from the spec's seed: random.Random(seed) only, fixed
SOURCE_DATE_EPOCH for ReportLab and Ghostscript, fixed output file names for
Ghostscript (its /ID hashes them), no time-stamped PNG chunks.
"""

import datetime as dt
import io
import json
import math
import os
import random
import re
import subprocess
import sys
import zlib

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont, TiffImagePlugin
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

CONVERT = "/usr/bin/convert"
FONTDIR = "/usr/share/fonts/truetype"
TTF = {
    "LiberationSans": FONTDIR + "/liberation2/LiberationSans-Regular.ttf",
    "LiberationSans-Bold": FONTDIR + "/liberation2/LiberationSans-Bold.ttf",
    "LiberationSerif": FONTDIR + "/liberation2/LiberationSerif-Regular.ttf",
    "DejaVuSans": FONTDIR + "/dejavu/DejaVuSans.ttf",
    "DejaVuSans-Bold": FONTDIR + "/dejavu/DejaVuSans-Bold.ttf",
    "DejaVuSansMono": FONTDIR + "/dejavu/DejaVuSansMono.ttf",
}
for _n, _p in TTF.items():
    pdfmetrics.registerFont(TTFont(_n, _p))

MON = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]
MONTH = ["January", "February", "March", "April", "May", "June", "July", "August",
         "September", "October", "November", "December"]

FEMALE = ["Aisha", "Brianna", "Carmen", "Danielle", "Erin", "Fatima", "Grace", "Hannah", "Imani",
          "Jasmine", "Kayla", "Lucia", "Mei", "Nadia", "Olivia", "Priya", "Rosa", "Shauna", "Tamika",
          "Valeria", "Whitney", "Yesenia", "Marisol", "Joy", "Cristina", "Leilani"]
MALE = ["Andre", "Benjamin", "Carlos", "Darnell", "Ethan", "Felipe", "Gabriel", "Hector", "Isaac",
        "Jamal", "Kevin", "Luis", "Marcus", "Nathan", "Omar", "Patrick", "Rafael", "Samuel", "Tyrone",
        "Victor", "Wesley", "Joel", "Ramon", "Jerome"]
MIDDLE = {"F": ["Ann", "Marie", "Lynn", "Rose", "Elena", "Grace", "Mae", "Louise"],
          "M": ["James", "Lee", "Ray", "Paul", "Jose", "Allen", "Thomas", "Miguel"]}
LAST = ["Abernathy", "Baptiste", "Castillo", "Dimaculangan", "Esposito", "Fairchild", "Gutierrez",
        "Haddad", "Iglesias", "Jorgensen", "Kowalczyk", "Lindqvist", "Mbeki", "Nakamura", "Okafor",
        "Pacheco", "Quintero", "Reyes", "Santos", "Thibodeaux", "Underwood", "Villanueva", "Whitfield",
        "Yamamoto", "Zelaya", "Bautista", "Delacroix", "Mercado", "Oyelaran", "Pruitt"]
STREETS = ["Oak Hollow Dr", "W 38th St", "Magnolia Ave", "Cedar Ridge Ln", "N Lamar Blvd",
           "Harbor View Rd", "Pinecrest Ct", "E Camelback Rd", "Sycamore St", "Willow Bend Way"]
CITIES = {"TX": [("AUSTIN", "787"), ("HOUSTON", "770"), ("SAN ANTONIO", "782")],
          "CA": [("SACRAMENTO", "958"), ("FRESNO", "937"), ("OAKLAND", "946")],
          "FL": [("TAMPA", "336"), ("ORLANDO", "328"), ("JACKSONVILLE", "322")],
          "NY": [("ALBANY", "122"), ("BUFFALO", "142"), ("ROCHESTER", "146")],
          "PA": [("PITTSBURGH", "152"), ("ALLENTOWN", "181"), ("ERIE", "165")]}
STATE_NAME = {"TX": "Texas", "CA": "California", "FL": "Florida", "NY": "New York", "PA": "Pennsylvania",
              "AZ": "Arizona", "OK": "Oklahoma"}
TRAINING_CENTERS = [("Gulf Coast Resuscitation Education", "TX05213"), ("Sierra Valley CPR Training", "CA21877"),
                    ("Suncoast Life Support Institute", "FL30418"), ("Hudson Valley Heart Training", "NY11940"),
                    ("Keystone Emergency Education", "PA07766")]
INSTRUCTORS = ["Dana Whitaker", "Lorenzo Ibarra", "Keisha Monroe", "Paul Lindgren", "Tran Nguyen", "Gail Ostrowski"]
CLINICS = [("Northside Occupational Health", "2210 N Loop W, Houston, TX 77018", "(713) 555-0142"),
           ("Mesa Verde Employee Health", "415 E Thomas Rd, Phoenix, AZ 85012", "(602) 555-0187"),
           ("Bayfront Urgent & Occupational Care", "901 Channelside Dr, Tampa, FL 33602", "(813) 555-0110"),
           ("Capitol Area WorkWell Clinic", "77 Wolf Rd, Albany, NY 12205", "(518) 555-0163")]
LABS = [("Quest Diagnostics", "Quest Diagnostics Nichols Institute, 33608 Ortega Hwy, San Juan Capistrano, CA 92675"),
        ("Labcorp", "Laboratory Corporation of America, 1447 York Court, Burlington, NC 27215"),
        ("Sonic Reference Laboratory", "Sonic Reference Laboratory, 9200 Wall St, Austin, TX 78754")]
PHYSICIANS = ["Alan Brightwater, MD", "Sunita Varma, MD", "Miguel Arroyo, DO", "Helen Cho, MD", "Robert Kessler, PA-C"]


def die(msg):
    raise RuntimeError(msg)


# Every time stamp a tool writes (PDF dates, EXIF, XMP) is on or before this
# moment, after every document date of the set: a stamp in the future of the
# evaluation is a trace of its own, which a genuine file never shows.
CEIL = int(dt.datetime(2026, 11, 18, 17, 0, tzinfo=dt.timezone.utc).timestamp())


def cap(t):
    return min(int(t), CEIL)


# ---------------------------------------------------------------- dates

def add_years(d, n):
    try:
        return d.replace(year=d.year + n)
    except ValueError:  # 29 February
        return d.replace(year=d.year + n, day=28)


def add_months(d, n):
    m = d.month - 1 + n
    y, m = d.year + m // 12, m % 12 + 1
    return dt.date(y, m, min(d.day, 28))


def fmt(d, style):
    if style == "us":
        return "%02d/%02d/%04d" % (d.month, d.day, d.year)
    if style == "my":
        return "%02d/%04d" % (d.month, d.year)
    if style == "long":
        return "%s %d, %d" % (MONTH[d.month - 1], d.day, d.year)
    if style == "dmy":
        return "%02d-%s-%04d" % (d.day, MON[d.month - 1].title(), d.year)
    if style == "pp":
        return "%02d %s %04d" % (d.day, MON[d.month - 1], d.year)
    if style == "iso":
        return d.isoformat()
    die("date style " + style)


def rdate(rng, lo, hi):
    a, b = dt.date.fromisoformat(lo).toordinal(), dt.date.fromisoformat(hi).toordinal()
    return dt.date.fromordinal(rng.randint(a, b))


def epoch(d, rng):
    """A creation time on day d (UTC), within office hours."""
    t = dt.datetime(d.year, d.month, d.day, rng.randint(13, 22), rng.randint(0, 59), rng.randint(0, 59),
                    tzinfo=dt.timezone.utc)
    return int(t.timestamp())


# ---------------------------------------------------------------- people and documents

def person(rng, state=None):
    sex = rng.choice("FM")
    first = rng.choice(FEMALE if sex == "F" else MALE)
    st = state or rng.choice(["TX", "CA", "FL", "NY", "PA"])
    city, z = rng.choice(CITIES[st])
    return {"first": first, "middle": rng.choice(MIDDLE[sex]), "last": rng.choice(LAST), "sex": sex,
            "dob": rdate(rng, "1972-01-01", "1998-12-28"), "state": st,
            "street": "%d %s" % (rng.randint(110, 9890), rng.choice(STREETS)), "city": city,
            "zip": z + "%02d" % rng.randint(1, 99),
            "height": "%d-%02d" % (rng.randint(5, 6), rng.randint(0, 11)),
            "eyes": rng.choice(["BRO", "BLU", "HAZ", "GRN", "BLK"]), "hair": rng.choice(["BRO", "BLK", "BLN", "RED"])}


def other_person(rng, p):
    q = person(rng, p["state"])
    while q["last"] == p["last"] or q["first"] == p["first"]:
        q = person(rng, p["state"])
    return q


def digits(rng, n):
    return "".join(rng.choice("0123456789") for _ in range(n))


def ecard_code(rng, issued):
    return "%02d" % (issued.year % 100) + digits(rng, 10)


LICENSE_FORMATS = {  # state -> generator of a license number as the board prints it
    "TX": lambda r: str(r.randint(600000, 999999)),
    "CA": lambda r: "95" + digits(r, 6),
    "FL": lambda r: "RN" + digits(r, 7),
    "NY": lambda r: str(r.randint(500000, 899999)),
    "AZ": lambda r: "RN" + digits(r, 6),
}
DL_FORMATS = {
    "TX": lambda r: digits(r, 8),
    "CA": lambda r: r.choice("ABCDEFGHJKLMNPRSTUVWY") + digits(r, 7),
    "FL": lambda r: "%s%s-%s-%s-%s-%s" % (r.choice("ABCDGHMRSTW"), digits(r, 3), digits(r, 3), digits(r, 2),
                                          digits(r, 3), digits(r, 1)),
    "NY": lambda r: "%s %s %s" % (digits(r, 3), digits(r, 3), digits(r, 3)),
    "PA": lambda r: "%s %s %s" % (digits(r, 2), digits(r, 3), digits(r, 3)),
}
DL_YEARS = {"TX": 8, "CA": 5, "FL": 8, "NY": 8, "PA": 4}
PASSPORTS = {
    "USA": {"number": lambda r: r.choice("ABCDEFGH") + digits(r, 8), "authority": "United States\nDepartment of State",
            "country": "UNITED STATES OF AMERICA", "title": "PASSPORT", "nat": "UNITED STATES OF AMERICA"},
    "PHL": {"number": lambda r: "P" + digits(r, 7) + r.choice("ABC"), "authority": "DFA MANILA",
            "country": "REPUBLIKA NG PILIPINAS", "title": "PASAPORTE / PASSPORT", "nat": "FILIPINO"},
    "GBR": {"number": lambda r: "1" + digits(r, 8), "authority": "HMPO",
            "country": "UNITED KINGDOM OF GREAT BRITAIN AND NORTHERN IRELAND", "title": "PASSPORT",
            "nat": "BRITISH CITIZEN"},
    "CAN": {"number": lambda r: r.choice("ACGHP") + r.choice("ABEFK") + digits(r, 6), "authority": "GATINEAU",
            "country": "CANADA", "title": "PASSPORT / PASSEPORT", "nat": "CANADIAN/CANADIENNE"},
}


def make_doc(typ, rng, p, variant=""):
    """The facts of one genuine document of type typ for person p."""
    d = {"type": typ, "p": p, "name": "%s %s" % (p["first"], p["last"])}
    if typ in ("bls", "acls", "pals"):
        d["issuer"] = "redcross" if (typ == "bls" and "redcross" in variant) else "aha"
        d["issue"] = rdate(rng, "2025-01-05", "2026-09-20")
        d["expiry"] = add_years(d["issue"], 2)
        tc = rng.choice(TRAINING_CENTERS)
        d.update(tc=tc[0], tcid=tc[1], instructor=rng.choice(INSTRUCTORS), instructor_id=digits(rng, 11))
        if d["issuer"] == "aha":
            d["code"] = ecard_code(rng, d["issue"])
        else:
            d["code"] = digits(rng, 1) + "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ0123456789") for _ in range(6))
    elif typ == "nrp":
        d["issue"] = rdate(rng, "2025-01-05", "2026-09-20")
        d["expiry"] = add_years(d["issue"], 2)
        d["code"] = "NRP" + digits(rng, 9)
        d["tc"] = rng.choice(CLINICS)[0]
    elif typ == "tncc":
        d["issue"] = rdate(rng, "2023-06-01", "2026-09-20")
        d["expiry"] = add_years(d["issue"], 4)
        d["code"] = digits(rng, 8)
        d["tc"] = rng.choice(["Methodist Hospital Education Center", "St. Luke's Trauma Program",
                              "Baptist Health Clinical Education"])
    elif typ == "nursing_license":
        st = rng.choice(["TX", "CA", "FL", "NY", "AZ"]) if "state=" not in variant else \
            variant.split("state=")[1][:2]
        d["state"] = st
        d["number"] = LICENSE_FORMATS[st](rng)
        d["ltype"] = "RN"
        d["original"] = rdate(rng, "2012-01-01", "2022-12-31")
        d["issue"] = rdate(rng, "2025-01-10", "2026-08-30")
        d["expiry"] = add_years(d["issue"], 2)
        d["status"] = "Active"
        d["report"] = rdate(rng, "2026-09-01", "2026-10-28")
    elif typ == "drivers_license":
        st = p["state"]
        d["state"] = st
        d["number"] = DL_FORMATS[st](rng)
        d["issue"] = rdate(rng, "2020-03-01", "2026-09-01")
        d["expiry"] = add_years(p["dob"].replace(year=d["issue"].year) if p["dob"].month != 2 or p["dob"].day != 29
                                else dt.date(d["issue"].year, 2, 28), DL_YEARS[st])
        d["dd"] = digits(rng, 10) + rng.choice("ABCDEF") + digits(rng, 3)
    elif typ == "passport":
        iss = rng.choice(["USA", "USA", "PHL", "GBR", "CAN"]) if "iss=" not in variant else \
            variant.split("iss=")[1][:3]
        d["iss"] = iss
        d["number"] = PASSPORTS[iss]["number"](rng)
        d["issue"] = rdate(rng, "2017-02-01", "2026-08-30")
        if iss == "USA" and d["issue"].year < 2021:  # before the Next Generation book: nine digits
            d["number"] = digits(rng, 9)
        d["expiry"] = add_years(d["issue"], 10) - dt.timedelta(days=1 if iss == "USA" else 0)
        d["pob"] = rng.choice({"USA": ["TEXAS, U.S.A.", "CALIFORNIA, U.S.A.", "NEW YORK, U.S.A.", "FLORIDA, U.S.A."],
                               "PHL": ["QUEZON CITY", "CEBU CITY", "ILOILO CITY", "DAVAO CITY"],
                               "GBR": ["LONDON", "MANCHESTER", "BIRMINGHAM", "LEEDS"],
                               "CAN": ["TORONTO, CAN", "WINNIPEG, CAN", "HALIFAX, CAN", "VANCOUVER, CAN"]}[iss])
    elif typ == "tb_skin_test":
        d["placed"] = rdate(rng, "2026-01-05", "2026-10-10")
        d["read"] = d["placed"] + dt.timedelta(days=rng.choice([2, 3]))
        d["mm"] = rng.choice(["0", "0", "2", "3"])
        d["result"] = "Negative"
        d["lot"] = "C%s%s" % (digits(rng, 4), rng.choice("AB"))
        d["clinic"] = rng.choice(CLINICS)
        d["nurse"] = rng.choice(["J. Alvarado, RN", "M. Stokes, LVN", "K. Perez, RN", "T. Boone, RN"])
    elif typ == "tb_blood_test":
        d["collected"] = rdate(rng, "2026-01-05", "2026-10-10")
        d["reported"] = d["collected"] + dt.timedelta(days=rng.choice([2, 3, 4]))
        d["lab"] = rng.choice(LABS)
        d["result"] = "NEGATIVE"
        d["acc"] = "%s%s" % (rng.choice(["WX", "QD", "SL"]), digits(rng, 8))
        d["nil"] = "%.2f" % (rng.randint(2, 30) / 100)
        d["tb1"] = "%.2f" % (rng.randint(0, 9) / 100)
        d["tb2"] = "%.2f" % (rng.randint(0, 9) / 100)
        d["mito"] = ">10.00"
        d["physician"] = rng.choice(PHYSICIANS)
    elif typ == "drug_screen":
        d["collected"] = rdate(rng, "2026-04-01", "2026-10-20")
        d["reported"] = d["collected"] + dt.timedelta(days=rng.choice([1, 2, 3]))
        d["lab"] = rng.choice(LABS)
        d["result"] = "NEGATIVE"
        d["panel"] = "10-Panel"
        d["analytes"] = [[a, "NEGATIVE", c] for a, c in [
            ("Amphetamines", "500 ng/mL"), ("Barbiturates", "300 ng/mL"), ("Benzodiazepines", "300 ng/mL"),
            ("Cocaine Metabolites", "150 ng/mL"), ("Marijuana Metabolites", "50 ng/mL"),
            ("Methadone", "300 ng/mL"), ("Opiates", "2000 ng/mL"), ("Oxycodones", "100 ng/mL"),
            ("Phencyclidine", "25 ng/mL"), ("Propoxyphene", "300 ng/mL")]]
        d["ccf"] = digits(rng, 10)
        d["mro"] = rng.choice(PHYSICIANS)
    elif typ in ("hipaa_training", "osha_training"):
        d["done"] = rdate(rng, "2025-12-01", "2026-10-15")
        d["expiry"] = add_years(d["done"], 1)
        d["code"] = "%s-%s" % (rng.choice(["HC", "CE", "TR"]), digits(rng, 7))
        d["vendor"] = rng.choice(["MedTrainer Compliance Academy", "Relias Learning", "CareerStaff University",
                                  "HealthStream Learning Center"])
        d["hours"] = rng.choice(["1.0", "1.5", "2.0"])
    elif typ == "fit_test":
        d["date"] = rdate(rng, "2026-01-10", "2026-10-15")
        d["model"] = rng.choice(["3M 1870+ Aura", "3M 8210", "Halyard FluidShield 46727", "Moldex 1512"])
        d["size"] = rng.choice(["Regular", "Small", "Medium/Large"])
        d["method"] = rng.choice(["Qualitative (Bitrex)", "Qualitative (Saccharin)", "Quantitative (PortaCount)"])
        d["ff"] = str(rng.randint(120, 200)) if "Quant" in d["method"] else "N/A"
        d["result"] = "PASS"
        d["clinic"] = rng.choice(CLINICS)
        d["tester"] = rng.choice(["R. Delgado", "S. Kimura", "L. Franklin"])
    elif typ == "physical_exam":
        d["date"] = rdate(rng, "2026-01-10", "2026-10-15")
        d["clinic"] = rng.choice(CLINICS)
        d["physician"] = rng.choice(PHYSICIANS)
        d["determination"] = "CLEARED FOR DUTY WITHOUT RESTRICTIONS"
        d["restrictions"] = "None"
        d["bp"] = "%d/%d" % (rng.randint(108, 132), rng.randint(66, 84))
    elif typ == "background_check":
        d["done"] = rdate(rng, "2026-02-01", "2026-10-15")
        d["ordered"] = d["done"] - dt.timedelta(days=rng.randint(2, 6))
        d["vendor"] = rng.choice(["Sterling Check", "Certiphi Screening", "Accurate Background", "HireRight"])
        d["ref"] = "%s-%s" % (rng.choice(["SC", "CP", "AB", "HR"]), digits(rng, 9))
        d["result"] = "CLEAR"
        d["records"] = "No records found"
    else:
        die("unknown type " + typ)
    return d


# ---------------------------------------------------------------- ReportLab rendering

class Pen:
    """Draws the fields of one page and records where each went. An override
    (ov[key]) replaces a field's text the way a given edit would leave it."""

    def __init__(self, c, ov, W, H):
        self.c, self.ov, self.W, self.H, self.L = c, ov or {}, W, H, {}

    def text(self, key, x, y, s, font, size, align="left", color=(0, 0, 0)):
        c = self.c
        o = self.ov.get(key) if key else None
        w = pdfmetrics.stringWidth(s, font, size)
        x0 = x - w if align == "right" else (x - w / 2 if align == "center" else x)
        c.setFillColorRGB(*color)
        if o is None or o["mode"] == "plain":
            t = s if o is None else o["text"]
            if o is not None:
                w = pdfmetrics.stringWidth(t, font, size)
                x0 = x - w if align == "right" else (x - w / 2 if align == "center" else x)
            c.setFont(font, size)
            c.drawString(x0, y, t)
            if key:
                self.L[key] = {"x": x0, "y": y, "w": w, "size": size, "font": font, "text": t}
            return
        mode = o["mode"]
        nf, ns = o.get("font", font), size + o.get("dsize", 0)
        nt = o.get("text", s)
        if mode == "edit":  # the run itself was retyped by an editor with a substitute font
            c.setFont(nf, ns)
            c.drawString(x0 + o.get("dx", 0), y + o.get("dy", 0), nt)
            self.L[key] = {"x": x0, "y": y, "w": pdfmetrics.stringWidth(nt, nf, ns), "size": ns, "font": nf,
                           "text": nt}
            return
        c.setFont(font, size)
        c.drawString(x0, y, s)  # the original stays in the text layer, hidden below
        pad = o.get("pad", 1.5)
        cw = max(w, pdfmetrics.stringWidth(nt, nf, ns)) if mode != "hide" else w
        c.setFillColorRGB(*o.get("fill", (1, 1, 1)))
        c.rect(x0 - pad, y - size * 0.28, cw + 2 * pad, size * 1.12, stroke=0, fill=1)
        if mode == "whiteout":
            c.setFillColorRGB(*color)
            c.setFont(nf, ns)
            c.drawString(x0 + o.get("dx", 0), y + o.get("dy", 0), nt)
        elif mode == "image":
            png = text_png(nt, o.get("ttf", "LiberationSans"), ns, o.get("scale", 4))
            c.drawImage(ImageReader(io.BytesIO(png)), x0 - pad, y - size * 0.28, width=cw + 2 * pad,
                        height=size * 1.12)
        self.L[key] = {"x": x0, "y": y, "w": w, "size": size, "font": font, "text": nt}

    def label(self, x, y, s, font="Helvetica", size=8, color=(0, 0, 0), align="left"):
        self.text(None, x, y, s, font, size, align, color)


def text_png(s, ttf, size, scale):
    """A snippet of text on white, as a forger cuts it from another document."""
    f = ImageFont.truetype(TTF[ttf], int(size * scale))
    w = int(f.getlength(s)) + int(size * scale * 0.4)
    h = int(size * scale * 1.12)
    im = Image.new("RGB", (w, h), (255, 255, 255))
    ImageDraw.Draw(im).text((int(size * scale * 0.2), int(size * scale * 0.28 + size * scale * 0.84)), s,
                            font=f, fill=(20, 20, 20), anchor="ls")
    b = io.BytesIO()
    im.save(b, "PNG")
    return b.getvalue()


def render(d, ov=None, when=None, producer=None, creator=None):
    """The document as a one-page PDF; returns (bytes, layout, (W, H))."""
    os.environ["SOURCE_DATE_EPOCH"] = str(cap(when))
    typ = d["type"]
    size = {"drivers_license": (486.0, 306.0), "passport": (500.0, 352.0)}.get(typ, (612.0, 792.0))
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=size, pageCompression=1)
    meta = META.get(typ, ("Document", "ReportLab PDF Library - www.reportlab.com"))
    c.setTitle(meta[0])
    c.setAuthor(d.get("issuer_name", ""))
    c.setCreator(creator or meta[1])
    if producer:
        c.setProducer(producer)
    pen = Pen(c, ov, *size)
    LAYOUTS[typ](pen, d)
    c.showPage()
    c.save()
    return buf.getvalue(), pen.L, size


META = {"bls": ("eCard", "AHA eCards"), "acls": ("eCard", "AHA eCards"), "pals": ("eCard", "AHA eCards"),
        "nursing_license": ("License Verification", "Board of Nursing Online Services")}


def hline(c, x0, x1, y, w=0.6, col=(0.6, 0.6, 0.6)):
    c.setStrokeColorRGB(*col)
    c.setLineWidth(w)
    c.line(x0, y, x1, y)


def lay_aha(pen, d):
    c = pen.c
    course = {"bls": "BLS Provider", "acls": "ACLS Provider", "pals": "PALS Provider"}[d["type"]]
    if d["issuer"] == "redcross":
        return lay_redcross(pen, d)
    c.setFillColorRGB(0.2, 0.2, 0.2)
    pen.label(54, 750, "Your eCard is below. Print it on card stock or keep it on your phone; fold along the line.",
              "Helvetica", 8.5, (0.25, 0.25, 0.25))
    # front of the card, at twice its size
    x, y, w, h = 54, 470, 486, 260
    c.setStrokeColorRGB(0.55, 0.55, 0.55)
    c.setLineWidth(0.8)
    c.roundRect(x, y, w, h, 10, stroke=1, fill=0)
    c.setFillColorRGB(0.76, 0.07, 0.12)
    c.rect(x, y + h - 46, w, 46, stroke=0, fill=1)
    pen.label(x + 16, y + h - 30, "American Heart Association", "Helvetica-Bold", 15, (1, 1, 1))
    pen.label(x + w - 16, y + h - 30, "CPR & ECC", "Helvetica", 11, (1, 1, 1), "right")
    pen.text("course", x + 16, y + h - 78, course, "Helvetica-Bold", 20, color=(0.76, 0.07, 0.12))
    pen.text("name", x + 16, y + h - 116, d["name"], "Helvetica-Bold", 16)
    body = ("has successfully completed the cognitive and skills evaluations in accordance with the curriculum "
            "of the American Heart Association %s Program." % {
                "bls": "BLS (CPR and AED)", "acls": "Advanced Cardiovascular Life Support (ACLS)",
                "pals": "Pediatric Advanced Life Support (PALS)"}[d["type"]])
    yy = y + h - 136
    for ln in wrap(body, "Helvetica", 8.5, w - 32):
        pen.label(x + 16, yy, ln, "Helvetica", 8.5, (0.2, 0.2, 0.2))
        yy -= 11
    pen.label(x + 16, y + 62, "Issue Date", "Helvetica", 8, (0.35, 0.35, 0.35))
    pen.text("issue", x + 16, y + 46, fmt(d["issue"], "my"), "Helvetica-Bold", 12)
    pen.label(x + 190, y + 62, "Recommended Renewal Date", "Helvetica", 8, (0.35, 0.35, 0.35))
    pen.text("expiry", x + 190, y + 46, fmt(d["expiry"], "my"), "Helvetica-Bold", 12)
    pen.label(x + 16, y + 20, "eCard Code", "Helvetica", 8, (0.35, 0.35, 0.35))
    pen.text("code", x + 70, y + 20, d["code"], "Helvetica-Bold", 10)
    # back of the card
    y2 = 180
    c.setStrokeColorRGB(0.55, 0.55, 0.55)
    c.roundRect(x, y2, w, h, 10, stroke=1, fill=0)
    rows = [("Training Center Name", "tc", d["tc"]), ("TC ID #", "tcid", d["tcid"]),
            ("Instructor Name", "instructor", d["instructor"]), ("Instructor ID #", "instructor_id",
                                                                 d["instructor_id"]),
            ("eCard Code", "code2", d["code"])]
    yy = y2 + h - 36
    for lab, k, v in rows:
        pen.label(x + 16, yy, lab, "Helvetica", 9, (0.35, 0.35, 0.35))
        pen.text(k, x + 170, yy, v, "Helvetica", 10)
        hline(c, x + 16, x + w - 16, yy - 6)
        yy -= 30
    pen.label(x + 16, y2 + 26, "To verify this card, visit heart.org/cpr/mycards and enter the eCard code.",
              "Helvetica-Oblique", 8, (0.3, 0.3, 0.3))
    pen.label(54, 140, "© American Heart Association. Unauthorized reproduction prohibited.", "Helvetica", 7,
              (0.4, 0.4, 0.4))


def lay_redcross(pen, d):
    c = pen.c
    c.setStrokeColorRGB(0.8, 0.1, 0.1)
    c.setLineWidth(3)
    c.rect(40, 300, 532, 450, stroke=1, fill=0)
    c.setFillColorRGB(0.85, 0.05, 0.1)
    c.rect(70, 690, 14, 42, stroke=0, fill=1)
    c.rect(56, 704, 42, 14, stroke=0, fill=1)
    pen.label(110, 712, "American Red Cross", "Times-Bold", 22, (0.85, 0.05, 0.1))
    pen.label(110, 694, "Training Services", "Times-Roman", 12, (0.3, 0.3, 0.3))
    pen.label(306, 640, "Certificate of Completion", "Times-Italic", 18, align="center")
    pen.text("name", 306, 596, d["name"], "Helvetica-Bold", 22, "center")
    hline(pen.c, 150, 462, 588, 0.8, (0.2, 0.2, 0.2))
    pen.label(306, 566, "has successfully completed requirements for", "Times-Roman", 12, align="center")
    pen.text("course", 306, 540, "Basic Life Support", "Helvetica-Bold", 16, "center")
    pen.label(120, 480, "Date Completed:", "Helvetica", 10)
    pen.text("issue", 230, 480, fmt(d["issue"], "us"), "Helvetica-Bold", 10)
    pen.label(120, 460, "Valid For:", "Helvetica", 10)
    pen.text("valid_for", 230, 460, "2 Years", "Helvetica-Bold", 10)
    pen.label(120, 440, "Expires:", "Helvetica", 10)
    pen.text("expiry", 230, 440, fmt(d["expiry"], "us"), "Helvetica-Bold", 10)
    pen.label(120, 420, "Certificate ID:", "Helvetica", 10)
    pen.text("code", 230, 420, d["code"], "Helvetica-Bold", 10)
    pen.label(120, 400, "Instructor:", "Helvetica", 10)
    pen.text("instructor", 230, 400, d["instructor"], "Helvetica", 10)
    pen.label(306, 330, "Scan the code or visit redcross.org/confirm to validate this certificate.",
              "Helvetica-Oblique", 8.5, (0.3, 0.3, 0.3), "center")


def lay_nrp(pen, d):
    c = pen.c
    c.setFillColorRGB(0.0, 0.33, 0.6)
    c.rect(50, 690, 512, 60, stroke=0, fill=1)
    pen.label(66, 724, "American Academy of Pediatrics", "Helvetica-Bold", 16, (1, 1, 1))
    pen.label(66, 704, "DEDICATED TO THE HEALTH OF ALL CHILDREN", "Helvetica", 8, (1, 1, 1))
    pen.text("course", 66, 650, "Neonatal Resuscitation Program", "Helvetica-Bold", 18, color=(0.0, 0.33, 0.6))
    pen.label(66, 630, "NRP Provider - Advanced (9th Edition)", "Helvetica", 11)
    pen.text("name", 66, 590, d["name"], "Helvetica-Bold", 15)
    pen.label(66, 572, "has successfully completed the NRP Provider Curriculum requirements.", "Helvetica", 9)
    for i, (lab, k, v) in enumerate([("Issue Date", "issue", fmt(d["issue"], "us")),
                                     ("Expiration Date", "expiry", fmt(d["expiry"], "us")),
                                     ("eCard ID", "code", d["code"]), ("Instructor Site", "tc", d["tc"])]):
        pen.label(66, 530 - 26 * i, lab, "Helvetica", 9, (0.35, 0.35, 0.35))
        pen.text(k, 190, 530 - 26 * i, v, "Helvetica", 10.5)
        hline(c, 66, 546, 524 - 26 * i)


def lay_tncc(pen, d):
    c = pen.c
    c.setStrokeColorRGB(0.1, 0.45, 0.35)
    c.setLineWidth(1.2)
    c.rect(60, 470, 492, 280, stroke=1, fill=0)
    pen.label(80, 720, "ENA", "Helvetica-Bold", 24, (0.1, 0.45, 0.35))
    pen.label(140, 722, "Emergency Nurses Association", "Helvetica", 12, (0.1, 0.45, 0.35))
    pen.text("course", 80, 680, "Trauma Nursing Core Course", "Times-Bold", 17)
    pen.label(80, 662, "TNCC Provider - 9th Edition", "Times-Roman", 11)
    pen.text("name", 80, 622, d["name"].upper(), "Times-Bold", 14)
    pen.label(80, 580, "Verification Date:", "Times-Roman", 11)
    pen.text("issue", 210, 580, fmt(d["issue"], "us"), "Times-Roman", 11)
    pen.label(80, 560, "Expiration Date:", "Times-Roman", 11)
    pen.text("expiry", 210, 560, fmt(d["expiry"], "us"), "Times-Roman", 11)
    pen.label(80, 540, "Provider ID:", "Times-Roman", 11)
    pen.text("code", 210, 540, d["code"], "Times-Roman", 11)
    pen.label(80, 520, "Course Site:", "Times-Roman", 11)
    pen.text("tc", 210, 520, d["tc"], "Times-Roman", 11)
    pen.label(80, 490, "Verify at ena.org/verify. This card is valid for four years from the verification date.",
              "Times-Italic", 8.5, (0.3, 0.3, 0.3))


def lay_license(pen, d):
    if d["state"] in ("TX", "AZ", "OK"):
        return lay_nursys(pen, d)
    c = pen.c
    st = STATE_NAME[d["state"]]
    board = {"CA": "California Board of Registered Nursing", "FL": "Florida Board of Nursing",
             "NY": "New York State Education Department - Office of the Professions"}[d["state"]]
    c.setFillColorRGB(0.12, 0.2, 0.4)
    c.rect(0, 730, 612, 62, stroke=0, fill=1)
    pen.label(40, 766, "STATE OF %s" % st.upper(), "Helvetica-Bold", 11, (1, 1, 1))
    pen.label(40, 746, board, "Helvetica", 13, (1, 1, 1))
    pen.label(40, 690, "License Verification", "Helvetica-Bold", 16)
    pen.label(40, 672, "Information as of the date of this report; it is the primary source record of the board.",
              "Helvetica", 8.5, (0.3, 0.3, 0.3))
    rows = [("Name", "name", d["name"].upper()), ("License Type", "ltype", "Registered Nurse"),
            ("License Number", "number", d["number"]), ("License Status", "status", d["status"]),
            ("Original Issue Date", "original", fmt(d["original"], "us")),
            ("Issue Date", "issue", fmt(d["issue"], "us")), ("Expiration Date", "expiry", fmt(d["expiry"], "us")),
            ("Public Discipline", "discipline", "None"),
            ("City, State", "city", "%s, %s" % (d["p"]["city"].title(), d["p"]["state"]))]
    y = 630
    for lab, k, v in rows:
        pen.label(40, y, lab + ":", "Helvetica-Bold", 10)
        pen.text(k, 200, y, v, "Helvetica", 10)
        hline(c, 40, 572, y - 7, 0.4)
        y -= 24
    pen.label(40, y - 20, "Report generated %s." % fmt(d["report"], "long"), "Helvetica", 8.5)


def lay_nursys(pen, d):
    c = pen.c
    pen.label(40, 750, "Nursys", "Helvetica-Bold", 22, (0.05, 0.3, 0.55))
    pen.label(130, 752, "QuickConfirm License Verification Report", "Helvetica", 13)
    pen.label(40, 728, "National Council of State Boards of Nursing  |  www.nursys.com", "Helvetica", 8.5,
              (0.3, 0.3, 0.3))
    pen.text("name", 40, 690, d["name"].upper(), "Helvetica-Bold", 14)
    pen.label(40, 672, "Report Date: %s" % fmt(d["report"], "us"), "Helvetica", 9)
    cols = [40, 130, 200, 290, 370, 460]
    heads = ["Jurisdiction", "License Type", "License #", "Status", "Expiration", "Discipline"]
    c.setFillColorRGB(0.9, 0.93, 0.97)
    c.rect(36, 632, 540, 18, stroke=0, fill=1)
    for x, h in zip(cols, heads):
        pen.label(x, 637, h, "Helvetica-Bold", 9)
    vals = [("state", STATE_NAME[d["state"]]), ("ltype", d["ltype"]), ("number", d["number"]),
            ("status", d["status"]), ("expiry", fmt(d["expiry"], "us")), ("discipline", "No")]
    for x, (k, v) in zip(cols, vals):
        pen.text(k, x, 614, v, "Helvetica", 9.5)
    hline(c, 36, 576, 606)
    pen.label(40, 580, "Original Issue Date:", "Helvetica", 9)
    pen.text("original", 150, 580, fmt(d["original"], "us"), "Helvetica", 9.5)
    pen.label(40, 564, "Renewal Issue Date:", "Helvetica", 9)
    pen.text("issue", 150, 564, fmt(d["issue"], "us"), "Helvetica", 9.5)
    pen.label(40, 548, "Compact Status:", "Helvetica", 9)
    pen.text("compact", 150, 548, "Multistate" if d["state"] in ("TX", "AZ", "OK", "FL") else "Single State",
             "Helvetica", 9.5)
    for i, ln in enumerate(wrap("Nursys QuickConfirm is primary source equivalent verification of the license "
                                "information provided to NCSBN by the participating boards of nursing. The "
                                "information is current as of the report date.", "Helvetica", 8, 520)):
        pen.label(40, 510 - 11 * i, ln, "Helvetica", 8, (0.35, 0.35, 0.35))


def lay_dl(pen, d):
    c = pen.c
    p = d["p"]
    st = d["state"]
    W, H = 486, 306
    tint = {"TX": (0.86, 0.9, 0.96), "CA": (0.93, 0.92, 0.86), "FL": (0.88, 0.95, 0.9),
            "NY": (0.9, 0.92, 0.97), "PA": (0.93, 0.93, 0.97)}[st]
    c.setFillColorRGB(*tint)
    c.roundRect(2, 2, W - 4, H - 4, 18, stroke=0, fill=1)
    pen.label(20, 276, STATE_NAME[st].upper(), "Helvetica-Bold", 22, (0.1, 0.2, 0.45))
    pen.label(W - 20, 278, "DRIVER LICENSE", "Helvetica-Bold", 13, (0.1, 0.2, 0.45), "right")
    pen.label(W - 20, 264, "USA", "Helvetica", 8, (0.1, 0.2, 0.45), "right")
    draw_face(c, 20, 60, 130, 170, p)
    X = 166
    pen.label(X, 246, "4d DLN", "Helvetica", 7, (0.6, 0.1, 0.1))
    pen.text("number", X + 34, 246, d["number"], "Helvetica-Bold", 13)
    pen.label(X, 228, "3 DOB", "Helvetica", 7, (0.6, 0.1, 0.1))
    pen.text("dob", X + 34, 228, fmt(p["dob"], "us"), "Helvetica-Bold", 11, color=(0.6, 0.1, 0.1))
    pen.label(X + 150, 228, "4b EXP", "Helvetica", 7, (0.6, 0.1, 0.1))
    pen.text("expiry", X + 182, 228, fmt(d["expiry"], "us"), "Helvetica-Bold", 11)
    pen.label(X, 208, "1", "Helvetica", 7, (0.6, 0.1, 0.1))
    pen.text("last", X + 10, 208, p["last"].upper(), "Helvetica-Bold", 12)
    pen.label(X, 192, "2", "Helvetica", 7, (0.6, 0.1, 0.1))
    pen.text("first", X + 10, 192, ("%s %s" % (p["first"], p["middle"])).upper(), "Helvetica-Bold", 12)
    pen.label(X, 176, "8", "Helvetica", 7, (0.6, 0.1, 0.1))
    pen.text("address", X + 10, 176, p["street"].upper(), "Helvetica", 9.5)
    pen.text("city", X + 10, 164, "%s, %s %s" % (p["city"], st, p["zip"]), "Helvetica", 9.5)
    pen.label(X, 144, "4a ISS", "Helvetica", 7, (0.6, 0.1, 0.1))
    pen.text("issue", X + 34, 144, fmt(d["issue"], "us"), "Helvetica", 10)
    pen.label(X + 150, 144, "9 CLASS", "Helvetica", 7, (0.6, 0.1, 0.1))
    pen.text("class", X + 186, 144, "C", "Helvetica", 10)
    pen.label(X, 128, "15 SEX", "Helvetica", 7, (0.6, 0.1, 0.1))
    pen.text("sex", X + 34, 128, p["sex"], "Helvetica", 10)
    pen.label(X + 60, 128, "16 HGT", "Helvetica", 7, (0.6, 0.1, 0.1))
    pen.text("hgt", X + 92, 128, p["height"], "Helvetica", 10)
    pen.label(X + 150, 128, "18 EYES", "Helvetica", 7, (0.6, 0.1, 0.1))
    pen.text("eyes", X + 186, 128, p["eyes"], "Helvetica", 10)
    pen.label(X, 112, "12 RESTR", "Helvetica", 7, (0.6, 0.1, 0.1))
    pen.text("restr", X + 40, 112, "NONE", "Helvetica", 10)
    pen.label(X + 150, 112, "9a END", "Helvetica", 7, (0.6, 0.1, 0.1))
    pen.text("end", X + 186, 112, "NONE", "Helvetica", 10)
    pen.label(20, 40, "5 DD", "Helvetica", 6.5, (0.6, 0.1, 0.1))
    pen.text("dd", 44, 40, d["dd"], "Helvetica", 7.5)
    pen.text("signature", X, 70, "%s %s" % (p["first"], p["last"]), "Times-Italic", 16, color=(0.1, 0.1, 0.3))
    hline(c, X, X + 200, 64, 0.5, (0.3, 0.3, 0.3))


def draw_face(c, x, y, w, h, p):
    """A flat portrait as printed on cards: background, shoulders, head, hair."""
    seed = sum(ord(ch) for ch in p["first"] + p["last"])
    c.saveState()
    clip = c.beginPath()
    clip.rect(x, y, w, h)
    c.clipPath(clip, stroke=0, fill=0)
    c.setFillColorRGB(0.78, 0.82, 0.88)
    c.rect(x, y, w, h, stroke=0, fill=1)
    skin = [(0.93, 0.8, 0.68), (0.78, 0.6, 0.45), (0.55, 0.38, 0.26), (0.88, 0.72, 0.58)][seed % 4]
    hair = [(0.15, 0.1, 0.07), (0.35, 0.22, 0.1), (0.6, 0.45, 0.25), (0.08, 0.08, 0.08)][(seed // 4) % 4]
    c.setFillColorRGB(*[(0.2, 0.25, 0.4), (0.35, 0.1, 0.15), (0.15, 0.3, 0.2)][(seed // 16) % 3])
    c.ellipse(x + w * 0.08, y - h * 0.25, x + w * 0.92, y + h * 0.38, stroke=0, fill=1)
    c.setFillColorRGB(*hair)
    c.ellipse(x + w * 0.22, y + h * 0.36, x + w * 0.78, y + h * 0.92, stroke=0, fill=1)
    c.setFillColorRGB(*skin)
    c.ellipse(x + w * 0.28, y + h * 0.34, x + w * 0.72, y + h * 0.84, stroke=0, fill=1)
    c.setFillColorRGB(0.1, 0.1, 0.1)
    c.circle(x + w * 0.42, y + h * 0.63, 2.2, stroke=0, fill=1)
    c.circle(x + w * 0.58, y + h * 0.63, 2.2, stroke=0, fill=1)
    c.setStrokeColorRGB(0.45, 0.2, 0.2)
    c.setLineWidth(1.2)
    c.arc(x + w * 0.42, y + h * 0.46, x + w * 0.58, y + h * 0.54, 200, 140)
    c.restoreState()


def mrz_value(ch):
    if ch.isdigit():
        return int(ch)
    if ch == "<":
        return 0
    return ord(ch) - 55


def check_digit(s, weights=(7, 3, 1)):
    return str(sum(mrz_value(ch) * weights[i % 3] for i, ch in enumerate(s)) % 10)


def mrz(d, weights=(7, 3, 1)):
    p = d["p"]
    name = ("P<" + d["iss"] + p["last"].upper().replace(" ", "<") + "<<" +
            ("%s %s" % (p["first"], p["middle"])).upper().replace(" ", "<"))
    l1 = (name + "<" * 44)[:44]
    num = (d.get("mrz_number", d["number"]) + "<<<")[:9]
    dob = d.get("mrz_dob", p["dob"]).strftime("%y%m%d")
    exp = d.get("mrz_expiry", d["expiry"]).strftime("%y%m%d")
    pers = "<" * 14
    cn, cd_, ce, cp = (check_digit(x, weights) for x in (num, dob, exp, pers))
    comp = check_digit(num + cn + dob + cd_ + exp + ce + pers + cp, weights)
    return l1, num + cn + d["iss"] + dob + cd_ + p["sex"] + exp + ce + pers + cp + comp


def lay_passport(pen, d):
    c = pen.c
    p = d["p"]
    info = PASSPORTS[d["iss"]]
    W, H = 500, 352
    c.setFillColorRGB(0.93, 0.94, 0.9)
    c.rect(0, 0, W, H, stroke=0, fill=1)
    c.setStrokeColorRGB(0.8, 0.84, 0.86)
    c.setLineWidth(0.4)
    for i in range(0, 60):
        c.line(0, 352 - i * 6, W, 300 - i * 6 + 40 * math.sin(i / 5.0))
    pen.label(20, 330, info["title"], "Helvetica-Bold", 11, (0.1, 0.15, 0.35))
    pen.label(W - 20, 330, info["country"][:44], "Helvetica-Bold", 7.5, (0.1, 0.15, 0.35), "right")
    draw_face(c, 20, 120, 120, 160, p)
    X = 160
    rows = [("Type / Type", None, "P", X, 300), ("Code / Code", None, d["iss"], X + 90, 300),
            ("Passport No.", "number", d["number"], X + 180, 300),
            ("Surname", "last", p["last"].upper(), X, 272),
            ("Given Names", "first", ("%s %s" % (p["first"], p["middle"])).upper(), X, 246),
            ("Nationality", "nationality", info["nat"], X, 220),
            ("Date of birth", "dob", fmt(d.get("viz_dob", p["dob"]), "pp"), X, 194),
            ("Sex", "sex", p["sex"], X + 180, 194),
            ("Place of birth", "pob", d["pob"], X, 168),
            ("Date of issue", "issue", fmt(d["issue"], "pp"), X, 142),
            ("Date of expiration", "expiry", fmt(d["expiry"], "pp"), X + 150, 142),
            ("Authority", "authority", info["authority"].replace("\n", " "), X, 116)]
    for lab, k, v, x, y in rows:
        pen.label(x, y + 11, lab, "Helvetica", 6.5, (0.25, 0.25, 0.35))
        pen.text(k, x, y, v, "Helvetica-Bold" if k in ("last", "first", "number") else "Helvetica", 10)
    l1, l2 = d.get("mrz_lines") or mrz(d)
    pen.text("mrz1", 20, 56, l1, "Courier-Bold", 12.4)
    pen.text("mrz2", 20, 32, l2, "Courier-Bold", 12.4)


def wrap(s, font, size, width):
    out, cur = [], ""
    for w in s.split():
        t = (cur + " " + w).strip()
        if pdfmetrics.stringWidth(t, font, size) > width and cur:
            out.append(cur)
            cur = w
        else:
            cur = t
    if cur:
        out.append(cur)
    return out


def header_block(pen, org, sub, col, font="Helvetica"):
    c = pen.c
    c.setFillColorRGB(*col)
    c.rect(36, 742, 540, 3, stroke=0, fill=1)
    pen.label(36, 756, org, font + "-Bold" if font == "Helvetica" else "Times-Bold", 16, col)
    pen.label(576, 758, sub, font, 8, (0.3, 0.3, 0.3), "right")


def patient_block(pen, d, y, font="Helvetica", dob=True):
    p = d["p"]
    pen.label(36, y, "Patient:", font + "-Bold" if font == "Helvetica" else "Times-Bold", 10)
    pen.text("name", 110, y, "%s, %s" % (p["last"].upper(), p["first"].upper()), font, 10)
    if dob:
        pen.label(330, y, "DOB:", font + "-Bold" if font == "Helvetica" else "Times-Bold", 10)
        pen.text("dob", 370, y, fmt(p["dob"], "us"), font, 10)


def lay_tb_skin(pen, d):
    c = pen.c
    cl = d["clinic"]
    header_block(pen, cl[0], cl[1] + "  " + cl[2], (0.1, 0.35, 0.55))
    pen.label(306, 710, "TUBERCULIN SKIN TEST (MANTOUX) RECORD", "Helvetica-Bold", 13, align="center")
    patient_block(pen, d, 676)
    rows = [("Antigen", "antigen", "Tubersol (PPD) 5 TU / 0.1 mL"), ("Lot Number", "lot", d["lot"]),
            ("Site", "site", "Left forearm, intradermal"),
            ("Date Placed", "placed", fmt(d["placed"], "us")), ("Placed By", "nurse", d["nurse"]),
            ("Date Read", "read", fmt(d["read"], "us")), ("Induration", "mm", "%s mm" % d["mm"])]
    y = 640
    for lab, k, v in rows:
        pen.label(36, y, lab, "Helvetica-Bold", 10)
        pen.text(k, 170, y, v, "Helvetica", 10)
        hline(c, 36, 576, y - 7, 0.4)
        y -= 24
    pen.label(36, y, "Interpretation", "Helvetica-Bold", 10)
    neg = d["result"] == "Negative"
    box(c, 170, y - 1, neg)
    pen.text("result_neg", 184, y, "Negative", "Helvetica", 10)
    box(c, 260, y - 1, not neg)
    pen.text("result_pos", 274, y, "Positive", "Helvetica", 10)
    pen.L["box_neg"] = {"x": 170, "y": y - 1, "w": 9, "size": 9, "font": "", "text": ""}
    pen.L["box_pos"] = {"x": 260, "y": y - 1, "w": 9, "size": 9, "font": "", "text": ""}
    y -= 40
    pen.label(36, y, "Read By:", "Helvetica-Bold", 10)
    pen.text("reader", 110, y, d["nurse"], "Helvetica", 10)
    pen.text("sig", 330, y, d["nurse"].split(",")[0], "Times-Italic", 14, color=(0.1, 0.1, 0.35))
    hline(c, 320, 520, y - 5, 0.5, (0.2, 0.2, 0.2))
    pen.label(36, 120, "An induration of 10 mm or more is positive for health care workers (CDC).", "Helvetica", 8,
              (0.35, 0.35, 0.35))


def box(c, x, y, checked):
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.8)
    c.rect(x, y, 9, 9, stroke=1, fill=0)
    if checked:
        c.setLineWidth(1.3)
        c.line(x + 1.5, y + 1.5, x + 7.5, y + 7.5)
        c.line(x + 1.5, y + 7.5, x + 7.5, y + 1.5)


def lab_header(pen, d, title):
    lab = d["lab"]
    times = lab[0] == "Labcorp"
    font = "Times" if times else "Helvetica"
    bold = "Times-Bold" if times else "Helvetica-Bold"
    col = {"Quest Diagnostics": (0.0, 0.45, 0.3), "Labcorp": (0.0, 0.2, 0.5)}.get(lab[0], (0.4, 0.1, 0.4))
    header_block(pen, lab[0], lab[1][:70], col, "Times-Roman" if times else "Helvetica")
    pen.label(36, 716, title, bold, 12)
    patient_block(pen, d, 690, "Times-Roman" if times else "Helvetica")
    return font if not times else "Times-Roman", bold


def lay_tb_blood(pen, d):
    c = pen.c
    font, bold = lab_header(pen, d, "FINAL REPORT")
    rows = [("Accession", "acc", d["acc"]), ("Collected", "collected", fmt(d["collected"], "us")),
            ("Reported", "reported", fmt(d["reported"], "us")), ("Ordering Physician", "physician", d["physician"])]
    y = 666
    for lab, k, v in rows:
        pen.label(36, y, lab + ":", bold, 9.5)
        pen.text(k, 160, y, v, font, 9.5)
        y -= 16
    y -= 10
    c.setFillColorRGB(0.92, 0.92, 0.92)
    c.rect(36, y - 4, 540, 16, stroke=0, fill=1)
    for x, h in [(40, "Test"), (300, "Result"), (400, "Flag"), (460, "Reference")]:
        pen.label(x, y, h, bold, 9.5)
    y -= 22
    pen.label(40, y, "QUANTIFERON(R)-TB GOLD PLUS", bold, 10)
    pen.text("result", 300, y, d["result"], bold, 10)
    pen.label(460, y, "NEGATIVE", font, 9.5)
    for lab, k in [("NIL", "nil"), ("MITOGEN-NIL", "mito"), ("TB1 ANTIGEN-NIL", "tb1"), ("TB2 ANTIGEN-NIL", "tb2")]:
        y -= 16
        pen.label(52, y, lab, font, 9.5)
        pen.text(k, 300, y, d[k] + " IU/mL", font, 9.5)
        pen.label(460, y, "<0.35" if "TB" in lab else ("<=8.00" if lab == "NIL" else ">=0.50"), font, 9.5)
    y -= 30
    for ln in wrap("A negative result does not exclude M. tuberculosis infection. Results should be interpreted "
                   "with clinical and epidemiological findings. Test performed at %s." % d["lab"][1], font, 8.5, 530):
        pen.label(36, y, ln, font, 8.5, (0.3, 0.3, 0.3))
        y -= 11


def lay_drug(pen, d):
    c = pen.c
    font, bold = lab_header(pen, d, "%s URINE DRUG SCREEN - FINAL" % d["panel"].upper())
    rows = [("Specimen ID / CCF", "ccf", d["ccf"]), ("Collected", "collected", fmt(d["collected"], "us")),
            ("Reported", "reported", fmt(d["reported"], "us")), ("Panel", "panel", d["panel"]),
            ("Reason", "reason", "Pre-employment")]
    y = 666
    for lab, k, v in rows:
        pen.label(36, y, lab + ":", bold, 9.5)
        pen.text(k, 160, y, v, font, 9.5)
        y -= 16
    y -= 8
    c.setFillColorRGB(0.92, 0.92, 0.92)
    c.rect(36, y - 4, 540, 16, stroke=0, fill=1)
    for x, h in [(40, "Analyte"), (260, "Result"), (380, "Cutoff")]:
        pen.label(x, y, h, bold, 9.5)
    for i, (a, r, cut) in enumerate(d["analytes"]):
        y -= 17
        pen.label(40, y, a, font, 9.5)
        pen.text("an%d" % i, 260, y, r, font, 9.5)
        pen.label(380, y, cut, font, 9.5)
    y -= 28
    pen.label(36, y, "OVERALL RESULT:", bold, 11)
    pen.text("result", 160, y, d["result"], bold, 11)
    y -= 20
    pen.label(36, y, "Verified by Medical Review Officer:", font, 9.5)
    pen.text("mro", 210, y, d["mro"], font, 9.5)


def lay_training(pen, d):
    c = pen.c
    topic = {"hipaa_training": "HIPAA Privacy and Security for Healthcare Workers",
             "osha_training": "OSHA Bloodborne Pathogens Standard (29 CFR 1910.1030)"}[d["type"]]
    c.setStrokeColorRGB(0.55, 0.45, 0.15)
    c.setLineWidth(4)
    c.rect(30, 330, 552, 430, stroke=1, fill=0)
    c.setLineWidth(1)
    c.rect(38, 338, 536, 414, stroke=1, fill=0)
    pen.label(306, 712, d["vendor"], "Helvetica-Bold", 13, (0.35, 0.3, 0.1), "center")
    pen.label(306, 670, "Certificate of Completion", "Times-BoldItalic", 28, (0.2, 0.2, 0.2), "center")
    pen.label(306, 640, "This certifies that", "Times-Roman", 12, align="center")
    pen.text("name", 306, 604, d["name"], "Times-BoldItalic", 24, "center")
    hline(c, 150, 462, 596, 0.8, (0.3, 0.3, 0.3))
    pen.label(306, 574, "has successfully completed the course", "Times-Roman", 12, align="center")
    pen.text("course", 306, 548, topic, "Times-Bold", 14, "center")
    pen.label(150, 496, "Completion Date:", "Times-Roman", 11)
    pen.text("done", 260, 496, fmt(d["done"], "long"), "Times-Roman", 11)
    pen.label(150, 478, "Expiration Date:", "Times-Roman", 11)
    pen.text("expiry", 260, 478, fmt(d["expiry"], "long"), "Times-Roman", 11)
    pen.label(150, 460, "Certificate No.:", "Times-Roman", 11)
    pen.text("code", 260, 460, d["code"], "Times-Roman", 11)
    pen.label(150, 442, "Contact Hours:", "Times-Roman", 11)
    pen.text("hours", 260, 442, d["hours"], "Times-Roman", 11)
    pen.text("sig", 420, 380, "L. Harrington", "Times-Italic", 16, "center", (0.1, 0.1, 0.35))
    hline(c, 350, 490, 374, 0.6, (0.2, 0.2, 0.2))
    pen.label(420, 362, "Director of Education", "Times-Roman", 9, align="center")


def clinic_form(pen, d, title, rows):
    c = pen.c
    cl = d["clinic"]
    header_block(pen, cl[0], cl[1] + "  " + cl[2], (0.45, 0.1, 0.1))
    pen.label(306, 710, title, "Helvetica-Bold", 13, align="center")
    patient_block(pen, d, 676)
    y = 640
    for lab, k, v in rows:
        pen.label(36, y, lab, "Helvetica-Bold", 10)
        pen.text(k, 200, y, v, "Helvetica", 10)
        hline(c, 36, 576, y - 7, 0.4)
        y -= 24
    return y


def lay_fit(pen, d):
    y = clinic_form(pen, d, "RESPIRATOR FIT TEST RECORD (OSHA 29 CFR 1910.134)", [
        ("Test Date", "date", fmt(d["date"], "us")), ("Respirator", "model", d["model"]),
        ("Size", "size", d["size"]), ("Test Method", "method", d["method"]), ("Fit Factor", "ff", d["ff"]),
        ("Result", "result", d["result"]), ("Tester", "tester", d["tester"])])
    pen.label(36, y - 20, "Fit testing is repeated annually or when the respirator model changes.", "Helvetica", 8.5,
              (0.35, 0.35, 0.35))


def lay_physical(pen, d):
    y = clinic_form(pen, d, "FITNESS FOR DUTY / ANNUAL PHYSICAL EXAMINATION", [
        ("Exam Date", "date", fmt(d["date"], "us")), ("Blood Pressure", "bp", d["bp"]),
        ("Vision (corrected)", "vision", "20/20 OU"), ("Examining Provider", "physician", d["physician"])])
    pen.label(36, y, "Determination", "Helvetica-Bold", 10)
    pen.text("determination", 200, y, d["determination"], "Helvetica-Bold", 10)
    y -= 24
    pen.label(36, y, "Restrictions", "Helvetica-Bold", 10)
    pen.text("restrictions", 200, y, d["restrictions"], "Helvetica", 10)
    y -= 40
    pen.text("sig", 330, y, d["physician"].split(",")[0], "Times-Italic", 15, color=(0.1, 0.1, 0.35))
    hline(pen.c, 320, 540, y - 5, 0.5, (0.2, 0.2, 0.2))


def lay_background(pen, d):
    c = pen.c
    header_block(pen, d["vendor"], "Consumer Report - FCRA compliant", (0.2, 0.2, 0.25))
    pen.label(36, 716, "BACKGROUND SCREENING REPORT", "Helvetica-Bold", 13)
    patient_block(pen, d, 690)
    rows = [("Report Reference", "ref", d["ref"]), ("Date Ordered", "ordered", fmt(d["ordered"], "us")),
            ("Date Completed", "done", fmt(d["done"], "us")), ("Package", "package", "Healthcare Standard")]
    y = 660
    for lab, k, v in rows:
        pen.label(36, y, lab + ":", "Helvetica-Bold", 9.5)
        pen.text(k, 170, y, v, "Helvetica", 9.5)
        y -= 16
    y -= 12
    pen.label(36, y, "OVERALL RESULT:", "Helvetica-Bold", 12)
    pen.text("result", 170, y, d["result"], "Helvetica-Bold", 12)
    y -= 28
    for s in ["SSN Trace", "County Criminal (7 years)", "Statewide Criminal", "National Criminal Database",
              "OIG / GSA Exclusions", "Sex Offender Registry"]:
        pen.label(36, y, s, "Helvetica", 9.5)
        pen.text("s_" + s.split()[0].lower(), 300, y, "Consider" if (s.startswith("County") and d.get(
            "county_consider")) else "Clear", "Helvetica", 9.5)
        hline(c, 36, 576, y - 6, 0.3)
        y -= 18
    y -= 8
    pen.label(36, y, "Records:", "Helvetica-Bold", 9.5)
    pen.text("records", 110, y, d["records"], "Helvetica", 9.5)


LAYOUTS = {"bls": lay_aha, "acls": lay_aha, "pals": lay_aha, "nrp": lay_nrp, "tncc": lay_tncc,
           "nursing_license": lay_license, "drivers_license": lay_dl, "passport": lay_passport,
           "tb_skin_test": lay_tb_skin, "tb_blood_test": lay_tb_blood, "drug_screen": lay_drug,
           "hipaa_training": lay_training, "osha_training": lay_training, "fit_test": lay_fit,
           "physical_exam": lay_physical, "background_check": lay_background}


def doc_day(d):
    """The day the issuer produced the file."""
    for k in ("report", "reported", "read", "done", "date", "issue"):
        if k in d:
            return d[k]
    die("no date on " + d["type"])


# ---------------------------------------------------------------- PDF objects (ReportLab's files: one xref table)

def pdf_objects(data):
    xref = int(re.findall(rb"startxref\s+(\d+)", data)[-1])
    m = re.match(rb"xref\s+0 (\d+)\s+", data[xref:])
    n = int(m.group(1))
    pos = xref + m.end()
    offs = {}
    for i in range(n):
        ent = data[pos + 20 * i:pos + 20 * i + 18]
        if ent.endswith(b"n"):
            offs[i] = int(ent[:10])
    order = sorted(offs.items(), key=lambda kv: kv[1])
    objs = {}
    for j, (num, off) in enumerate(order):
        end = order[j + 1][1] if j + 1 < len(order) else xref
        body = data[off:end]
        body = body[body.index(b"obj") + 3:].strip()
        if not body.endswith(b"endobj"):
            die("object %d does not end in endobj" % num)
        objs[num] = body[:-6].strip()
    tr = data[data.rindex(b"trailer"):]
    return objs, {"root": int(re.search(rb"/Root (\d+) 0 R", tr).group(1)),
                  "info": int(re.search(rb"/Info (\d+) 0 R", tr).group(1)),
                  "size": int(re.search(rb"/Size (\d+)", tr).group(1)),
                  "id": re.search(rb"/ID\s*(\[.*?\])", tr, re.S).group(1).strip(), "startxref": xref}


def page_of(objs):
    for num, body in sorted(objs.items()):
        if re.search(rb"/Type /Page\b(?!s)", body):
            return num, int(re.search(rb"/Contents (\d+) 0 R", body).group(1))
    die("no page")


def stream_obj(raw, extra=b""):
    z = zlib.compress(raw, 6)
    return b"<< /Filter /FlateDecode /Length %d%s >>\nstream\n" % (len(z), extra) + z + b"\nendstream"


def xref_sections(offs):
    out, nums = b"", sorted(offs)
    i = 0
    while i < len(nums):
        j = i
        while j + 1 < len(nums) and nums[j + 1] == nums[j] + 1:
            j += 1
        out += b"%d %d\n" % (nums[i], j - i + 1)
        for k in nums[i:j + 1]:
            out += b"%010d 00000 n \n" % offs[k]
        i = j + 1
    return out


def append_update(data, objs, info=None, eol=b"\n"):
    """An incremental update written by hand: the objects appended after the
    original's %%EOF, a new xref section and a trailer pointing to the old one."""
    t = last_trailer(data)
    out = bytearray(data if data.endswith(b"\n") else data + b"\n")
    offs = {}
    for n in sorted(objs):
        offs[n] = len(out)
        out += b"%d 0 obj" % n + eol + objs[n] + eol + b"endobj" + eol
    at = len(out)
    size = max([t["size"]] + [n + 1 for n in objs])
    out += b"xref" + eol + xref_sections(offs)
    out += b"trailer" + eol + b"<< /Size %d /Root %d 0 R /Info %d 0 R /ID %s /Prev %d >>" % (
        size, t["root"], info or t["info"], t["id"], t["startxref"]) + eol
    out += b"startxref" + eol + b"%d" % at + eol + b"%%EOF" + eol
    return bytes(out)


def last_trailer(data):
    """The latest trailer of a file (after our own updates as well)."""
    tr = data[data.rindex(b"trailer"):]
    t = {"root": int(re.search(rb"/Root (\d+) 0 R", tr).group(1)),
         "info": int(re.search(rb"/Info (\d+) 0 R", tr).group(1)),
         "size": int(re.search(rb"/Size (\d+)", tr).group(1)),
         "id": re.search(rb"/ID\s*(\[.*?\])", tr, re.S).group(1).strip(),
         "startxref": int(re.findall(rb"startxref\s+(\d+)", data)[-1])}
    return t


def rewrite(data, objs_changed, new_objs, id2):
    """A full rewrite (an editor's "Save As"): every object renumbered as it
    was, a fresh xref table and a new second /ID."""
    objs, t = pdf_objects(data)
    objs.update(objs_changed)
    objs.update(new_objs)
    out = bytearray(b"%PDF-1.6\n%\xe2\xe3\xcf\xd3\n")
    offs = {}
    for n in sorted(objs):
        offs[n] = len(out)
        out += b"%d 0 obj\n" % n + objs[n] + b"\nendobj\n"
    at = len(out)
    size = max(objs) + 1
    out += b"xref\n0 %d\n0000000000 65535 f \n" % size
    for n in range(1, size):
        out += (b"%010d 00000 n \n" % offs[n]) if n in offs else b"0000000000 65535 f \n"
    first = re.search(rb"<([0-9A-Fa-f]+)>", t["id"]).group(1)
    out += b"trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R /ID [<%s><%s>] >>\nstartxref\n%d\n%%%%EOF\n" % (
        size, t["root"], t["info"], first, id2, at)
    return bytes(out)


def pdfdate(ts):
    return dt.datetime.fromtimestamp(cap(ts), dt.timezone.utc).strftime("D:%Y%m%d%H%M%S+00'00'").encode()


def isodate(ts):
    return dt.datetime.fromtimestamp(cap(ts), dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ").encode()


def pdfstr(s):
    return b"(" + s.encode("latin-1").replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)") + b")"


def info_with(body, **kv):
    for k, v in kv.items():
        pat = rb"/" + k.encode() + rb" \((?:\\.|[^\\)])*\)"
        if re.search(pat, body):
            body = re.sub(pat, lambda m: b"/" + k.encode() + b" " + v, body)
        else:
            body = body.replace(b"<<", b"<< /" + k.encode() + b" " + v, 1)
    return body


def xmp_packet(tool, created, modified, producer, history):
    h = b"".join(b'<rdf:li rdf:parseType="Resource"><stEvt:action>%s</stEvt:action>'
                 b"<stEvt:when>%s</stEvt:when><stEvt:softwareAgent>%s</stEvt:softwareAgent></rdf:li>" % (
                     a, isodate(w), s.encode()) for a, w, s in history)
    return (b'<?xpacket begin="\xef\xbb\xbf" id="W5M0MpCehiHzreSzNTczkc9d"?>\n'
            b'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
            b'<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" '
            b'xmlns:pdf="http://ns.adobe.com/pdf/1.3/" xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/" '
            b'xmlns:stEvt="http://ns.adobe.com/xap/1.0/sType/ResourceEvent#">'
            b"<xmp:CreatorTool>%s</xmp:CreatorTool><xmp:CreateDate>%s</xmp:CreateDate>"
            b"<xmp:ModifyDate>%s</xmp:ModifyDate><xmp:MetadataDate>%s</xmp:MetadataDate>"
            b"<pdf:Producer>%s</pdf:Producer><xmpMM:History><rdf:Seq>%s</rdf:Seq></xmpMM:History>"
            b'</rdf:Description></rdf:RDF></x:xmpmeta>\n<?xpacket end="w"?>') % (
        tool.encode(), isodate(created), isodate(modified), isodate(modified), producer.encode(), h)


# ---------------------------------------------------------------- tools

def run(cmd, wd, env=None):
    e = dict(os.environ)
    e.update(env or {})
    r = subprocess.run(cmd, cwd=wd, env=e, capture_output=True)
    if r.returncode != 0:
        die("%s failed (%d): %s" % (cmd[0], r.returncode, r.stderr.decode(errors="replace")[-800:]))
    return r.stdout


def gs_print(pdf, wd, when, settings="/printer", compat="1.5"):
    """Printed to PDF by Ghostscript: a new file, its own producer and dates."""
    with open(os.path.join(wd, "print-in.pdf"), "wb") as f:
        f.write(pdf)
    run(["gs", "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=pdfwrite", "-dPDFSETTINGS=" + settings,
         "-dCompatibilityLevel=" + compat, "-o", "print-out.pdf", "print-in.pdf"], wd,
        {"SOURCE_DATE_EPOCH": str(cap(when))})
    return open(os.path.join(wd, "print-out.pdf"), "rb").read()


def gs_raster(pdf, wd, dpi):
    with open(os.path.join(wd, "ras-in.pdf"), "wb") as f:
        f.write(pdf)
    run(["gs", "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=ppmraw", "-r%d" % dpi, "-dTextAlphaBits=4",
         "-dGraphicsAlphaBits=4", "-o", "ras-out.ppm", "ras-in.pdf"], wd)
    im = Image.open(os.path.join(wd, "ras-out.ppm"))
    im.load()
    return im.convert("RGB")


def gs_jpeg_pdf(jpeg, wd, dpi, when):
    """A scan wrapped in a PDF by Ghostscript (viewjpeg.ps), page sized to the scan."""
    with open(os.path.join(wd, "scan.jpg"), "wb") as f:
        f.write(jpeg)
    w, h = Image.open(io.BytesIO(jpeg)).size
    pw, ph = w * 72.0 / dpi, h * 72.0 / dpi
    run(["gs", "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "--permit-file-read=scan.jpg", "-sDEVICE=pdfwrite",
         "-o", "scan-out.pdf", "-c", "<< /PageSize [%.2f %.2f] >> setpagedevice" % (pw, ph), "-f", "viewjpeg.ps",
         "-c", "(scan.jpg) viewJPEG showpage"], wd, {"SOURCE_DATE_EPOCH": str(cap(when))})
    return open(os.path.join(wd, "scan-out.pdf"), "rb").read()


def qpdf(pdf, wd, args):
    with open(os.path.join(wd, "q-in.pdf"), "wb") as f:
        f.write(pdf)
    r = subprocess.run(["qpdf", "--deterministic-id"] + args + ["q-in.pdf", "q-out.pdf"], cwd=wd,
                       capture_output=True)
    if r.returncode not in (0, 3):  # 3: warnings only
        die("qpdf failed: " + r.stderr.decode(errors="replace"))
    return open(os.path.join(wd, "q-out.pdf"), "rb").read()


def magick(args, wd):
    run([CONVERT] + args, wd)


def jpeg(im, q, **kw):
    b = io.BytesIO()
    im.save(b, "JPEG", quality=q, **kw)
    return b.getvalue()


def png(im, **kw):
    b = io.BytesIO()
    im.save(b, "PNG", compress_level=kw.pop("compress_level", 3), **kw)
    return b.getvalue()


def load(b):
    im = Image.open(io.BytesIO(b))
    im.load()
    return im.convert("RGB")


# ---------------------------------------------------------------- scans

class Scan:
    """A page scanned: the raster, its dpi, and where a point of the page landed."""

    def __init__(self, im, dpi, H, angle):
        self.im, self.dpi, self.H, self.angle = im, dpi, H, angle

    def pt(self, x, y):
        s = self.dpi / 72.0
        px, py = x * s, (self.H - y) * s
        w, h = self.im.size
        cx, cy = w / 2.0, h / 2.0
        t = math.radians(self.angle)
        dx, dy = px - cx, py - cy
        return cx + dx * math.cos(t) + dy * math.sin(t), cy - dx * math.sin(t) + dy * math.cos(t)

    def box(self, x0, x1, y, size, pad=2):
        pts = [self.pt(x, yy) for x in (x0, x1) for yy in (y - 0.27 * size, y + 0.8 * size)]
        return (int(min(p[0] for p in pts)) - pad, int(min(p[1] for p in pts)) - pad,
                int(max(p[0] for p in pts)) + pad + 1, int(max(p[1] for p in pts)) + pad + 1)

    def field(self, L, pad=2):
        return self.box(L["x"], L["x"] + L["w"], L["y"], L["size"], pad)

    def char(self, L, i, pad=1):
        a = L["x"] + pdfmetrics.stringWidth(L["text"][:i], L["font"], L["size"])
        b = a + pdfmetrics.stringWidth(L["text"][i], L["font"], L["size"])
        return self.box(a, b, L["y"], L["size"], pad)


def scan(pdf, H, rng, wd, dpi, angle=None, noise=None, blur=None):
    """Prints and scans the page: paper tint, a slight skew, sensor noise, soft focus."""
    im = gs_raster(pdf, wd, dpi)
    paper = (rng.randint(240, 251), rng.randint(238, 249), rng.randint(230, 244))
    im = ImageChops.multiply(im, Image.new("RGB", im.size, paper))
    a = rng.uniform(-0.6, 0.6) if angle is None else angle
    im = im.rotate(a, resample=Image.BILINEAR, fillcolor=paper)
    amp = rng.randint(6, 14) if noise is None else noise
    w, h = im.size
    nz = Image.frombytes("L", (w, h), rng.randbytes(w * h)).point(lambda v: 128 + (v - 128) * amp // 128)
    im = ImageChops.add(im, Image.merge("RGB", (nz, nz, nz)), 1.0, -128)
    im = im.filter(ImageFilter.GaussianBlur(rng.uniform(0.35, 0.7) if blur is None else blur))
    return Scan(im, dpi, H, a)


def paper_near(im, box):
    """The paper colour just outside a box (the brightest of its edge samples)."""
    x0, y0, x1, y1 = box
    pts = [(x0 - 3, y0 - 3), (x1 + 3, y0 - 3), (x0 - 3, y1 + 3), (x1 + 3, y1 + 3), ((x0 + x1) // 2, y0 - 4)]
    cols = [im.getpixel((max(0, min(im.width - 1, x)), max(0, min(im.height - 1, y)))) for x, y in pts]
    return max(cols, key=sum)


def ink_near(im, box):
    reg = im.crop(box).convert("L")
    lo = min(reg.getdata())
    for px, v in zip(im.crop(box).getdata(), reg.getdata()):
        if v == lo:
            return px
    return (25, 25, 25)


def encode(im, mime, rng, wd, dpi, when, q=None):
    if mime == "image/jpeg":
        return jpeg(im, q or rng.randint(78, 92))
    if mime == "image/png":
        return png(im)
    if mime == "application/pdf":
        return gs_jpeg_pdf(jpeg(im, q or rng.randint(80, 90)), wd, dpi, when)
    die("mime " + mime)


def pillow_text(im, box, text, ttf, px, fill, ink, dy=0):
    dr = ImageDraw.Draw(im)
    dr.rectangle(box, fill=fill)
    f = ImageFont.truetype(TTF[ttf], px)
    dr.text((box[0] + 2, box[3] - int(px * 0.27) - 2 + dy), text, font=f, fill=ink, anchor="ls")


def magick_text(src_png, box, text, ttf, px, fill, ink, out, wd, q, dy=0):
    magick([src_png, "-fill", "rgb(%d,%d,%d)" % fill, "-draw", "rectangle %d,%d %d,%d" % box,
            "-font", TTF[ttf], "-pointsize", str(px), "-fill", "rgb(%d,%d,%d)" % ink,
            "-annotate", "+%d+%d" % (box[0] + 2, box[3] - int(px * 0.27) - 2 + dy), text,
            "-quality", str(q), out], wd)


# ---------------------------------------------------------------- edits a forger makes to the facts

def restyle(orig, d2):
    """A new date printed the way the document printed the old one."""
    if re.fullmatch(r"\d\d/\d{4}", orig):
        return fmt(d2, "my")
    if re.fullmatch(r"\d\d/\d\d/\d{4}", orig):
        return fmt(d2, "us")
    if re.fullmatch(r"\d\d [A-Z]{3} \d{4}", orig):
        return fmt(d2, "pp")
    if re.fullmatch(r"[A-Z][a-z]+ \d{1,2}, \d{4}", orig):
        return fmt(d2, "long")
    die("date style of " + orig)


def renamed(orig, q):
    """The forger's name printed the way the document printed the holder's."""
    if ", " in orig:
        s = "%s, %s" % (q["last"], q["first"])
    else:
        s = "%s %s" % (q["first"], q["last"])
    return s.upper() if orig.isupper() else s


class Case:
    def __init__(self, spec, wd):
        self.spec, self.wd = spec, wd
        self.rng = random.Random(spec["seed"])
        self.typ = spec["type"]
        self.variant = spec.get("variant", "")
        self.kind = self.variant.split(";")[0]
        self.mime = spec["mime"]
        self.p = person(self.rng)
        self.q = other_person(self.rng, self.p)  # another candidate of the same account
        self.d = make_doc(self.typ, self.rng, self.p, self.variant)
        age(self.d, self.rng, spec.get("manipulation", ""))
        self.when = epoch(doc_day(self.d), self.rng)
        self.dpi = 300 if self.typ in ("drivers_license", "passport") else 150

    def pdf(self, d=None, ov=None, **kw):
        b, L, size = render(d or self.d, ov, kw.pop("when", self.when), **kw)
        return b, L, size

    def scanned(self, d=None, ov=None, rng=None, dpi=None, **kw):
        b, L, size = self.pdf(d, ov)
        return scan(b, size[1], rng or self.rng, self.wd, dpi or self.dpi, **kw), L

    def fin(self, im, q=None):
        return encode(im, self.mime, self.rng, self.wd, self.dpi, self.when + 3600 * 24 * self.rng.randint(1, 40),
                      q)


def set_issue(d, issue):
    d["issue"] = issue
    years = {"tncc": 4, "passport": 10}.get(d["type"], 2)
    d["expiry"] = add_years(issue, years) - dt.timedelta(days=1 if d.get("iss") == "USA" else 0)
    if d.get("issuer") == "aha":  # the eCard code starts with the year of issue
        d["code"] = "%02d" % (issue.year % 100) + d["code"][2:]


def age(d, rng, manipulation):
    """An older genuine document where the forgery brings it up to date:
    the forged dates then fall before the evaluation, as a forger makes them."""
    t = d["type"]
    if manipulation in ("typed_over_date", "incremental_content") and t == "tb_skin_test":
        d["placed"] = rdate(rng, "2025-03-01", "2025-09-30")
        d["read"] = d["placed"] + dt.timedelta(days=rng.choice([2, 3]))
    elif manipulation == "incremental_content" and t == "fit_test":
        d["date"] = rdate(rng, "2025-01-10", "2025-11-15")
    elif manipulation in ("typed_over_date", "editor_metadata") and t in ("drug_screen", "tb_blood_test"):
        d["collected"] = rdate(rng, "2025-09-01", "2026-02-20")
        d["reported"] = d["collected"] + dt.timedelta(days=rng.choice([1, 2, 3]))
    elif manipulation == "dates_impossible":
        if t in ("hipaa_training", "osha_training"):
            d["done"] = rdate(rng, "2024-06-01", "2025-06-30")
            d["expiry"] = add_years(d["done"], 1)
        elif t == "tncc":
            set_issue(d, rdate(rng, "2020-06-01", "2022-06-30"))
        elif t == "passport":
            set_issue(d, rdate(rng, "2014-06-01", "2016-09-30"))
        elif t != "tb_skin_test":
            set_issue(d, rdate(rng, "2022-06-01", "2024-03-31"))
            if "original" in d:
                d["original"] = min(d["original"], add_years(d["issue"], -2))


def dcopy(d, **kw):
    e = dict(d)
    e["p"] = dict(d["p"])
    e.update(kw)
    return e


# ---------------------------------------------------------------- the 14 manipulations

def forge(c):
    m = c.spec["manipulation"]
    return FORGERS[m](c)


def f_typed_over(c, keys_new):
    """keys_new: {key: new text}. Variants: edit (the run retyped in a near
    font), whiteout (box over the old run, new run on top), magick/pillow (a
    scan edited: the old text painted out, the new one typed)."""
    v = c.kind
    src, L, size = c.pdf()
    rng = c.rng
    if v.startswith("edit") or v.startswith("whiteout"):
        font = {"edit-times": "Times-Roman", "edit-dejavu": "DejaVuSans-Bold", "edit-timesitalic": "Times-Italic",
                "edit-liberation": "LiberationSans-Bold", "edit-courier": "Courier",
                "whiteout-liberation": "LiberationSans", "whiteout-arial-gs": "LiberationSans"}[v]
        ov = {}
        for k, t in keys_new.items():
            ov[k] = {"mode": "edit" if v.startswith("edit") else "whiteout", "text": t, "font": font,
                     "dsize": rng.choice([-1.0, -0.6, 0.5, 0.8]), "dy": rng.choice([-0.8, 0.6, 1.1]),
                     "dx": rng.choice([0, 0.7])}
        out, _, _ = c.pdf(ov=ov)
        if v.endswith("-gs") or v == "edit-timesitalic":
            out = gs_print(out, c.wd, c.when + 86400 * rng.randint(30, 200))
        return out, src
    sc, L = c.scanned()
    src = encode(sc.im, c.mime, random.Random(c.spec["seed"] + 1), c.wd, c.dpi, c.when + 86400)
    im = load(src) if c.mime != "application/pdf" else sc.im.copy()
    for k, t in keys_new.items():
        bx = sc.field(L[k], pad=3)
        fill, ink = paper_near(im, bx), ink_near(im, bx)
        px = int(L[k]["size"] * c.dpi / 72.0 * rng.choice([0.96, 1.0, 1.04]))
        if v == "magick":
            im.save(os.path.join(c.wd, "edit.ppm"))
            magick_text("edit.ppm", bx, t, rng.choice(["DejaVuSans", "LiberationSans"]), px, fill, ink,
                        "edit-out.ppm", c.wd, 90)
            im = load(open(os.path.join(c.wd, "edit-out.ppm"), "rb").read())
        else:
            pillow_text(im, bx, t, rng.choice(["LiberationSans-Bold", "DejaVuSans"]), px, fill, ink)
    return c.fin(im), src


def f_typed_over_name(c):
    keys = {"drivers_license": ["last", "first"]}.get(c.typ, ["name"])
    q = c.q
    new = {}
    for k in keys:
        _, L, _ = c.pdf()
        o = L[k]["text"]
        if k == "last":
            new[k] = q["last"].upper()
        elif k == "first":
            new[k] = ("%s %s" % (q["first"], q["middle"])).upper()
        else:
            new[k] = renamed(o, q)
    return f_typed_over(c, new)


def later(d0, rng, months=(10, 26)):
    return add_months(d0, rng.randint(*months))


def f_typed_over_date(c):
    _, L, _ = c.pdf()
    d, rng = c.d, c.rng
    if c.typ == "tb_skin_test":
        np_ = later(d["placed"], rng, (8, 13))
        new = {"placed": restyle(L["placed"]["text"], np_),
               "read": restyle(L["read"]["text"], np_ + (d["read"] - d["placed"]))}
    elif c.typ == "drug_screen":
        nc = later(d["collected"], rng, (3, 5))
        new = {"collected": restyle(L["collected"]["text"], nc),
               "reported": restyle(L["reported"]["text"], nc + (d["reported"] - d["collected"]))}
    else:
        new = {"expiry": restyle(L["expiry"]["text"], later(d["expiry"], rng, (12, 24)))}
    return f_typed_over(c, new)


def annot_cover(src, covers, when):
    """White Square annotations over the words, FreeText annotations with the
    new words, each with its appearance stream: added in an incremental update
    as a PDF editor's comment tools do."""
    objs, t = pdf_objects(src)
    pnum, _ = page_of(objs)
    n = t["size"]
    new, refs = {}, []
    stamp = pdfstr(pdfdate(when).decode())
    helv = n
    new[helv] = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"
    n += 1
    for (x0, y0, x1, y1), text, size in covers:
        w, h = x1 - x0, y1 - y0
        new[n] = stream_obj(b"1 1 1 rg 0 0 %.2f %.2f re f" % (w, h),
                            b" /Type /XObject /Subtype /Form /BBox [0 0 %.2f %.2f]" % (w, h))
        new[n + 1] = (b"<< /Type /Annot /Subtype /Square /Rect [%.2f %.2f %.2f %.2f] /C [1 1 1] /IC [1 1 1] "
                      b"/BS << /W 0 >> /F 4 /M %s /T (User) /AP << /N %d 0 R >> >>" % (x0, y0, x1, y1, stamp, n))
        refs.append(n + 1)
        n += 2
        if text:
            fw = w + 30
            new[n] = stream_obj(b"1 1 1 rg 0 0 %.2f %.2f re f 0 g BT /Helv %.1f Tf 1.5 %.2f Td %s Tj ET" % (
                fw, h, size, size * 0.3, pdfstr(text)),
                b" /Type /XObject /Subtype /Form /BBox [0 0 %.2f %.2f] /Resources << /Font << /Helv %d 0 R >> >>" % (
                    fw, h, helv))
            new[n + 1] = (b"<< /Type /Annot /Subtype /FreeText /Rect [%.2f %.2f %.2f %.2f] /Contents %s "
                          b"/DA (/Helv %.1f Tf 0 g) /F 4 /M %s /T (User) /BS << /W 0 >> /AP << /N %d 0 R >> >>" % (
                              x0, y0, x0 + fw, y1, pdfstr(text), size, stamp, n))
            refs.append(n + 1)
            n += 2
    page = objs[pnum]
    page = page.replace(b"/Type /Page", b"/Annots [ " + b" ".join(b"%d 0 R" % r for r in refs) + b" ] /Type /Page", 1)
    new[pnum] = page
    return append_update(src, new)


def f_covered_text(c):
    v, rng, d = c.kind, c.rng, c.d
    q = c.q
    if c.typ == "nursing_license":
        d["status"] = "Inactive"
        d["expiry"] = d["issue"] + dt.timedelta(days=rng.randint(200, 400))
        d["issue"] = add_years(d["expiry"], -2)
        cover = {"status": "Active", "expiry": None}
    elif c.typ == "tb_blood_test":
        d.update(result="POSITIVE", tb1="%.2f" % (rng.randint(60, 300) / 100), tb2="%.2f" % (rng.randint(60, 300) / 100))
        cover = {"result": "NEGATIVE", "tb1": "0.0%d IU/mL" % rng.randint(1, 9),
                 "tb2": "0.0%d IU/mL" % rng.randint(1, 9)}
    elif c.typ == "physical_exam":
        d.update(determination="CLEARED FOR DUTY WITH RESTRICTIONS",
                 restrictions="No lifting over 20 lb; no patient transfers until %s" % fmt(
                     add_months(d["date"], 4), "us"))
        cover = {"determination": "CLEARED FOR DUTY WITHOUT RESTRICTIONS", "restrictions": "None"}
    elif c.typ == "background_check":
        d.update(result="CONSIDER", records="1 record: Theft of property, misdemeanor (Travis County, 2019)")
        cover = {"result": "CLEAR", "records": "No records found", "s_county": "Clear"}
        d["county_consider"] = True
    elif c.typ == "bls":
        shift = rng.randint(20, 26)
        cover = {"issue": fmt(add_months(d["issue"], shift), "us"), "expiry": fmt(add_months(d["expiry"], shift), "us")}
    elif c.typ == "drug_screen":
        i = rng.randint(0, 4)
        d["analytes"] = [list(a) for a in d["analytes"]]
        d["analytes"][i][1] = "POSITIVE"
        d["result"] = "POSITIVE"
        cover = {"an%d" % i: "NEGATIVE", "result": "NEGATIVE"}
    else:
        die("covered_text on " + c.typ)
    src, L, size = c.pdf()
    for k in list(cover):
        if cover[k] is None:  # a later date, same style
            cover[k] = restyle(L[k]["text"], later(d[k], rng, (20, 26)))
    if v == "annot":
        boxes = []
        for k, t in cover.items():
            l_ = L[k]
            boxes.append(((l_["x"] - 1.5, l_["y"] - l_["size"] * 0.3, l_["x"] + l_["w"] + 1.5,
                           l_["y"] + l_["size"] * 0.9), t, l_["size"]))
        return annot_cover(src, boxes, c.when + 86400 * rng.randint(60, 300)), src
    mode = {"image": "image", "whiteout": "whiteout", "whiteout-gs": "whiteout"}[v]
    ov = {}
    for k, t in cover.items():
        l_ = L[k]
        ov[k] = {"mode": mode, "text": t, "font": l_["font"], "ttf": "LiberationSans-Bold" if "Bold" in l_["font"]
                 else "LiberationSans", "pad": rng.choice([1.0, 1.5, 2.5])}
    out, _, _ = c.pdf(ov=ov)
    if v == "whiteout-gs":
        out = gs_print(out, c.wd, c.when + 86400 * rng.randint(20, 90), "/ebook")
    return out, src


def f_incremental(c):
    v, rng, d = c.kind, c.rng, c.d
    src, L, size = c.pdf()
    alt = dcopy(d)
    if c.typ == "tb_skin_test":
        np_ = later(d["placed"], rng, (8, 13))
        alt.update(placed=np_, read=np_ + (d["read"] - d["placed"]))
    elif c.typ == "fit_test":
        alt["date"] = later(d["date"], rng, (10, 12))
    elif c.typ == "acls":
        alt["name"] = "%s %s" % (c.q["first"], c.q["last"])
    else:
        alt["expiry"] = later(d["expiry"], rng, (22, 48) if c.typ == "drivers_license" else (20, 26))
    objs, t = pdf_objects(src)
    pnum, cnum = page_of(objs)
    if v == "append":
        # an overlay stream after the original one, as stamp tools add it
        fonts = dict((m.group(2).decode(), m.group(1).decode()) for num, b in objs.items()
                     for m in [re.search(rb"/BaseFont /(\S+) .*?/Name /(F\d+)", b, re.S)] if m)
        ops = [b"q 1 1 1 rg"]
        for k in ("placed", "read"):
            l_ = L[k]
            ops.append(b"%.2f %.2f %.2f %.2f re f" % (l_["x"] - 1, l_["y"] - 3, l_["w"] + 4, l_["size"] * 1.15))
        ops.append(b"0 0 0 rg BT")
        for k in ("placed", "read"):
            l_ = L[k]
            fname = [f for f, b in fonts.items() if b == l_["font"]][0]
            ops.append(b"/%s %.1f Tf 1 0 0 1 %.2f %.2f Tm %s Tj" % (
                fname.encode(), l_["size"], l_["x"], l_["y"], pdfstr(fmt(alt[k], "us"))))
        ops.append(b"ET Q")
        n = t["size"]
        page = objs[pnum].replace(b"/Contents %d 0 R" % cnum,
                                  b"/Contents [ %d 0 R %d 0 R %d 0 R %d 0 R ]" % (n, cnum, n + 1, n + 2))
        new = {pnum: page, n: stream_obj(b"q\n"), n + 1: stream_obj(b"Q\n"), n + 2: stream_obj(b"\n".join(ops))}
        return append_update(src, new, eol=b"\r\n"), src
    altpdf, _, _ = c.pdf(d=alt)
    aobjs, _ = pdf_objects(altpdf)
    _, acnum = page_of(aobjs)
    fd = [b for b in objs.values() if b.startswith(b"<<") and b"/F1 " in b and b"/Type" not in b]
    afd = [b for b in aobjs.values() if b.startswith(b"<<") and b"/F1 " in b and b"/Type" not in b]
    if fd != afd:
        die("edited page uses other fonts than the original")
    content = aobjs[acnum]
    if v == "replace":
        return append_update(src, {cnum: content}), src
    if v == "new-stream":
        n = t["size"]
        page = objs[pnum].replace(b"/Contents %d 0 R" % cnum, b"/Contents %d 0 R" % n)
        return append_update(src, {pnum: page, n: content}), src
    if v == "two-revisions":
        info = info_with(objs[t["info"]], Keywords=pdfstr("provider card"),
                         ModDate=pdfstr(pdfdate(c.when + 86400 * rng.randint(3, 20)).decode()))
        first = append_update(src, {t["info"]: info})
        return append_update(first, {cnum: content}), src
    die("incremental variant " + v)


def f_dates_impossible(c):
    rng, d = c.rng, c.d
    alt = dcopy(d)
    if c.typ in ("bls", "acls", "pals", "nursing_license", "tncc", "passport"):
        # the issue date moved past the expiry
        alt["issue"] = d["expiry"] + dt.timedelta(days=rng.randint(20, 200))
        if c.typ == "nursing_license":
            alt["report"] = max(alt["issue"], d["report"]) + dt.timedelta(days=3)
    elif c.typ in ("hipaa_training", "osha_training"):
        alt["done"] = d["expiry"] + dt.timedelta(days=rng.randint(15, 120))
    elif c.typ == "tb_skin_test":
        alt["read"] = d["placed"] - dt.timedelta(days=rng.choice([2, 3]))
    else:
        die("dates_impossible on " + c.typ)
    return plain_forgery(c, alt)


def plain_forgery(c, alt):
    """A document made again with other facts and no visible trace of editing."""
    v, rng = c.kind, c.rng
    when = max(c.when, epoch(doc_day(alt), random.Random(c.spec["seed"] + 7)))
    if c.mime == "application/pdf":
        src, _, _ = c.pdf()
        out, _, _ = c.pdf(d=alt, when=when)
        if v == "gs":
            out = gs_print(out, c.wd, when + 86400 * rng.randint(1, 30))
        return out, src
    st = rng.getstate()
    sc, _ = c.scanned()
    rng.setstate(st)
    sc2, _ = c.scanned(d=alt)
    q = rng.randint(80, 92)
    return c.fin(sc2.im, q), c.fin(sc.im, q)


def f_validity(c):
    rng, d = c.rng, c.d
    years = {"bls": 5, "acls": 4, "pals": 3, "nrp": 4, "tncc": 8, "passport": 15}[c.typ]
    alt = dcopy(d, expiry=add_years(d["issue"], years) - dt.timedelta(days=1 if c.typ == "passport" else 0))
    return plain_forgery(c, alt)


def f_id_format(c):
    rng, d = c.rng, c.d
    alt = dcopy(d)
    if c.typ == "bls":
        alt["code"] = d["code"][:11]
    elif c.typ == "acls":
        alt["code"] = d["code"] + str(rng.randint(0, 9))
    elif c.typ == "nursing_license":
        alt["number"] = {"TX": "RN" + digits(rng, 6), "FL": "RN" + digits(rng, 5), "CA": "RN" + digits(rng, 6),
                         "NY": "NY" + digits(rng, 5), "AZ": digits(rng, 9)}[d["state"]]
    elif c.typ == "drivers_license":
        alt["number"] = {"CA": d["number"][0] + digits(rng, 9), "TX": "T" + digits(rng, 7),
                         "FL": d["number"][:14], "NY": digits(rng, 7), "PA": "P" + digits(rng, 7)}[d["state"]]
    elif c.typ == "passport":
        alt["number"] = digits(rng, 8) if d["iss"] == "USA" else d["number"][:-1]
    else:
        die("id_format on " + c.typ)
    return plain_forgery(c, alt)


def f_mrz(c):
    alt = forged_mrz(c.d, c.kind, c.rng)
    c.kind = ""
    return plain_forgery(c, alt)


def forged_mrz(d, v, rng):
    """The passport with its MRZ altered the way variant v says; at least one
    check digit then fails."""
    alt = dcopy(d)
    if v == "number":
        l1, l2 = mrz(d)
        k = rng.choice([i for i, ch in enumerate(d["number"]) if ch.isdigit()][1:])
        nd = str((int(d["number"][k]) + rng.randint(1, 9)) % 10)
        alt["number"] = d["number"][:k] + nd + d["number"][k + 1:]
        alt["mrz_lines"] = (l1, (alt["number"] + "<<<")[:9] + l2[9:])
    elif v == "dob":
        l1, l2 = mrz(d)
        for n in (3, 4, 6, 5, 7, 2):
            nd = add_years(d["p"]["dob"], n)
            alt["viz_dob"] = nd
            alt["mrz_lines"] = (l1, l2[:13] + nd.strftime("%y%m%d") + l2[19:])
            if not check_all(alt["mrz_lines"][1]):
                break
    elif v == "expiry":
        l1, l2 = mrz(d)
        for n in (5, 4, 6, 3):
            ne = add_years(d["expiry"], n)
            alt["expiry"] = ne
            alt["mrz_lines"] = (l1, l2[:21] + ne.strftime("%y%m%d") + l2[27:])
            if not check_all(alt["mrz_lines"][1]):
                break
    elif v == "composite":
        l1, l2 = mrz(d)
        alt["mrz_lines"] = (l1, l2[:43] + str((int(l2[43]) + rng.randint(2, 8)) % 10))
    elif v == "short":
        l1, l2 = mrz(d)
        alt["mrz_lines"] = (l1, l2[:28] + l2[29:])
    elif v == "weights":
        alt["mrz_lines"] = mrz(d, (1, 3, 7))
        if alt["mrz_lines"] == mrz(d):
            alt["mrz_lines"] = (alt["mrz_lines"][0], alt["mrz_lines"][1][:43] + str((int(alt["mrz_lines"][1][43]) + 5) % 10))
    else:
        die("mrz variant " + v)
    if alt["mrz_lines"] == mrz(d) or check_all(alt["mrz_lines"][1]):
        die("mrz forgery left every check digit right")
    return alt


def check_all(l2):
    if len(l2) != 44:
        return False
    return (check_digit(l2[0:9]) == l2[9] and check_digit(l2[13:19]) == l2[19] and
            check_digit(l2[21:27]) == l2[27] and check_digit(l2[28:42]) == l2[42] and
            check_digit(l2[0:10] + l2[13:20] + l2[21:43]) == l2[43])


EDITORS = {
    "acrobat": ("Adobe Acrobat Pro (64-bit) 24.2.20687", "Adobe Acrobat Pro (64-bit) 24.2.20687", True),
    "ilovepdf": ("iLovePDF", None, False),
    "sejda": ("Sejda Desktop 7.6.6 (https://www.sejda.com)", "Sejda Desktop", True),
    "foxit": ("Foxit PDF Editor Printer Version 13.0.1.21693", "Foxit PDF Editor 13.0.1.21693", True),
}


def f_editor(c):
    rng, d, v = c.rng, c.d, c.kind
    alt = dcopy(d)
    if c.typ in ("nursing_license", "drivers_license", "acls"):
        alt["expiry"] = later(d["expiry"], rng, (12, 24))
    elif c.typ == "bls":
        alt["name"] = "%s %s" % (c.q["first"], c.q["last"])
    elif c.typ in ("tb_blood_test", "drug_screen"):
        nc = later(d["collected"], rng, (4, 8))
        alt.update(collected=nc, reported=nc + (d["reported"] - d["collected"]))
    else:
        die("editor_metadata on " + c.typ)
    if v in EDITORS:
        producer, creator, xmp = EDITORS[v]
        src, _, _ = c.pdf()
        out, _, _ = c.pdf(d=alt)
        objs, t = pdf_objects(out)
        mod = cap(c.when + 86400 * rng.randint(120, 420) + rng.randint(0, 40000))
        changed = {t["info"]: info_with(objs[t["info"]], Producer=pdfstr(producer),
                                        ModDate=pdfstr(pdfdate(mod).decode()),
                                        **({"Creator": pdfstr(creator)} if creator else {}))}
        new = {}
        if xmp:
            n = t["size"]
            pkt = xmp_packet(creator, c.when, mod, producer, [(b"saved", mod, creator)])
            new[n] = b"<< /Length %d /Type /Metadata /Subtype /XML >>\nstream\n" % len(pkt) + pkt + b"\nendstream"
            changed[t["root"]] = objs[t["root"]].replace(b"/Type /Catalog", b"/Metadata %d 0 R /Type /Catalog" % n)
        id2 = ("%032X" % rng.getrandbits(128)).encode()
        return rewrite(out, changed, new, id2), src
    # an image edited and saved by an image editor that writes its name
    st = rng.getstate()
    sc, _ = c.scanned()
    rng.setstate(st)
    sc2, _ = c.scanned(d=alt)
    q = rng.randint(85, 95)
    src = c.fin(sc.im, q)
    ex = Image.Exif()
    when = dt.datetime.fromtimestamp(cap(c.when + 86400 * rng.randint(60, 300)), dt.timezone.utc)
    ex[0x0131] = {"photoshop": "Adobe Photoshop 25.5 (Windows)", "gimp": "GIMP 2.10.36"}[v]
    ex[0x0132] = when.strftime("%Y:%m:%d %H:%M:%S")
    ex[0x0128] = 2
    ex[0x011A] = TiffImagePlugin.IFDRational(c.dpi, 1)
    ex[0x011B] = TiffImagePlugin.IFDRational(c.dpi, 1)
    if c.mime == "image/jpeg":
        return jpeg(sc2.im, q, exif=ex.tobytes()), src
    return png(sc2.im, exif=ex.tobytes()), src


def donor_scan(c, alt, dpi_scale, rng):
    """The same kind of document of someone else, scanned on another device."""
    b, L, size = render(alt, None, c.when)
    dpi = int(c.dpi * dpi_scale)
    sc = scan(b, size[1], rng, c.wd, dpi, noise=rng.randint(3, 18), blur=rng.uniform(0.2, 0.9))
    return load(jpeg(sc.im, rng.randint(55, 75))), sc, L


def f_splice(c):
    rng, d, v = c.rng, c.d, c.kind
    alt = make_doc(c.typ, random.Random(c.spec["seed"] + 11), c.q, c.variant if c.typ != "nursing_license" else
                   "state=" + d["state"])
    if c.typ == "tb_blood_test":
        d.update(result="POSITIVE", tb1="%.2f" % (rng.randint(60, 300) / 100))
    if c.typ == "bls" and alt["expiry"] <= d["expiry"]:  # the donor card is a newer one
        alt["expiry"] = add_years(d["expiry"], 1)
    if c.typ == "hipaa_training" and alt["expiry"] <= d["expiry"]:
        alt["done"], alt["expiry"] = add_years(d["done"], 1), add_years(d["expiry"], 1)
    sc, L = c.scanned()
    src = c.fin(sc.im, 90)
    im = load(src) if c.mime != "application/pdf" else sc.im.copy()
    dim, dsc, DL = donor_scan(c, alt, rng.choice([0.8, 1.25, 1.4]), rng)
    if c.typ in ("drivers_license", "passport"):
        ph = {"drivers_license": (20, 60, 150, 230), "passport": (20, 120, 140, 280)}[c.typ]
        tb = box_rect(sc, ph)
        db = box_rect(dsc, ph)
        pairs = [(db, tb)]
    else:
        keys = {"bls": ["expiry"], "nursing_license": ["name"], "tb_blood_test": ["result"],
                "hipaa_training": ["done", "expiry"]}[c.typ]
        pairs = []
        for k in keys:
            db, tb = dsc.field(DL[k], 4), sc.field(L[k], 4)
            ImageDraw.Draw(im).rectangle(tb, fill=paper_near(im, tb))
            h = tb[3] - tb[1]
            pairs.append((db, (tb[0], tb[1], tb[0] + int((db[2] - db[0]) * h / float(db[3] - db[1])), tb[3])))
    for db, tb in pairs:
        piece = dim.crop(db).resize((tb[2] - tb[0], tb[3] - tb[1]), rng.choice([Image.BILINEAR, Image.LANCZOS]))
        if v == "magick":
            piece.save(os.path.join(c.wd, "piece.ppm"))
            im.save(os.path.join(c.wd, "base.ppm"))
            magick(["base.ppm", "piece.ppm", "-geometry", "+%d+%d" % (tb[0], tb[1]), "-composite", "splice.ppm"],
                   c.wd)
            im = load(open(os.path.join(c.wd, "splice.ppm"), "rb").read())
        else:
            im.paste(piece, (tb[0], tb[1]))
    return c.fin(im, rng.randint(82, 93)), src


def box_rect(sc, r):
    x0, y0, x1, y1 = r
    pts = [sc.pt(x, y) for x in (x0, x1) for y in (y0, y1)]
    return (int(min(p[0] for p in pts)), int(min(p[1] for p in pts)), int(max(p[0] for p in pts)),
            int(max(p[1] for p in pts)))


def clone(im, sbox, tpos, f, resample=Image.BICUBIC):
    piece = im.crop(sbox)
    w, h = piece.size
    piece = piece.resize((max(1, int(round(w * f))), max(1, int(round(h * f)))), resample)
    im.paste(piece, tpos)


def find_blank(im, box, f):
    """A stretch of bare paper as large as box (scaled by f) near it, to clone over it."""
    w, h = int((box[2] - box[0]) / f) + 1, int((box[3] - box[1]) / f) + 1
    g = im.convert("L")
    for dy in (0, -1, 1, -2, 2, -3, 3, 4, -4, 5, -5, 6):
        for dx in (0, w + 8, -(w + 8), 2 * (w + 8), -2 * (w + 8), 3 * (w + 8)):
            x0, y0 = box[0] + dx, box[1] + dy * (h + 4)
            if (dx, dy) == (0, 0) or x0 < 0 or y0 < 0 or x0 + w > im.width or y0 + h > im.height:
                continue
            if g.crop((x0, y0, x0 + w, y0 + h)).getextrema()[0] > 185:
                return (x0, y0, x0 + w, y0 + h)
    die("no bare paper near %r" % (box,))


def find_digit(L, want, avoid):
    for k, l_ in sorted(L.items()):
        if k in avoid or not l_.get("font"):
            continue
        for i, ch in enumerate(l_["text"]):
            if ch == want:
                return k, i
    return None


def f_copy_move(c):
    rng, d = c.rng, c.d
    if c.typ == "drug_screen":
        i = rng.randint(1, 5)
        d["analytes"] = [list(a) for a in d["analytes"]]
        d["analytes"][i][1] = "POSITIVE"
        d["result"] = "POSITIVE"
    elif c.typ == "physical_exam":
        d.update(determination="CLEARED FOR DUTY WITH RESTRICTIONS",
                 restrictions="No lifting over 20 lb until %s" % fmt(add_months(d["date"], 5), "us"))
    elif c.typ == "tb_skin_test":
        d.update(result="Positive", mm=str(rng.randint(11, 16)))
    if c.typ in ("bls", "nursing_license", "drivers_license") and d["expiry"].year % 10 == 9:
        d["expiry"] = add_years(d["expiry"], -1)
    sc, L = c.scanned()
    src = c.fin(sc.im, 92)
    im = load(src) if c.mime != "application/pdf" else sc.im.copy()
    f = rng.choice([0.97, 1.03, 1.05])
    if c.typ in ("bls", "nursing_license", "drivers_license"):
        l_ = L["expiry"]
        i = len(l_["text"]) - 1
        cur = int(l_["text"][i])
        for want in [str(x) for x in range(cur + 2, 10)] + [str(x) for x in range(cur + 1, cur + 2)]:
            hit = find_digit(L, want, ("expiry",))
            if hit:
                break
        else:
            die("no digit to clone")
        k, j = hit
        sb = sc.char(L[k], j, 1)
        tb = sc.char(l_, i, 1)
        tb_w, tb_h = tb[2] - tb[0], tb[3] - tb[1]
        piece = im.crop(sb).resize((int(tb_w * f), int(tb_h * f)), Image.BICUBIC)
        im.paste(piece, (tb[0], tb[3] - piece.size[1]))
    elif c.typ == "drug_screen":
        i = [a[1] for a in d["analytes"]].index("POSITIVE")
        sb = sc.field(L["an%d" % (i - 1)], 2)
        tb = sc.field(L["an%d" % i], 2)
        wide = (tb[0], tb[1], max(tb[2], tb[0] + sb[2] - sb[0]), tb[3])
        ImageDraw.Draw(im).rectangle(wide, fill=paper_near(im, wide))
        clone(im, sb, (tb[0], tb[1]), 1.0)
        sr = sc.field(L["result"], 2)
        g = (sr[3] - sr[1]) / float(sb[3] - sb[1])
        ImageDraw.Draw(im).rectangle(sr, fill=paper_near(im, sr))
        clone(im, sb, (sr[0], sr[1]), g)
    elif c.typ == "physical_exam":
        l_ = L["restrictions"]
        tb = sc.field(l_, 3)
        clone(im, find_blank(im, tb, 1.02), (tb[0], tb[1]), 1.02)
        ld = L["determination"]
        k = ld["text"].index(" WITH")
        a = ld["x"] + pdfmetrics.stringWidth(ld["text"][:k], ld["font"], ld["size"]) + 2
        tb2 = sc.box(a, ld["x"] + ld["w"], ld["y"], ld["size"], 3)
        clone(im, find_blank(im, tb2, 1.0), (tb2[0], tb2[1]), 1.0)
    elif c.typ == "tb_skin_test":
        bn, bp = L["box_neg"], L["box_pos"]
        nb = sc.box(bn["x"] - 1, bn["x"] + 10, bn["y"] + 0.27 * 12 - 1, 12, 0)
        pb = sc.box(bp["x"] - 1, bp["x"] + 10, bp["y"] + 0.27 * 12 - 1, 12, 0)
        empty = im.crop(nb)
        clone(im, pb, (nb[0], nb[1]), 1.0)
        im.paste(empty.resize(((pb[2] - pb[0]), (pb[3] - pb[1]))), (pb[0], pb[1]))
        lm = L["mm"]
        one = sc.char(lm, 0, 1)
        clone(im, find_blank(im, one, 1.0), (one[0], one[1]), 1.0)
    else:
        die("copy_move on " + c.typ)
    return c.fin(im, rng.randint(84, 93)), src


def genuine_file(c, d=None, mime=None, rng=None):
    """A genuine upload as the issuer or the candidate's scanner made it."""
    mime = mime or c.mime
    rng = rng or c.rng
    b, L, size = c.pdf(d=d)
    if mime == "application/pdf":
        return b
    sc = scan(b, size[1], rng, c.wd, c.dpi)
    return encode(sc.im, mime, rng, c.wd, c.dpi, c.when)


def earlier_mime(c, i=0):
    return c.spec["earlier"][i]["mime"]


def f_reused_file(c):
    b = genuine_file(c)
    return b, b, [b]


def f_reused_id(c):
    rng, d = c.rng, c.d
    # the earlier upload: a colleague's genuine document; this one carries its number
    theirs = genuine_file(c, mime=earlier_mime(c))
    mine = dcopy(d, name="%s %s" % (c.q["first"], c.q["last"]))
    mine["p"] = c.q
    if c.typ != "nursing_license":  # the forger's own course dates
        mine["issue"] = d["issue"] + dt.timedelta(days=rng.randint(-40, 40))
        mine["expiry"] = add_years(mine["issue"], 4 if c.typ == "tncc" else 2)
    if c.typ in ("bls", "acls", "pals"):
        mine["tc"], mine["tcid"] = rng.choice(TRAINING_CENTERS)
        mine["instructor"] = rng.choice(INSTRUCTORS)
    if c.typ == "nursing_license":
        mine["expiry"] = d["expiry"] + dt.timedelta(days=rng.randint(-200, 200))
    up = genuine_file(c, d=mine)
    return up, theirs, [theirs]


def f_reused_page_image(c):
    rng, d = c.rng, c.d
    b, L, size = c.pdf()
    sc = scan(b, size[1], rng, c.wd, c.dpi)
    em = earlier_mime(c)
    first = encode(sc.im, em, rng, c.wd, c.dpi, c.when)
    im = load(first) if em != "application/pdf" else sc.im.copy()
    v = c.kind
    if v == "resize":
        s = rng.choice([0.82, 0.87, 0.9])
        im = im.resize((int(im.width * s), int(im.height * s)), Image.LANCZOS)
    elif v == "recompress":
        im = load(jpeg(im, 70))
    elif v == "rotate":
        im = im.rotate(rng.choice([-0.5, 0.45]), resample=Image.BICUBIC, fillcolor=paper_near(im, (5, 5, 6, 6)))
        im = im.point(lambda x: min(255, int(x * 1.05)))
    elif v == "crop":
        mx, my = int(im.width * 0.02), int(im.height * 0.015)
        im = im.crop((mx, my, im.width - mx, im.height - my))
    elif v == "rename":
        bx = sc.field(L["name"], 3)
        fill, ink = paper_near(im, bx), ink_near(im, bx)
        pillow_text(im, bx, renamed(L["name"]["text"], c.q), "LiberationSans-Bold",
                    int(L["name"]["size"] * c.dpi / 72.0), fill, ink)
    else:
        die("reused_page_image variant " + v)
    return encode(im, c.mime, rng, c.wd, c.dpi, c.when + 86400 * 30), first, [first]


FORGERS = {"typed_over_name": f_typed_over_name, "typed_over_date": f_typed_over_date,
           "covered_text": f_covered_text, "incremental_content": f_incremental,
           "dates_impossible": f_dates_impossible, "validity_too_long": f_validity, "id_format": f_id_format,
           "mrz_check": f_mrz, "editor_metadata": f_editor, "image_splice": f_splice, "copy_move": f_copy_move,
           "reused_file": f_reused_file, "reused_id": f_reused_id, "reused_page_image": f_reused_page_image}


# ---------------------------------------------------------------- clean controls

def photo(c, b, size, rng):
    """A phone photo of the printed page: perspective, uneven light, a desk around it."""
    im = gs_raster(b, c.wd, 130 if size[0] > 550 else 260)
    w, h = im.size
    W, H = int(w * 1.12), int(h * 1.1)
    desk = Image.new("RGB", (W, H), (rng.randint(90, 140), rng.randint(70, 110), rng.randint(50, 80)))
    j = lambda: rng.uniform(-0.025, 0.025)
    quad = [(w * j(), h * j()), (w * j(), h * (1 + j())), (w * (1 + j()), h * (1 + j())), (w * (1 + j()), h * j())]
    im = im.transform((w, h), Image.QUAD, [v for p in quad for v in p], Image.BICUBIC, fillcolor=(0, 0, 0))
    desk.paste(im, ((W - w) // 2, (H - h) // 2))
    light = Image.linear_gradient("L").resize((W, H)).point(lambda v: 215 + v * 40 // 255)
    desk = ImageChops.multiply(desk, Image.merge("RGB", (light, light, light)))
    return desk.filter(ImageFilter.GaussianBlur(0.8))


QPDF = {"linearize": ["--linearize"], "object-streams": ["--object-streams=generate"],
        "recompress": ["--recompress-flate", "--compression-level=9"],
        "linearize-object-streams": ["--linearize", "--object-streams=generate"],
        "decode": ["--stream-data=uncompress"]}

PHONES = [("Apple", "iPhone 14", "17.5.1"), ("Apple", "iPhone 13 Pro", "18.1"), ("samsung", "SM-S911U", "S911USQS3BXE1"),
          ("Google", "Pixel 7", "HDR+ 1.0.641377693zd")]


def control(c):
    k, rng = c.spec["control"], c.rng
    v = c.kind
    b, L, size = c.pdf()
    if k == "issuer_original":
        return b, []
    if k == "gs_print":
        s, compat = v.split("-")
        return gs_print(b, c.wd, c.when + 86400 * rng.randint(1, 60), "/" + s, compat), []
    if k == "qpdf_optimise":
        return qpdf(b, c.wd, QPDF[v]), []
    if k == "scan_imagemagick":
        im = gs_raster(b, c.wd, c.dpi)
        im.save(os.path.join(c.wd, "page.ppm"))
        ext = {"image/jpeg": "jpg", "image/png": "png", "application/pdf": "jpg"}[c.mime]
        magick(["page.ppm", "-seed", str(rng.randint(1, 10 ** 6)), "-background", "rgb(246,244,238)",
                "-rotate", "%.2f" % rng.uniform(-0.8, 0.8), "-gravity", "center", "-crop",
                "%dx%d+0+0" % im.size, "+repage", "-attenuate", "%.2f" % rng.uniform(0.2, 0.5), "+noise",
                "Gaussian", "-blur", "0x%.2f" % rng.uniform(0.3, 0.8), "-level", "%d%%,%d%%" % (
                    rng.randint(2, 6), rng.randint(94, 98)), "-strip",
                "-define", "png:exclude-chunks=date,time", "-quality",
                str(rng.randint(72, 90)) if ext == "jpg" else "31", "scan." + ext],
               c.wd)
        out = open(os.path.join(c.wd, "scan." + ext), "rb").read()
        if c.mime == "application/pdf":
            return gs_jpeg_pdf(out, c.wd, c.dpi, c.when), []
        return out, []
    if k == "photo_pillow":
        im = photo(c, b, size, rng)
        mk, model, sw = PHONES[rng.randrange(len(PHONES))]
        ex = Image.Exif()
        ex[0x010F], ex[0x0110], ex[0x0131] = mk, model, sw
        ex[0x0132] = dt.datetime.fromtimestamp(cap(c.when + 86400 * rng.randint(2, 90)), dt.timezone.utc).strftime(
            "%Y:%m:%d %H:%M:%S")
        return jpeg(im, rng.randint(84, 93), exif=ex.tobytes()), []
    if k == "scan_to_pdf":
        sc = scan(b, size[1], rng, c.wd, c.dpi)
        return gs_jpeg_pdf(jpeg(sc.im, rng.randint(75, 90)), c.wd, c.dpi, c.when + 86400 * rng.randint(1, 60)), []
    if k == "screenshot_png":
        im = gs_raster(b, c.wd, rng.choice([96, 110, 120]))
        bar = Image.new("RGB", (im.width, 34), (222, 225, 230))
        ImageDraw.Draw(bar).rounded_rectangle((60, 6, im.width - 60, 28), 8, fill=(255, 255, 255))
        ImageDraw.Draw(bar).text((74, 22), {"nursing_license": "https://www.nursys.com/LQC/LQCSearch.aspx",
                                            "bls": "https://ecards.heart.org/student/myecards"}.get(
            c.typ, "https://learning.example-health.org/transcript"), fill=(40, 40, 40),
            font=ImageFont.truetype(TTF["DejaVuSans"], 13), anchor="ls")
        out = Image.new("RGB", (im.width, im.height + 34))
        out.paste(bar, (0, 0))
        out.paste(im, (0, 34))
        return png(out), []
    if k == "merged":
        tool = v
        p2 = page_two(c, size)
        if tool == "qpdf":
            with open(os.path.join(c.wd, "m1.pdf"), "wb") as f:
                f.write(b)
            with open(os.path.join(c.wd, "m2.pdf"), "wb") as f:
                f.write(p2)
            run(["qpdf", "--deterministic-id", "--empty", "--pages", "m1.pdf", "m2.pdf", "--", "merged.pdf"], c.wd)
        else:
            with open(os.path.join(c.wd, "m1.pdf"), "wb") as f:
                f.write(b)
            with open(os.path.join(c.wd, "m2.pdf"), "wb") as f:
                f.write(p2)
            run(["gs", "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=pdfwrite", "-o", "merged.pdf", "m1.pdf",
                 "m2.pdf"], c.wd, {"SOURCE_DATE_EPOCH": str(cap(c.when + 86400 * 2))})
        return open(os.path.join(c.wd, "merged.pdf"), "rb").read(), []
    if k in ("second_upload", "renewal", "same_class", "same_file_same_candidate"):
        return history_control(c, k)
    die("control " + k)


def page_two(c, size):
    """The issuer's second page, written by Ghostscript from PostScript (another producer)."""
    d = c.d
    lines = {"tb_blood_test": ["Interpretation guide", "QuantiFERON-TB Gold Plus measures interferon-gamma release",
                               "in response to ESAT-6 and CFP-10 peptide antigens (TB1, TB2)."],
             "background_check": ["A Summary of Your Rights Under the Fair Credit Reporting Act",
                                  "You must be told if information in your file has been used against you.",
                                  "You have the right to dispute incomplete or inaccurate information."],
             "drug_screen": ["Chain of custody", "Specimen collected and sealed in the donor's presence.",
                             "Temperature read within 4 minutes: in range."],
             "physical_exam": ["Immunization and screening summary on file", "TB screening: see separate record.",
                               "Respirator clearance: medically cleared for N95 use."],
             "nursing_license": ["About this report", "Licensure data are provided by the boards of nursing.",
                                 "Verify at the board's site for the most current status."]}[c.typ]
    ps = ["%!PS", "<< /PageSize [%d %d] >> setpagedevice" % size, "/Helvetica-Bold findfont 13 scalefont setfont",
          "50 740 moveto (%s) show" % lines[0], "/Helvetica findfont 10 scalefont setfont"]
    for i, ln in enumerate(lines[1:]):
        ps.append("50 %d moveto (%s) show" % (712 - 16 * i, ln))
    ps.append("50 60 moveto (Page 2 of 2) show showpage")
    with open(os.path.join(c.wd, "p2.ps"), "w") as f:
        f.write("\n".join(ps) + "\n")
    run(["gs", "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=pdfwrite", "-o", "p2.pdf", "p2.ps"], c.wd,
        {"SOURCE_DATE_EPOCH": str(cap(c.when))})
    return open(os.path.join(c.wd, "p2.pdf"), "rb").read()


def history_control(c, k):
    rng, d = c.rng, c.d
    e = c.spec["earlier"][0]
    if k == "same_file_same_candidate":
        b = genuine_file(c)
        return b, [b]
    if k == "second_upload":
        other = {"bls": "tb_skin_test", "nursing_license": "bls", "tb_blood_test": "drivers_license",
                 "drivers_license": "nursing_license", "hipaa_training": "acls", "acls": "hipaa_training",
                 "physical_exam": "fit_test", "fit_test": "physical_exam"}[c.typ]
        od = make_doc(other, random.Random(c.spec["seed"] + 5), c.p, "")
        first = genuine_file(c, d=od, mime=e["mime"])
        return genuine_file(c), [first]
    if k == "renewal":
        old = dcopy(d)
        yrs = {"tncc": 4, "nursing_license": 2, "drivers_license": DL_YEARS.get(d.get("state"), 8)}.get(c.typ, 2)
        if c.typ in ("hipaa_training", "osha_training"):
            old["done"] = add_years(d["done"], -1)
            old["expiry"] = d["done"]
        else:
            old["issue"] = add_years(d["issue"], -yrs)
            old["expiry"] = d["issue"] if c.typ != "drivers_license" else add_years(d["expiry"], -yrs)
        if "code" in d:
            old["code"] = ecard_code(rng, old["issue"]) if c.typ in ("bls", "acls", "pals") else \
                d["code"][:-4] + digits(rng, 4)
        if c.typ == "nursing_license":
            old["report"] = old["issue"] + dt.timedelta(days=30)
        first = genuine_file(c, d=old, mime=e["mime"])
        return genuine_file(c), [first]
    if k == "same_class":
        theirs = dcopy(d, name="%s %s" % (c.q["first"], c.q["last"]))
        theirs["p"] = c.q
        theirs["code"] = ecard_code(rng, d["issue"]) if c.typ in ("bls", "acls", "pals") else \
            d["code"][:-3] + digits(rng, 3)
        first = genuine_file(c, d=theirs, mime=e["mime"])
        return genuine_file(c), [first]
    die(k)


# ---------------------------------------------------------------- main

def build(spec, outdir):
    wd = os.path.join(outdir, spec["name"] + ".work")
    os.makedirs(wd, exist_ok=True)
    c = Case(spec, wd)
    src = None
    earlier = []
    if spec.get("manipulation"):
        r = forge(c)
        up, src = r[0], r[1]
        earlier = r[2] if len(r) > 2 else []
    else:
        up, earlier = control(c)
    if len(earlier) != len(spec.get("earlier") or []):
        die("%s: %d earlier uploads made, %d planned" % (spec["name"], len(earlier), len(spec.get("earlier") or [])))
    dst = os.path.join(outdir, spec["name"])
    os.makedirs(dst, exist_ok=True)
    with open(os.path.join(dst, "upload"), "wb") as f:
        f.write(up)
    if src is not None:
        with open(os.path.join(dst, "source"), "wb") as f:
            f.write(src)
    for i, e in enumerate(earlier):
        with open(os.path.join(dst, "earlier%d" % i), "wb") as f:
            f.write(e)
    for fn in os.listdir(wd):
        os.remove(os.path.join(wd, fn))
    os.rmdir(wd)


def selftest():
    """Checks the facts the labels rest on, without rendering: the MRZ check
    digits (ICAO 9303's specimen), genuine MRZs and validity periods, and
    that each MRZ forgery fails a check digit."""
    spec = "L898902C<3UTO6908061F9406236ZE184226B<<<<<14"
    if not check_all(spec) or check_all(spec[:9] + "4" + spec[10:]):
        die("ICAO 9303 specimen: check digits wrong")
    for seed in range(60):
        rng = random.Random(seed)
        p = person(rng)
        for iss in PASSPORTS:
            d = make_doc("passport", rng, p, "iss=" + iss)
            l1, l2 = mrz(d)
            if len(l1) != 44 or len(l2) != 44 or not check_all(l2):
                die("genuine MRZ %r %r" % (l1, l2))
            if add_years(d["issue"], 10) - d["expiry"] > dt.timedelta(days=1) or d["expiry"] <= d["issue"]:
                die("passport validity %s..%s" % (d["issue"], d["expiry"]))
            for v in ("number", "dob", "expiry", "composite", "short", "weights"):
                forged_mrz(d, v, rng)
        for t, years in (("bls", 2), ("acls", 2), ("pals", 2), ("nrp", 2), ("tncc", 4)):
            d = make_doc(t, rng, p)
            if d["expiry"] != add_years(d["issue"], years):
                die("%s validity" % t)
            if t in ("bls", "acls", "pals") and not re.fullmatch(r"%02d\d{10}" % (d["issue"].year % 100), d["code"]):
                die("eCard code %s issued %s" % (d["code"], d["issue"]))
        for st, pat in (("TX", r"\d{6}"), ("CA", r"95\d{6}"), ("FL", r"RN\d{7}"), ("NY", r"\d{6}"), ("AZ", r"RN\d{6}")):
            d = make_doc("nursing_license", rng, p, "state=" + st)
            if not re.fullmatch(pat, d["number"]):
                die("%s licence number %s" % (st, d["number"]))
    for s_, want in (("03/2027", "my"), ("03/14/2027", "us"), ("14 MAR 2027", "pp"), ("March 14, 2027", "long")):
        if restyle(s_, dt.date(2028, 1, 2)) != fmt(dt.date(2028, 1, 2), want):
            die("restyle " + s_)
    print("ok")


def main():
    if sys.argv[1:] == ["--selftest"]:
        return selftest()
    plan = json.load(open(sys.argv[1]))
    out, shard, shards = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    for i, spec in enumerate(plan):
        if i % shards == shard:
            try:
                build(spec, out)
            except Exception as e:  # name the case: the Go side reports it
                raise SystemExit("case %s: %s: %s" % (spec["name"], type(e).__name__, e))


if __name__ == "__main__":
    main()
