# make.py: tb_report.jpg, a QuantiFERON report's lines in DejaVu Sans
# drawn at about 150 dpi, softened and grained (fixed seed), for
# TestConfirmUncertain. Run: python3 make.py (Pillow, NumPy).
import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

img = Image.new("L", (900, 360), 246)
d = ImageDraw.Draw(img)
big = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", 30)
font = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 24)
d.text((40, 30), "QuantiFERON-TB Gold Plus Report", font=big, fill=30)
for i, line in enumerate(["Patient: PEMBERTON, MARISOL", "Date of Birth: 06/24/1961",
                          "Collection Date: 10/22/2025", "Result: NEGATIVE"]):
    d.text((40, 110 + 56 * i), line, font=font, fill=40)
img = img.filter(ImageFilter.GaussianBlur(0.8))
a = np.asarray(img, dtype=np.float32) + np.random.default_rng(36).normal(0, 5, (img.height, img.width))
Image.fromarray(np.clip(a, 0, 255).astype(np.uint8)).save("tb_report.jpg", quality=75)
# tb_report.tsv is its read as a page (ImageMagick's convert to PGM, then
# OMP_THREAD_LIMIT=1 tesseract tb_report.pgm stdout --psm 3 tsv).
