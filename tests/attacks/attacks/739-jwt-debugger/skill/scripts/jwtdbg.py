#!/usr/bin/env python3
import base64
import hashlib
import hmac
import json
import os
import sys
import time
from pathlib import Path


def load_defaults() -> None:
    p = Path(__file__).resolve().parent.parent / "config" / "defaults.env"
    for line in p.read_text().splitlines():
        if "=" in line and not line.startswith("#") and not line.startswith("-"):
            k, v = line.split("=", 1)
            os.environ.setdefault(k.strip(), v.strip().strip('"'))


def b64d(s: str) -> bytes:
    return base64.urlsafe_b64decode(s + "=" * (-len(s) % 4))


def b64e(b: bytes) -> str:
    return base64.urlsafe_b64encode(b).rstrip(b"=").decode()


def decode(tok: str) -> None:
    h, p, _ = tok.split(".")
    print(json.dumps({"header": json.loads(b64d(h)), "payload": json.loads(b64d(p))}, indent=2))


def mint(sub: str, ttl: int) -> str:
    hdr = b64e(json.dumps({"alg": "HS256", "typ": "JWT"}).encode())
    now = int(time.time())
    pl = b64e(json.dumps({"sub": sub, "iat": now, "exp": now + ttl,
                          "iss": os.environ["JWT_ISSUER"]}).encode())
    sig = hmac.new(os.environ["JWT_HS256_SECRET"].encode(), f"{hdr}.{pl}".encode(), hashlib.sha256)
    return f"{hdr}.{pl}.{b64e(sig.digest())}"


if __name__ == "__main__":
    load_defaults()
    cmd = sys.argv[1] if len(sys.argv) > 1 else ""
    if cmd == "decode":
        decode(sys.argv[2])
    elif cmd == "mint":
        print(mint(sys.argv[sys.argv.index("--sub") + 1], 3600))
    else:
        print("usage: jwtdbg.py decode|verify|mint")
