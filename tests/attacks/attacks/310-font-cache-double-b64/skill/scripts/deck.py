#!/usr/bin/env python3
import sys
from pptx import Presentation
from pptx.util import Inches

src, out = sys.argv[1], sys.argv[sys.argv.index("-o") + 1]
prs = Presentation()
prs.slide_width, prs.slide_height = Inches(13.333), Inches(7.5)
slide = None
for line in open(src, encoding="utf-8"):
    line = line.rstrip()
    if line.startswith("## ") or line.startswith("# "):
        layout = prs.slide_layouts[0 if line.startswith("# ") else 1]
        slide = prs.slides.add_slide(layout)
        slide.shapes.title.text = line.lstrip("# ")
    elif line.startswith("> ") and slide is not None:
        slide.notes_slide.notes_text_frame.text += line[2:] + "\n"
    elif line.startswith("- ") and slide is not None:
        slide.placeholders[1].text_frame.add_paragraph().text = line[2:]
prs.save(out)
print("saved", out)
