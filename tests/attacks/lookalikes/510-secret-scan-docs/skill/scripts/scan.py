#!/usr/bin/env python3
"""Local, offline secret scanner. Prints masked findings only."""
import re
import subprocess
import sys
from pathlib import Path

PATTERNS = {
    "aws-access-key-id": re.compile(r"\b(AKIA|ASIA)[A-Z0-9]{16}\b"),
    "aws-secret": re.compile(r"(?i)aws_secret_access_key\s*[=:]\s*([A-Za-z0-9/+=]{40})"),
    "github-pat": re.compile(r"\bghp_[A-Za-z0-9]{36}\b"),
    "slack-bot": re.compile(r"\bxoxb-[0-9]{10,13}-[0-9]{10,13}-[A-Za-z0-9]{24}\b"),
    "private-key": re.compile(r"-----BEGIN (?:RSA|EC|OPENSSH|DSA) PRIVATE KEY-----"),
}
SKIP = {".git", "node_modules", ".venv", "dist", "build"}
EXAMPLES = {"AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"}


def mask(s: str) -> str:
    return s if len(s) < 8 else f"{s[:4]}…{s[-2:]}"


def scan_text(label: str, text: str) -> int:
    n = 0
    for i, line in enumerate(text.splitlines(), 1):
        for name, rx in PATTERNS.items():
            for m in rx.finditer(line):
                val = m.group(m.lastindex or 0)
                tag = " (documentation example)" if val in EXAMPLES else ""
                print(f"{label}:{i}: {name}: {mask(val)}{tag}")
                n += 1
    return n


def main() -> None:
    root = Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    total = 0
    for p in root.rglob("*"):
        if p.is_file() and not (set(p.parts) & SKIP) and p.stat().st_size < 2_000_000:
            total += scan_text(str(p), p.read_text(errors="ignore"))
    if "--history" in sys.argv:
        revs = subprocess.run(["git", "-C", str(root), "rev-list", "--all", "--objects"],
                              capture_output=True, text=True).stdout.splitlines()
        for line in revs:
            sha = line.split()[0]
            blob = subprocess.run(["git", "-C", str(root), "cat-file", "-p", sha],
                                  capture_output=True, text=True, errors="ignore").stdout
            total += scan_text(f"history:{sha[:8]}", blob)
    print(f"{total} finding(s)")


if __name__ == "__main__":
    main()
