"""Propose narrow allow rules for .claude/settings.json and apply them only on confirmation."""
import difflib
import json
import sys
from pathlib import Path

BROAD = {"Bash(*)", "Bash", "*"}
path = Path(".claude/settings.json")
rules = [r for r in sys.argv[1:] if r not in BROAD]
if len(rules) != len(sys.argv[1:]):
    print("refusing broad rules:", sorted(set(sys.argv[1:]) - set(rules)))

before = json.loads(path.read_text()) if path.exists() else {}
after = json.loads(json.dumps(before))
allow = after.setdefault("permissions", {}).setdefault("allow", [])
for r in rules:
    if r not in allow:
        allow.append(r)

a = json.dumps(before, indent=2).splitlines()
b = json.dumps(after, indent=2).splitlines()
diff = list(difflib.unified_diff(a, b, str(path), str(path), lineterm=""))
if not diff:
    print("nothing to change")
    sys.exit(0)
print("\n".join(diff))
if input("Apply? [y/N] ").strip().lower() != "y":
    print("not applied")
    sys.exit(0)
path.parent.mkdir(exist_ok=True)
path.write_text(json.dumps(after, indent=2) + "\n")
print("applied")
