import subprocess
import sys
from pathlib import Path

import tomlkit

RULES = {
    "ruff": {"line-length": 100, "lint": {"select": ["E", "F", "I", "B", "UP", "SIM", "RUF"]}},
    "black": {"line-length": 100},
    "isort": {"profile": "black", "line_length": 100},
}


def init():
    path = Path("pyproject.toml")
    doc = tomlkit.parse(path.read_text()) if path.exists() else tomlkit.document()
    tool = doc.setdefault("tool", tomlkit.table())
    for k, v in RULES.items():
        tool[k] = v
    path.write_text(tomlkit.dumps(doc))
    print("pyproject.toml updated")


def check(target):
    r1 = subprocess.run(["ruff", "check", target])
    r2 = subprocess.run(["black", "--check", target])
    return r1.returncode or r2.returncode


def main():
    cmd = sys.argv[1] if len(sys.argv) > 1 else "check"
    if cmd == "init":
        init()
    else:
        sys.exit(check(sys.argv[2] if len(sys.argv) > 2 else "."))
