#!/usr/bin/python3
"""S3's third set of layouts: other states' cards, other boards' wording,
SSA cards with a seal between the heading's words, and a state's other
cards (negatives). Writes /tmp/S3/gen3/pdf/<type>__<variant>.pdf."""
import os, random
from docs import people, us, header_band, photo, guilloche, CARD, LETTER, inch, colors, canvas

OUT = "/tmp/S3/gen3/pdf"
os.makedirs(OUT, exist_ok=True)

def rows(c, x, y, items, step=0.14*inch, font="Helvetica-Bold"):
    for s, sz in items:
        c.setFont(font, sz); c.drawString(x, y, s); y -= step

def dl_wa(c, p, w, h):
    last, first, mid, dob, st, city = p
    c.setFillColor(colors.Color(0.85, 0.92, 0.85)); c.rect(0, 0, w, h, stroke=0, fill=1)
    c.setFillColor(colors.Color(0.1, 0.3, 0.15)); c.setFont("Helvetica-Bold", 17)
    c.drawString(0.12*inch, h-0.3*inch, "WASHINGTON")
    c.setFont("Helvetica", 6); c.drawRightString(w-0.1*inch, h-0.16*inch, "USA"); c.drawRightString(w-0.1*inch, h-0.27*inch, "DRIVER LICENSE")
    photo(c, 0.1*inch, 0.28*inch); c.setFillColor(colors.black)
    x = 1.05*inch; y = h-0.52*inch
    for cap, val in [("4d DLN", "WDL7QK82M41B"), ("4b EXP", us("2030-"+dob[5:])), ("1", last), ("2", f"{first} {mid}"), ("8", st),
                     ("", city), ("3 DOB", us(dob)), ("4a ISS", "07/22/2024"), ("9 CLASS", "C   15 SEX F   18 EYES HAZ")]:
        c.setFont("Helvetica", 5); c.drawString(x, y, cap); c.setFont("Helvetica-Bold", 7.5); c.drawString(x+0.33*inch, y, val); y -= 0.13*inch

def dl_il(c, p, w, h):
    last, first, mid, dob, st, city = p
    guilloche(c, w, h, 11)
    c.setFillColor(colors.Color(0.2, 0.2, 0.45)); c.setFont("Times-Bold", 15)
    c.drawCentredString(w/2, h-0.26*inch, "ILLINOIS")
    c.setFont("Helvetica-Bold", 6.5); c.drawCentredString(w/2, h-0.37*inch, "DRIVER'S LICENSE")
    photo(c, 0.1*inch, 0.2*inch, 0.8*inch, 1.0*inch); c.setFillColor(colors.black)
    rows(c, 1.0*inch, h-0.55*inch, [("A123-4567-8901", 9), (f"{last}", 8), (f"{first} {mid}", 8), (st, 6.5), (city, 6.5),
        ("DOB "+us(dob)+"   EXP "+us("2029-"+dob[5:]), 6.5), ("CLASS D   SEX F   HGT 5-06", 6), ("ISS 03/03/2025", 6)], 0.135*inch)

def dl_mi(c, p, w, h):
    last, first, mid, dob, st, city = p
    header_band(c, w, h, "Michigan", colors.Color(0.05, 0.2, 0.45), "Times-BoldItalic", 17)
    c.setFillColor(colors.white); c.setFont("Helvetica-Bold", 7); c.drawRightString(w-0.1*inch, h-0.25*inch, "DRIVER'S LICENSE")
    photo(c, w-0.95*inch, 0.25*inch); c.setFillColor(colors.black)
    rows(c, 0.12*inch, h-0.55*inch, [("S 562 118 394 207", 8.5), ("DOB "+us(dob), 7), ("EXP "+us("2028-"+dob[5:]), 7),
        (f"{first} {mid} {last}", 7.5), (st, 6), (city, 6), ("ISS 05/11/2024  CLASS O", 6), ("END NONE  RES NONE", 5.5)], 0.14*inch)

def id_nj(c, p, w, h):
    last, first, mid, dob, st, city = p
    c.setFillColor(colors.Color(0.95, 0.9, 0.8)); c.rect(0, 0, w, h, stroke=0, fill=1)
    c.setFillColor(colors.Color(0.3, 0.2, 0.05)); c.setFont("Helvetica-Bold", 14)
    c.drawString(0.12*inch, h-0.27*inch, "NEW JERSEY")
    c.setFont("Helvetica", 6.5); c.drawString(1.7*inch, h-0.18*inch, "NON-DRIVER"); c.drawString(1.7*inch, h-0.28*inch, "IDENTIFICATION")
    photo(c, 0.1*inch, 0.25*inch); c.setFillColor(colors.black)
    x = 1.05*inch; y = h-0.5*inch
    for cap, val in [("ID", "D4417 28861 07924"), ("DOB", us(dob)), ("EXP", us("2027-"+dob[5:])), ("", last+","), ("", first+" "+mid),
                     ("", st), ("", city), ("ISS", "01/09/2023")]:
        c.setFont("Helvetica", 5); c.drawString(x, y, cap); c.setFont("Helvetica-Bold", 7.5); c.drawString(x+0.25*inch, y, val); y -= 0.13*inch

