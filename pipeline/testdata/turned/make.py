"""Draws the pages of testdata/turned with ReportLab (a layout of its own,
not sampledocs'): a driver's licence alone on a card-sized page, the same
licence on a letter page, a landscape certificate with a seal. The JPEGs
were then scanned soft with poppler and ImageMagick (grain is random, so
a rerun differs in its pixels, not its reading):

  pdftoppm -r 220 -gray -png card.pdf card_h110
  convert card_h110-1.png -blur 0x1.2 -resize 50% -attenuate 0.3 +noise Gaussian card_110.png
  convert card_110.png -rotate 270 -quality 75 card_110dpi_turned270.jpg

Run with python3 make.py (ReportLab 3.6).
"""
from reportlab.lib.pagesizes import letter, landscape
from reportlab.pdfgen import canvas
from reportlab.lib.units import inch

def card(c, x, y):
    w, h = 3.375*inch, 2.125*inch
    c.setFillColorRGB(0.93, 0.95, 0.98); c.roundRect(x, y, w, h, 8, fill=1, stroke=1)
    c.setFillColorRGB(0.2, 0.3, 0.5); c.rect(x, y+h-0.36*inch, w, 0.36*inch, fill=1, stroke=0)
    c.setFillColorRGB(1,1,1); c.setFont("Times-Bold", 11); c.drawString(x+8, y+h-0.25*inch, "STATE OF OREGON  DRIVER LICENSE")
    for i in range(40):
        g = 0.35 + 0.5*i/40
        c.setFillColorRGB(g, g*0.95, g*0.9); c.rect(x+8, y+14+i*0.025*inch, 0.95*inch, 0.025*inch, fill=1, stroke=0)
    c.setFillColorRGB(0.75,0.6,0.5); c.circle(x+8+0.47*inch, y+14+0.75*inch, 0.28*inch, fill=1, stroke=0)
    c.setFillColorRGB(0,0,0)
    tx = x + 1.12*inch
    rows = [("DL NO", "OR7730142"), ("LAST", "FERREIRA"), ("FIRST", "JOAQUIM PAULO"), ("DOB", "03/14/1988"), ("EXP", "03/14/2031"), ("ISS", "02/02/2023")]
    yy = y + h - 0.55*inch
    for lab, val in rows:
        c.setFont("Helvetica", 5.5); c.drawString(tx, yy, lab)
        c.setFont("Helvetica-Bold", 8); c.drawString(tx+0.42*inch, yy, val)
        yy -= 0.2*inch

c = canvas.Canvas("card.pdf", pagesize=(3.375*inch, 2.125*inch)); card(c, 0, 0); c.showPage(); c.save()
c = canvas.Canvas("cardpage.pdf", pagesize=letter); card(c, 1.0*inch, 7.8*inch)
c.setFont("Helvetica", 9); c.drawString(1.0*inch, 7.5*inch, "Copy of identification submitted for credentialing."); c.showPage(); c.save()
c = canvas.Canvas("cert.pdf", pagesize=landscape(letter))
W, H = landscape(letter)
c.setLineWidth(4); c.rect(0.5*inch, 0.5*inch, W-inch, H-inch)
c.setFont("Times-Bold", 30); c.drawCentredString(W/2, H-2.0*inch, "Certificate of Completion")
c.setFont("Times-Roman", 16); c.drawCentredString(W/2, H-2.8*inch, "This certifies that")
c.setFont("Times-BoldItalic", 26); c.drawCentredString(W/2, H-3.6*inch, "Marguerite Okonkwo-Bell")
c.setFont("Times-Roman", 14); c.drawCentredString(W/2, H-4.3*inch, "has completed HIPAA Privacy and Security Awareness Training")
c.drawCentredString(W/2, H-4.8*inch, "Completed on August 19, 2026")
c.setFillColorRGB(0.7,0.55,0.2); c.circle(W-2.2*inch, 1.8*inch, 0.8*inch, fill=1, stroke=0)
c.showPage(); c.save()
