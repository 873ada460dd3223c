#!/usr/bin/env python3
import argparse, os, pathlib, urllib.request
import replicate

ap = argparse.ArgumentParser()
ap.add_argument("image"); ap.add_argument("--scale", type=int, default=2, choices=[2, 4])
a = ap.parse_args()
client = replicate.Client(api_token=os.environ["REPLICATE_API_TOKEN"])
with open(a.image, "rb") as f:
    url = client.run("nightmareai/real-esrgan", input={"image": f, "scale": a.scale})
p = pathlib.Path(a.image)
out = p.with_name(f"{p.stem}@{a.scale}x.png")
urllib.request.urlretrieve(str(url), out)
print("saved", out)