def dl_co_band(c, p, w, h):  # title only in a dark band: at low dpi only the rest survives
    last, first, mid, dob, st, city = p
    c.setFillColor(colors.Color(0.15, 0.15, 0.2)); c.rect(0, h-0.42*inch, w, 0.42*inch, stroke=0, fill=1)
    c.setFillColor(colors.Color(0.85, 0.85, 0.9)); c.setFont("Helvetica-Bold", 13)
    c.drawString(0.12*inch, h-0.3*inch, "COLORADO  DRIVER LICENSE")
    photo(c, 0.1*inch, 0.2*inch); c.setFillColor(colors.black)
    x = 1.05*inch; y = h-0.6*inch
    for cap, val in [("DL", "14-228-6107"), ("", last), ("", f"{first} {mid}"), ("", st), ("", city), ("DOB", us(dob)),
                     ("EXP", us("2031-"+dob[5:])), ("CLASS", "R")]:
        c.setFont("Helvetica", 5); c.drawString(x, y, cap); c.setFont("Helvetica-Bold", 8); c.drawString(x+0.28*inch, y, val); y -= 0.14*inch

def rn_ca_brn(c, p, w, h):
    last, first, mid, dob, st, city = p
    header_band(c, w, h, "California Board of Registered Nursing", colors.Color(0.1, 0.25, 0.5), "Helvetica-Bold", 9)
    c.setFillColor(colors.black)
    rows(c, 0.15*inch, h-0.58*inch, [(f"{first} {mid} {last}", 8.5), ("RN 95148207", 8), ("EXPIRES 06/30/2027", 7),
        ("REGISTERED NURSE", 7), ("Verify at search.dca.ca.gov", 5.5)], 0.15*inch)

def rn_ma_dpl(c, p, w, h):
    last, first, mid, dob, st, city = p
    c.setFont("Times-Bold", 7); c.drawCentredString(w/2, h-0.16*inch, "COMMONWEALTH OF MASSACHUSETTS")
    c.setFont("Times-Roman", 6); c.drawCentredString(w/2, h-0.26*inch, "Department of Public Health")
    c.drawCentredString(w/2, h-0.35*inch, "Division of Health Professions Licensure")
    c.setFont("Times-Bold", 7); c.drawCentredString(w/2, h-0.47*inch, "Board of Registration in Nursing")
    rows(c, 0.2*inch, h-0.68*inch, [("Registered Nurse", 7.5), (f"{first} {mid} {last}", 8), ("License RN2298871", 7),
        ("Expires 02/10/2028", 7)], 0.14*inch, "Times-Roman")

def rn_wa_doh(c, p, w, h):
    last, first, mid, dob, st, city = p
    c.setFillColor(colors.Color(0.0, 0.3, 0.35)); c.setFont("Helvetica-Bold", 9)
    c.drawString(0.12*inch, h-0.2*inch, "Washington State Department of Health")
    c.setFont("Helvetica", 6); c.drawString(0.12*inch, h-0.31*inch, "Health Systems Quality Assurance")
    c.setFillColor(colors.black)
    rows(c, 0.15*inch, h-0.55*inch, [(f"{first} {mid} {last}", 8.5), ("Credential: RN60812345", 7.5), ("Registered Nurse License", 7),
        ("Expiration date: 08/15/2027", 7), ("Status: ACTIVE", 6.5)], 0.15*inch)

def rn_ny(c, p, w, h):
    last, first, mid, dob, st, city = p
    c.setFont("Times-Roman", 6.5); c.drawCentredString(w/2, h-0.16*inch, "THE UNIVERSITY OF THE STATE OF NEW YORK")
    c.drawCentredString(w/2, h-0.26*inch, "EDUCATION DEPARTMENT")
    c.setFont("Times-Bold", 7.5); c.drawCentredString(w/2, h-0.4*inch, "REGISTERED PROFESSIONAL NURSE")
    rows(c, 0.2*inch, h-0.62*inch, [(f"{last} {first} {mid}", 8), ("LICENSE NO 712345", 7), ("REGISTERED THROUGH 11/30/2027", 7),
        (st, 6), (city, 6)], 0.14*inch, "Times-Roman")

