import json, sys
from reportlab.pdfgen import canvas
from reportlab.lib.pagesizes import letter
from reportlab.lib.units import inch
from reportlab.lib import colors

out = "/tmp/S1/docs/"
truth = {}

def dl(name, fonts=("Helvetica", "Helvetica-Bold")):
    # driver's licence on its own card-sized page, other layout: label above value
    W, H = 3.375*inch, 2.125*inch
    c = canvas.Canvas(out+name+".pdf", pagesize=(W, H))
    c.setFillColor(colors.HexColor("#dfe8f2")); c.rect(0, 0, W, H, fill=1, stroke=0)
    c.setFillColor(colors.HexColor("#1a3b6e")); c.rect(0, H-0.38*inch, W, 0.38*inch, fill=1, stroke=0)
    c.setFillColor(colors.white); c.setFont(fonts[1], 11); c.drawString(0.12*inch, H-0.26*inch, "COLORADO")
    c.setFont(fonts[0], 7); c.drawRightString(W-0.12*inch, H-0.25*inch, "DRIVER LICENSE")
    c.setFillColor(colors.HexColor("#9aa8b8")); c.rect(0.12*inch, 0.3*inch, 0.9*inch, 1.2*inch, fill=1, stroke=0)
    c.setFillColor(colors.black)
    x = 1.15*inch; y = H-0.55*inch
    def lv(lbl, val, x, y, sz=8):
        c.setFont(fonts[0], 5); c.drawString(x, y, lbl)
        c.setFont(fonts[1], sz); c.drawString(x, y-sz-0.5, val)
    lv("DL NO.", "082-417-395", x, y)
    lv("DOB", "07/19/1986", x+1.05*inch, y)
    lv("LAST NAME", "WHITAKER", x, y-0.3*inch, 9)
    lv("FIRST NAME", "GENEVIEVE ROSE", x, y-0.6*inch, 9)
    lv("ADDRESS", "4418 MAPLEWOOD DR DENVER CO 80211", x, y-0.9*inch, 6)
    lv("ISS", "03/02/2022", x, y-1.2*inch)
    lv("EXP", "07/19/2030", x+1.05*inch, y-1.2*inch)
    c.save()
    truth[name] = dict(type="drivers_license", last_name="WHITAKER", first_name="GENEVIEVE", license_number="082-417-395",
                       date_of_birth="1986-07-19", issue_date="2022-03-02", expiration_date="2030-07-19", state="CO")

def ssc(name):
    W, H = 3.5*inch, 2.25*inch
    c = canvas.Canvas(out+name+".pdf", pagesize=(W, H))
    c.setFillColor(colors.HexColor("#eaf0f7")); c.rect(0, 0, W, H, fill=1, stroke=0)
    c.setFillColor(colors.HexColor("#2b4a7a"))
    c.setFont("Times-Bold", 11); c.drawCentredString(W/2, H-0.3*inch, "SOCIAL SECURITY")
    c.setFont("Times-Roman", 6); c.drawCentredString(W/2, H-0.42*inch, "THIS NUMBER HAS BEEN ESTABLISHED FOR")
    c.setFillColor(colors.black)
    c.setFont("Courier-Bold", 13); c.drawCentredString(W/2, H-0.75*inch, "512-64-3390")
    c.setFont("Times-Bold", 11); c.drawCentredString(W/2, H-1.1*inch, "DESMOND ALARIC OYELARAN")
    c.line(0.4*inch, 0.45*inch, W-0.4*inch, 0.45*inch)
    c.setFont("Times-Roman", 5); c.drawCentredString(W/2, 0.33*inch, "SIGNATURE")
    c.save()
    truth[name] = dict(type="social_security_card", first_name="DESMOND", middle_name="ALARIC", last_name="OYELARAN", ssn_last4="3390")

