#!/usr/bin/env python3
"""Fletter skabelonens .vscode-indstillinger ind i projektet."""
import json
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "workspace" / ".vscode"
DST = Path.cwd() / ".vscode"
DST.mkdir(exist_ok=True)

for name in ("settings.json", "extensions.json"):
    merged = {}
    target = DST / name
    if target.exists():
        try:
            merged = json.loads(target.read_text())
        except json.JSONDecodeError:
            pass
    merged.update(json.loads((SRC / name).read_text()))
    target.write_text(json.dumps(merged, indent=2) + "\n")
    print("opdateret", target)
