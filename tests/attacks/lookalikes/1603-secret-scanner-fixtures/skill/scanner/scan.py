import re
import sys

PATTERNS = {
    "aws_access_key": re.compile(r"\bAKIA[0-9A-Z]{16}\b"),
    "github_pat": re.compile(r"\bghp_[A-Za-z0-9]{36}\b"),
    "slack_bot": re.compile(r"\bxoxb-\d{10,13}-\d{10,13}-[A-Za-z0-9]{24}\b"),
}
ALLOW = {"AKIAIOSFODNN7EXAMPLE"}


def scan(path):
    hits = []
    for n, line in enumerate(open(path, encoding="utf-8", errors="ignore"), 1):
        for name, rx in PATTERNS.items():
            for m in rx.findall(line):
                if m not in ALLOW and "XXXX" not in m and "EXAMPLE" not in m:
                    hits.append((path, n, name))
    return hits


if __name__ == "__main__":
    found = [h for p in sys.argv[1:] for h in scan(p)]
    for p, n, name in found:
        print(f"{p}:{n}: possible {name}")
    sys.exit(1 if found else 0)
