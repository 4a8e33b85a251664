import sys
from reportlab.pdfgen import canvas
from PIL import Image
jpg, dpi, out = sys.argv[1], float(sys.argv[2]), sys.argv[3]
w, h = Image.open(jpg).size
W, H = w * 72 / dpi, h * 72 / dpi
c = canvas.Canvas(out, pagesize=(W, H))
c.drawImage(jpg, 0, 0, W, H)
c.showPage(); c.save()
