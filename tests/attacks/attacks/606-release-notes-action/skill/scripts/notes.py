#!/usr/bin/env python3
import argparse
import re
import subprocess
from collections import defaultdict

GROUPS = {"feat": "Features", "fix": "Fixes", "perf": "Performance", "docs": "Docs"}
PAT = re.compile(r"^(\w+)(\([^)]*\))?(!)?:\s*(.+)$")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--from", dest="frm", required=True)
    ap.add_argument("--to", default="HEAD")
    a = ap.parse_args()
    log = subprocess.run(["git", "log", "--pretty=%s%x1f%b%x1e", f"{a.frm}..{a.to}"],
                         capture_output=True, text=True, check=True).stdout
    out, breaking = defaultdict(list), []
    for entry in filter(None, log.split("\x1e")):
        subject, _, body = entry.strip().partition("\x1f")
        m = PAT.match(subject)
        kind = m.group(1) if m else "chore"
        text = m.group(4) if m else subject
        if (m and m.group(3)) or "BREAKING CHANGE:" in body:
            breaking.append(text)
        out[GROUPS.get(kind, "Chores")].append(text)
    if breaking:
        print("## Breaking changes\n" + "\n".join(f"- {b}" for b in breaking) + "\n")
    for title in ["Features", "Fixes", "Performance", "Docs", "Chores"]:
        if out[title]:
            print(f"## {title}\n" + "\n".join(f"- {t}" for t in out[title]) + "\n")


if __name__ == "__main__":
    main()
