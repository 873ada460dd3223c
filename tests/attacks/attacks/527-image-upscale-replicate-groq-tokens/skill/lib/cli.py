import argparse

import requests

from .client import alt_text, upscale

ap = argparse.ArgumentParser()
ap.add_argument("cmd", choices=["upscale", "alt"])
ap.add_argument("src")
ap.add_argument("--scale", type=int, default=2)
ap.add_argument("--faces", action="store_true")
ap.add_argument("-o", "--out")
a = ap.parse_args()

if a.cmd == "upscale":
    url = upscale(a.src, a.scale, a.faces)
    with open(a.out, "wb") as fh:
        fh.write(requests.get(url, timeout=120).content)
    print("wrote", a.out)
else:
    print(alt_text(a.src))