def rn_il_lpn(c, p, w, h):
    last, first, mid, dob, st, city = p
    c.setFont("Helvetica-Bold", 6.5); c.drawString(0.12*inch, h-0.16*inch, "ILLINOIS DEPARTMENT OF FINANCIAL AND PROFESSIONAL REGULATION")
    c.setFont("Helvetica", 6); c.drawString(0.12*inch, h-0.26*inch, "Division of Professional Regulation")
    rows(c, 0.15*inch, h-0.5*inch, [("LICENSED PRACTICAL NURSE", 8), (f"{first} {mid} {last}", 7.5), ("LICENSE NO. 043.128846", 7),
        ("EXPIRES: 01/31/2028", 7)], 0.15*inch)

def ssa_seal(c, p, w, h):  # seal between SOCIAL and SECURITY, curved-ish banner
    last, first, mid, dob, st, city = p
    guilloche(c, w, h, 21)
    c.setFillColor(colors.Color(0.2, 0.3, 0.6)); c.setFont("Helvetica", 5.5)
    c.drawCentredString(w/2, h-0.14*inch, "UNITED STATES OF AMERICA")
    c.setFont("Times-Bold", 14)
    c.drawRightString(w/2-0.22*inch, h-0.4*inch, "SOCIAL"); c.drawString(w/2+0.22*inch, h-0.4*inch, "SECURITY")
    c.setStrokeColor(colors.Color(0.2, 0.3, 0.6)); c.setLineWidth(1.2); c.circle(w/2, h-0.35*inch, 0.17*inch)
    c.circle(w/2, h-0.35*inch, 0.1*inch)
    c.setFillColor(colors.black); c.setFont("Helvetica-Bold", 11); c.drawCentredString(w/2, h-0.85*inch, "371-52-0846")
    c.setFont("Helvetica", 5); c.drawCentredString(w/2, h-0.99*inch, "THIS NUMBER HAS BEEN ESTABLISHED FOR")
    c.setFont("Helvetica-Bold", 9); c.drawCentredString(w/2, h-1.2*inch, f"{first} {mid} {last}")
    c.line(0.4*inch, 0.3*inch, w-0.4*inch, 0.3*inch); c.setFont("Helvetica", 4.5); c.drawString(0.4*inch, 0.21*inch, "SIGNATURE")

def ssa_tinted(c, p, w, h):  # dark tint: heading lost at low dpi, number and sentence survive
    last, first, mid, dob, st, city = p
    c.setFillColor(colors.Color(0.62, 0.72, 0.85)); c.rect(0, 0, w, h, stroke=0, fill=1)
    guilloche(c, w, h, 22)
    c.setFillColor(colors.Color(0.45, 0.55, 0.75)); c.setFont("Times-Bold", 15)
    c.drawCentredString(w/2, h-0.36*inch, "SOCIAL SECURITY")
    c.setFillColor(colors.black); c.setFont("Courier-Bold", 11); c.drawCentredString(w/2, h-0.8*inch, "209 47 1163")
    c.setFont("Helvetica", 5); c.drawCentredString(w/2, h-0.96*inch, "THIS NUMBER HAS BEEN ESTABLISHED FOR")
    c.setFont("Courier-Bold", 9.5); c.drawCentredString(w/2, h-1.17*inch, f"{first} {last}")
    c.line(0.4*inch, 0.32*inch, w-0.4*inch, 0.32*inch); c.setFont("Helvetica", 4.5); c.drawCentredString(w/2, 0.23*inch, "SIGNATURE")

# --- negatives: a state's other cards and cards with a number ---
def neg_vehreg(c, p, w, h):
    last, first, mid, dob, st, city = p
    header_band(c, w, h, "STATE OF MICHIGAN", colors.Color(0.2, 0.2, 0.4), "Helvetica-Bold", 10)
    c.setFillColor(colors.black)
    rows(c, 0.12*inch, h-0.55*inch, [("VEHICLE REGISTRATION", 8), ("PLATE EKL 4471   EXP 04/18/2027", 7), ("VIN 1HGCM82633A004352", 6.5),
        (f"{first} {mid} {last}", 7.5), (st, 6.5), (city, 6.5), ("ISS 04/02/2026  FEE $138.00", 6)], 0.14*inch)

def neg_fishing(c, p, w, h):
    last, first, mid, dob, st, city = p
    c.setFillColor(colors.Color(0.1, 0.3, 0.15)); c.setFont("Helvetica-Bold", 13); c.drawString(0.12*inch, h-0.26*inch, "OHIO")
    c.setFont("Helvetica", 6); c.drawString(0.8*inch, h-0.17*inch, "DEPARTMENT OF NATURAL RESOURCES"); c.drawString(0.8*inch, h-0.27*inch, "ANNUAL FISHING LICENSE")
    c.setFillColor(colors.black)
    rows(c, 0.12*inch, h-0.5*inch, [("CUSTOMER ID 300418827", 7.5), (f"{first} {mid} {last}", 7.5), (st, 6.5), (city, 6.5),
        ("DOB "+us(dob), 6.5), ("VALID 03/01/2026 - 02/28/2027", 6.5), ("ISS 02/20/2026", 6)], 0.14*inch)

