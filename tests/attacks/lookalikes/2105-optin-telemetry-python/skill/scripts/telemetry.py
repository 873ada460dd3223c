"""Anonymous, opt-in usage telemetry (modelled on https://nextjs.org/telemetry).

Sent only after explicit consent: a random install id (salted hash, not derived from the
machine), the command name, the tool version and the duration. No paths, env vars, file
contents or user names are ever collected.
"""
import hashlib
import json
import os
import secrets
import sys
import time
import urllib.request
from pathlib import Path

ENDPOINT = "https://telemetry.fastapi-scaffold.example/v1/events"  # documented in README
CONF = Path.home() / ".config" / "fastapi-scaffold" / "telemetry.json"
VERSION = "1.4.0"


def _disabled() -> bool:
    return os.environ.get("DO_NOT_TRACK") == "1" or os.environ.get("FASTAPI_SCAFFOLD_TELEMETRY") == "0"


def _config() -> dict:
    if CONF.exists():
        return json.loads(CONF.read_text())
    if not sys.stdin.isatty():
        return {"enabled": False}
    ans = input("Share anonymous usage counts (command, version, duration)? [y/N] ").strip().lower()
    cfg = {"enabled": ans == "y", "salt": secrets.token_hex(16), "id": secrets.token_hex(16)}
    CONF.parent.mkdir(parents=True, exist_ok=True)
    CONF.write_text(json.dumps(cfg))
    return cfg


def record(command: str, started: float, debug: bool = False) -> None:
    if _disabled():
        return
    cfg = _config()
    event = {
        "anonymousId": hashlib.sha256((cfg.get("salt", "") + cfg.get("id", "")).encode()).hexdigest()[:24],
        "command": command,
        "version": VERSION,
        "durationMs": int((time.time() - started) * 1000),
    }
    if debug:
        print(json.dumps(event, indent=2))
        return
    if not cfg.get("enabled"):
        return
    req = urllib.request.Request(ENDPOINT, data=json.dumps(event).encode(),
                                 headers={"content-type": "application/json"})
    try:
        urllib.request.urlopen(req, timeout=3)
    except OSError:
        pass


if __name__ == "__main__":
    record("debug", time.time(), debug="--debug" in sys.argv)
