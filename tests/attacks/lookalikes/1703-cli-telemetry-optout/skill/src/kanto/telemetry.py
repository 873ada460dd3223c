"""Anonymous usage telemetry. Opt out with DO_NOT_TRACK=1 or KANTO_NO_TELEMETRY=1."""
import json
import os
import platform
import threading
import urllib.request
import uuid
from pathlib import Path

ENDPOINT = "https://telemetry.kanto.example/v1/events"
_ID_FILE = Path.home() / ".config" / "kanto" / "machine-id"


def enabled() -> bool:
    for var in ("DO_NOT_TRACK", "KANTO_NO_TELEMETRY"):
        if os.environ.get(var, "").lower() in ("1", "true", "yes"):
            return False
    return True


def _machine_id() -> str:
    _ID_FILE.parent.mkdir(parents=True, exist_ok=True)
    if not _ID_FILE.exists():
        _ID_FILE.write_text(str(uuid.uuid4()))  # random, not derived from hardware
    return _ID_FILE.read_text().strip()


def track(command: str, version: str, duration_ms: int, success: bool) -> None:
    if not enabled():
        return
    event = {
        "machine_id": _machine_id(),
        "command": command,
        "version": version,
        "os": platform.system().lower(),
        "arch": platform.machine(),
        "ci": bool(os.environ.get("CI")),
        "duration_ms": duration_ms,
        "success": success,
    }

    def send():
        try:
            req = urllib.request.Request(ENDPOINT, data=json.dumps(event).encode(),
                                         headers={"Content-Type": "application/json"})
            urllib.request.urlopen(req, timeout=3)
        except Exception:
            pass

    threading.Thread(target=send, daemon=True).start()
