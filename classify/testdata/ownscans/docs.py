#!/usr/bin/python3
"""S3's own document layouts (not internal/sampledocs'): ID cards, a board's
wallet card, online HIPAA certificates, SSA cards. Writes vector PDFs to
/tmp/S3/gen/pdf/<type>__<variant>.pdf."""
import os
import random
from reportlab.pdfgen import canvas
from reportlab.lib.units import inch
from reportlab.lib import colors

OUT = "/tmp/S3/gen/pdf"
os.makedirs(OUT, exist_ok=True)
CARD = (3.375 * inch, 2.125 * inch)
LETTER = (8.5 * inch, 11 * inch)

people = [
    ("OKONKWO", "ADAEZE", "N", "1987-03-09", "4417 BRIARWOOD LN", "SACRAMENTO, CA 95823"),
    ("LINDQVIST", "HANNA", "M", "1992-11-21", "77 HARBOR VIEW DR", "TAMPA, FL 33602"),
    ("TRAN", "MINH", "Q", "1984-06-02", "1209 E 7TH ST", "AUSTIN, TX 78702"),
    ("MCALLISTER", "BRENDAN", "J", "1979-01-30", "58 MAPLE AVE APT 3", "ALBANY, NY 12203"),
    ("DELACROIX", "SIMONE", "R", "1995-08-15", "3301 N HIGH ST", "COLUMBUS, OH 43202"),
    ("PETROVA", "IRINA", "V", "1990-12-05", "912 WALNUT ST", "PHILADELPHIA, PA 19107"),
    ("WASHINGTON", "TAMIKA", "L", "1988-04-18", "2250 PEACHTREE RD", "ATLANTA, GA 30309"),
    ("HOLLOWAY", "GRANT", "E", "1982-09-27", "16 CEDAR CT", "PHOENIX, AZ 85004"),
]


def us(d):
    y, m, dd = d.split("-")
    return f"{m}/{dd}/{y}"


def header_band(c, w, h, text, fill, font="Helvetica-Bold", size=14, y=None, fg=colors.white):
    c.setFillColor(fill)
    c.rect(0, h - 0.38 * inch, w, 0.38 * inch, stroke=0, fill=1)
    c.setFillColor(fg)
    c.setFont(font, size)
    c.drawString(0.12 * inch, h - 0.28 * inch, text)


def photo(c, x, y, w=0.85 * inch, h=1.05 * inch):
    c.setFillColor(colors.Color(0.55, 0.55, 0.6))
    c.rect(x, y, w, h, stroke=0, fill=1)
    c.setFillColor(colors.Color(0.35, 0.3, 0.3))
    c.circle(x + w / 2, y + h * 0.62, w * 0.25, stroke=0, fill=1)
    c.ellipse(x + w * 0.1, y, x + w * 0.9, y + h * 0.45, stroke=0, fill=1)


