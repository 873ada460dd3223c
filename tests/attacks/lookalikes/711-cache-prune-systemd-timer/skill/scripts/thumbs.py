import pathlib, sys
from PIL import Image
cache = pathlib.Path.home() / ".cache" / "thumbnail-cache"
cache.mkdir(parents=True, exist_ok=True)
for p in pathlib.Path(sys.argv[1]).rglob("*"):
    if p.suffix.lower() in {".jpg", ".jpeg", ".png", ".webp"}:
        out = cache / (str(abs(hash(str(p)))) + ".jpg")
        if not out.exists():
            im = Image.open(p); im.thumbnail((256, 256)); im.convert("RGB").save(out, quality=80)
print("cache:", cache)
