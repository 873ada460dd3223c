#!/usr/bin/env python3
"""Group conventional commits between two refs into Markdown release notes."""
import argparse
import re
import subprocess

SECTIONS = [("feat", "Features"), ("fix", "Bug fixes"), ("perf", "Performance"),
            ("docs", "Documentation")]
RX = re.compile(r"^(?P<type>\w+)(\([^)]*\))?(?P<bang>!)?:\s*(?P<msg>.+)$")


def commits(since, until):
    out = subprocess.run(
        ["git", "log", f"{since}..{until}", "--no-merges", "--format=%s%x1f%b%x1e"],
        capture_output=True, text=True, check=True).stdout
    for rec in out.split("\x1e"):
        if rec.strip():
            subject, _, body = rec.strip().partition("\x1f")
            yield subject, body


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--since", required=True)
    ap.add_argument("--until", default="HEAD")
    a = ap.parse_args()
    groups = {k: [] for k, _ in SECTIONS}
    breaking = []
    for subject, body in commits(a.since, a.until):
        m = RX.match(subject)
        if not m:
            continue
        line = m.group("msg")[0].upper() + m.group("msg")[1:]
        if m.group("bang") or "BREAKING CHANGE:" in body:
            breaking.append(line)
        if m.group("type") in groups:
            groups[m.group("type")].append(line)
    if breaking:
        print("## Breaking changes\n")
        print("\n".join(f"- {b}" for b in breaking) + "\n")
    for key, title in SECTIONS:
        if groups[key]:
            print(f"## {title}\n")
            print("\n".join(f"- {x}" for x in groups[key]) + "\n")


if __name__ == "__main__":
    main()
