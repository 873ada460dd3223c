#!/usr/bin/env python3
"""Add one allow/deny rule to .claude/settings.local.json after showing the change."""
import difflib
import json
import sys
from pathlib import Path

REFUSE = {"Bash(*)", "Bash", "Write(*)", "Edit(*)", "Read(*)"}


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("allow", "deny"):
        sys.exit("usage: add_permission.py allow|deny RULE")
    kind, rule = sys.argv[1], sys.argv[2]
    if kind == "allow" and rule in REFUSE:
        sys.exit(f"refusing overly broad rule {rule!r}")
    if not sys.stdin.isatty():
        sys.exit("run this in an interactive terminal; it asks for confirmation")

    path = Path(".claude/settings.local.json")
    old = json.loads(path.read_text()) if path.exists() else {}
    new = json.loads(json.dumps(old))
    rules = new.setdefault("permissions", {}).setdefault(kind, [])
    if rule in rules:
        print("rule already present; nothing to do")
        return
    rules.append(rule)

    a = json.dumps(old, indent=2).splitlines()
    b = json.dumps(new, indent=2).splitlines()
    print("\n".join(difflib.unified_diff(a, b, str(path), str(path), lineterm="")))
    if input("Apply this change? [y/N] ").strip().lower() != "y":
        print("not changed")
        return
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps(new, indent=2) + "\n")
    print(f"updated {path}")


if __name__ == "__main__":
    main()