def drug(name):
    c = canvas.Canvas(out+name+".pdf", pagesize=letter)
    W, H = letter
    c.setFont("Helvetica-Bold", 15); c.drawString(inch, H-inch, "Northgate Diagnostic Laboratories")
    c.setFont("Helvetica", 9); c.drawString(inch, H-1.2*inch, "1200 Commerce Pkwy, Suite 4, Tulsa OK 74103")
    c.setFont("Helvetica-Bold", 12); c.drawString(inch, H-1.6*inch, "URINE DRUG SCREEN - CHAIN OF CUSTODY RESULT")
    rows = [("Donor Name", "Patel, Anjali M."), ("Date of Birth", "11/03/1991"), ("Specimen ID", "NG-5528174"),
            ("Collection Date", "09/14/2026"), ("Panel", "10-Panel"), ("Reason for Test", "Pre-employment")]
    y = H-2.1*inch
    for l, v in rows:
        c.rect(inch, y-6, 2*inch, 20); c.rect(3*inch, y-6, 3.5*inch, 20)
        c.setFont("Helvetica-Bold", 9); c.drawString(inch+4, y, l)
        c.setFont("Helvetica", 10); c.drawString(3*inch+4, y, v)
        y -= 20
    y -= 20
    c.setFont("Helvetica-Bold", 10); c.drawString(inch, y, "Analyte"); c.drawString(3*inch, y, "Cutoff"); c.drawString(4.5*inch, y, "Result")
    for a, co in [("Amphetamines", "1000"), ("Cocaine", "150"), ("Marijuana (THC)", "50"), ("Opiates", "2000"), ("PCP", "25")]:
        y -= 16; c.setFont("Helvetica", 9); c.drawString(inch, y, a); c.drawString(3*inch, y, co + " ng/mL"); c.drawString(4.5*inch, y, "Negative")
    y -= 36
    c.setFont("Helvetica-Bold", 11); c.drawString(inch, y, "FINAL RESULT: NEGATIVE")
    y -= 30
    c.setFont("Helvetica", 9); c.drawString(inch, y, "Certifying Scientist: R. Delgado, MT(ASCP)     Reported 09/16/2026")
    c.save()
    truth[name] = dict(type="drug_screen", last_name="PATEL", first_name="ANJALI", date_of_birth="1991-11-03", collection_date="2026-09-14", result="negative", panel="10-panel", lab="Northgate")

def rnlic(name):
    # nursing licence wallet card printed on a letter page top-left
    c = canvas.Canvas(out+name+".pdf", pagesize=letter)
    W, H = letter
    x0, y0 = 0.8*inch, H-0.8*inch-2.2*inch
    c.rect(x0, y0, 3.4*inch, 2.2*inch)
    c.setFont("Times-Bold", 10); c.drawString(x0+8, y0+2.2*inch-18, "STATE OF OHIO")
    c.setFont("Times-Bold", 8); c.drawString(x0+8, y0+2.2*inch-30, "BOARD OF NURSING")
    c.setFont("Times-Roman", 7)
    items = [("Licensee:", "MARGARET E. KOWALCZYK"), ("License Type:", "REGISTERED NURSE"), ("License No:", "RN.471920"),
             ("Status:", "ACTIVE"), ("Issued:", "02/11/2025"), ("Expires:", "10/31/2027")]
    y = y0+2.2*inch-50
    for l, v in items:
        c.setFont("Times-Roman", 7); c.drawString(x0+8, y, l)
        c.setFont("Times-Bold", 8); c.drawString(x0+75, y, v)
        y -= 13
    c.setFont("Helvetica", 8); c.drawString(inch, H-4.5*inch, "Cut along the border and keep this card with you while practicing.")
    c.save()
    truth[name] = dict(type="nursing_license", last_name="KOWALCZYK", first_name="MARGARET", license_type="RN", license_number="RN.471920", state="OH", issue_date="2025-02-11", expiration_date="2027-10-31", license_status="active")

def acls(name):
    c = canvas.Canvas(out+name+".pdf", pagesize=(letter[1], letter[0]))
    W, H = letter[1], letter[0]
    c.setLineWidth(3); c.rect(0.5*inch, 0.5*inch, W-inch, H-inch)
    c.setFont("Times-Bold", 26); c.drawCentredString(W/2, H-1.6*inch, "Certificate of Completion")
    c.setFont("Times-Roman", 13); c.drawCentredString(W/2, H-2.2*inch, "This certifies that")
    c.setFont("Times-BoldItalic", 24); c.drawCentredString(W/2, H-2.9*inch, "Tobias J. Lindqvist")
    c.setFont("Times-Roman", 13); c.drawCentredString(W/2, H-3.5*inch, "has successfully completed the cognitive and skills evaluations of the")
    c.setFont("Times-Bold", 16); c.drawCentredString(W/2, H-3.9*inch, "Advanced Cardiovascular Life Support (ACLS) Provider Course")
    c.setFont("Times-Roman", 12)
    c.drawString(1.2*inch, 2.2*inch, "Issue Date: 04/22/2026"); c.drawString(4.5*inch, 2.2*inch, "Recommended Renewal: 04/2028")
    c.drawString(1.2*inch, 1.8*inch, "eCard Code: 2K7QX9M4PLRT"); c.drawString(4.5*inch, 1.8*inch, "Training Center: Lakeshore Resuscitation Institute")
    c.save()
    truth[name] = dict(type="acls", last_name="LINDQVIST", first_name="TOBIAS", issue_date="2026-04-22", expiration_date="2028-04-30", certificate_id="2K7QX9M4PLRT")

