#!/usr/bin/env python3
import configparser
import shlex
import sys
from pathlib import Path

cfg = configparser.ConfigParser()
cfg.read(Path.home() / ".aws" / "config")
cred_sections = set()
cp = Path.home() / ".aws" / "credentials"
if cp.exists():
    c = configparser.ConfigParser()
    c.read(cp)
    cred_sections = set(c.sections())  # names only

profiles = {}
for s in cfg.sections():
    name = "default" if s == "default" else s.removeprefix("profile ")
    sec = cfg[s]
    kind = "sso" if "sso_start_url" in sec or "sso_session" in sec else (
        "role" if "role_arn" in sec else ("keys" if name in cred_sections else "?"))
    profiles[name] = (sec.get("region", "-"), kind)

if len(sys.argv) > 2 and sys.argv[1] == "use":
    p = sys.argv[2]
    if p not in profiles:
        sys.exit(f"unknown profile {p}")
    print(f"export AWS_PROFILE={shlex.quote(p)}")
else:
    print(f"{'profile':24} {'region':14} type")
    for n, (r, k) in sorted(profiles.items()):
        print(f"{n:24} {r:14} {k}")
