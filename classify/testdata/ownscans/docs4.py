#!/usr/bin/python3
"""S3's fourth set: more states' cards, SSA card variants, and more of a
state's other cards and numbered cards (negatives)."""
import os
from docs import people, us, header_band, photo, guilloche, CARD, LETTER, inch, colors, canvas

OUT = "/tmp/S3/gen4/pdf"
os.makedirs(OUT, exist_ok=True)

def rows(c, x, y, items, step=0.14*inch, font="Helvetica-Bold"):
    for s, sz in items:
        c.setFont(font, sz); c.drawString(x, y, s); y -= step

def dl_nc(c, p, w, h):
    last, first, mid, dob, st, city = p
    guilloche(c, w, h, 31)
    c.setFillColor(colors.Color(0.1, 0.2, 0.5)); c.setFont("Times-Bold", 13)
    c.drawString(0.12*inch, h-0.25*inch, "NORTH CAROLINA")
    c.setFont("Helvetica-Bold", 6.5); c.drawRightString(w-0.1*inch, h-0.2*inch, "DRIVERS LICENSE")
    photo(c, 0.1*inch, 0.25*inch); c.setFillColor(colors.black)
    rows(c, 1.05*inch, h-0.48*inch, [("4d DLN 000041882760", 7.5), ("3 DOB "+us(dob), 7), ("4b EXP "+us("2032-"+dob[5:]), 7),
        ("1 "+last, 8), ("2 "+first+" "+mid, 8), ("8 "+st, 6.5), (city, 6.5), ("9 CLASS C   4a ISS 10/10/2024", 6)], 0.135*inch)

def dl_az_new(c, p, w, h):
    last, first, mid, dob, st, city = p
    c.setFillColor(colors.Color(0.98, 0.9, 0.75)); c.rect(0, 0, w, h, stroke=0, fill=1)
    c.setFillColor(colors.Color(0.5, 0.2, 0.05)); c.setFont("Helvetica-Bold", 16); c.drawString(0.12*inch, h-0.3*inch, "ARIZONA")
    c.setFont("Helvetica", 6); c.drawString(1.3*inch, h-0.3*inch, "TRAVEL ID  DRIVER LICENSE")
    photo(c, w-0.95*inch, 0.25*inch); c.setFillColor(colors.black)
    rows(c, 0.12*inch, h-0.5*inch, [("DLN D08812345", 8), ("CLASS D", 6.5), ("DOB "+us(dob), 7), ("EXP "+us("2035-"+dob[5:]), 7),
        (last, 8), (first+" "+mid, 8), (st, 6), (city, 6)], 0.135*inch)

def id_tx(c, p, w, h):
    last, first, mid, dob, st, city = p
    header_band(c, w, h, "TEXAS", colors.Color(0.5, 0.05, 0.05), "Helvetica-Bold", 16)
    c.setFillColor(colors.white); c.setFont("Helvetica-Bold", 7); c.drawRightString(w-0.1*inch, h-0.26*inch, "IDENTIFICATION CARD")
    photo(c, 0.1*inch, 0.25*inch); c.setFillColor(colors.black)
    rows(c, 1.05*inch, h-0.55*inch, [("ID 40218837", 8), ("DOB "+us(dob), 7), ("EXP "+us("2030-"+dob[5:]), 7), (last, 8),
        (first+" "+mid, 8), (st, 6), (city, 6), ("ISS 02/02/2024", 6)], 0.135*inch)

def ssa_old(c, p, w, h):  # older card: red number, seal at left, heading over two lines
    last, first, mid, dob, st, city = p
    c.setFillColor(colors.Color(0.9, 0.93, 0.98)); c.rect(0, 0, w, h, stroke=0, fill=1)
    c.setStrokeColor(colors.Color(0.3, 0.4, 0.7)); c.circle(0.45*inch, h-0.45*inch, 0.3*inch)
    c.setFillColor(colors.Color(0.2, 0.3, 0.6)); c.setFont("Times-Bold", 13)
    c.drawString(0.9*inch, h-0.35*inch, "SOCIAL SECURITY"); c.setFont("Helvetica", 5.5); c.drawString(0.9*inch, h-0.47*inch, "UNITED STATES OF AMERICA")
    c.setFillColor(colors.Color(0.6, 0.1, 0.1)); c.setFont("Helvetica-Bold", 12); c.drawCentredString(w/2, h-0.92*inch, "058-36-2291")
    c.setFillColor(colors.black); c.setFont("Helvetica", 5); c.drawCentredString(w/2, h-1.06*inch, "THIS NUMBER HAS BEEN ESTABLISHED FOR")
    c.setFont("Helvetica-Bold", 9); c.drawCentredString(w/2, h-1.26*inch, f"{first} {mid} {last}")
    c.line(0.4*inch, 0.28*inch, w-0.4*inch, 0.28*inch); c.setFont("Helvetica", 4.5); c.drawString(0.4*inch, 0.19*inch, "SIGNATURE")