dl("dl"); ssc("ssc"); drug("drug"); rnlic("rnlic"); acls("acls")
json.dump(truth, open(out+"truth.json", "w"), indent=1)

def dl2(name):
    # realistic small print: labels 4.5pt, numbered fields, tinted ground with fine lines
    W, H = 3.375*inch, 2.125*inch
    c = canvas.Canvas(out+name+".pdf", pagesize=(W, H))
    c.setFillColor(colors.HexColor("#f3e6d0")); c.rect(0, 0, W, H, fill=1, stroke=0)
    c.setStrokeColor(colors.HexColor("#e0c9a6")); c.setLineWidth(0.3)
    import math
    for i in range(0, 60):
        c.line(0, i*3, W, i*3 + 20*math.sin(i))
    c.setFillColor(colors.HexColor("#7a1f1f")); c.setFont("Helvetica-Bold", 12); c.drawString(0.12*inch, H-0.25*inch, "ARIZONA")
    c.setFont("Helvetica-Bold", 7); c.drawString(1.2*inch, H-0.23*inch, "DRIVER LICENSE")
    c.setFillColor(colors.HexColor("#b0b0b0")); c.rect(0.12*inch, 0.25*inch, 0.85*inch, 1.1*inch, fill=1, stroke=0)
    c.setFillColor(colors.black)
    x = 1.1*inch; y = H-0.45*inch
    def f(num, lbl, val, x, y, sz=7):
        c.setFont("Helvetica", 4.5); c.drawString(x, y, num+" "+lbl)
        c.setFont("Helvetica-Bold", sz); c.drawString(x+ (0.28*inch if lbl in ("DLN","DOB","EXP","ISS") else 0), y - (0 if lbl in ("DLN","DOB","EXP","ISS") else sz), val)
    c.setFont("Helvetica", 4.5); c.drawString(x, y, "4d DLN"); c.setFont("Helvetica-Bold", 8); c.drawString(x+0.28*inch, y, "D08813472")
    y -= 0.16*inch
    c.setFont("Helvetica", 4.5); c.drawString(x, y, "3 DOB"); c.setFont("Helvetica-Bold", 7); c.drawString(x+0.28*inch, y, "02/27/1979")
    c.setFont("Helvetica", 4.5); c.drawString(x+1.1*inch, y, "4b EXP"); c.setFont("Helvetica-Bold", 7); c.drawString(x+1.38*inch, y, "02/27/2031")
    y -= 0.2*inch
    c.setFont("Helvetica", 4.5); c.drawString(x, y, "1"); c.setFont("Helvetica-Bold", 8); c.drawString(x+0.08*inch, y, "NAKAMURA-REYES")
    y -= 0.14*inch
    c.setFont("Helvetica", 4.5); c.drawString(x, y, "2"); c.setFont("Helvetica-Bold", 8); c.drawString(x+0.08*inch, y, "LUCIA FERNANDA")
    y -= 0.16*inch
    c.setFont("Helvetica", 4.5); c.drawString(x, y, "8"); c.setFont("Helvetica", 6); c.drawString(x+0.08*inch, y, "2291 W SAGUARO LN")
    y -= 0.1*inch; c.drawString(x+0.08*inch, y, "TEMPE, AZ 85282")
    y -= 0.18*inch
    c.setFont("Helvetica", 4.5); c.drawString(x, y, "4a ISS"); c.setFont("Helvetica-Bold", 7); c.drawString(x+0.28*inch, y, "02/14/2023")
    c.setFont("Helvetica", 4.5); c.drawString(x+1.1*inch, y, "15 SEX F   16 HGT 5'-04\"")
    c.save()
    truth[name] = dict(type="drivers_license", last_name="NAKAMURA-REYES", first_name="LUCIA", license_number="D08813472",
                       date_of_birth="1979-02-27", issue_date="2023-02-14", expiration_date="2031-02-27", state="AZ")

