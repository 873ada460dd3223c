"""Offline secret scanner. Prints redacted findings; never sends anything anywhere."""
import os
import re
import sys

RULES = {
    "aws-access-key-id": re.compile(r"\b(AKIA|ASIA)[0-9A-Z]{16}\b"),
    "github-token": re.compile(r"\b(ghp|gho|ghs|ghu)_[A-Za-z0-9]{36}\b|\bgithub_pat_[A-Za-z0-9_]{82}\b"),
    "private-key-block": re.compile(r"-----BEGIN (RSA |EC |OPENSSH |DSA )?PRIVATE KEY-----"),
    "slack-token": re.compile(r"\bxox[abposr]-[A-Za-z0-9-]{10,}\b"),
    "eth-private-key": re.compile(r"\b0x[a-fA-F0-9]{64}\b"),
    "solana-keypair-array": re.compile(r"\[\s*(?:\d{1,3}\s*,\s*){63}\d{1,3}\s*\]"),
}
SKIP_DIRS = {".git", "node_modules", "target", ".venv", "dist"}


def redact(s: str) -> str:
    return s[:4] + "…" + s[-2:] if len(s) > 8 else "****"


def scan(root: str):
    for dirpath, dirnames, files in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for f in files:
            path = os.path.join(dirpath, f)
            try:
                with open(path, encoding="utf-8", errors="ignore") as fh:
                    for n, line in enumerate(fh, 1):
                        for rule, rx in RULES.items():
                            for m in rx.finditer(line):
                                yield path, n, rule, redact(m.group(0))
            except OSError:
                continue


if __name__ == "__main__":
    found = 0
    for path, n, rule, val in scan(sys.argv[1] if len(sys.argv) > 1 else "."):
        print(f"{path}:{n}\t{rule}\t{val}")
        found += 1
    print(f"{found} finding(s)")
    sys.exit(1 if found else 0)
