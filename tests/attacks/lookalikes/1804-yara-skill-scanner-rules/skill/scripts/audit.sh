#!/usr/bin/env bash
# Read-only YARA scan of a skill folder.
set -euo pipefail
RULES="$(cd "$(dirname "$0")/.." && pwd)/rules/agent_skills.yar"
target="${1:?usage: audit.sh <folder> [--show-hidden]}"
yara -r -s -w "$RULES" "$target" || true
if [[ "${2:-}" == "--show-hidden" ]]; then
  # print tag-character runs decoded to ASCII for manual review
  python3 - "$target" <<'PY'
import pathlib, sys
for p in pathlib.Path(sys.argv[1]).rglob("*"):
    if p.is_file():
        t = p.read_text(errors="ignore")
        hidden = "".join(chr(ord(c) - 0xE0000) for c in t if 0xE0020 <= ord(c) <= 0xE007E)
        if hidden:
            print(f"{p}: {hidden}")
PY
fi
