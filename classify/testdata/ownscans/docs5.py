#!/usr/bin/python3
"""S3 session 36 working set: ID-like cards in designs unlike the generator's (and unlike s31/s32)."""
import math, random
from reportlab.pdfgen import canvas
from reportlab.lib.units import inch
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
pdfmetrics.registerFont(TTFont("DVS", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))
pdfmetrics.registerFont(TTFont("DVSB", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"))
pdfmetrics.registerFont(TTFont("DVSCB", "/usr/share/fonts/truetype/dejavu/DejaVuSerifCondensed-BoldItalic.ttf"))
pdfmetrics.registerFont(TTFont("LSI", "/usr/share/fonts/truetype/liberation2/LiberationSans-Italic.ttf"))
W, H = 3.375 * inch, 2.125 * inch
OUT = "pdf/"

def card(name, fn, size=(W, H)):
    c = canvas.Canvas(OUT + name + ".pdf", pagesize=size)
    fn(c); c.showPage(); c.save()

def waves(c, col, n=30, amp=4, step=3.0, w=W, h=H, seed=1, lw=0.35):
    r = random.Random(seed); c.setStrokeColorRGB(*col); c.setLineWidth(lw)
    for k in range(n):
        y0 = k * h / n; ph = r.random() * 6; p = c.beginPath(); p.moveTo(0, y0)
        x = 0
        while x <= w:
            p.lineTo(x, y0 + amp * math.sin(x / 9 + ph + k * .3)); x += step
        c.drawPath(p)

def spaced(c, x, y, s, font, size, gap):
    c.setFont(font, size)
    for ch in s:
        c.drawString(x, y, ch); x += pdfmetrics.stringWidth(ch, font, size) + gap

def outlined(c, x, y, s, font, size, col=(0.1, 0.2, 0.5), lw=0.5):
    t = c.beginText(x, y); t.setTextRenderMode(1); t.setFont(font, size); t.textOut(s); t.setTextRenderMode(0)
    c.setStrokeColorRGB(*col); c.setLineWidth(lw); c.drawText(t)

def photo(c, x, y, w=0.8 * inch, h=1.0 * inch):
    c.setFillColorRGB(.72, .72, .75); c.rect(x, y, w, h, fill=1, stroke=0)
    c.setFillColorRGB(.5, .5, .55); c.circle(x + w / 2, y + h * .62, w * .22, fill=1, stroke=0)
    c.ellipse(x + w * .15, y, x + w * .85, y + h * .42, fill=1, stroke=0)

def fields(c, x, y, rows, font="Helvetica", size=6.2, lead=8.5, cap=(.55, .1, .1), capfont="Helvetica", capsize=4.6):
    for capt, val in rows:
        c.setFillColorRGB(*cap); c.setFont(capfont, capsize); c.drawString(x, y, capt)
        c.setFillColorRGB(0, 0, 0); c.setFont(font, size)
        c.drawString(x + pdfmetrics.stringWidth(capt, capfont, capsize) + 2, y, val); y -= lead

# ---------- driver's licences ----------
def dl_mn(c):  # state name outlined large over waves, title in a reversed band
    waves(c, (.75, .85, .95), seed=2)
    outlined(c, 10, H - 28, "MINNESOTA", "Helvetica-Bold", 22)
    c.setFillColorRGB(.1, .25, .55); c.rect(0, H - 42, W, 10, fill=1, stroke=0)
    c.setFillColorRGB(1, 1, 1); c.setFont("Helvetica-Bold", 7); c.drawString(12, H - 39.5, "DRIVER'S LICENSE")
    photo(c, 10, 30)
    c.setFillColorRGB(0, 0, 0)
    fields(c, 80, H - 55, [("4d DL", "V512-884-301-447"), ("1", "HALVORSEN"), ("2", "INGRID MARIT"),
                           ("8", "2291 LYNDALE AVE S"), ("", "MINNEAPOLIS, MN 55405"), ("3 DOB", "07/19/1988"),
                           ("4a ISS", "03/02/2024"), ("4b EXP", "07/19/2028"), ("9 CLASS", "D   15 SEX F  18 EYES BLU")])
def dl_va(c):  # title in spaced capitals, state in a ring
    c.setStrokeColorRGB(.2, .3, .2); c.setLineWidth(1.2); c.circle(30, H - 30, 22)
    c.setFont("Times-BoldItalic", 6); c.drawCentredString(30, H - 32, "VIRGINIA")
    spaced(c, 62, H - 24, "VIRGINIA", "Times-Bold", 15, 3)
    spaced(c, 62, H - 38, "DRIVER'S LICENSE", "Helvetica", 7.5, 1.8)
    photo(c, 12, 22)
    fields(c, 86, H - 54, [("DL#", "T68-41-9027"), ("DOB", "11-03-1979"), ("EXP", "11-03-2030"),
                           ("ISS", "10-22-2022"), ("", "OKAFOR-BELL"), ("", "CHIDINMA ROSE"),
                           ("", "4410 KINGS CREST RD"), ("", "RICHMOND, VA 23225"), ("CLASS", "C  SEX F  HGT 5'-06\"")],
           cap=(0, 0, 0))
def dl_tn(c):  # title split over two lines, large, no AAMVA numbers
    c.setFillColorRGB(.85, .55, .2); c.rect(0, H - 16, W, 16, fill=1, stroke=0)
    c.setFillColorRGB(1, 1, 1); c.setFont("Helvetica-Bold", 11); c.drawString(10, H - 12, "TENNESSEE")
    c.setFillColorRGB(.15, .15, .15); c.setFont("DVSB", 13); c.drawString(W - 80, H - 34, "DRIVER"); c.drawString(W - 80, H - 48, "LICENSE")
    photo(c, 10, 26)
    fields(c, 78, H - 64, [("Lic No", "128445902"), ("Name", "DESHAWN L PRUITT"), ("Address", "77 MAGNOLIA BEND"),
                           ("", "KNOXVILLE TN 37919"), ("Birth Date", "02/14/1993"), ("Issued", "05/30/2023"),
                           ("Expires", "02/14/2031")], cap=(.3, .3, .3))
def dl_nv(c):  # title printed vertically along the left edge
    waves(c, (.9, .85, .7), seed=3)
    c.saveState(); c.translate(9, 14); c.rotate(90); c.setFont("Helvetica-Bold", 7.5); c.setFillColorRGB(.2, .2, .5)
    c.drawString(0, 0, "DRIVER LICENSE"); c.restoreState()
    c.setFont("DVSCB", 16); c.setFillColorRGB(.1, .2, .45); c.drawString(20, H - 22, "Nevada")
    photo(c, 20, 20)
    fields(c, 92, H - 40, [("4d DLN", "1804472291"), ("1", "ABERNATHY"), ("2", "COLE RAYMOND"), ("3 DOB", "09/08/1984"),
                           ("4b EXP", "09/08/2027"), ("4a ISS", "06/11/2019"), ("8", "1120 DESERT WILLOW DR"),
                           ("", "HENDERSON NV 89014"), ("9 CLASS", "C  16 HGT 5-11  17 WGT 190")])
def dl_ky(c):  # state ID, title "IDENTIFICATION CARD" in small caps under a big seal-like emblem
    c.setFillColorRGB(.9, .93, .98); c.rect(0, 0, W, H, fill=1, stroke=0)
    c.setStrokeColorRGB(.3, .4, .6); c.setLineWidth(2); c.circle(W - 34, H - 34, 24)
    c.setFont("Helvetica-Bold", 5); c.setFillColorRGB(.3, .4, .6); c.drawCentredString(W - 34, H - 36, "COMMONWEALTH")
    c.setFont("Times-Bold", 14); c.setFillColorRGB(.1, .15, .35); c.drawString(10, H - 20, "KENTUCKY")
    c.setFont("Helvetica", 6); c.drawString(10, H - 29, "IDENTIFICATION CARD")
    photo(c, 10, 14)
    fields(c, 80, H - 48, [("ID NO", "S41-772-908"), ("LN", "MCALLISTER"), ("FN", "BRENNA JO"), ("DOB", "04/27/1990"),
                           ("EXP", "04/27/2032"), ("ISS", "01/09/2024"), ("", "56 ASHWOOD LN"), ("", "LEXINGTON KY 40502")],
           cap=(.1, .15, .35))
def dl_sc(c):  # front without the word licence: state and agency only
    waves(c, (.88, .8, .9), seed=5)
    c.setFont("Helvetica-Bold", 12); c.setFillColorRGB(.3, .1, .35); c.drawString(10, H - 18, "SOUTH CAROLINA")
    c.setFont("Helvetica", 5.5); c.drawString(10, H - 26, "DEPARTMENT OF MOTOR VEHICLES")
    photo(c, 10, 18)
    fields(c, 82, H - 40, [("4d DLN", "101448277"), ("1", "LOCKLEAR"), ("2", "TAMSIN FAYE"), ("8", "9 HARBORVIEW CT"),
                           ("", "CHARLESTON SC 29412"), ("3 DOB", "12/01/1986"), ("4a ISS", "08/15/2022"), ("4b EXP", "12/01/2030"),
                           ("9 CLASS", "D  15 SEX F  18 EYES GRN")])
def dl_ut(c):  # all-caps heading in a script-like font, title with "RESTRICTED" nothing; fields in two columns
    c.setFont("DVSCB", 15); c.setFillColorRGB(.6, .15, .1); c.drawString(10, H - 20, "Utah")
    c.setFont("Helvetica-Bold", 8); c.setFillColorRGB(0, 0, 0); c.drawString(52, H - 18, "DRIVER LICENSE")
    photo(c, 10, 28)
    fields(c, 80, H - 38, [("NUMBER", "0177 4429 3"), ("EXPIRES", "06/30/2029"), ("ISSUED", "06/02/2021"), ("DOB", "06/30/1971")])
    fields(c, 80, H - 78, [("", "GUNDERSON, TOBIAS A"), ("", "3318 S CANYON RIM RD"), ("", "SALT LAKE CITY UT 84109")], cap=(0, 0, 0))
    fields(c, 168, H - 38, [("SEX", "M"), ("HT", "6-02"), ("WT", "205"), ("EYES", "BRO")])

# ---------- nursing licences ----------
def nl_mn(c):  # board name small, profession big, no "license" title
    c.setFillColorRGB(.15, .3, .2); c.rect(0, H - 18, W, 18, fill=1, stroke=0)
    c.setFillColorRGB(1, 1, 1); c.setFont("Helvetica-Bold", 6.5); c.drawCentredString(W / 2, H - 11, "MINNESOTA BOARD OF NURSING")
    c.setFillColorRGB(0, 0, 0); c.setFont("Times-Bold", 13); c.drawCentredString(W / 2, H - 38, "REGISTERED NURSE")
    fields(c, 16, H - 58, [("License Number:", "R 2218874"), ("Expiration Date:", "08/31/2027"), ("", ""),
                           ("", "SOLVEIG A LINDQUIST"), ("", "1190 GRAND AVE APT 4"), ("", "SAINT PAUL MN 55105")],
           size=7, lead=10, cap=(0, 0, 0), capsize=6)
def nl_ny(c):  # NY registration: education department, profession only
    c.setFont("Times-Roman", 6.5); c.drawCentredString(W / 2, H - 12, "THE UNIVERSITY OF THE STATE OF NEW YORK")
    c.setFont("Times-Bold", 7); c.drawCentredString(W / 2, H - 21, "EDUCATION DEPARTMENT")
    c.setFont("Times-Roman", 6); c.drawCentredString(W / 2, H - 29, "OFFICE OF THE PROFESSIONS")
    c.setFont("Helvetica-Bold", 8.5); c.drawCentredString(W / 2, H - 44, "REGISTERED PROFESSIONAL NURSE")
    fields(c, 14, H - 62, [("LICENSE NO.", "712093"), ("REGISTERED THROUGH", "03/31/2028"), ("", "PRIYA NATARAJAN-COLE"),
                           ("", "45-12 BELL BLVD"), ("", "BAYSIDE NY 11361")], size=7, lead=10, cap=(0, 0, 0), capsize=5.5)
def nl_il(c):  # IDFPR: department name, LPN
    c.setFont("Helvetica-Bold", 6); c.drawString(10, H - 12, "ILLINOIS DEPARTMENT OF FINANCIAL AND PROFESSIONAL REGULATION")
    c.setFont("Helvetica", 5.5); c.drawString(10, H - 20, "DIVISION OF PROFESSIONAL REGULATION")
    c.setFont("Helvetica-Bold", 10); c.drawString(10, H - 38, "LICENSED PRACTICAL NURSE")
    fields(c, 10, H - 56, [("LICENSE NO:", "043.118274"), ("EXPIRES:", "01/31/2028"), ("", "MARCUS D WELLINGTON"),
                           ("", "812 N HALSTED ST"), ("", "CHICAGO IL 60642")], size=7, lead=10, cap=(0, 0, 0), capsize=6)
def nl_ut(c):  # DOPL, outlined heading over waves
    waves(c, (.85, .9, .85), seed=7)
    outlined(c, 10, H - 22, "UTAH", "Helvetica-Bold", 16, col=(.2, .35, .2))
    c.setFont("Helvetica", 6); c.drawString(62, H - 16, "DIVISION OF PROFESSIONAL LICENSING")
    c.setFont("Helvetica-Bold", 9.5); c.drawString(10, H - 40, "Registered Nurse")
    fields(c, 10, H - 56, [("License:", "10448271-3102"), ("Expiration:", "01/31/2028"), ("Status:", "Active"),
                           ("", "KENJI R. TAKAHASHI"), ("", "OGDEN UT 84401")], size=7, lead=10, cap=(0, 0, 0), capsize=6)
def nl_ct(c):  # department of public health, APRN, two columns
    c.setFont("Times-Bold", 8); c.drawString(10, H - 14, "STATE OF CONNECTICUT")
    c.setFont("Times-Roman", 6.5); c.drawString(10, H - 22, "DEPARTMENT OF PUBLIC HEALTH")
    c.setFont("Times-Bold", 7.5); c.drawString(10, H - 38, "ADVANCED PRACTICE REGISTERED NURSE")
    fields(c, 10, H - 54, [("License No.", "002841"), ("Expires", "06/30/2027")], font="Times-Roman", size=7, lead=10, cap=(0, 0, 0), capfont="Times-Roman", capsize=6)
    fields(c, 120, H - 54, [("", "ELENA M. VORONOVA"), ("", "18 PROSPECT ST"), ("", "HARTFORD CT 06103")], font="Times-Roman", size=7, lead=10)
def nl_wi(c):  # DSPS: "Credential" wording
    c.setFillColorRGB(.75, .1, .1); c.rect(0, 0, 8, H, fill=1, stroke=0)
    c.setFillColorRGB(0, 0, 0); c.setFont("Helvetica-Bold", 6.5); c.drawString(16, H - 13, "Wisconsin Department of Safety and Professional Services")
    c.setFont("LSI", 11); c.drawString(16, H - 32, "Registered Nurse")
    fields(c, 16, H - 50, [("Credential #:", "229417-30"), ("Expires:", "02/28/2028"), ("Name:", "Abigail R. Thornquist"),
                           ("City:", "Eau Claire, WI")], size=7, lead=10, cap=(0, 0, 0), capsize=6)
def nl_njcert(c):  # wall certificate, letter landscape
    w, h = 11 * inch, 8.5 * inch
    c.setStrokeColorRGB(.3, .3, .5); c.setLineWidth(4); c.rect(30, 30, w - 60, h - 60)
    c.setFont("Times-Roman", 16); c.drawCentredString(w / 2, h - 100, "State of New Jersey")
    c.setFont("Times-Roman", 13); c.drawCentredString(w / 2, h - 122, "Department of Law and Public Safety - Division of Consumer Affairs")
    c.setFont("Times-Bold", 24); c.drawCentredString(w / 2, h - 170, "New Jersey Board of Nursing")
    c.setFont("Times-Italic", 14); c.drawCentredString(w / 2, h - 230, "Be it known that")
    c.setFont("DVSCB", 28); c.drawCentredString(w / 2, h - 280, "Rosalind T. Achebe")
    c.setFont("Times-Italic", 14); c.drawCentredString(w / 2, h - 320, "having satisfied the requirements of law is hereby licensed to practice as a")
    c.setFont("Times-Bold", 20); c.drawCentredString(w / 2, h - 360, "Registered Professional Nurse")
    c.setFont("Times-Roman", 13); c.drawCentredString(w / 2, h - 400, "in the State of New Jersey.   License Number 26NR21884700")
    c.drawCentredString(w / 2, h - 425, "Issued April 18, 2019")

# ---------- social security cards ----------
def ss_spaced(c):
    waves(c, (.7, .8, .9), n=40, seed=11)
    spaced(c, 40, H - 26, "SOCIAL SECURITY", "Helvetica-Bold", 12, 2.5)
    c.setFont("Helvetica", 5.5); c.drawCentredString(W / 2, H - 48, "THIS NUMBER HAS BEEN ESTABLISHED FOR")
    c.setFont("Courier-Bold", 11); c.drawCentredString(W / 2, H - 64, "418-62-9057")
    c.setFont("Courier-Bold", 10); c.drawCentredString(W / 2, H - 90, "GRETCHEN ILSE MOORHOUSE")
    c.line(50, 30, W - 50, 30); c.setFont("Helvetica", 5); c.drawString(50, 23, "SIGNATURE")
def ss_outline(c):
    waves(c, (.8, .75, .85), n=45, amp=5, seed=12, lw=.5)
    c.setFont("Helvetica-Bold", 6); c.drawCentredString(W / 2, H - 12, "UNITED STATES OF AMERICA")
    outlined(c, 32, H - 34, "SOCIAL SECURITY", "Times-Bold", 19, col=(.15, .2, .45), lw=.6)
    c.setFont("Helvetica", 5.5); c.drawCentredString(W / 2, H - 50, "THIS NUMBER HAS BEEN ESTABLISHED FOR")
    c.setFont("Helvetica-Bold", 11); c.drawCentredString(W / 2, H - 66, "602 18 4473")
    c.setFont("Helvetica-Bold", 9.5); c.drawCentredString(W / 2, H - 92, "DARNELL QUINCY FAIRWEATHER")
    c.line(50, 28, W - 50, 28); c.setFont("Helvetica", 5); c.drawString(50, 21, "SIGNATURE")
def ss_old(c):  # 1970s wording
    c.setFont("DVSCB", 14); c.setFillColorRGB(.2, .25, .5); c.drawCentredString(W / 2, H - 22, "Social Security")
    c.setFillColorRGB(0, 0, 0); c.setFont("Helvetica", 5.5); c.drawCentredString(W / 2, H - 32, "ACCOUNT NUMBER")
    c.setFont("Courier-Bold", 11); c.drawCentredString(W / 2, H - 46, "371-40-2286")
    c.setFont("Helvetica", 5.5); c.drawCentredString(W / 2, H - 58, "HAS BEEN ESTABLISHED FOR")
    c.setFont("Courier-Bold", 10); c.drawCentredString(W / 2, H - 74, "WALTER J KOWALCZYK")
    c.line(40, 34, W - 40, 34); c.setFont("Helvetica", 5); c.drawString(40, 27, "SIGNATURE")
    c.setFont("Helvetica", 4.5); c.drawCentredString(W / 2, 12, "FOR SOCIAL SECURITY AND TAX PURPOSES - NOT FOR IDENTIFICATION")
def ss_band(c):  # reversed band heading
    c.setFillColorRGB(.2, .3, .55); c.rect(0, H - 30, W, 30, fill=1, stroke=0)
    c.setFillColorRGB(1, 1, 1); c.setFont("Helvetica-Bold", 14); c.drawCentredString(W / 2, H - 22, "SOCIAL SECURITY")
    c.setFillColorRGB(0, 0, 0); c.setFont("Helvetica", 5.5); c.drawCentredString(W / 2, H - 44, "THIS NUMBER HAS BEEN ESTABLISHED FOR")
    c.setFont("Helvetica-Bold", 11); c.drawCentredString(W / 2, H - 60, "519-33-7710")
    c.setFont("Helvetica-Bold", 10); c.drawCentredString(W / 2, H - 84, "NAOMI BEATRIZ SANTANGELO")
    c.line(50, 26, W - 50, 26); c.setFont("Helvetica", 5); c.drawString(50, 19, "SIGNATURE")
    c.setFont("Helvetica", 4.5); c.drawCentredString(W / 2, 8, "VALID FOR WORK ONLY WITH DHS AUTHORIZATION")
def ss_script(c):  # heading in an italic serif, two-line seal at left
    waves(c, (.85, .88, .8), n=36, seed=14)
    c.setStrokeColorRGB(.3, .3, .3); c.circle(26, H - 28, 18); c.setFont("Helvetica", 3.5)
    c.drawCentredString(26, H - 26, "SOCIAL SECURITY"); c.drawCentredString(26, H - 31, "ADMINISTRATION")
    c.setFont("Times-BoldItalic", 15); c.drawString(52, H - 30, "Social Security")
    c.setFont("Times-Roman", 6); c.drawCentredString(W / 2 + 10, H - 46, "This number has been established for")
    c.setFont("Times-Bold", 11); c.drawCentredString(W / 2, H - 62, "227-51-0943")
    c.setFont("Times-Bold", 10); c.drawCentredString(W / 2, H - 86, "HENRIK ODEGAARD BASS")
    c.line(50, 28, W - 50, 28); c.setFont("Times-Roman", 5); c.drawString(50, 21, "Signature")

# ---------- negatives (must stay other / not these) ----------
def neg_pharm(c):
    c.setFont("Helvetica-Bold", 6); c.drawString(10, H - 12, "ILLINOIS DEPARTMENT OF FINANCIAL AND PROFESSIONAL REGULATION")
    c.setFont("Helvetica-Bold", 10); c.drawString(10, H - 34, "REGISTERED PHARMACIST")
    fields(c, 10, H - 52, [("LICENSE NO:", "051.294417"), ("EXPIRES:", "03/31/2028"), ("", "OWEN P. STRAUSS"),
                           ("", "PEORIA IL 61602")], size=7, lead=10, cap=(0, 0, 0), capsize=6)
def neg_ins(c):
    c.setFillColorRGB(.1, .4, .6); c.rect(0, H - 22, W, 22, fill=1, stroke=0)
    c.setFillColorRGB(1, 1, 1); c.setFont("Helvetica-Bold", 10); c.drawString(10, H - 15, "BLUE RIVER HEALTH PLAN")
    fields(c, 10, H - 36, [("Member:", "JOANNA K. PRESCOTT"), ("Member ID:", "BRH884120447"), ("Group:", "0049127"),
                           ("RxBIN:", "610014"), ("PCP Copay:", "$25  ER $250"), ("Effective:", "01/01/2026")], size=7, lead=10, cap=(0, 0, 0), capsize=6)
def neg_voter(c):
    c.setFont("Times-Bold", 9); c.drawCentredString(W / 2, H - 14, "VOTER REGISTRATION CARD")
    c.setFont("Times-Roman", 6); c.drawCentredString(W / 2, H - 22, "Travis County Elections Division")
    fields(c, 10, H - 40, [("Name:", "ALBERTO RUIZ MENCHACA"), ("Date of Birth:", "05/02/1982"), ("VUID:", "1024488213"),
                           ("Precinct:", "241"), ("Effective Date:", "01/01/2026"), ("Address:", "5510 BURNET RD AUSTIN TX")],
           size=7, lead=10, cap=(0, 0, 0), capsize=6)

for n, f in list(globals().items()):
    if n.startswith(("dl_", "nl_", "ss_", "neg_")) and callable(f):
        pre = {"dl": "drivers_license", "nl": "nursing_license", "ss": "social_security_card", "neg": "other"}[n.split("_")[0]]
        card(f"{pre}__{n.split('_', 1)[1]}", f, (11 * inch, 8.5 * inch) if n == "nl_njcert" else (W, H))