def ssa_restricted(c, p, w, h):
    last, first, mid, dob, st, city = p
    guilloche(c, w, h, 41)
    c.setFillColor(colors.Color(0.2, 0.3, 0.6)); c.setFont("Times-Bold", 14); c.drawCentredString(w/2, h-0.35*inch, "SOCIAL SECURITY")
    c.setFillColor(colors.black); c.setFont("Helvetica-Bold", 6); c.drawCentredString(w/2, h-0.52*inch, "VALID FOR WORK ONLY WITH DHS AUTHORIZATION")
    c.setFont("Helvetica-Bold", 11); c.drawCentredString(w/2, h-0.85*inch, "611 08 4427")
    c.setFont("Helvetica", 5); c.drawCentredString(w/2, h-1.0*inch, "THIS NUMBER HAS BEEN ESTABLISHED FOR")
    c.setFont("Helvetica-Bold", 9); c.drawCentredString(w/2, h-1.2*inch, f"{first} {last}")

def rn_tx_lvn(c, p, w, h):
    last, first, mid, dob, st, city = p
    c.setFont("Helvetica-Bold", 8); c.drawCentredString(w/2, h-0.2*inch, "TEXAS BOARD OF NURSING")
    c.setFont("Helvetica", 7); c.drawCentredString(w/2, h-0.34*inch, "LICENSED VOCATIONAL NURSE")
    rows(c, 0.2*inch, h-0.6*inch, [(f"{first} {mid} {last}", 8), ("LVN 318842", 7.5), ("EXPIRES 05/31/2027", 7), ("STATUS CURRENT", 6.5)], 0.15*inch, "Helvetica")

def rn_az_compact(c, p, w, h):
    last, first, mid, dob, st, city = p
    header_band(c, w, h, "ARIZONA STATE BOARD OF NURSING", colors.Color(0.45, 0.2, 0.05), "Helvetica-Bold", 9)
    c.setFillColor(colors.black)
    rows(c, 0.15*inch, h-0.58*inch, [(f"{last}, {first} {mid}", 8), ("RN LICENSE", 7), ("RN221874", 8), ("MULTISTATE", 6.5), ("EXPIRES 09/30/2028", 7)], 0.145*inch)

# negatives
def neg_ccw(c, p, w, h):
    last, first, mid, dob, st, city = p
    header_band(c, w, h, "FLORIDA", colors.Color(0.1, 0.3, 0.3), "Helvetica-Bold", 14)
    c.setFillColor(colors.white); c.setFont("Helvetica", 6); c.drawRightString(w-0.1*inch, h-0.17*inch, "DEPARTMENT OF AGRICULTURE")
    c.drawRightString(w-0.1*inch, h-0.28*inch, "CONCEALED WEAPON OR FIREARM LICENSE")
    photo(c, 0.1*inch, 0.25*inch); c.setFillColor(colors.black)
    rows(c, 1.05*inch, h-0.55*inch, [("LICENSE NO W2418837", 7.5), (f"{last}, {first} {mid}", 7.5), (st, 6.5), (city, 6.5),
        ("DOB "+us(dob), 6.5), ("ISS 05/05/2024  EXP 05/05/2031", 6.5)], 0.14*inch)

def neg_placard(c, p, w, h):
    last, first, mid, dob, st, city = p
    c.setFont("Helvetica-Bold", 11); c.drawCentredString(w/2, h-0.22*inch, "CALIFORNIA")
    c.setFont("Helvetica-Bold", 7); c.drawCentredString(w/2, h-0.34*inch, "DISABLED PERSON PARKING PLACARD ID")
    rows(c, 0.15*inch, h-0.55*inch, [("PLACARD NO 8841207", 7.5), (f"{first} {mid} {last}", 7.5), (st, 6.5), (city, 6.5),
        ("EXP 06/30/2027", 6.5)], 0.14*inch)

