#!/usr/bin/python3
"""More of S3's layouts: harder ones (script titles, portrait cards, small print)."""
from docs import *

def dl_az_portrait(c, p, w, h):  # under-21 vertical card: w,h swapped
    last, first, mid, dob, st, city = p
    c.setFillColor(colors.Color(0.55, 0.1, 0.1)); c.setFont("Times-BoldItalic", 16)
    c.drawCentredString(w/2, h-0.3*inch, "Arizona")
    c.setFont("Helvetica-Bold", 6.5); c.setFillColor(colors.black)
    c.drawCentredString(w/2, h-0.42*inch, "DRIVER LICENSE    UNDER 21")
    photo(c, 0.55*inch, h-1.55*inch)
    y = h-1.72*inch
    for s, sz in [("DLN D08812345", 7.5), ("EXP 09/27/2034", 7), (last, 8), (f"{first} {mid}", 8), (st, 6), (city, 6),
                  ("DOB 09/27/2007", 7), ("ISS 09/27/2024  CLASS D", 6), ("SEX M  HGT 6-01  EYES BRO", 5.5)]:
        c.setFont("Helvetica-Bold", sz); c.drawString(0.18*inch, y, s); y -= 0.15*inch

def dl_ga_script(c, p, w, h):
    last, first, mid, dob, st, city = p
    guilloche(c, w, h, 9)
    c.setFillColor(colors.Color(0.1, 0.35, 0.2)); c.setFont("Times-Italic", 19)
    c.drawString(0.12*inch, h-0.33*inch, "Georgia")
    c.setFont("Helvetica", 5.5); c.drawString(1.2*inch, h-0.16*inch, "DEPARTMENT OF DRIVER SERVICES")
    c.setFont("Helvetica-Bold", 7); c.drawString(1.2*inch, h-0.28*inch, "DRIVER'S LICENSE")
    photo(c, w-0.95*inch, 0.3*inch)
    c.setFillColor(colors.black)
    y = h-0.55*inch
    for s, sz in [("NUMBER 058 224 719", 7.5), ("DOB 04/18/1988", 7), ("EXP 04/18/2032", 7), (f"{first} {mid} {last}", 7.5),
                  (st, 6), (city, 6), ("ISS 04/02/2024", 6), ("CLASS C  RESTR NONE", 5.5), ("SEX F HT 5-05 WT 140", 5.5)]:
        c.setFont("Helvetica-Bold", sz); c.drawString(0.15*inch, y, s); y -= 0.14*inch

def rn_ca_pocket(c, p, w, h):
    last, first, mid, dob, st, city = p
    c.setFont("Times-Bold", 7); c.drawCentredString(w/2, h-0.18*inch, "STATE OF CALIFORNIA")
    c.setFont("Times-Roman", 6); c.drawCentredString(w/2, h-0.28*inch, "DEPARTMENT OF CONSUMER AFFAIRS")
    c.setFont("Times-Bold", 8); c.drawCentredString(w/2, h-0.42*inch, "BOARD OF REGISTERED NURSING")
    c.setFont("Times-Roman", 6.5)
    y = h-0.65*inch
    for s in ["REGISTERED NURSE", f"{first} {mid} {last}", "LICENSE NO. 95148207", "EXPIRES 06/30/2027", "THIS LICENSE IS VALID THROUGH THE DATE SHOWN"]:
        c.drawString(0.2*inch, y, s); y -= 0.13*inch

def rn_verif_letter(c, p, w, h):
    last, first, mid, dob, st, city = p
    c.setFont("Helvetica-Bold", 13); c.drawString(1*inch, h-1*inch, "Georgia Board of Nursing")
    c.setFont("Helvetica", 10); c.drawString(1*inch, h-1.2*inch, "237 Coliseum Drive, Macon, GA 31217")
    c.setFont("Helvetica-Bold", 15); c.drawString(1*inch, h-1.9*inch, "Verification of Licensure")
    c.setFont("Helvetica", 10.5)
    y = h-2.5*inch
    for a, b in [("Name", f"{last}, {first} {mid}"), ("Profession", "Registered Nurse"), ("License Number", "RN286114"),
                 ("Status", "Active"), ("Original Issue Date", "05/20/2016"), ("Expiration Date", "01/31/2028"),
                 ("Multistate Privilege", "Yes"), ("Public Board Orders", "None")]:
        c.drawString(1*inch, y, a + ":"); c.drawString(3*inch, y, b); y -= 0.28*inch
    c.drawString(1*inch, y-0.4*inch, "This verification was produced from the Board's records on 11/02/2026.")

def ssa_letterpage(c, p, w, h):  # card printed small in top-left of a letter page with a caption
    last, first, mid, dob, st, city = p
    c.saveState(); c.translate(1*inch, h-3.2*inch)
    ssa_script(c, p, *CARD); c.restoreState()
    c.setFont("Helvetica", 9); c.drawString(1*inch, h-3.5*inch, "Copy of card front")

def hipaa_script(c, p, w, h):
    last, first, mid, dob, st, city = p
    c.setStrokeColor(colors.Color(0.6, 0.5, 0.2)); c.setLineWidth(3)
    c.rect(0.5*inch, 0.5*inch, w-inch, h-inch); c.rect(0.6*inch, 0.6*inch, w-1.2*inch, h-1.2*inch)
    c.setFillColor(colors.Color(0.35, 0.3, 0.1)); c.setFont("Times-Italic", 34)
    c.drawCentredString(w/2, h-1.6*inch, "Certificate of Achievement")
    c.setFillColor(colors.black); c.setFont("Times-Roman", 13)
    c.drawCentredString(w/2, h-2.2*inch, "presented to")
    c.setFont("Times-Italic", 26); c.drawCentredString(w/2, h-2.8*inch, f"{first.title()} {last.title()}")
    c.setFont("Times-Roman", 13)
    c.drawCentredString(w/2, h-3.3*inch, "upon successful completion of the annual module")
    c.setFont("Times-BoldItalic", 17)
    c.drawCentredString(w/2, h-3.8*inch, "Privacy, Confidentiality and HIPAA")
    c.setFont("Times-Roman", 11)
    c.drawString(1.2*inch, 1.3*inch, "Completed 10/03/2026")
    c.drawRightString(w-1.2*inch, 1.3*inch, "Renew by 10/03/2027")
    c.drawCentredString(w/2, 0.9*inch, "Northside Travel Staffing  Learning & Development")

DOCS2 = [
    ("drivers_license", "azportrait", dl_az_portrait, (CARD[1], CARD[0])), ("drivers_license", "gascript", dl_ga_script, CARD),
    ("nursing_license", "capocket", rn_ca_pocket, CARD), ("nursing_license", "gaverif", rn_verif_letter, LETTER),
    ("social_security_card", "letterpage", ssa_letterpage, LETTER), ("hipaa_training", "script", hipaa_script, (LETTER[1], LETTER[0])),
]
if __name__ == "__main__":
    for i, (typ, var, fn, size) in enumerate(DOCS2):
        p = people[(i + 3) % len(people)]
        c = canvas.Canvas(f"{OUT}2/{typ}__{var}.pdf", pagesize=size); fn(c, p, *size); c.showPage(); c.save()
    print("ok")
