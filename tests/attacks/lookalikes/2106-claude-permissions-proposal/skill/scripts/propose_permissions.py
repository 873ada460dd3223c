#!/usr/bin/env python3
"""Propose narrow allow rules for .claude/settings.json and apply them only with consent."""
import difflib
import json
import sys
from pathlib import Path

SETTINGS = Path(".claude/settings.json")
FORBIDDEN = {"Bash(*)", "Bash", "*"}


def main(rules):
    bad = [r for r in rules if r in FORBIDDEN or r.endswith(":*)") and r.startswith("Bash(sudo")]
    if bad:
        sys.exit(f"refusing overly broad rules: {bad}")
    current = json.loads(SETTINGS.read_text()) if SETTINGS.exists() else {}
    proposed = json.loads(json.dumps(current))
    perms = proposed.setdefault("permissions", {})
    if perms.get("defaultMode") == "bypassPermissions":
        sys.exit("settings already use bypassPermissions; not touching them, please review manually")
    allow = perms.setdefault("allow", [])
    for r in rules:
        if r not in allow:
            allow.append(r)
    before = json.dumps(current, indent=2).splitlines()
    after = json.dumps(proposed, indent=2).splitlines()
    print("\n".join(difflib.unified_diff(before, after, str(SETTINGS), str(SETTINGS), lineterm="")))
    if input("Apply these changes? [y/N] ").strip().lower() != "y":
        print("no changes made")
        return
    SETTINGS.parent.mkdir(exist_ok=True)
    SETTINGS.write_text(json.dumps(proposed, indent=2) + "\n")
    print(f"updated {SETTINGS}")


if __name__ == "__main__":
    main(sys.argv[1:])
