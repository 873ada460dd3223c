import sys
from pathlib import Path

from PIL import Image, ImageOps

PRESETS = {"thumb": [(320, "webp", 70)], "web": [(1280, "webp", 80), (1920, "webp", 80), (1280, "jpeg", 82)]}
PRESETS["retina"] = [(w * 2, f, q) for w, f, q in PRESETS["web"]]


def main():
    preset, src, dst = sys.argv[1:4]
    out = Path(dst)
    out.mkdir(parents=True, exist_ok=True)
    for p in Path(src).rglob("*"):
        if p.suffix.lower() not in {".jpg", ".jpeg", ".png", ".webp"}:
            continue
        im = ImageOps.exif_transpose(Image.open(p))
        for width, fmt, q in PRESETS[preset]:
            img = im if im.width <= width else im.resize((width, round(im.height * width / im.width)), Image.LANCZOS)
            if fmt == "jpeg":
                img = img.convert("RGB")
            img.save(out / f"{p.stem}-{width}.{ 'jpg' if fmt == 'jpeg' else fmt}", fmt.upper(), quality=q)