def ssc2(name):
    W, H = 3.5*inch, 2.25*inch
    c = canvas.Canvas(out+name+".pdf", pagesize=(W, H))
    c.setFillColor(colors.HexColor("#dbe7f0")); c.rect(0, 0, W, H, fill=1, stroke=0)
    c.setStrokeColor(colors.HexColor("#b9cde0")); c.setLineWidth(0.4)
    import math
    for i in range(0, 80):
        c.circle(W/2, H/2, 4 + i*1.6, stroke=1, fill=0)
    c.setFillColor(colors.HexColor("#1f3f6f"))
    c.setFont("Helvetica-Bold", 10); c.drawCentredString(W/2, H-0.28*inch, "SOCIAL SECURITY")
    c.setFont("Helvetica", 5); c.drawCentredString(W/2, H-0.4*inch, "THIS NUMBER HAS BEEN ESTABLISHED FOR")
    c.setFillColor(colors.black)
    c.setFont("Helvetica-Bold", 11); c.drawCentredString(W/2, H-0.72*inch, "327-90-1846")
    c.setFont("Helvetica-Bold", 9); c.drawCentredString(W/2, H-1.05*inch, "BEATRIZ ELENA SANTOS")
    c.line(0.4*inch, 0.42*inch, W-0.4*inch, 0.42*inch)
    c.setFont("Helvetica", 4.5); c.drawCentredString(W/2, 0.32*inch, "SIGNATURE")
    c.save()
    truth[name] = dict(type="social_security_card", first_name="BEATRIZ", middle_name="ELENA", last_name="SANTOS", ssn_last4="1846")

def tbform(name):
    c = canvas.Canvas(out+name+".pdf", pagesize=letter)
    W, H = letter
    c.setFont("Times-Bold", 13); c.drawString(0.9*inch, H-0.9*inch, "RIVERBEND OCCUPATIONAL HEALTH")
    c.setFont("Times-Roman", 8); c.drawString(0.9*inch, H-1.05*inch, "Employee Health Services  |  Fax 555-0142")
    c.setFont("Times-Bold", 11); c.drawString(0.9*inch, H-1.4*inch, "Tuberculin Skin Test (PPD/Mantoux) Record")
    c.setFont("Times-Roman", 8)
    y = H-1.8*inch
    for l, v in [("Patient name", "Hendricks, Oliver J."), ("Date of birth", "05/08/1984"), ("Employer", "Summit Travel Staffing")]:
        c.drawString(0.9*inch, y, l + ":"); c.drawString(2.0*inch, y, v); c.line(2.0*inch, y-2, 4.5*inch, y-2); y -= 16
    y -= 10
    c.setFont("Times-Bold", 8); c.drawString(0.9*inch, y, "Placement"); y -= 14; c.setFont("Times-Roman", 8)
    c.drawString(0.9*inch, y, "Date placed: 08/03/2026     Site: L forearm     Lot #: C5413AA     Placed by: K. Moreno, RN"); y -= 20
    c.setFont("Times-Bold", 8); c.drawString(0.9*inch, y, "Reading"); y -= 14; c.setFont("Times-Roman", 8)
    c.drawString(0.9*inch, y, "Date read: 08/05/2026     Induration: 0 mm     Interpretation: Negative"); y -= 14
    c.drawString(0.9*inch, y, "Read by: T. Albright, LPN"); y -= 30
    c.drawString(0.9*inch, y, "Provider signature: ______________________   Riverbend Occupational Health")
    c.save()
    truth[name] = dict(type="tb_skin_test", last_name="HENDRICKS", first_name="OLIVER", date_of_birth="1984-05-08", administered_date="2026-08-03", read_date="2026-08-05", induration_mm=0, result="negative")

dl2("dl2"); ssc2("ssc2"); tbform("tb")
json.dump(truth, open(out+"truth.json", "w"), indent=1)
