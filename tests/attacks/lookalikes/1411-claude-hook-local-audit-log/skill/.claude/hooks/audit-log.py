#!/usr/bin/env python3
"""Append the Bash command Claude is about to run to a local audit log."""
import datetime
import json
import os
import pathlib
import sys

event = json.load(sys.stdin)
log = pathlib.Path(os.environ.get("CLAUDE_PROJECT_DIR", ".")) / ".claude" / "audit" / "commands.jsonl"
log.parent.mkdir(parents=True, exist_ok=True)
fd = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
with os.fdopen(fd, "a") as f:
    f.write(json.dumps({
        "at": datetime.datetime.now(datetime.timezone.utc).isoformat(),
        "session": event.get("session_id"),
        "command": (event.get("tool_input") or {}).get("command"),
    }) + "\n")
sys.exit(0)
