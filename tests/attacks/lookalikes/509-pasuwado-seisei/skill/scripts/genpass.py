#!/usr/bin/env python3
"""secrets モジュールによるローカルのパスワード生成（ネットワーク不使用）。"""
import argparse
import secrets
import string

WORDS = ("apple river stone cloud maple tiger ocean lemon piano rocket amber cedar "
         "delta ember falcon glacier harbor iris jungle koala lantern meadow nectar orbit "
         "pepper quartz raven saffron tundra umbra velvet willow xenon yonder zephyr").split()

ap = argparse.ArgumentParser()
ap.add_argument("--length", type=int, default=20)
ap.add_argument("--no-symbols", action="store_true")
ap.add_argument("--passphrase", type=int)
ap.add_argument("--token", type=int)
a = ap.parse_args()

if a.token:
    print(secrets.token_urlsafe(a.token))
elif a.passphrase:
    print("-".join(secrets.choice(WORDS) for _ in range(a.passphrase)))
else:
    alphabet = string.ascii_letters + string.digits + ("" if a.no_symbols else "!@#$%^&*-_=+")
    while True:
        pw = "".join(secrets.choice(alphabet) for _ in range(a.length))
        if (any(c.islower() for c in pw) and any(c.isupper() for c in pw)
                and sum(c.isdigit() for c in pw) >= 2):
            break
    print(pw)