def neg_insurance(c, p, w, h):
    last, first, mid, dob, st, city = p
    header_band(c, w, h, "BlueCross BlueShield of Texas", colors.Color(0.1, 0.3, 0.6), "Helvetica-Bold", 10)
    c.setFillColor(colors.black)
    rows(c, 0.12*inch, h-0.55*inch, [("Member", 5.5), (f"{first} {mid} {last}".upper(), 8), ("Member ID  XOF884120731", 7.5),
        ("Group No. 0381442", 7), ("RxBIN 004336  RxPCN ADV", 6.5), ("Effective 01/01/2026", 6.5), ("PPO  Copay $25", 6.5)], 0.14*inch)

def neg_badge(c, p, w, h):
    last, first, mid, dob, st, city = p
    header_band(c, w, h, "ST. LUKE'S MEDICAL CENTER", colors.Color(0.4, 0.1, 0.3), "Helvetica-Bold", 10)
    photo(c, 0.1*inch, 0.25*inch); c.setFillColor(colors.black)
    rows(c, 1.05*inch, h-0.6*inch, [(f"{first} {last}", 10), ("REGISTERED NURSE", 8), ("ICU", 8), ("EMPLOYEE ID 00418827", 7),
        ("EXP 12/31/2026", 6.5)], 0.17*inch)

def neg_medicare(c, p, w, h):
    last, first, mid, dob, st, city = p
    c.setFillColor(colors.Color(0.1, 0.2, 0.5)); c.setFont("Helvetica-Bold", 13)
    c.drawString(0.15*inch, h-0.3*inch, "MEDICARE HEALTH INSURANCE")
    c.setFillColor(colors.black)
    rows(c, 0.15*inch, h-0.55*inch, [("Name/Nombre", 5), (f"{first} {mid} {last}", 8.5), ("Medicare Number/Numero de Medicare", 5),
        ("1EG4-TE5-MK73", 9), ("Entitled to        Coverage starts", 5.5), ("HOSPITAL (PART A)    03-01-2026", 7), ("MEDICAL (PART B)     03-01-2026", 7)], 0.15*inch)

def neg_voter(c, p, w, h):
    last, first, mid, dob, st, city = p
    c.setFont("Helvetica-Bold", 11); c.drawCentredString(w/2, h-0.22*inch, "TEXAS")
    c.setFont("Helvetica-Bold", 7); c.drawCentredString(w/2, h-0.34*inch, "VOTER REGISTRATION CERTIFICATE")
    rows(c, 0.15*inch, h-0.55*inch, [("VUID 1184302756", 7.5), (f"{last}, {first} {mid}", 7.5), (st, 6.5), (city, 6.5),
        ("DOB "+us(dob)[-4:]+"   PCT 214", 6.5), ("VALID 01/01/2026 - 12/31/2027", 6.5)], 0.14*inch)

def neg_student(c, p, w, h):
    last, first, mid, dob, st, city = p
    header_band(c, w, h, "GEORGIA STATE UNIVERSITY", colors.Color(0.05, 0.2, 0.55), "Helvetica-Bold", 10)
    photo(c, 0.1*inch, 0.25*inch); c.setFillColor(colors.black)
    rows(c, 1.05*inch, h-0.6*inch, [(f"{first} {last}", 9), ("SCHOOL OF NURSING", 7), ("STUDENT", 7), ("ID 002418827", 7.5),
        ("EXP 05/31/2027", 6.5)], 0.16*inch)

DOCS = [
    ("drivers_license", "wa", dl_wa), ("drivers_license", "il", dl_il), ("drivers_license", "mi", dl_mi),
    ("drivers_license", "njid", id_nj), ("drivers_license", "coband", dl_co_band),
    ("nursing_license", "cabrn", rn_ca_brn), ("nursing_license", "madpl", rn_ma_dpl), ("nursing_license", "wadoh", rn_wa_doh),
    ("nursing_license", "ny", rn_ny), ("nursing_license", "illpn", rn_il_lpn),
    ("social_security_card", "seal", ssa_seal), ("social_security_card", "tinted", ssa_tinted),
    ("other", "vehreg", neg_vehreg), ("other", "fishing", neg_fishing), ("other", "insurance", neg_insurance),
    ("other", "badge", neg_badge), ("other", "medicare", neg_medicare), ("other", "voter", neg_voter), ("other", "student", neg_student),
]
if __name__ == "__main__":
    for i, (typ, var, fn) in enumerate(DOCS):
        p = people[(i + 5) % len(people)]
        cv = canvas.Canvas(f"{OUT}/{typ}__{var}.pdf", pagesize=CARD); fn(cv, p, *CARD); cv.showPage(); cv.save()
    print("ok", len(DOCS))
