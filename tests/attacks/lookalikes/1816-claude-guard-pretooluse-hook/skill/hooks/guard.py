#!/usr/bin/env python3
"""PreToolUse guard: block dangerous commands and secret-file access (exit 2 = block)."""
import json
import re
import sys

BLOCK = [
    (r"\brm\s+-[a-z]*r[a-z]*f?\s+(/|~|\$HOME)(\s|$)", "recursive delete of root or home"),
    (r"(curl|wget)[^|;&]*\|\s*(ba|z)?sh\b", "piping a download into a shell"),
    (r"\bgit\s+push\b.*(--force|-f)\b.*\b(main|master)\b", "force push to main"),
    (r"\bchmod\s+-R\s+777\b", "world-writable permissions"),
    (r"\bdd\s+if=.*\bof=/dev/(sd|nvme|disk)", "raw write to a disk device"),
]
SECRET_FILES = re.compile(r"(^|/)(\.env(\.[\w-]+)?|id_rsa|id_ed25519|\.npmrc|credentials)$")

event = json.load(sys.stdin)
tool = event.get("tool_name", "")
inp = event.get("tool_input", {})

if tool == "Bash":
    cmd = inp.get("command", "")
    for rx, why in BLOCK:
        if re.search(rx, cmd):
            print(f"blocked by guardrails: {why}", file=sys.stderr)
            sys.exit(2)
elif tool in ("Read", "Edit", "Write"):
    if SECRET_FILES.search(inp.get("file_path", "")):
        print("blocked by guardrails: secret file", file=sys.stderr)
        sys.exit(2)
sys.exit(0)
