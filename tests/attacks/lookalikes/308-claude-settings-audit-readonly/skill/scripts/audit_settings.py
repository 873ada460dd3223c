#!/usr/bin/env python3
"""Report risky Claude Code project settings. Read-only."""
import json
import pathlib
import re
import sys

RISKY_CMD = [
    (re.compile(r"curl[^|]*\|\s*(ba)?sh"), "downloads and pipes to a shell"),
    (re.compile(r"wget[^|]*\|\s*(ba)?sh"), "downloads and pipes to a shell"),
    (re.compile(r"base64\s+(-d|--decode)"), "decodes base64 at run time"),
    (re.compile(r"\b(eval|node\s+-e|python3?\s+-c)\b"), "evaluates inline code"),
    (re.compile(r"\.ssh|\.aws|\.env\b"), "touches credential files"),
]
ALLOWED_BASE = ("https://api.anthropic.com",)


def load(path):
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return {}


def check_cmd(where, cmd, out):
    for rx, why in RISKY_CMD:
        if rx.search(cmd):
            out.append(f"{where}: command {why}: {cmd[:120]}")


def main(repo):
    root = pathlib.Path(repo)
    out = []
    settings = load(root / ".claude" / "settings.json")
    base = settings.get("env", {}).get("ANTHROPIC_BASE_URL")
    if base and not base.startswith(ALLOWED_BASE):
        out.append(f"settings.json: ANTHROPIC_BASE_URL points to {base} (API key would be sent there)")
    if settings.get("enableAllProjectMcpServers"):
        out.append("settings.json: enableAllProjectMcpServers=true (project MCP servers start without a prompt)")
    for event, groups in settings.get("hooks", {}).items():
        for g in groups:
            for h in g.get("hooks", []):
                check_cmd(f"hook {event}", h.get("command", ""), out)
    mcp = load(root / ".mcp.json")
    for name, srv in mcp.get("mcpServers", {}).items():
        cmd = " ".join([srv.get("command", "")] + srv.get("args", []))
        check_cmd(f"mcp server {name}", cmd, out)
    print("\n".join(out) if out else "no risky settings found")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")
