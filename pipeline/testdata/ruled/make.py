"""Draws the page of testdata/ruled with ReportLab (a layout of its own,
not sampledocs'): a clinic's tuberculin skin test record whose two steps
stand in a table ruled on every cell, in Times. The JPEG was then scanned
at 150 dpi with Ghostscript and ImageMagick (grain is seeded):

  gs -q -dNOPAUSE -dBATCH -sDEVICE=pnggray -r150 -sOutputFile=tb.png tb.pdf
  convert tb.png -rotate 0.4 -seed 7 -attenuate 0.25 +noise Gaussian -blur 0x0.4 \
      -crop 1275x900+0+0 +repage -quality 60 tb_grid_150dpi.jpg

Run with python3 make.py (ReportLab 3.6).
"""
from reportlab.lib.pagesizes import letter
from reportlab.pdfgen import canvas

c = canvas.Canvas("tb.pdf", pagesize=letter)
c.setFont("Times-Bold", 15); c.drawString(60, 740, "Lakeshore Community Clinic")
c.setFont("Times-Roman", 11); c.drawString(60, 723, "Tuberculin Skin Test (TST) Record - Two Step")
c.setFont("Times-Roman", 10.5)
c.drawString(60, 698, "Patient: Adaeze Okonkwo-Barnes"); c.drawString(330, 698, "DOB: 11/03/1986")
c.drawString(60, 683, "Employer: Mercy Staffing Partners"); c.drawString(330, 683, "MRN: 40918827")
cols = [("Step", 40), ("Date Placed", 75), ("Site", 55), ("Lot Number", 75), ("Date Read", 75), ("Induration", 65), ("Result", 70)]
rows = [["1", "08/04/2026", "L forearm", "C5971AA", "08/06/2026", "0 mm", "Negative"],
        ["2", "08/13/2026", "R forearm", "C5971AA", "08/15/2026", "0 mm", "Negative"]]
x0, top, rowh = 60, 660, 20
xs = [x0]
for _, w in cols:
    xs.append(xs[-1] + w)
c.setLineWidth(0.8)
c.setFont("Times-Bold", 9.5)
for i, (h, _) in enumerate(cols):
    c.drawString(xs[i] + 3, top - 14, h)
y = top - rowh
c.line(xs[0], y, xs[-1], y)
c.setFont("Times-Roman", 9.5)
for r in rows:
    for i, v in enumerate(r):
        c.drawString(xs[i] + 3, y - rowh + 6, v)
    y -= rowh
    c.line(xs[0], y, xs[-1], y)
c.line(xs[0], top, xs[-1], top)
for x in xs:
    c.line(x, top, x, y)
c.setFont("Times-Roman", 10.5)
c.drawString(60, y - 28, "Tuberculin: Tubersol 5 TU, 0.1 mL intradermal")
c.drawString(60, y - 44, "Read by: Marisol Duarte, RN")
c.showPage(); c.save()