def neg_medicaid(c, p, w, h):
    last, first, mid, dob, st, city = p
    header_band(c, w, h, "GEORGIA MEDICAID", colors.Color(0.1, 0.4, 0.3), "Helvetica-Bold", 12)
    c.setFillColor(colors.black)
    rows(c, 0.15*inch, h-0.55*inch, [(f"{first} {mid} {last}", 8), ("ID 112408837", 8), ("DOB "+us(dob), 7), ("ISSUED 01/15/2026", 7),
        ("Member Services 1-800-555-0100", 6)], 0.145*inch)

def neg_emt(c, p, w, h):
    last, first, mid, dob, st, city = p
    c.setFont("Helvetica-Bold", 8); c.drawCentredString(w/2, h-0.2*inch, "OHIO DEPARTMENT OF PUBLIC SAFETY")
    c.setFont("Helvetica", 6.5); c.drawCentredString(w/2, h-0.32*inch, "DIVISION OF EMERGENCY MEDICAL SERVICES")
    rows(c, 0.2*inch, h-0.55*inch, [("EMERGENCY MEDICAL TECHNICIAN", 7.5), (f"{first} {mid} {last}", 8), ("CERT NO 128846", 7), ("EXPIRES 01/31/2028", 7)], 0.145*inch)

def neg_cna(c, p, w, h):
    last, first, mid, dob, st, city = p
    c.setFont("Helvetica-Bold", 8); c.drawCentredString(w/2, h-0.2*inch, "TEXAS HEALTH AND HUMAN SERVICES")
    c.setFont("Helvetica", 6.5); c.drawCentredString(w/2, h-0.32*inch, "NURSE AIDE REGISTRY")
    rows(c, 0.2*inch, h-0.55*inch, [("CERTIFIED NURSE AIDE", 7.5), (f"{first} {mid} {last}", 8), ("REGISTRY NO 4418827", 7), ("EXPIRES 03/31/2027", 7)], 0.145*inch)

def neg_ssa1099(c, p, w, h):
    last, first, mid, dob, st, city = p
    c.setFont("Helvetica-Bold", 9); c.drawString(0.15*inch, h-0.2*inch, "FORM SSA-1099 SOCIAL SECURITY BENEFIT STATEMENT")
    rows(c, 0.15*inch, h-0.4*inch, [("2025", 8), ("Beneficiary's name", 5.5), (f"{first} {mid} {last}", 7.5), ("Beneficiary's Social Security Number", 5.5),
        ("XXX-XX-2291", 7.5), ("Box 3 Benefits paid in 2025  $18,204.00", 6.5), ("Box 5 Net benefits  $18,204.00", 6.5)], 0.14*inch, "Helvetica")

def neg_w2(c, p, w, h):
    last, first, mid, dob, st, city = p
    c.setFont("Helvetica-Bold", 8); c.drawString(0.15*inch, h-0.2*inch, "W-2 Wage and Tax Statement 2025")
    rows(c, 0.15*inch, h-0.4*inch, [("a Employee's social security number", 5.5), ("058-36-2291", 8), ("e Employee's name", 5.5), (f"{first} {mid} {last}", 8),
        (st, 6.5), (city, 6.5), ("1 Wages 84210.55   2 Federal tax 11032.10", 6)], 0.14*inch, "Helvetica")

DOCS = [
    ("drivers_license", "nc", dl_nc), ("drivers_license", "aznew", dl_az_new), ("drivers_license", "txid", id_tx),
    ("social_security_card", "old", ssa_old), ("social_security_card", "restricted", ssa_restricted),
    ("nursing_license", "txlvn", rn_tx_lvn), ("nursing_license", "azcompact", rn_az_compact),
    ("other", "ccw", neg_ccw), ("other", "placard", neg_placard), ("other", "medicaid", neg_medicaid), ("other", "emt", neg_emt),
    ("other", "cna", neg_cna), ("other", "ssa1099", neg_ssa1099), ("other", "w2", neg_w2),
]
if __name__ == "__main__":
    for i, (typ, var, fn) in enumerate(DOCS):
        p = people[(i + 2) % len(people)]
        cv = canvas.Canvas(f"{OUT}/{typ}__{var}.pdf", pagesize=CARD); fn(cv, p, *CARD); cv.showPage(); cv.save()
    print("ok", len(DOCS))
