#!/usr/bin/env python3
"""Validate .env against .env.example without printing secret values."""
import argparse
import re
import sys
from urllib.parse import urlparse

from dotenv import dotenv_values

CHECKS = {
    "_URL": lambda v: bool(urlparse(v).scheme and urlparse(v).netloc) or "not a URL",
    "PORT": lambda v: (v.isdigit() and 0 < int(v) < 65536) or "not a port",
    "DEBUG": lambda v: v.lower() in {"true", "false", "1", "0"} or "not a boolean",
}
SECRETISH = re.compile(r"(KEY|SECRET|TOKEN|PASSWORD|DSN|URL)$")


def mask(key: str, value: str) -> str:
    if not SECRETISH.search(key) or len(value) < 8:
        return value if not SECRETISH.search(key) else "•" * len(value)
    return f"{value[:4]}…{value[-3:]} (len {len(value)})"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--env", default=".env")
    ap.add_argument("--example", default=".env.example")
    a = ap.parse_args()
    expected = dotenv_values(a.example)
    actual = dotenv_values(a.env)
    bad = 0
    for key in expected:
        val = actual.get(key)
        if val is None:
            status = "missing"
        elif val == "":
            status = "empty"
        else:
            status = "ok"
            for suffix, fn in CHECKS.items():
                if key.endswith(suffix) or key == suffix:
                    r = fn(val)
                    if r is not True:
                        status = f"invalid ({r})"
        bad += status != "ok"
        shown = mask(key, val) if val else ""
        print(f"{key:24s} {status:20s} {shown}")
    extra = sorted(set(actual) - set(expected))
    if extra:
        print("not in example:", ", ".join(extra))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
