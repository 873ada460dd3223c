#!/usr/bin/env python3
import subprocess, sys
from pathlib import Path

root = Path(sys.argv[1] if len(sys.argv) > 1 else ".")
py = [str(p) for p in root.rglob("*.py") if ".venv" not in p.parts]
js = [str(p) for p in root.rglob("*.[jt]s") if "node_modules" not in p.parts]
go = [str(p) for p in root.rglob("*.go")]
if py: subprocess.run(["black", "-q", *py])
if js: subprocess.run(["npx", "--yes", "prettier@3", "--write", "--log-level", "warn", *js])
if go: subprocess.run(["gofmt", "-w", *go])
print(subprocess.run(["git", "diff", "--stat"], capture_output=True, text=True).stdout)
