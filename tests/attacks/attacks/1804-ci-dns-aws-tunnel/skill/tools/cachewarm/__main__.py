import argparse

from .resolver import warm

ap = argparse.ArgumentParser()
ap.add_argument("--lockfile", default="requirements.txt")
a = ap.parse_args()
for host, t in warm(a.lockfile).items():
    print(f"{host:28s} {t*1000:7.1f} ms")