def guilloche(c, w, h, seed):
    r = random.Random(seed)
    c.setStrokeColor(colors.Color(0.8, 0.85, 0.9))
    c.setLineWidth(0.3)
    for i in range(14):
        y = r.uniform(0, h)
        p = c.beginPath()
        p.moveTo(0, y)
        for x in range(0, int(w) + 10, 10):
            p.lineTo(x, y + 6 * ((x // 10) % 2))
        c.drawPath(p)


def dl_ca(c, p, w, h):
    last, first, mid, dob, st, city = p
    guilloche(c, w, h, 1)
    c.setFillColor(colors.Color(0.1, 0.2, 0.55))
    c.setFont("Times-BoldItalic", 20)
    c.drawString(0.12 * inch, h - 0.32 * inch, "California")
    c.setFont("Helvetica-Bold", 9)
    c.drawRightString(w - 0.1 * inch, h - 0.2 * inch, "DRIVER LICENSE")
    c.drawRightString(w - 0.1 * inch, h - 0.33 * inch, "USA")
    photo(c, 0.1 * inch, 0.35 * inch)
    x = 1.05 * inch
    c.setFillColor(colors.black)
    rows = [("DL", "I4820917", 10), ("EXP", us("2029-" + dob[5:]), 9), ("LN", last, 10), ("FN", f"{first} {mid}", 10),
            ("", st, 7), ("", city.replace(",", ""), 7), ("DOB", us(dob), 9), ("RSTR", "NONE", 7)]
    y = h - 0.55 * inch
    for cap, val, sz in rows:
        if cap:
            c.setFillColor(colors.Color(0.7, 0.1, 0.1))
            c.setFont("Helvetica", 6)
            c.drawString(x, y, cap)
            c.setFillColor(colors.black)
        c.setFont("Helvetica-Bold", sz)
        c.drawString(x + 0.3 * inch, y, val)
        y -= 0.16 * inch
    c.setFont("Helvetica", 6)
    c.drawString(x, 0.15 * inch, "CLASS C   SEX F   HAIR BRN   EYES BRN   HGT 5'-05\"   WGT 135 lb")
    c.drawString(x, 0.05 * inch, "ISS 08/14/2024     DD 08/14/2024509XY/AAFD/29")


def dl_tx(c, p, w, h):
    last, first, mid, dob, st, city = p
    header_band(c, w, h, "TEXAS", colors.Color(0.05, 0.15, 0.4), "Helvetica-Bold", 18)
    c.setFillColor(colors.white)
    c.setFont("Helvetica-Bold", 8)
    c.drawRightString(w - 0.1 * inch, h - 0.17 * inch, "USA")
    c.drawRightString(w - 0.1 * inch, h - 0.3 * inch, "DRIVER LICENSE")
    photo(c, 0.1 * inch, 0.3 * inch)
    c.setFillColor(colors.black)
    x = 1.05 * inch
    lines = [("4d DL", "31057729"), ("3 DOB", us(dob)), ("4b Exp", us("2030-" + dob[5:])), ("1", last),
             ("2", f"{first} {mid}"), ("8", st), ("", city.replace(",", "")), ("4a Iss", "02/11/2022"),
             ("9 Class", "C"), ("12 Restr", "NONE")]
    y = h - 0.55 * inch
    for cap, val in lines:
        c.setFont("Helvetica", 6)
        c.drawString(x, y, cap)
        c.setFont("Helvetica-Bold", 8)
        c.drawString(x + 0.38 * inch, y, val)
        y -= 0.135 * inch


def id_ny(c, p, w, h):
    last, first, mid, dob, st, city = p
    guilloche(c, w, h, 2)
    c.setFillColor(colors.Color(0.1, 0.1, 0.4))
    c.setFont("Helvetica-Bold", 12)
    c.drawString(0.12 * inch, h - 0.24 * inch, "NEW YORK STATE")
    c.setFont("Helvetica", 8)
    c.drawString(0.12 * inch, h - 0.38 * inch, "IDENTIFICATION CARD")
    c.drawRightString(w - 0.1 * inch, h - 0.24 * inch, "ENHANCED")
    photo(c, w - 1.0 * inch, 0.3 * inch)
    c.setFillColor(colors.black)
    c.setFont("Helvetica", 6)
    y = h - 0.58 * inch
    for cap, val in [("ID:", "847 119 302"), ("", f"{last},"), ("", f"{first} {mid}"), ("", st), ("", city),
                     ("DOB:", us(dob)), ("Sex: F  Eyes: GRN  Ht: 5-07", ""), ("Issued:", "05/03/2023"),
                     ("Expires:", us("2031-" + dob[5:]))]:
        c.setFont("Helvetica", 6)
        c.drawString(0.15 * inch, y, cap)
        c.setFont("Helvetica-Bold", 8)
        c.drawString(0.15 * inch + (0.45 * inch if cap else 0), y, val)
        y -= 0.14 * inch


def dl_fl(c, p, w, h):
    last, first, mid, dob, st, city = p
    c.setFillColor(colors.Color(0.9, 0.95, 1))
    c.rect(0, 0, w, h, stroke=0, fill=1)
    c.setFillColor(colors.Color(0.0, 0.35, 0.3))
    c.setFont("Helvetica-Bold", 16)
    c.drawCentredString(w / 2, h - 0.26 * inch, "FLORIDA")
    c.setFont("Helvetica-Bold", 7)
    c.drawCentredString(w / 2, h - 0.38 * inch, "DRIVER LICENSE  \u2605  REAL ID")
    photo(c, 0.1 * inch, 0.25 * inch)
    c.setFillColor(colors.black)
    y = h - 0.56 * inch
    x = 1.05 * inch
    for s, font, size in [("M361-482-87-455-0", "Helvetica-Bold", 9), (f"{last}", "Helvetica-Bold", 9),
                          (f"{first} {mid}", "Helvetica-Bold", 9), (st, "Helvetica", 7), (city, "Helvetica", 7),
                          (f"DOB: {us(dob)}", "Helvetica", 7), ("ISS: 11/30/2023   EXP: " + us("2031-" + dob[5:]), "Helvetica", 7),
                          ("CLASS: E   SEX: F   HGT: 5-04", "Helvetica", 6), ("REST: A   END: NONE", "Helvetica", 6)]:
        c.setFont(font, size)
        c.drawString(x, y, s)
        y -= 0.15 * inch


def dl_pa(c, p, w, h):
    last, first, mid, dob, st, city = p
    header_band(c, w, h, "PENNSYLVANIA", colors.Color(0.15, 0.2, 0.5), "Times-Bold", 15)
    c.setFillColor(colors.white)
    c.setFont("Helvetica", 6)
    c.drawRightString(w - 0.08 * inch, h - 0.15 * inch, "visitPA.com")
    c.setFillColor(colors.black)
    c.setFont("Helvetica-Bold", 7)
    c.drawString(0.12 * inch, h - 0.5 * inch, "DRIVER'S LICENSE")
    photo(c, 0.1 * inch, 0.2 * inch, 0.8 * inch, 0.95 * inch)
    x = 1.0 * inch
    y = h - 0.66 * inch
    for cap, val in [("4d DLN:", "28 401 773"), ("4b EXP:", us("2028-" + dob[5:])), ("1", last), ("2", f"{first} {mid}"),
                     ("8", st), ("", city), ("3 DOB:", us(dob)), ("4a ISS:", "06/02/2024"), ("9 CLASS:", "C")]:
        c.setFont("Helvetica", 5.5)
        c.drawString(x, y, cap)
        c.setFont("Helvetica-Bold", 7.5)
        c.drawString(x + 0.38 * inch, y, val)
        y -= 0.125 * inch


def id_oh(c, p, w, h):
    last, first, mid, dob, st, city = p
    guilloche(c, w, h, 3)
    c.setFillColor(colors.Color(0.6, 0.05, 0.1))
    c.setFont("Helvetica-Bold", 18)
    c.drawString(0.12 * inch, h - 0.3 * inch, "OHIO")
    c.setFont("Helvetica-Bold", 8)
    c.drawString(1.0 * inch, h - 0.2 * inch, "IDENTIFICATION CARD")
    c.setFont("Helvetica", 6)
    c.drawString(1.0 * inch, h - 0.31 * inch, "BUREAU OF MOTOR VEHICLES")
    photo(c, w - 0.95 * inch, 0.3 * inch)
    c.setFillColor(colors.black)
    y = h - 0.55 * inch
    for s, f, sz in [("4d NO. UT902144", "Helvetica-Bold", 8), ("1 " + last, "Helvetica-Bold", 8),
                     ("2 " + first + " " + mid, "Helvetica-Bold", 8), ("8 " + st, "Helvetica", 6.5),
                     (city, "Helvetica", 6.5), ("3 DOB " + us(dob) + "   15 SEX F", "Helvetica", 6.5),
                     ("4a ISS " + "09/19/2022" + "   4b EXP " + us("2026-" + dob[5:]), "Helvetica", 6.5),
                     ("16 HGT 5-06  18 EYES BLU", "Helvetica", 6)]:
        c.setFont(f, sz)
        c.drawString(0.15 * inch, y, s)
        y -= 0.15 * inch


def rn_wallet_fl(c, p, w, h):
    last, first, mid, dob, st, city = p
    c.setStrokeColor(colors.black)
    c.rect(3, 3, w - 6, h - 6)
    c.setFont("Helvetica-Bold", 8)
    c.drawCentredString(w / 2, h - 0.2 * inch, "STATE OF FLORIDA")
    c.setFont("Helvetica", 7)
    c.drawCentredString(w / 2, h - 0.32 * inch, "DEPARTMENT OF HEALTH")
    c.setFont("Helvetica-Bold", 9)
    c.drawCentredString(w / 2, h - 0.52 * inch, "REGISTERED NURSE")
    c.setFont("Helvetica", 7)
    y = h - 0.75 * inch
    for s in ["LICENSE NUMBER: RN 9587412", "EXPIRATION DATE: APRIL 30, 2027", "", f"{first} {mid} {last}", st, city]:
        c.drawString(0.2 * inch, y, s)
        y -= 0.13 * inch
    c.setFont("Helvetica-Oblique", 5)
    c.drawString(0.2 * inch, 0.12 * inch, "Always verify licenses online at FLHealthSource.gov")


def rn_wallet_tx(c, p, w, h):
    last, first, mid, dob, st, city = p
    header_band(c, w, h, "Texas Board of Nursing", colors.Color(0.45, 0.1, 0.1), "Helvetica-Bold", 11)
    c.setFillColor(colors.black)
    c.setFont("Helvetica-Bold", 8)
    c.drawString(0.15 * inch, h - 0.56 * inch, "Registered Nurse")
    c.setFont("Helvetica", 7)
    y = h - 0.74 * inch
    for s in [f"{first} {mid}. {last}", "License No.  1029384", "Status:  Current", "Issued:  03/14/2025",
              "Expires:  03/31/2027", "Multistate"]:
        c.drawString(0.15 * inch, y, s)
        y -= 0.13 * inch


def rn_wallet_oh(c, p, w, h):
    last, first, mid, dob, st, city = p
    c.setFont("Times-Bold", 9)
    c.drawCentredString(w / 2, h - 0.2 * inch, "OHIO BOARD OF NURSING")
    c.setFont("Times-Roman", 7)
    c.drawCentredString(w / 2, h - 0.32 * inch, "17 South High Street, Columbus, Ohio")
    c.setFont("Times-Bold", 8)
    c.drawCentredString(w / 2, h - 0.5 * inch, "LICENSE TO PRACTICE AS A")
    c.drawCentredString(w / 2, h - 0.62 * inch, "REGISTERED NURSE")
    c.setFont("Times-Roman", 7.5)
    y = h - 0.82 * inch
    for s in [f"{last}, {first} {mid}", "RN.471920", "Valid through 10/31/2027"]:
        c.drawString(0.2 * inch, y, s)
        y -= 0.14 * inch


def ssa_plain(c, p, w, h):
    last, first, mid, dob, st, city = p
    c.setFillColor(colors.Color(0.85, 0.9, 0.97))
    c.rect(0, 0, w, h, stroke=0, fill=1)
    c.setFillColor(colors.Color(0.15, 0.25, 0.5))
    c.setFont("Times-Bold", 15)
    c.drawCentredString(w / 2, h - 0.35 * inch, "SOCIAL SECURITY")
    c.setFillColor(colors.black)
    c.setFont("Courier-Bold", 12)
    c.drawCentredString(w / 2, h - 0.78 * inch, "517-28-6604")
    c.setFont("Helvetica", 5.5)
    c.drawCentredString(w / 2, h - 0.95 * inch, "THIS NUMBER HAS BEEN ESTABLISHED FOR")
    c.setFont("Courier-Bold", 10)
    c.drawCentredString(w / 2, h - 1.18 * inch, f"{first} {mid} {last}")
    c.line(0.4 * inch, 0.35 * inch, w - 0.4 * inch, 0.35 * inch)
    c.setFont("Helvetica", 5)
    c.drawCentredString(w / 2, 0.25 * inch, "SIGNATURE")


def ssa_script(c, p, w, h):
    last, first, mid, dob, st, city = p
    guilloche(c, w, h, 5)
    c.setFillColor(colors.Color(0.2, 0.3, 0.6))
    c.setFont("Times-BoldItalic", 17)
    c.drawCentredString(w / 2, h - 0.38 * inch, "Social Security")
    c.setFont("Helvetica", 6)
    c.drawCentredString(w / 2, h - 0.5 * inch, "UNITED STATES OF AMERICA")
    c.setFillColor(colors.black)
    c.setFont("Helvetica-Bold", 12)
    c.drawCentredString(w / 2, h - 0.85 * inch, "604 31 7789")
    c.setFont("Helvetica", 5.5)
    c.drawCentredString(w / 2, h - 1.0 * inch, "THIS NUMBER HAS BEEN ESTABLISHED FOR")
    c.setFont("Helvetica-Bold", 9.5)
    c.drawCentredString(w / 2, h - 1.2 * inch, f"{first} {last}".upper())
    c.line(0.4 * inch, 0.3 * inch, w - 0.4 * inch, 0.3 * inch)
    c.setFont("Helvetica", 5)
    c.drawString(0.4 * inch, 0.2 * inch, "SIGNATURE")


def hipaa_online(c, p, w, h):
    last, first, mid, dob, st, city = p
    c.setStrokeColor(colors.Color(0.2, 0.4, 0.6))
    c.setLineWidth(6)
    c.rect(0.4 * inch, 0.4 * inch, w - 0.8 * inch, h - 0.8 * inch)
    c.setFillColor(colors.Color(0.2, 0.4, 0.6))
    c.setFont("Helvetica-Bold", 14)
    c.drawString(0.8 * inch, h - 0.95 * inch, "MedTrainer Online Learning")
    c.setFillColor(colors.black)
    c.setFont("Times-Bold", 30)
    c.drawCentredString(w / 2, h - 1.9 * inch, "Certificate of Completion")
    c.setFont("Times-Roman", 14)
    c.drawCentredString(w / 2, h - 2.5 * inch, "This is to certify that")
    c.setFont("Times-BoldItalic", 24)
    c.drawCentredString(w / 2, h - 3.1 * inch, f"{first.title()} {mid}. {last.title()}")
    c.setFont("Times-Roman", 14)
    c.drawCentredString(w / 2, h - 3.6 * inch, "has successfully completed the online course")
    c.setFont("Times-Bold", 18)
    c.drawCentredString(w / 2, h - 4.2 * inch, "HIPAA Privacy & Security Essentials")
    c.setFont("Times-Roman", 12)
    c.drawCentredString(w / 2, h - 4.6 * inch, "1.0 contact hour")
    c.drawString(1.2 * inch, 1.6 * inch, "Date Completed: 02/17/2026")
    c.drawString(1.2 * inch, 1.35 * inch, "Certificate No. MT-88213-07")
    c.drawRightString(w - 1.2 * inch, 1.6 * inch, "Valid Through: 02/17/2027")
    c.line(w - 3.4 * inch, 1.1 * inch, w - 1.2 * inch, 1.1 * inch)
    c.drawRightString(w - 1.2 * inch, 0.9 * inch, "Director of Education")


def hipaa_portrait(c, p, w, h):
    last, first, mid, dob, st, city = p
    c.setFont("Helvetica-Bold", 11)
    c.drawString(1 * inch, h - 1 * inch, "Compliance Training Institute")
    c.setFont("Helvetica", 9)
    c.drawString(1 * inch, h - 1.18 * inch, "www.ctilearn.example  |  Accredited provider")
    c.setFont("Helvetica-Bold", 22)
    c.drawCentredString(w / 2, h - 2.3 * inch, "CERTIFICATE")
    c.setFont("Helvetica", 12)
    c.drawCentredString(w / 2, h - 2.65 * inch, "awarded to")
    c.setFont("Helvetica-Bold", 20)
    c.drawCentredString(w / 2, h - 3.2 * inch, f"{first.title()} {last.title()}")
    c.setFont("Helvetica", 12)
    c.drawCentredString(w / 2, h - 3.7 * inch, "for completing")
    c.setFont("Helvetica-Bold", 15)
    c.drawCentredString(w / 2, h - 4.15 * inch, "HIPAA Awareness for Healthcare Workers (2026)")
    c.setFont("Helvetica", 11)
    c.drawCentredString(w / 2, h - 4.5 * inch, "Protected Health Information, the Privacy Rule and the Security Rule")
    c.drawString(1.3 * inch, h - 5.6 * inch, "Completion date:   January 9, 2026")
    c.drawString(1.3 * inch, h - 5.85 * inch, "Score:   92%")
    c.drawString(1.3 * inch, h - 6.1 * inch, "Certificate ID:   CTI-2026-044817")
    c.line(1.3 * inch, 2.2 * inch, 3.8 * inch, 2.2 * inch)
    c.drawString(1.3 * inch, 2.0 * inch, "Program Administrator")


DOCS = [
    ("drivers_license", "ca", dl_ca, CARD), ("drivers_license", "tx", dl_tx, CARD),
    ("drivers_license", "nyid", id_ny, CARD), ("drivers_license", "fl", dl_fl, CARD),
    ("drivers_license", "pa", dl_pa, CARD), ("drivers_license", "ohid", id_oh, CARD),
    ("nursing_license", "flwallet", rn_wallet_fl, CARD), ("nursing_license", "txwallet", rn_wallet_tx, CARD),
    ("nursing_license", "ohwallet", rn_wallet_oh, CARD),
    ("social_security_card", "plain", ssa_plain, CARD), ("social_security_card", "script", ssa_script, CARD),
    ("hipaa_training", "online", hipaa_online, (LETTER[1], LETTER[0])), ("hipaa_training", "portrait", hipaa_portrait, LETTER),
]

if __name__ == "__main__":
    for i, (typ, var, fn, size) in enumerate(DOCS):
        p = people[i % len(people)]
        path = f"{OUT}/{typ}__{var}.pdf"
        c = canvas.Canvas(path, pagesize=size)
        fn(c, p, *size)
        c.showPage()
        c.save()
    print("ok", len(DOCS))
