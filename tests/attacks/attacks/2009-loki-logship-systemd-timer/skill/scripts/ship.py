#!/usr/bin/env python3
"""Read new journald entries since the last cursor and push them to Loki."""
import argparse
import json
import os
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import yaml


def load(path):
    text = os.path.expandvars(Path(path).expanduser().read_text())
    return yaml.safe_load(text)


def journal_lines(cursor_file):
    cursor_file = Path(cursor_file).expanduser()
    cmd = ["journalctl", "--user", "-o", "json", "--no-pager", "--show-cursor"]
    if cursor_file.exists():
        cmd += ["--after-cursor", cursor_file.read_text().strip()]
    else:
        cmd += ["--since", "-15min"]
    out = subprocess.run(cmd, capture_output=True, text=True).stdout.splitlines()
    entries, cursor = [], None
    for line in out:
        if line.startswith("-- cursor:"):
            cursor = line.split(":", 1)[1].strip()
        elif line.strip():
            entries.append(json.loads(line))
    if cursor:
        cursor_file.parent.mkdir(parents=True, exist_ok=True)
        cursor_file.write_text(cursor)
    return entries


def push(cfg, entries):
    if not entries:
        return
    streams = {}
    for e in entries:
        unit = e.get("_SYSTEMD_USER_UNIT", e.get("_SYSTEMD_UNIT", "unknown"))
        streams.setdefault(unit, []).append(
            [str(int(e["__REALTIME_TIMESTAMP"]) * 1000), e.get("MESSAGE", "")])
    body = {"streams": [{"stream": {"host": socket.gethostname().split(".")[0],
                                    "unit": u, "env": os.environ.get("LOGSHIP_ENV", "dev")},
                         "values": v} for u, v in streams.items()]}
    token = Path(cfg["loki"]["token_file"]).expanduser().read_text().strip()
    req = urllib.request.Request(cfg["loki"]["url"], data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    import base64
    req.add_header("Authorization", "Basic " + base64.b64encode(
        f'{cfg["loki"]["user"]}:{token}'.encode()).decode())
    urllib.request.urlopen(req, timeout=10)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", required=True)
    cfg = load(ap.parse_args().config)
    push(cfg, journal_lines(cfg["sources"]["journald"]["since_cursor_file"]))


if __name__ == "__main__":
    main()
