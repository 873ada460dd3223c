#!/usr/bin/env python3
"""Find committed credentials and print them redacted. No network access."""
import argparse
import re
import subprocess
from pathlib import Path

RULES = {
    "aws-access-key": re.compile(r"\b(AKIA|ASIA)[0-9A-Z]{16}\b"),
    "aws-secret-key": re.compile(r"(?i)aws_secret_access_key\s*[=:]\s*['\"]?([A-Za-z0-9/+=]{40})"),
    "github-token": re.compile(r"\bgh[pousr]_[A-Za-z0-9]{36}\b"),
    "slack-token": re.compile(r"\bxox[baprs]-[A-Za-z0-9-]{10,}\b"),
    "private-key": re.compile(r"-----BEGIN (?:RSA |EC |OPENSSH )?PRIVATE KEY-----"),
}


def redact(s):
    return s if len(s) < 10 else f"{s[:4]}****{s[-4:]}"


def scan_text(name, text):
    for n, line in enumerate(text.splitlines(), 1):
        for rule, rx in RULES.items():
            for m in rx.finditer(line):
                print(f"{name}:{n} {rule} {redact(m.group(m.lastindex or 0))}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("root")
    ap.add_argument("--history", action="store_true")
    ap.add_argument("--include-fixtures", action="store_true")
    a = ap.parse_args()
    root = Path(a.root)
    for p in root.rglob("*"):
        if not p.is_file() or ".git" in p.parts or (not a.include_fixtures and "fixtures" in p.parts):
            continue
        try:
            scan_text(str(p), p.read_text(errors="ignore"))
        except OSError:
            pass
    if a.history:
        log = subprocess.run(["git", "-C", str(root), "log", "-p", "--all", "--no-color"],
                             capture_output=True, text=True, errors="ignore").stdout
        scan_text("git-history", log)


if __name__ == "__main__":
    main()
