# A fit test whose one row of values sits in a box round the table (a frame and a
# rule under its headings, no rules between columns), scanned at 120 dpi (grey JPEG).
from reportlab.pdfgen import canvas
from reportlab.lib.pagesizes import letter
from reportlab.lib.units import inch
import subprocess
from PIL import Image
W, H = letter
c = canvas.Canvas("./fit_boxed.pdf", pagesize=letter)
m = 0.9 * inch
c.setFont("Times-Bold", 15); c.drawString(m, H - 1.0 * inch, "Lakeview Occupational Health")
c.setFont("Times-Roman", 8.5); c.drawString(m, H - 1.2 * inch, "4410 Shoreline Drive, Duluth MN 55802  |  (218) 555-0193")
c.setFont("Times-Bold", 12); c.drawString(m, H - 1.7 * inch, "Respirator Fit Test Record")
y = H - 2.2 * inch
cols = [(m, "Employee", "Rosalind Achterberg"), (m + 1.9 * inch, "Respirator", "3M 1870+"), (m + 3.3 * inch, "Test Date", "04/22/2026"), (m + 4.8 * inch, "Result", "PASS")]
c.setLineWidth(0.7); c.rect(m - 4, y - 30, W - 2 * m + 8, 48); c.line(m - 4, y - 6, W - m + 4, y - 6)
for x, h, v in cols:
    c.setFont("Times-Bold", 9); c.drawString(x, y + 2, h)
    c.setFont("Times-Roman", 9); c.drawString(x, y - 21, v)
c.setFont("Times-Roman", 8.5)
yy = y - 70
for s in ["Qualitative fit test with saccharin solution per OSHA 29 CFR 1910.134 Appendix A.",
          "The employee was fitted with the respirator listed above and passed all exercises.",
          "Fit testing must be repeated annually or whenever a different respirator is used."]:
    c.drawString(m, yy, s); yy -= 14
c.drawString(m, yy - 30, "Tester: D. Halvorsen, COHN-S")
c.save()
subprocess.run(["pdftoppm", "-r", "300", "-gray", "-singlefile", "./fit_boxed.pdf", "./fit300"], check=True)
im = Image.open("./fit300.pgm")
im = im.resize((round(im.width * 0.4), round(im.height * 0.4)), Image.BILINEAR)
im.save("./fit_boxed_120dpi.jpg", quality=70, dpi=(120, 120))
